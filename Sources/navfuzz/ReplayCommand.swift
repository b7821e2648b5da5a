import ArgumentParser
import Foundation
import NavigationFuzzing

struct ReplayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay", abstract: "Replay .navtrace files (or folders of them) and check their expectations.")

  @Argument(help: "Trace files or folders.") var paths: [String]
  @OptionGroup var engineOption: EngineOption
  @OptionGroup var topologyFile: TopologyFileOption

  func run() throws {
    try MainActor.assumeIsolated {
      try topologyFile.register()
      var files: [String] = []
      var inputErrors = 0
      for path in paths {
        // One missing path does not stop the others: report it, go on, exit 2 at the end.
        do {
          files += try traceFiles(named: [path])
        } catch {
          Output.error("\(error)")
          inputErrors += 1
        }
      }
      var failed = 0
      for file in files {
        do {
          let trace = try loadTrace(file)
          let topology = try NavFuzz.topology(named: trace.topology)
          let engine = try engineOption.choice(default: trace.engine, semantics: trace.semantics)
          let result = try Replay.run(trace, topology: topology, engine: engine)
          if result.passed {
            print("PASS \(file) (\(trace.actions.count) steps, engine \(engine.name), semantics \(engine.semantics.name))")
          } else {
            failed += 1
            print("FAIL \(file) (engine \(engine.name), semantics \(engine.semantics.name))")
            for unmet in result.unmetExpectations { print("  \(unmet)") }
            for violation in result.unexpectedViolations {
              let line = trace.lines.indices.contains(violation.stepIndex) ? trace.lines[violation.stepIndex] : trace.lines.last ?? 1
              print("  \(file):\(line): violation \(violation.invariant.rawValue): \(violation.explanation)")
            }
          }
        } catch {
          inputErrors += 1
          Output.error("\(error)")
        }
      }
      print("\(files.count - failed - inputErrors) passed, \(failed) failed" + (inputErrors > 0 ? ", \(inputErrors) unreadable" : ""))
      if inputErrors > 0 { throw ExitCode(2) }
      if failed > 0 { throw ExitCode(1) }
    }
  }
}

/// The trace files the arguments name: files as given, folders expanded (sorted). A path that does
/// not exist is an input error.
func traceFiles(named paths: [String]) throws -> [String] {
  var files: [String] = []
  for path in paths {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw InputError("\(path):1: error: no such file or folder")
    }
    files += isDirectory.boolValue ? traceFiles(in: path) : [path]
  }
  return files
}

/// The .navtrace files under a folder, sorted.
func traceFiles(in folder: String) -> [String] {
  let enumerator = FileManager.default.enumerator(atPath: folder)
  var files: [String] = []
  while let relative = enumerator?.nextObject() as? String {
    if relative.hasSuffix(".navtrace") { files.append((folder as NSString).appendingPathComponent(relative)) }
  }
  return files.sorted()
}
