import NavigationReference

/// The result of replaying a trace.
public struct ReplayResult: Sendable {
  public var trace: Trace
  public var engine: String
  /// The semantics profile that judged the replay.
  public var semantics: String
  /// What was not checked (the engine does not offer it) and which violations were accepted.
  public var notChecked: [String]
  public var allowed: [EngineContract.Allowance]
  public var violations: [Violation]
  /// `expect` lines that did not hold, located at their file and line.
  public var unmetExpectations: [TraceError]
  /// Violations no `expect violation` line asked for.
  public var unexpectedViolations: [Violation]
  /// User steps that had nothing to act on, with their line and why.
  public var skipped: [(line: Int, reason: String)]
  public var statistics: RunStatistics
  /// The steps that were applied (in lenient mode, invalid ones are left out).
  public var performedSteps: [Step]
  /// What each `expect state` / `expect screen` step saw, by step index: the expected and the
  /// actual entries, for a − expected / + actual diff and for recording expectations.
  public var observed: [Int: ObservedExpectation] = [:]
  /// Whether `keepsGoing` stopped the replay before its last step (then nothing after the step
  /// it reached was checked, nor the end).
  public var stoppedEarly = false
  /// The engine the replay ran, judged as it was: a report replays the trace again with it for
  /// its timeline, whether or not the engine is registered by name.
  package var ranWith: EngineChoice?

  public var passed: Bool { unmetExpectations.isEmpty && unexpectedViolations.isEmpty }
}

@MainActor
public enum Replay {
  /// Replays a trace on a fresh world. Strict mode (the default) fails with the file and line of a
  /// step that addresses something that does not exist; lenient mode (the shrinker's) skips it.
  /// `until` stops as soon as that invariant is violated; `keepsGoing`, asked before each step,
  /// stops it when it says so (a shrink interrupted within a replay of a long trace).
  public static func run(
    _ trace: Trace, topology: Topology, engine: EngineChoice, lenient: Bool = false, until target: InvariantID? = nil,
    afterEachStep: ((Int, Runner) -> Void)? = nil, keepsGoing: (() -> Bool)? = nil
  ) throws(TraceError) -> ReplayResult {
    let runner = Runner(topology: topology, engine: engine)
    var unmet: [TraceError] = []
    var expected: Set<InvariantID> = []
    var skipped: [(Int, String)] = []
    var performed: [Step] = []
    var observed: [Int: ObservedExpectation] = [:]
    var stoppedEarly = false
    func located(_ index: Int, _ message: String) -> TraceError {
      TraceError(file: trace.source, line: trace.lines.indices.contains(index) ? trace.lines[index] : index + 1, message: message)
    }
    for (index, step) in trace.steps.enumerated() {
      if let keepsGoing, !keepsGoing() {
        stoppedEarly = true
        break
      }
      if case .expect(let expectation) = step {
        switch expectation {
        case .state(let entries):
          observed[index] = ObservedExpectation(
            kind: "state", expected: entries.sorted(), actual: runner.world.rootModel.stateDescription(detailed: false))
        case .screen(let entries):
          observed[index] = ObservedExpectation(
            kind: "screen", expected: entries, actual: runner.world.screenEntries().map(\.description))
        case .ok, .violation: break
        }
        if let problem = check(expectation, runner: runner, expected: &expected) { unmet.append(located(index, problem)) }
        performed.append(step)
        continue
      }
      do {
        if case .skipped(let reason) = try runner.perform(step, index: index) { skipped.append((located(index, "").line, reason)) }
        performed.append(step)
      } catch {
        if !lenient { throw located(index, error.reason) }
      }
      afterEachStep?(index, runner)
      if let target, runner.violations.contains(where: { $0.invariant == target }) { break }
    }
    if !stoppedEarly, target == nil || !runner.violations.contains(where: { $0.invariant == target }) {
      runner.finish(stepIndex: trace.steps.count)
    }
    return ReplayResult(
      trace: trace, engine: engine.name, semantics: engine.semantics.name,
      notChecked: engine.contract.notChecked, allowed: engine.contract.allowances, violations: runner.violations, unmetExpectations: unmet,
      unexpectedViolations: runner.violations.filter { !expected.contains($0.invariant) }, skipped: skipped,
      statistics: runner.statistics, performedSteps: performed, observed: observed, stoppedEarly: stoppedEarly,
      ranWith: engine)
  }

  private static func check(_ expectation: Expectation, runner: Runner, expected: inout Set<InvariantID>) -> String? {
    switch expectation {
    case .ok:
      guard let first = runner.violations.first else { return nil }
      return "expected no violation so far, found \(first.invariant.rawValue): \(first.explanation)"
    case .violation(let id):
      expected.insert(id)
      guard runner.violations.contains(where: { $0.invariant == id }) else {
        let found = runner.violations.map(\.invariant.rawValue)
        return "expected violation \(id.rawValue), found \(found.isEmpty ? "none" : found.joined(separator: ", "))"
      }
      return nil
    case .state(let entries):
      let actual = runner.world.rootModel.stateDescription(detailed: false)
      guard actual != entries.sorted() else { return nil }
      return "expected state \(entries.isEmpty ? "(empty)" : entries.sorted().joined(separator: " ")), found \(actual.isEmpty ? "(empty)" : actual.joined(separator: " "))"
    case .screen(let entries):
      let actual = runner.world.screenEntries().map(\.description)
      guard actual != entries else { return nil }
      return "expected screen \(entries.isEmpty ? "(nothing)" : entries.joined(separator: " ")), found \(actual.joined(separator: " "))"
    }
  }
}

/// What an `expect state` or `expect screen` step asked for and what the run showed.
public struct ObservedExpectation: Sendable, Equatable {
  /// "state" or "screen".
  public var kind: String
  public var expected: [String]
  public var actual: [String]
  public var holds: Bool { expected == actual }
}
