import NavigationFuzzing

/// The terminal summary of a campaign: deterministic (no timings), short, sorted.
enum Summary {
  @MainActor
  static func campaign(_ result: Campaign.Result, topology: Topology, engine: EngineChoice, options: Campaign.Options) -> String {
    let statistics = result.statistics
    var lines: [String] = []
    lines.append(
      "navfuzz run: topology \(topology.name), engine \(engine.name), semantics \(engine.semantics.name), seed \(options.seed), \(result.runsCompleted) runs of up to \(options.maxSteps) steps")
    lines.append(
      "  steps \(statistics.steps), skipped \(statistics.skipped), distinct states \(statistics.distinctStates.count), deferred stack changes \(statistics.deferredStackChanges)"
        + (statistics.callbackIntents > 0 ? ", intents run from callbacks \(statistics.callbackIntents)" : ""))
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
    if result.failures.isEmpty {
      lines.append("result: no violations")
    } else {
      let names = result.failures.map(\.violation.invariant.rawValue).joined(separator: ", ")
      lines.append("result: \(result.failures.count) distinct failure(s): \(names)")
    }
    return lines.joined(separator: "\n")
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
