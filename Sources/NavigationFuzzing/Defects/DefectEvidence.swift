/// What a failure's shrunk trace says about its defect, found by replaying it: the signature, the
/// invariants the trace breaks, and what a race needs.
@MainActor
public struct DefectEvidence: Sendable {
  public var signature: DefectSignature
  /// Every invariant the shrunk trace violates, replayed whole, in `InvariantID` order.
  public var invariants: [InvariantID]
  /// For a race: each gesture and program change the trace needs in one run-loop turn to reach
  /// its finding (a gesture after the finding is not needed for it), as trace lines (`user
  /// dismiss in the turn of set presentedChild 2`); empty for a defect that is not one.
  public var raceNeeds: [String]
  /// The first thing that goes wrong in the trace, as the check explained it: the signature's
  /// violation, with names and ids.
  public var finding: Violation?

  /// The evidence of `actions`, a shrunk trace that violates `target`.
  public init(shrunk actions: [Step], target: InvariantID, topology: Topology, engine: EngineChoice) {
    let actions = actions.filter { !$0.isExpectation }
    let replayed = try? Replay.run(Trace(topology: topology.name, steps: actions), topology: topology, engine: engine)
    invariants = (replayed?.violations.map(\.invariant) ?? [target]).sorted()
    let first = Self.firstFinding(of: actions, topology: topology, engine: engine)
    // A race is judged on what names the defect: the finding's prefix and its invariant. A trace
    // shrunk for a later violation may end in a gesture that later violation needs, after a
    // finding that needs none (measured on the real swift-navigation: `ondismiss-exactly-once`
    // seen before the `user dismiss` that the shrink target, `animated-as-asked`, needed).
    let spec = topology.spec
    let judged = first.map { ($0.prefix, $0.violation.invariant) } ?? (actions, target)
    raceNeeds = RaceCheck.neededPairs(in: judged.0, target: judged.1, topology: topology, engine: engine).map {
      "\(TraceFormat.line(for: $0.gesture, spec: spec)) in the turn of \(TraceFormat.line(for: $0.change, spec: spec))"
    }
    let finding = first?.violation ?? replayed?.violations.first { $0.invariant == target }
    self.finding = finding
    if let first,
      let difference = SemanticsDifference.explaining(first.prefix, topology: topology, engine: engine)
    {
      signature = DefectSignature(invariant: .referenceAgreement, check: difference)
    } else {
      // The first violation of the finding's prefix that shows the world parting from the
      // reference: a check made during a step (a stale transition, a call UIKit refused) has no
      // screens, and the divergence it leads to names its cause better than its words.
      let named = first?.violations.first { FirstDivergence.check(of: $0) != nil } ?? finding
      signature =
        named.map { DefectSignature(of: $0) }
        ?? DefectSignature(invariant: target, check: DefectSignature.check(from: ""))
    }
  }

  /// The longest trace whose prefixes are each replayed to find its first finding: a trace left
  /// long (`--no-shrink`, a shrink cut short, a run of thousands of steps) would take one replay
  /// per step, hours in all. A longer trace is named by its first violation as it ran instead.
  static let longestTraceScanned = RaceCheck.longestTraceJudged

  /// The first thing that goes wrong in `steps`: the earliest violation of the shortest prefix
  /// that, settled, violates anything (ties in `InvariantID` order). A trace that passes through
  /// another defect on its way to the one it was shrunk for is that defect's: it is what to fix
  /// first, and the shrinker, which keeps whatever reaches its target, leaves such detours in.
  /// Returned with that prefix, settled, and all its violations in order.
  ///
  /// A trace longer than `longestTraceScanned` is replayed once, settled: its first violation
  /// after step `i` also follows step `i` of the prefix that ends there (a replay is deterministic),
  /// so that prefix, settled, is the finding — not always the shortest, but two replays, not one
  /// per step.
  static func firstFinding(of steps: [Step], topology: Topology, engine: EngineChoice) -> (
    violation: Violation, prefix: [Step], violations: [Violation]
  )? {
    guard steps.count > longestTraceScanned else {
      for length in 1...max(steps.count, 1) {
        if let found = finding(of: Array(steps.prefix(length)), topology: topology, engine: engine) { return found }
      }
      return nil
    }
    guard let whole = finding(of: steps, topology: topology, engine: engine) else { return nil }
    let end = min(whole.violation.stepIndex + 1, steps.count)
    return end < steps.count ? finding(of: Array(steps.prefix(end)), topology: topology, engine: engine) ?? whole : whole
  }

  /// The violations of `steps`, settled, in order, with the first; nil when it runs clean.
  private static func finding(of steps: [Step], topology: Topology, engine: EngineChoice) -> (
    violation: Violation, prefix: [Step], violations: [Violation]
  )? {
    let prefix = steps + [.settle]
    let trace = Trace(topology: topology.name, steps: prefix)
    let violations = (try? Replay.run(trace, topology: topology, engine: engine, lenient: true))?.violations ?? []
    let ordered = violations.sorted { ($0.stepIndex, $0.invariant) < ($1.stepIndex, $1.invariant) }
    return ordered.first.map { ($0, prefix, ordered) }
  }
}
