import ArgumentParser
import Foundation
import NavigationFuzzing

struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run", abstract: "Run a seeded random campaign and save each distinct failure, shrunk.",
    discussion: """
      Without --topology the campaign is a rotation over every topology 'navfuzz list' shows, in that \
      order: --runs is split evenly among them (the first ones get one run more when it does not \
      divide), and each topology's share is exactly the campaign 'navfuzz run --topology T --seed S \
      --runs N' for the T and N its summary line shows. Each failure prints the command that reruns it \
      on its topology. --engine, --semantics and --allow apply to every topology; --seconds gives each \
      topology an equal slice; --jobs splits each topology's share; --report writes one report for the \
      whole rotation; --min-distinct-states is compared with the distinct states summed over topologies.
      """)

  @Option(
    help: ArgumentHelp(
      "The topology: \(topologyNames), or a topology file (.json). Default: every topology in turn (the rotation above)."))
  var topology: String?
  @OptionGroup var engineOption: EngineOption<RunCommand>
  @Option(parsing: .unconditional, help: "The campaign seed: the same seed gives the same campaign.") var seed: UInt64 = 1
  @Option(parsing: .unconditional, help: "How many runs (in all, for a rotation).") var runs = 500
  @Option(
    parsing: .unconditional,
    help: "Rerun one case: the run with this run seed (a failure's 'run seed'), once, instead of a campaign. Needs --topology.")
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
  @OptionGroup var baselineOptions: BaselineOptions
  @Flag(help: "Never put a user gesture in the run-loop turn of a program change (no races; see docs/REPORTS.md).")
  var noRaces = false
  @Flag(help: "Also list every failing run of each defect (its seed and what it showed first).") var verbose = false
  @Option(parsing: .unconditional, help: "Fail (exit 1) when the campaign reaches fewer distinct states than this.")
  var minDistinctStates: Int?
  @Option(
    parsing: .unconditional,
    help: "Run the campaign in this many processes (the runs split into ranges, the results merged in run order: the summary is the same whatever the number). Default: the number of cores.")
  var jobs: Int?
  /// Set by `--jobs` in the processes it starts: run `--runs` runs from this index, write the
  /// part as JSON on stdout, print nothing else there.
  @Option(parsing: .unconditional, help: .hidden) var workerFirstIndex: Int?
  /// Set by `--jobs` too: a file the worker keeps the number of its runs done in, for the
  /// starting process's progress line.
  @Option(help: .hidden) var workerProgress: String?

  func validate() throws {
    guard runs > 0 else { throw ValidationError("--runs must be at least 1, found \(runs)") }
    guard maxSteps > 0 else { throw ValidationError("--max-steps must be at least 1, found \(maxSteps)") }
    if let seconds, !(seconds.isFinite && seconds > 0) {
      throw ValidationError("--seconds must be a number of seconds above 0, found \(seconds)")
    }
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, found \(jobs)") }
    if let workerFirstIndex, workerFirstIndex < 0 || workerFirstIndex > Int.max - runs {
      throw ValidationError("--worker-first-index must be at least 0 and leave room for --runs, found \(workerFirstIndex)")
    }
    if let minDistinctStates, minDistinctStates < 0 {
      throw ValidationError("--min-distinct-states must be at least 0, found \(minDistinctStates)")
    }
    if topology == nil, runSeed != nil {
      throw ValidationError(
        "--run-seed repeats one run of one topology: add --topology (each failure's 'rerun:' line names it)")
    }
    if topology == nil, workerFirstIndex != nil { throw ValidationError("--worker-first-index needs --topology") }
  }

  func run() throws {
    try MainActor.assumeIsolated {
      let topology = try self.topology.map { try NavFuzz.topology(named: $0) }
      let engine = try engineOption.choice()
      // Where results go is checked before the campaign, so a typo never costs one.
      try Output.checkFolder(out, option: "--out")
      if let report { try Output.checkFolder(report, option: "--report") }
      let baseline = try baselineOptions.load()
      var options = Campaign.Options()
      options.baseline = baseline
      options.noRaces = noRaces
      options.seed = seed
      options.runs = runSeed == nil ? runs : 1
      options.onlyRunSeed = runSeed
      options.maxSteps = maxSteps
      options.shrinks = !noShrink
      options.swarm = !noSwarm
      let session = Session(interruption: Interruption.install())
      guard let topology, let name = self.topology else {
        return try runRotation(engine: engine, options: options, session: session)
      }
      if let workerFirstIndex {
        // A worker of `--jobs`: its part on stdout, failures shrunk later by the merging process.
        if ParallelCampaign.testKillsWorkers { kill(getpid(), SIGKILL) }
        options.firstRunIndex = workerFirstIndex
        options.shrinks = false
        options.sortsFailures = false
        var campaign = Campaign(topology: topology, engine: engine, options: options)
        campaign.keepsGoing = { session.goesOn(deadline: seconds) }
        var written = -Double.infinity
        let result = campaign.run { index, _ in
          if let workerProgress, session.elapsed - written >= 0.5 {
            written = session.elapsed
            try? Data("\(index + 1)".utf8).write(to: URL(fileURLWithPath: workerProgress), options: .atomic)
          }
          return true
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        FileHandle.standardOutput.write(try encoder.encode(CampaignPart(result)))
        return
      }
      let progress = Progress(total: options.runs, timeBudget: seconds)
      let result = try fuzz(
        topology, named: name, engine: engine, options: options, deadline: seconds, workerSeconds: seconds,
        session: session, progress: progress)
      progress.finish()
      let elapsed = session.elapsed
      print(Summary.campaign(result, topology: topology, engine: engine, options: options))
      if session.interruption.happened {
        print("interrupted: \(result.runsCompleted) of \(options.runs) runs ran\(cut(result)); the summary and reports cover those")
      } else if result.lastRunCutShortAfter != nil {
        print("time limit: \(result.runsCompleted) of \(options.runs) runs ran\(cut(result)); the summary and reports cover those")
      }
      let saved = printDefects(result.defects, engine: engine, inRotation: false)
      tellLostWorkers(session, runsCompleted: result.runsCompleted, of: options.runs)
      Output.error(String(format: "took %.2f s (%.0f steps/s)", elapsed, Double(result.statistics.steps) / max(elapsed, 1e-9)))
      let floorMissed = minDistinctStates.map { result.statistics.distinctStates.count < $0 } ?? false
      if floorMissed {
        print("coverage floor missed: \(result.statistics.distinctStates.count) distinct states, fewer than \(minDistinctStates!)")
      }
      if let report {
        let value = CampaignReport(
          campaign: result, topology: topology, engine: engine, options: options, durationSeconds: elapsed,
          minDistinctStates: minDistinctStates, savedTraces: saved.paths)
        let files = try Output.writing(report) { try ReportWriter.write(value, to: report) }
        print("reports: \(files.joined(separator: " "))")
      }
      if baseline != nil { try baselineOptions.record(result.defects) }
      let failed = !result.newDefects.isEmpty && !baselineOptions.updateBaseline
      try throwExitCode(
        failed: failed || floorMissed, unwritten: saved.unwritten, interrupted: session.interruption.happened,
        lostWorkers: !session.lostWorkers.isEmpty)
    }
  }
}

extension RunCommand {
  /// What every campaign of one command shares: when it started and whether it was interrupted.
  struct Session {
    let interruption: Interruption
    /// The `--jobs` workers that ended without their part (`ParallelCampaign.LostWorker`), as told.
    let lostWorkers = LostWorkers()
    let clock = ContinuousClock()
    let started = ContinuousClock.now

    var elapsed: Double { (clock.now - started).seconds }

    /// Whether another run may start: not interrupted, and before `deadline` (seconds from the start).
    func goesOn(deadline: Double?) -> Bool {
      !interruption.happened && (deadline.map { elapsed < $0 } ?? true)
    }
  }

  /// Runs `topology`'s campaign, in `--jobs` processes when there are several, each run starting
  /// before `deadline` (seconds from the session's start; `workerSeconds` is the budget the worker
  /// processes get). `progress` counts on from `before` (the runs of a rotation's earlier topologies).
  @MainActor
  func fuzz(
    _ topology: Topology, named name: String, engine: EngineChoice, options: Campaign.Options, deadline: Double?,
    workerSeconds: Double?, session: Session, progress: Progress, before: Campaign.Result = Campaign.Result(),
    label: String = ""
  ) throws -> Campaign.Result {
    let campaign = stoppable(
      Campaign(topology: topology, engine: engine, options: options), deadline: deadline, session: session, progress: progress,
      label: label)
    let processes = min(jobs ?? ProcessInfo.processInfo.activeProcessorCount, options.runs)
    guard processes > 1, runSeed == nil else {
      return campaign.run { index, partial in
        progress.stepsThisRun = 0
        progress.update(
          runs: before.runsCompleted + index + 1, steps: before.statistics.steps + partial.statistics.steps,
          distinctStates: before.statistics.distinctStates.count + partial.statistics.distinctStates.count,
          failures: before.defects.count + partial.defects.count, elapsed: session.elapsed)
        return true
      }
    }
    let ranges = Campaign.ranges(runs: options.runs, parts: processes)
    var processesDone = 0
    /// The runs done in every process, this one's `local` ones and what the workers last wrote.
    func showProgress(local: Int, workers: Int) {
      progress.line(
        "\(label)\(before.runsCompleted + local + workers) runs in \(ranges.count) processes (\(processesDone) done), "
          + progress.left(done: before.runsCompleted + local + workers, elapsed: session.elapsed), elapsed: session.elapsed)
    }
    let (parts, lost) = try ParallelCampaign.run(
      ranges: ranges, arguments: { workerArguments($0, topology: name, seconds: workerSeconds) },
      interrupted: { session.interruption.happened },
      local: { range, workersDone in
        // The first range runs in this process, as the others start: one process start fewer.
        var part = options
        part.firstRunIndex = range.lowerBound
        part.runs = range.count
        part.shrinks = false
        part.sortsFailures = false
        var localDone = 0
        let result = stoppable(
          Campaign(topology: topology, engine: engine, options: part), deadline: deadline, session: session,
          progress: progress, label: label
        ).run { index, _ in
          localDone = index + 1
          progress.stepsThisRun = 0
          if progress.isDue(session.elapsed) { showProgress(local: localDone, workers: workersDone()) }
          return true
        }
        processesDone += 1
        return CampaignPart(result)
      },
      waiting: { workersDone in
        if progress.isDue(session.elapsed) { showProgress(local: ranges[0].count, workers: workersDone) }
      }
    ) { _ in
      processesDone += 1
    }
    // What the other processes found is kept: merged, summarised, saved; the lost ones are told.
    session.lostWorkers.append(contentsOf: lost.map { "\(label)\($0)" })
    return campaign.merge(parts)
  }

  /// Prints each new defect's shortest failure (shrunk trace inline) and saves it; returns the
  /// saved paths, one per defect in `defects`' order ("" for one not saved: a known defect, or one
  /// that could not be saved — it is printed, and its run seed repeats it). In a rotation each is
  /// headed by its topology and always shows the command that reruns it there. `--verbose` lists
  /// every failing run of every defect.
  @MainActor
  func printDefects(_ defects: [Defect], engine: EngineChoice, inRotation: Bool) -> (paths: [String], unwritten: Int) {
    var written: [String] = []
    var unwritten = 0
    for defect in defects {
      guard let failure = defect.shortest, !defect.isKnown || verbose else {
        written.append("")
        if verbose { printRuns(of: defect) }
        continue
      }
      let topology = (try? NavFuzz.topology(named: defect.topology)) ?? Topology.named(defect.topology) ?? .basic
      let path = "\(out)/\(topology.name)-\(engine.name)-\(defect.signature.shortID).navtrace"
      let text = TraceFormat.print(failure.shrunk)
      let rerun =
        ReplayCommandLine.run(
          topology: topology.name, engine: engine.name, semantics: engine.semantics.name, runSeed: failure.runSeed,
          maxSteps: maxSteps) + (inRotation && noSwarm ? " --no-swarm" : "") + (noRaces ? " --no-races" : "")
        + (baselineOptions.baseline.map { " --baseline \($0)" } ?? "")
      print(
        "  \(defect.isKnown ? "known " : "")defect \(defect.signature.shortID)\(inRotation ? " (\(topology.name))" : ""): "
          + defect.headline)
      print("    signature \(defect.signature)")
      if defect.isRace { print("    race: needs " + defect.raceNeeds.joined(separator: ", ")) }
      print(
        "    shrunk to \(failure.shrunk.actions.count) steps (from \(failure.original.actions.count)), run seed \(failure.runSeed)")
      if !failure.reproduces { print("    warning: \(Campaign.Failure.nondeterminismHint)") }
      if let note = Violation.inferredRulesNote(failure.shrunkViolation.restsOnInferredRules) { print("    \(note)") }
      do {
        try Output.write(text, to: path)
        written.append(path)
        print("    saved \(path)")
        print("    replay: \(ReplayCommandLine.replay(path, topology: topology.name))")
        if inRotation { print("    rerun: \(rerun)") }
      } catch {
        // A found failure is never lost: the trace is below, and the run seed repeats it.
        unwritten += 1
        written.append("")
        Output.error("\(path): error: could not save the trace: \(Output.reason(for: error))")
        print("    rerun: \(rerun)")
      }
      print(text.split(separator: "\n").map { "    | \($0)" }.joined(separator: "\n"))
      if verbose { printRuns(of: defect) }
    }
    return (written, unwritten)
  }

  /// `--verbose`: every failing run of a defect, its seed and what it showed first.
  func printRuns(of defect: Defect) {
    print("    \(defect.count) failing run(s) of \(defect.signature.shortID) (run seed: first violation):")
    for instance in defect.instances {
      print(
        "    - \(instance.topology) run \(instance.runIndex), seed \(instance.runSeed): \(instance.symptom)"
          + (instance.searchedPast ? " (searched past)" : ""))
    }
  }

  /// The workers a session lost, in the order they were found lost: a class, as the session is
  /// passed by value to every campaign of a rotation.
  final class LostWorkers {
    var descriptions: [String] = []
    var isEmpty: Bool { descriptions.isEmpty }
    func append(contentsOf more: [String]) { descriptions += more }
  }

  /// After the summary and the saved traces: each lost worker, on stdout with the summary and on
  /// stderr, and which runs the summary leaves out.
  func tellLostWorkers(_ session: Session, runsCompleted: Int, of runs: Int) {
    guard !session.lostWorkers.isEmpty else { return }
    for lost in session.lostWorkers.descriptions {
      print("lost: \(lost); its runs are not in the summary")
      Output.error("error: \(lost): its runs are lost, the other processes' results are above")
    }
    print("incomplete: \(runsCompleted) of \(runs) runs ran; the summary, reports and saved traces cover those")
  }

  /// Exit codes: 1 for failures or a missed floor, else 2 for a trace not saved or a lost
  /// worker, else 130 when interrupted.
  func throwExitCode(failed: Bool, unwritten: Int, interrupted: Bool, lostWorkers: Bool = false) throws {
    if failed { throw ExitCode(1) }
    if unwritten > 0 || lostWorkers { throw ExitCode(2) }
    if interrupted { throw ExitCode(130) }
  }

  /// The command line of the `--jobs` worker for `range` of `topology`: this campaign's options, that range.
  func workerArguments(_ range: Range<Int>, topology: String, seconds: Double?) -> [String] {
    var arguments = [
      "run", "--topology", topology, "--seed", "\(seed)", "--runs", "\(range.count)", "--max-steps", "\(maxSteps)",
      "--worker-first-index", "\(range.lowerBound)",
    ]
    if let engine = engineOption.engine { arguments += ["--engine", engine] }
    if let semantics = engineOption.semantics { arguments += ["--semantics", semantics] }
    for allowance in engineOption.allow { arguments += ["--allow", allowance] }
    if noSwarm { arguments.append("--no-swarm") }
    if noRaces { arguments.append("--no-races") }
    arguments += baselineOptions.workerArguments
    if let seconds { arguments += ["--seconds", "\(seconds)"] }
    return arguments
  }
}

typealias NavFuzz = NavFuzzCommand
extension NavFuzzCommand {
  static func topology(named name: String) throws -> Topology { try NavFuzzCommandLine.topology(named: name) }
}

