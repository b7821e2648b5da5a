import ArgumentParser
import Foundation
import NavigationFuzzing

struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run", abstract: "Run a seeded random campaign and save each distinct failure, shrunk.")

  @Option(help: ArgumentHelp("The topology: \(topologyNames), or a topology file (.json).")) var topology = "basic"
  @OptionGroup var engineOption: EngineOption
  @Option(parsing: .unconditional, help: "The campaign seed: the same seed gives the same campaign.") var seed: UInt64 = 1
  @Option(parsing: .unconditional, help: "How many runs.") var runs = 500
  @Option(
    parsing: .unconditional,
    help: "Rerun one case: the run with this run seed (a failure's 'run seed'), once, instead of a campaign.")
  var runSeed: UInt64?
  @Option(
    parsing: .unconditional,
    help: "Stop after this many seconds even if runs remain (the number of runs then depends on the machine; each run still replays from its seed).")
  var seconds: Double?
  @Option(parsing: .unconditional, help: "At most this many steps per run.") var maxSteps = 32
  @Option(help: "The folder to write shrunk failing traces into.") var out = "navfuzz-failures"
  @Flag(help: "Keep failing traces as generated.") var noShrink = false
  @Flag(help: "Use every action kind in every run (no swarm testing).") var noSwarm = false
  @Option(help: "Write report.json, junit.xml, report.md and report.html into this folder.") var report: String?
  @Option(parsing: .unconditional, help: "Fail (exit 1) when the campaign reaches fewer distinct states than this.")
  var minDistinctStates: Int?
  @Option(
    parsing: .unconditional,
    help: "Run the campaign in this many processes (the runs split into ranges, the results merged in run order: the summary is the same whatever the number). Default: the number of cores.")
  var jobs: Int?
  /// Set by `--jobs` in the processes it starts: run `--runs` runs from this index, write the
  /// part as JSON on stdout, print nothing else there.
  @Option(parsing: .unconditional, help: .hidden) var workerFirstIndex: Int?

  func validate() throws {
    guard runs > 0 else { throw ValidationError("--runs must be at least 1, found \(runs)") }
    guard maxSteps > 0 else { throw ValidationError("--max-steps must be at least 1, found \(maxSteps)") }
    if let seconds, !(seconds.isFinite && seconds > 0) {
      throw ValidationError("--seconds must be a number of seconds above 0, found \(seconds)")
    }
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, found \(jobs)") }
    if let workerFirstIndex, workerFirstIndex < 0 {
      throw ValidationError("--worker-first-index must be at least 0, found \(workerFirstIndex)")
    }
    if let minDistinctStates, minDistinctStates < 0 {
      throw ValidationError("--min-distinct-states must be at least 0, found \(minDistinctStates)")
    }
  }

  func run() throws {
    try MainActor.assumeIsolated {
      let topology = try NavFuzz.topology(named: self.topology)
      let engine = try engineOption.choice()
      // Where results go is checked before the campaign, so a typo never costs one.
      try Output.checkFolder(out, option: "--out")
      if let report { try Output.checkFolder(report, option: "--report") }
      var options = Campaign.Options()
      options.seed = seed
      options.runs = runSeed == nil ? runs : 1
      options.onlyRunSeed = runSeed
      options.maxSteps = maxSteps
      options.shrinks = !noShrink
      options.swarm = !noSwarm
      let clock = ContinuousClock()
      let started = clock.now
      let interruption = Interruption.install()
      if let workerFirstIndex {
        // A worker of `--jobs`: its part on stdout, failures shrunk later by the merging process.
        options.firstRunIndex = workerFirstIndex
        options.shrinks = false
        let result = Campaign(topology: topology, engine: engine, options: options).run { _, _ in
          !interruption.happened && (seconds.map { (clock.now - started).seconds < $0 } ?? true)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        FileHandle.standardOutput.write(try encoder.encode(CampaignPart(result)))
        return
      }
      let campaign = Campaign(topology: topology, engine: engine, options: options)
      var progress = Progress(total: options.runs, timeBudget: seconds)
      let result: Campaign.Result
      let processes = min(jobs ?? ProcessInfo.processInfo.activeProcessorCount, options.runs)
      if processes > 1, runSeed == nil {
        let ranges = Campaign.ranges(runs: options.runs, parts: processes)
        var processesDone = 0
        let parts = try ParallelCampaign.run(
          ranges: ranges, arguments: workerArguments, interrupted: { interruption.happened },
          local: { range in
            // The first range runs in this process, as the others start: one process start fewer.
            var part = options
            part.firstRunIndex = range.lowerBound
            part.runs = range.count
            part.shrinks = false
            let result = Campaign(topology: topology, engine: engine, options: part).run { _, _ in
              !interruption.happened && (seconds.map { (clock.now - started).seconds < $0 } ?? true)
            }
            processesDone += 1
            progress.line("\(processesDone) of \(ranges.count) processes done", elapsed: (clock.now - started).seconds)
            return CampaignPart(result)
          }
        ) { _ in
          processesDone += 1
          progress.line("\(processesDone) of \(ranges.count) processes done", elapsed: (clock.now - started).seconds)
        }
        result = campaign.merge(parts)
      } else {
        result = campaign.run { index, partial in
          let elapsed = (clock.now - started).seconds
          progress.update(
            runs: index + 1, steps: partial.statistics.steps, distinctStates: partial.statistics.distinctStates.count,
            failures: partial.failures.count, elapsed: elapsed)
          return !interruption.happened && (seconds.map { elapsed < $0 } ?? true)
        }
      }
      progress.finish()
      let elapsed = (clock.now - started).seconds
      print(Summary.campaign(result, topology: topology, engine: engine, options: options))
      if interruption.happened {
        print("interrupted: \(result.runsCompleted) of \(options.runs) runs ran; the summary and reports cover those")
      }
      var written: [String] = []
      var unwritten = 0
      for failure in result.failures {
        let path = "\(out)/\(topology.name)-\(engine.name)-\(failure.violation.invariant.rawValue).navtrace"
        let text = TraceFormat.print(failure.shrunk)
        print("  \(failure.violation.invariant.rawValue): \(failure.shrunkViolation.explanation)")
        print(
          "    shrunk to \(failure.shrunk.actions.count) steps (from \(failure.original.actions.count)), run seed \(failure.runSeed)")
        if !failure.reproduces { print("    warning: \(Campaign.Failure.nondeterminismHint)") }
        do {
          try Output.write(text, to: path)
          written.append(path)
          print("    saved \(path)")
          print("    replay: \(ReplayCommandLine.replay(path, topology: topology.name))")
        } catch {
          // A found failure is never lost: the trace is below, and the run seed repeats it.
          unwritten += 1
          written.append("")
          Output.error("\(path): error: could not save the trace: \(error.localizedDescription)")
          print(
            "    rerun: \(ReplayCommandLine.run(topology: topology.name, engine: engine.name, semantics: engine.semantics.name, runSeed: failure.runSeed, maxSteps: maxSteps))")
        }
        print(text.split(separator: "\n").map { "    | \($0)" }.joined(separator: "\n"))
      }
      Output.error(String(format: "took %.2f s (%.0f steps/s)", elapsed, Double(result.statistics.steps) / max(elapsed, 1e-9)))
      let floorMissed = minDistinctStates.map { result.statistics.distinctStates.count < $0 } ?? false
      if floorMissed {
        print("coverage floor missed: \(result.statistics.distinctStates.count) distinct states, fewer than \(minDistinctStates!)")
      }
      if let report {
        let value = CampaignReport(
          campaign: result, topology: topology, engine: engine, options: options, durationSeconds: elapsed,
          minDistinctStates: minDistinctStates, savedTraces: written)
        let files = try ReportWriter.write(value, to: report)
        print("reports: \(files.joined(separator: " "))")
      }
      if !result.failures.isEmpty || floorMissed { throw ExitCode(1) }
      if unwritten > 0 { throw ExitCode(2) }
      if interruption.happened { throw ExitCode(130) }
    }
  }
}

extension RunCommand {
  /// The command line of the `--jobs` worker for `range`: this campaign's options, that range.
  func workerArguments(_ range: Range<Int>) -> [String] {
    var arguments = [
      "run", "--topology", topology, "--seed", "\(seed)", "--runs", "\(range.count)", "--max-steps", "\(maxSteps)",
      "--worker-first-index", "\(range.lowerBound)",
    ]
    if let engine = engineOption.engine { arguments += ["--engine", engine] }
    if let semantics = engineOption.semantics { arguments += ["--semantics", semantics] }
    for allowance in engineOption.allow { arguments += ["--allow", allowance] }
    if noSwarm { arguments.append("--no-swarm") }
    if let seconds { arguments += ["--seconds", "\(seconds)"] }
    return arguments
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
