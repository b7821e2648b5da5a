/// What a run (or a campaign) did: how often each action ran, which pairs followed each other,
/// what was skipped and why, which states and depths were reached, and what was checked.
/// Every listing sorts its keys: nothing printed depends on hash order.
public struct RunStatistics: Sendable, Codable {
  public struct ActionPair: Hashable, Sendable, Comparable, Codable {
    public var first: ActionKind
    public var second: ActionKind
    public static func < (lhs: ActionPair, rhs: ActionPair) -> Bool {
      (lhs.first, lhs.second) < (rhs.first, rhs.second)
    }
  }

  public var runs = 0
  public var steps = 0
  public var actionCounts: [ActionKind: Int] = [:]
  public var actionPairs: [ActionPair: Int] = [:]
  public var skipReasons: [String: Int] = [:]
  public var checks: [InvariantID: Int] = [:]
  public var violations: [InvariantID: Int] = [:]
  public var deferredStackChanges = 0
  /// Intents the app's feature code ran from UIKit callbacks (alert buttons, appearance, `onDismiss`).
  public var callbackIntents = 0
  /// UIKit's log-only warnings not checked because the engine does not promise to avoid them
  /// (`EngineContract.avoidsUIKitWarnings`).
  public var uikitWarnings = 0
  /// Stable hashes of the reference model at each quiescent point.
  public var distinctStates: Set<UInt64> = []
  /// Screen depth (controllers on screen) at each quiescent point.
  public var depthHistogram: [Int: Int] = [:]

  public init() {}

  public var skipped: Int { skipReasons.values.reduce(0, +) }

  public mutating func merge(_ other: RunStatistics) {
    runs += other.runs
    steps += other.steps
    actionCounts.merge(other.actionCounts, uniquingKeysWith: +)
    actionPairs.merge(other.actionPairs, uniquingKeysWith: +)
    skipReasons.merge(other.skipReasons, uniquingKeysWith: +)
    checks.merge(other.checks, uniquingKeysWith: +)
    violations.merge(other.violations, uniquingKeysWith: +)
    deferredStackChanges += other.deferredStackChanges
    callbackIntents += other.callbackIntents
    uikitWarnings += other.uikitWarnings
    distinctStates.formUnion(other.distinctStates)
    depthHistogram.merge(other.depthHistogram, uniquingKeysWith: +)
  }
}
