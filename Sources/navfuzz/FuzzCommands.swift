import ArgumentParser
import Foundation
import NavigationFuzzing

struct EncodeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "encode", abstract: "Encode traces as libFuzzer inputs (the seeds in corpus/libfuzzer-seeds/).")

  @Argument(help: "Trace files or folders.") var paths: [String]
  @Option(help: "Folder to write <topology>/<name>.bin into.") var out = "corpus/libfuzzer-seeds"

  func run() throws {
    try MainActor.assumeIsolated {
      var written = 0
      do {
        for file in try traceFiles(named: paths) {
          let trace = try loadTrace(file)
          let topology = try NavFuzz.topology(named: trace.topology)
          let bytes = FuzzInput.encode(trace, topology: topology)
          let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
          let url = URL(fileURLWithPath: "\(out)/\(topology.name)/\(name).bin")
          try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
          try Data(bytes).write(to: url, options: .atomic)
          written += 1
        }
      }
      print("encoded \(written) trace(s) into \(out)")
    }
  }
}

struct ImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Turn a libFuzzer input (a crash) into a shrunk .navtrace with its expected violations.")

  @Argument(help: "The libFuzzer input file.") var file: String
  @Option(help: "The topology the input was fuzzed on.") var topology = "basic"
  @OptionGroup var engineOption: EngineOption
  @Option(help: "Where to write the trace (whole or not at all).") var out: String?

  func run() throws {
    try MainActor.assumeIsolated {
      guard let data = FileManager.default.contents(atPath: file) else {
        throw InputError("\(file):1: error: cannot read the file")
      }
      let topology = try NavFuzz.topology(named: self.topology)
      let engine = try engineOption.choice()
      let (steps, runner) = FuzzInput.decode(Array(data), topology: topology, engine: engine)
      if !runner.hasViolation { runner.finish(stepIndex: steps.count) }
      guard let violation = runner.violations.first else {
        print("\(file): decodes to \(steps.count) steps and violates nothing on engine \(engine.name)")
        return
      }
      var shrinker = Shrinker(topology: topology, engine: engine, target: violation.invariant)
      let shrunk = Trace(
        topology: topology.name, engine: engine.name == EngineChoice.default.name ? nil : engine.name,
        semantics: engine.semantics == .navfuzz ? nil : engine.semantics.name, steps: shrinker.shrink(steps))
      let text = TraceFormat.print(shrunk)
      let path = out ?? "\((file as NSString).deletingPathExtension).navtrace"
      try Output.write(text, to: path)
      print("\(violation.invariant.rawValue): \(steps.count) decoded steps, shrunk to \(shrunk.actions.count); wrote \(path)")
      print(text, terminator: "")
      throw ExitCode(1)
    }
  }
}
