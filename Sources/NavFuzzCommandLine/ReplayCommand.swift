import ArgumentParser
import Foundation
import NavigationFuzzing

struct ReplayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay", abstract: "Replay .navtrace files (or folders of them) and check their expectations.")

  @Argument(help: "Trace files or folders.") var paths: [String]
  @OptionGroup var engineOption: EngineOption<ReplayCommand>
  @OptionGroup var topologyFile: TopologyFileOption
  @Flag(
    help: "Record mode: rewrite each trace's 'expect state', 'expect screen' and 'expect violation' lines with what this run shows (check the result before committing it).")
  var record = false

  func run() throws {
    try MainActor.assumeIsolated {
      try topologyFile.register()
      // An unknown --engine is one error, not one per trace.
      if engineOption.engine != nil { _ = try engineOption.choice() }
      var files: [String] = []
      var unreadable = 0
      for path in paths {
        // One missing path does not stop the others: report it, go on, exit 2 at the end.
        do {
          files += try traceFiles(named: [path])
        } catch {
          Output.error("\(error)")
          unreadable += 1
        }
      }
      var passed = 0
      var reproduced = 0
      var failed = 0
      let interruption = Interruption.install()
      var replayed = 0
      for file in files {
        do {
          let trace = try loadTrace(file)
          let topology = try NavFuzz.topology(named: trace.topology)
          let engine = try engineOption.choice(for: trace)
          let result = try Replay.run(trace, topology: topology, engine: engine, keepsGoing: { !interruption.happened })
          // Ctrl-C within a long trace: what is done so far is counted below; this one is not.
          if result.stoppedEarly { break }
          replayed += 1
          if record {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let recorded = ExpectationRecorder.record(text, trace: trace, result: result)
            if recorded != text { try Output.write(recorded, to: file) }
            passed += 1
            print("\(recorded == text ? "UNCHANGED" : "RECORDED") \(file) (engine \(engine.name))")
            continue
          }
          if result.passed, !result.violations.isEmpty {
            // Its expected violations occurred: the failure it records is still there. "PASS"
            // here read as "fixed" to someone who had just found the bug.
            reproduced += 1
            let names = Set(result.violations.map(\.invariant)).sorted().map(\.rawValue).joined(separator: ", ")
            print(
              "REPRODUCES \(file) (\(names), as its 'expect violation' lines say; \(trace.actions.count) steps, engine \(engine.name), semantics \(engine.semantics.name))")
          } else if result.passed {
            passed += 1
            print("PASS \(file) (\(trace.actions.count) steps, engine \(engine.name), semantics \(engine.semantics.name))")
          } else {
            failed += 1
            print("FAIL \(file) (engine \(engine.name), semantics \(engine.semantics.name))")
            print(Summary.replayFailure(result, file: file), terminator: "")
          }
        } catch {
          unreadable += 1
          Output.error("\(error)")
        }
      }
      let reproducing = reproduced > 0 ? "\(reproduced) reproduce their expected violations, " : ""
      print(
        (record ? "\(passed) recorded" : "\(passed) passed, \(reproducing)\(failed) failed") + (unreadable > 0 ? ", \(unreadable) unreadable" : ""))
      if interruption.happened { print("interrupted: \(replayed) of \(files.count) traces replayed") }
      if unreadable > 0 { throw ExitCode(2) }
      if failed > 0 { throw ExitCode(1) }
      if interruption.happened { throw ExitCode(130) }
    }
  }
}

/// The trace files the arguments name: files as given, folders expanded (sorted). A path that does
/// not exist, or a folder without a single trace, is an input error; files in a folder that are
/// not traces are named on stderr, so a misnamed trace is not silently left out.
func traceFiles(named paths: [String]) throws -> [String] {
  var files: [String] = []
  for path in paths {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw InputError("\(path):1: error: \(MissingPath.reason(path, missing: "no such file or folder"))")
    }
    guard isDirectory.boolValue else {
      files.append(path)
      continue
    }
    let (traces, others) = traceFiles(in: path)
    if !others.isEmpty {
      let shown = others.prefix(5).joined(separator: ", ") + (others.count > 5 ? ", …" : "")
      Output.error("note: \(path): skipped \(others.count) file(s) that do not end in .navtrace: \(shown)")
    }
    guard !traces.isEmpty else { throw InputError("\(path): error: no .navtrace files in this folder") }
    files += traces
  }
  return files
}

/// The .navtrace files under a folder, sorted, and the other files there (sorted).
func traceFiles(in folder: String) -> (traces: [String], others: [String]) {
  let enumerator = FileManager.default.enumerator(atPath: folder)
  var files: [String] = []
  var others: [String] = []
  while let relative = enumerator?.nextObject() as? String {
    let path = (folder as NSString).appendingPathComponent(relative)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
    if relative.hasSuffix(".navtrace") { files.append(path) } else { others.append(relative) }
  }
  return (files.sorted(), others.sorted())
}
