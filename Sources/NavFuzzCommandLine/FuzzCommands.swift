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
          // Encoding replays the trace's steps: on the built-in engine, as the seeds always were.
          let bytes = FuzzInput.encode(trace, topology: topology, engine: try builtInEngine(for: "encode"))
          let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
          try Output.write(Data(bytes), to: "\(out)/\(topology.name)/\(name).bin")
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
  @Option(
    help: ArgumentHelp(
      "The topology the input was fuzzed on: \(topologyNames), or a topology file (.json). Default: the one the fuzz target recorded beside the crash (navfuzz-target.txt), else basic."))
  var topology: String?
  @OptionGroup var engineOption: EngineOption<ImportCommand>
  @Option(help: "Where to write the trace (whole or not at all); default navfuzz-failures/imported-NAME.navtrace.")
  var out: String?

  func run() throws {
    try MainActor.assumeIsolated {
      let data: Data
      do throws(InputFile.Unreadable) {
        data = try InputFile.read(file, kind: "libFuzzer input file")
      } catch {
        throw InputError("\(file): error: \(error.reason)")
      }
      // Not beside the input (that may be the repository root, or a read-only crash folder).
      let path = out ?? "navfuzz-failures/imported-\(((file as NSString).lastPathComponent as NSString).deletingPathExtension).navtrace"
      try Output.checkFile(path, option: "--out")
      // What the fuzz target recorded beside the crash; the flags win over it.
      let recordPath = FuzzCrashRecord.path(besideArtifact: file)
      let recorded = FileManager.default.contents(atPath: recordPath).map { FuzzCrashRecord.parse(String(decoding: $0, as: UTF8.self)) }
      let topologyName = self.topology ?? recorded?.topology ?? "basic"
      let topology = try NavFuzz.topology(named: topologyName)
      let engine = try engineOption.choice(default: recorded?.engine)
      if recorded != nil, self.topology == nil || engineOption.engine == nil {
        print("\(file): fuzzed on topology \(topology.name), engine \(engine.name) (recorded in \(recordPath))")
      }
      let (steps, runner) = FuzzInput.decode(Array(data), topology: topology, engine: engine)
      if !runner.hasViolation { runner.finish(stepIndex: steps.count) }
      guard let violation = runner.violations.first else {
        print(
          "\(file): decodes to \(steps.count) steps and violates nothing on topology \(topology.name), engine \(engine.name)"
            + (recorded == nil
              ? "; no \(FuzzCrashRecord.fileSuffix) beside it says what it was fuzzed on: give --topology and --engine as NAVFUZZ_TOPOLOGY and NAVFUZZ_ENGINE were"
              : ""))
        return
      }
      let interruption = Interruption.install()
      let clock = ContinuousClock()
      let started = clock.now
      let progress = Progress(total: 0, label: "replays")
      var shrinker = Shrinker(topology: topology, engine: engine, target: violation.invariant)
      shrinker.keepsGoing = { !interruption.happened }
      shrinker.progress = { position in
        progress.line("shrinking \(violation.invariant.rawValue): \(ShrinkCommand.describe(position))", elapsed: (clock.now - started).seconds)
      }
      defer { progress.finish() }
      let shrunk = Trace(
        topology: topology.name, engine: engine.name == EngineChoice.defaultName ? nil : engine.name,
        semantics: engine.semanticsLineForTraces, steps: shrinker.shrink(steps))
      let text = TraceFormat.print(shrunk)
      do {
        try Output.write(text, to: path)
      } catch {
        // The shrunk trace is not lost: it is printed, and the error exits 2.
        print("\(violation.invariant.rawValue): \(steps.count) decoded steps, shrunk to \(shrunk.actions.count); not written")
        print(text, terminator: "")
        throw error
      }
      print(
        "\(violation.invariant.rawValue): \(steps.count) decoded steps, shrunk to \(shrunk.actions.count)"
          + (shrinker.wasStopped ? " (interrupted: the shortest so far)" : "") + "; wrote \(path)")
      print(text, terminator: "")
      throw ExitCode(shrinker.wasStopped ? 130 : 1)
    }
  }
}
