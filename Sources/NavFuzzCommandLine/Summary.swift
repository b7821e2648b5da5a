import NavigationFuzzing

/// The terminal summary of a campaign: deterministic (no timings), short, sorted.
enum Summary {
  @MainActor
  static func campaign(_ result: Campaign.Result, topology: Topology, engine: EngineChoice, options: Campaign.Options) -> String {
    let statistics = result.statistics
    var lines: [String] = []
    lines.append(
      "\(ReplayCommandLine.executable) run: topology \(topology.name), engine \(engine.name), semantics \(engine.semantics.name), "
        // `--run-seed` repeats one run: its seed is the run's own, not the campaign's.
        + (options.onlyRunSeed.map { "run seed \($0)" } ?? "seed \(options.seed)")
        + ", \(result.runsCompleted) runs of up to \(options.maxSteps) steps")
    lines.append(
      "  steps \(statistics.steps), skipped \(statistics.skipped), distinct states \(statistics.distinctStates.count), deferred stack changes \(statistics.deferredStackChanges)"
        + (statistics.callbackIntents > 0 ? ", intents run from callbacks \(statistics.callbackIntents)" : ""))
    lines += details(statistics, engine: engine)
    lines += defects(result.defects)
    return lines.joined(separator: "\n")
  }

  /// The result line, then one line per defect (`Defect.listOrder`): its short id, how many runs
  /// failed with it, the first run's seed, its shortest trace's length and the invariants that
  /// trace breaks; a race says what it needs, a known defect why it is accepted.
  static func defects(_ defects: [Defect]) -> [String] {
    guard !defects.isEmpty else { return ["result: no violations"] }
    let new = defects.filter { !$0.isKnown }
    let known = defects.filter(\.isKnown)
    func runs(_ defects: [Defect]) -> Int { defects.map(\.count).reduce(0, +) }
    var parts: [String] = []
    if !new.isEmpty || known.isEmpty {
      let races = new.filter(\.isRace).count
      parts.append(
        "\(new.count) \(known.isEmpty ? "" : "new ")defect(s) in \(runs(new)) failing run(s)"
          + (races > 0 ? " (\(races) of them race(s))" : ""))
    }
    if !known.isEmpty {
      let searched = known.map { $0.instances.filter(\.searchedPast).count }.reduce(0, +)
      parts.append("\(known.count) known defect(s) in \(runs(known)) run(s), searched past in \(searched)")
    }
    var lines = ["result: " + parts.joined(separator: "; ")]
    for defect in defects { lines.append("  " + line(for: defect)) }
    return lines
  }

  /// `3f9a2c1e  72 runs, first run seed 1045…, shortest 4 steps, invariants a, b`.
  static func line(for defect: Defect) -> String {
    var text = "\(defect.isKnown ? "known " : "")\(defect.signature.shortID)  \(defect.count) run(s), first run seed \(defect.firstRunSeed)"
    if let shortest = defect.shortest { text += ", shortest \(shortest.shrunk.actions.count) steps" }
    text += ", invariants " + defect.invariants.map(\.rawValue).joined(separator: ", ")
    if defect.isRace { text += "; race: needs " + defect.raceNeeds.joined(separator: ", ") }
    if let reason = defect.knownReason { text += "; known because \(reason)" }
    return text
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
    for outcome in outcomes {
      guard let result = outcome.result else { continue }
      statistics.merge(result.statistics)
      runs += result.runsCompleted
      distinctStates += result.statistics.distinctStates.count
    }
    var lines: [String] = []
    lines.append(
      "\(ReplayCommandLine.executable) run: \(outcomes.count) topologies in turn, engine \(engine.name), semantics \(engine.semantics.name), seed \(options.seed), \(runs) runs of up to \(options.maxSteps) steps")
    let width = (outcomes.map(\.topology.name.count).max() ?? 0) + 2
    for outcome in outcomes {
      let name = "  " + outcome.topology.name.padding(width)
      guard let result = outcome.result else {
        lines.append(name + "not run: \(outcome.notRun ?? "")")
        continue
      }
      let found =
        result.defects.isEmpty
        ? "no violations"
        : "\(result.defects.count) defect(s): " + result.defects.map(\.signature.shortID).joined(separator: ", ")
      lines.append(
        name
          + "\(result.runsCompleted) runs, \(result.statistics.steps) steps, \(result.statistics.skipped) skipped, \(result.statistics.distinctStates.count) distinct states: \(found)"
      )
    }
    let flags = (options.maxSteps == 32 ? "" : " --max-steps \(options.maxSteps)") + (options.swarm ? "" : " --no-swarm")
    lines.append("  each line above is '\(ReplayCommandLine.executable) run --topology T --seed \(options.seed) --runs N\(flags)' alone, N its runs")
    lines.append(
      "  total: steps \(statistics.steps), skipped \(statistics.skipped), distinct states \(distinctStates) (summed over topologies), deferred stack changes \(statistics.deferredStackChanges)"
        + (statistics.callbackIntents > 0 ? ", intents run from callbacks \(statistics.callbackIntents)" : ""))
    lines += details(statistics, engine: engine)
    lines += defects(Defect.merging(outcomes.compactMap { $0.result?.defects }))
    return lines.joined(separator: "\n")
  }
}
