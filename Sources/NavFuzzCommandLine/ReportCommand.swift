import ArgumentParser
import Foundation
import NavigationFuzzing

struct ReportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report", abstract: "Replay traces and write report.json, junit.xml, report.md and report.html.")

  @Argument(help: "Trace files or folders.") var paths: [String]
  @OptionGroup var engineOption: EngineOption<ReportCommand>
  @OptionGroup var topologyFile: TopologyFileOption
  @Option(help: "Where to write the reports.") var report = "navfuzz-report"

  func run() throws {
    try MainActor.assumeIsolated {
      try topologyFile.register()
      try Output.checkFolder(report, option: "--report")
      if engineOption.engine != nil { _ = try engineOption.choice() }
      let clock = ContinuousClock()
      let started = clock.now
      let interruption = Interruption.install()
      var replays: [(path: String, trace: Trace, result: ReplayResult)] = []
      let files = try traceFiles(named: paths)
      for file in files {
        let trace = try loadTrace(file)
        let topology = try NavFuzz.topology(named: trace.topology)
        let engine = try engineOption.choice(for: trace)
        let result = try Replay.run(trace, topology: topology, engine: engine, keepsGoing: { !interruption.happened })
        // Ctrl-C: the reports cover the traces replayed whole.
        if result.stoppedEarly { break }
        replays.append((file, trace, result))
      }
      let value = CampaignReport(replays: replays, durationSeconds: (clock.now - started).seconds)
      let written = try Output.writing(report) { try ReportWriter.write(value, to: report) }
      print("\(replays.count) trace(s): \(value.verdict)")
      print("reports: \(written.joined(separator: " "))")
      if interruption.happened { print("interrupted: \(replays.count) of \(files.count) traces replayed; the reports cover those") }
      if !value.passed { throw ExitCode(1) }
      if interruption.happened { throw ExitCode(130) }
    }
  }
}
