import ArgumentParser
import Foundation
import NavigationFuzzing

struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run", abstract: "Run a seeded random campaign and save each distinct failure, shrunk.")

  @Option(help: "The topology: basic, counter, stack, or a topology file (.json).") var topology = "basic"
  @OptionGroup var engineOption: EngineOption
  @Option(help: "The campaign seed: the same seed gives the same campaign.") var seed: UInt64 = 1
  @Option(help: "How many runs.") var runs = 500
  @Option(help: "Stop after this many seconds even if runs remain (the number of runs then depends on the machine; each run still replays from its seed).")
  var seconds: Double?
  private var timeBudget: Double? { seconds }
  @Option(help: "At most this many steps per run.") var maxSteps = 32
  @Option(help: "Where to write shrunk failing traces.") var out = "navfuzz-failures"
  @Flag(help: "Keep failing traces as generated.") var noShrink = false
  @Flag(help: "Use every action kind in every run (no swarm testing).") var noSwarm = false
  @Option(help: "Write report.json, junit.xml, report.md and report.html into this folder.") var report: String?
  @Option(help: "Fail (exit 1) when the campaign reaches fewer distinct states than this.") var minDistinctStates: Int?

  func validate() throws {
    guard runs > 0 else { throw ValidationError("--runs must be at least 1") }
    guard maxSteps > 0 else { throw ValidationError("--max-steps must be at least 1") }
  }

  func run() throws {
    try MainActor.assumeIsolated {
      let topology = try NavFuzz.topology(named: self.topology)
      let engine = try engineOption.choice()
      var options = Campaign.Options()
      options.seed = seed
      options.runs = runs
      options.maxSteps = maxSteps
      options.shrinks = !noShrink
      options.swarm = !noSwarm
      let campaign = Campaign(topology: topology, engine: engine, options: options)
      let clock = ContinuousClock()
      let started = clock.now
      let showsProgress = Output.stderrIsTerminal
      let result = campaign.run { index, partial in
        let elapsed = (clock.now - started).seconds
        if showsProgress, index % 25 == 0 {
          let rate = Double(partial.statistics.steps) / max(elapsed, 1e-9)
          let left = timeBudget.map { String(format: ", %.0f s left", max($0 - elapsed, 0)) } ?? ", \(options.runs - index - 1) runs left"
          Output.error(
            "\r\u{1B}[K\(index + 1) runs, \(String(format: "%.0f", rate)) actions/s, \(partial.statistics.distinctStates.count) distinct states, \(partial.failures.count) violation(s)\(left)",
            terminator: "")
        }
        return timeBudget.map { elapsed < $0 } ?? true
      }
      if showsProgress { Output.error("\r\u{1B}[K", terminator: "") }
      let elapsed = clock.now - started
      print(Summary.campaign(result, topology: topology, engine: engine, options: options))
      var written: [String] = []
      for failure in result.failures {
        let path = "\(out)/\(topology.name)-\(engine.name)-\(failure.violation.invariant.rawValue).navtrace"
        try Output.write(TraceFormat.print(failure.shrunk), to: path)
        written.append(path)
      }
      for (failure, path) in zip(result.failures, written) {
        print("  \(failure.violation.invariant.rawValue): \(failure.shrunkViolation.explanation)")
        print("    shrunk to \(failure.shrunk.actions.count) steps (from \(failure.original.actions.count)), run seed \(failure.runSeed)")
        print("    saved \(path)")
        print("    replay: swift run navfuzz replay \(path)")
      }
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      Output.error(String(format: "took %.2f s (%.0f steps/s)", seconds, Double(result.statistics.steps) / max(seconds, 1e-9)))
      let floorMissed = minDistinctStates.map { result.statistics.distinctStates.count < $0 } ?? false
      if floorMissed {
        print("coverage floor missed: \(result.statistics.distinctStates.count) distinct states, fewer than \(minDistinctStates!)")
      }
      if let report {
        let value = CampaignReport(
          campaign: result, topology: topology, engine: engine, options: options, durationSeconds: seconds,
          minDistinctStates: minDistinctStates, savedTraces: written)
        let files = try ReportWriter.write(value, to: report)
        print("reports: \(files.joined(separator: " "))")
      }
      if !result.failures.isEmpty || floorMissed { throw ExitCode(1) }
    }
  }
}

typealias NavFuzz = NavFuzzCommand
extension NavFuzzCommand {
  static func topology(named name: String) throws -> Topology { try navfuzz.topology(named: name) }
}

extension Output {
  static func error(_ message: String, terminator: String) {
    FileHandle.standardError.write(Data((message + terminator).utf8))
  }
}
