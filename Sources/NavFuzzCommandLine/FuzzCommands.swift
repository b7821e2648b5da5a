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
      try Output.checkFolder(out, option: "--out")
      var written = 0
      do {
        for file in try traceFiles(named: paths) {
          let trace = try loadTrace(file)
          let topology = try NavFuzz.topology(named: trace.topology)
          let bytes = FuzzInput.encode(trace, topology: topology)
          let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
          let url = URL(fileURLWithPath: "\(out)/\(topology.name)/\(name).bin")
          try Output.writing(url.path) {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url, options: .atomic)
          }
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
  @Option(help: ArgumentHelp("The topology the input was fuzzed on: \(topologyNames), or a topology file (.json).")) var topology = "basic"
  @OptionGroup var engineOption: EngineOption
  @Option(help: "Where to write the trace (whole or not at all); default navfuzz-failures/imported-NAME.navtrace.")
  var out: String?

  func run() throws {
    try MainActor.assumeIsolated {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue else {
        throw InputError("\(file): error: \(isDirectory.boolValue ? "a folder, not a libFuzzer input file" : "no such file")")
      }
      guard let data = FileManager.default.contents(atPath: file) else {
        throw InputError("\(file): error: cannot read the file (permissions?)")
      }
      // Not beside the input (that may be the repository root, or a read-only crash folder).
      let path = out ?? "navfuzz-failures/imported-\(((file as NSString).lastPathComponent as NSString).deletingPathExtension).navtrace"
      try Output.checkFile(path, option: "--out")
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
      do {
        try Output.write(text, to: path)
      } catch {
        // The shrunk trace is not lost: it is printed, and the error exits 2.
        print("\(violation.invariant.rawValue): \(steps.count) decoded steps, shrunk to \(shrunk.actions.count); not written")
        print(text, terminator: "")
        throw error
      }
      print("\(violation.invariant.rawValue): \(steps.count) decoded steps, shrunk to \(shrunk.actions.count); wrote \(path)")
      print(text, terminator: "")
      throw ExitCode(1)
    }
  }
}
