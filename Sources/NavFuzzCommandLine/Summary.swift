import NavigationFuzzing

/// The terminal summary of a campaign: deterministic (no timings), short, sorted.
enum Summary {
  @MainActor
  static func campaign(_ result: Campaign.Result, topology: Topology, engine: EngineChoice, options: Campaign.Options) -> String {
    let statistics = result.statistics
    var lines: [String] = []
    lines.append(
      "navfuzz run: topology \(topology.name), engine \(engine.name), semantics \(engine.semantics.name), "
        // `--run-seed` repeats one run: its seed is the run's own, not the campaign's.
        + (options.onlyRunSeed.map { "run seed \($0)" } ?? "seed \(options.seed)")
        + ", \(result.runsCompleted) runs of up to \(options.maxSteps) steps")
    lines.append(
      "  steps \(statistics.steps), skipped \(statistics.skipped), distinct states \(statistics.distinctStates.count), deferred stack changes \(statistics.deferredStackChanges)"
        + (statistics.callbackIntents > 0 ? ", intents run from callbacks \(statistics.callbackIntents)" : ""))
    lines += details(statistics, engine: engine)
    if result.failures.isEmpty {
      lines.append("result: no violations")
    } else {
      let names = result.failures.map(\.violation.invariant.rawValue).joined(separator: ", ")
      lines.append("result: \(result.failures.count) distinct failure(s): \(names)")
    }
    return lines.joined(separator: "\n")
  }

  /// What a campaign did, beyond its counts: actions and checks per kind, what the engine's
  /// contract leaves unchecked or accepts, screen depths.
  @MainActor
  static func details(_ statistics: RunStatistics, engine: EngineChoice) -> [String] {
    var lines: [String] = []
    let actions = ActionKind.allCases.compactMap { kind in statistics.actionCounts[kind].map { "\(kind.rawValue) \($0)" } }
    lines.append("  actions: " + actions.joined(separator: ", "))
    let checks = InvariantID.allCases.compactMap { id in statistics.checks[id].map { "\(id.rawValue) \($0)" } }
    lines.append("  checks: " + checks.joined(separator: ", "))
    for line in engine.contract.notChecked { lines.append("  not checked: \(line)") }
    if !engine.contract.avoidsUIKitWarnings { lines.append("  UIKit warnings (log only): \(statistics.uikitWarnings)") }
    for allowance in engine.contract.allowances {
      let count = InvariantID(rawValue: allowance.invariant).flatMap { statistics.violations[$0] } ?? 0
      lines.append("  allowed: \(allowance.invariant) (\(count) violation(s) accepted) because \(allowance.reason)")
    }
    let depths = statistics.depthHistogram.keys.sorted().map { "\($0):\(statistics.depthHistogram[$0]!)" }
    lines.append("  screen depth at quiescence: " + depths.joined(separator: " "))
    return lines
  }
}

extension Summary {
  /// Why a replayed trace failed: each unmet expectation at its line (with a − expected / + actual
  /// diff for `expect state` and `expect screen`), each violation no line expected.
  @MainActor
  static func replayFailure(_ result: ReplayResult, file: String) -> String {
    var text = ""
    let diffs = result.observed.filter { !$0.value.holds }
    for unmet in result.unmetExpectations {
      text += "  \(unmet)\n"
      let index = result.trace.lines.firstIndex(of: unmet.line)
      if let index, let observed = diffs[index] {
        text += LineDiff.text(expected: observed.expected, actual: observed.actual, indent: "    ")
      }
    }
    for violation in result.unexpectedViolations {
      let lines = result.trace.lines
      let line = lines.indices.contains(violation.stepIndex) ? lines[violation.stepIndex] : lines.last ?? 1
      text += "  \(file):\(line): violation \(violation.invariant.rawValue): \(violation.explanation)\n"
      if violation.expectedScreen != violation.actualScreen {
        text += LineDiff.text(expected: violation.expectedScreen, actual: violation.actualScreen, indent: "    ")
      }
    }
    return text
  }
}

extension Summary {
  /// One topology of a rotation: its share of the runs, and what it found, or why it did not run.
  struct RotationOutcome {
    var topology: Topology
    var share: Int
    var result: Campaign.Result?
    var notRun: String?
  }

  /// The terminal summary of a rotation (`navfuzz run` without `--topology`): the header, a line
  /// per topology (each the campaign `--topology T --seed S --runs N` alone), then the totals in
  /// the lines a single campaign's summary has. Deterministic (no timings).
  @MainActor
  static func rotation(_ outcomes: [RotationOutcome], engine: EngineChoice, options: Campaign.Options) -> String {
    var statistics = RunStatistics()
    var runs = 0
    var distinctStates = 0
    var failures: [String] = []
    for outcome in outcomes {
      guard let result = outcome.result else { continue }
      statistics.merge(result.statistics)
      runs += result.runsCompleted
      distinctStates += result.statistics.distinctStates.count
      failures += result.failures.map { "\(outcome.topology.name) \($0.violation.invariant.rawValue)" }
    }
    var lines: [String] = []
    lines.append(
      "navfuzz run: \(outcomes.count) topologies in turn, engine \(engine.name), semantics \(engine.semantics.name), seed \(options.seed), \(runs) runs of up to \(options.maxSteps) steps")
    let width = (outcomes.map(\.topology.name.count).max() ?? 0) + 2
    for outcome in outcomes {
      let name = "  " + outcome.topology.name.padding(width)
      guard let result = outcome.result else {
        lines.append(name + "not run: \(outcome.notRun ?? "")")
        continue
      }
      let found =
        result.failures.isEmpty
        ? "no violations"
        : "\(result.failures.count) distinct failure(s): " + result.failures.map(\.violation.invariant.rawValue).joined(separator: ", ")
      lines.append(
        name
          + "\(result.runsCompleted) runs, \(result.statistics.steps) steps, \(result.statistics.skipped) skipped, \(result.statistics.distinctStates.count) distinct states: \(found)"
      )
    }
    let flags = (options.maxSteps == 32 ? "" : " --max-steps \(options.maxSteps)") + (options.swarm ? "" : " --no-swarm")
    lines.append("  each line above is 'navfuzz run --topology T --seed \(options.seed) --runs N\(flags)' alone, N its runs")
    lines.append(
      "  total: steps \(statistics.steps), skipped \(statistics.skipped), distinct states \(distinctStates) (summed over topologies), deferred stack changes \(statistics.deferredStackChanges)"
        + (statistics.callbackIntents > 0 ? ", intents run from callbacks \(statistics.callbackIntents)" : ""))
    lines += details(statistics, engine: engine)
    lines.append(
      failures.isEmpty ? "result: no violations" : "result: \(failures.count) distinct failure(s): \(failures.joined(separator: ", "))")
    return lines.joined(separator: "\n")
  }
}
