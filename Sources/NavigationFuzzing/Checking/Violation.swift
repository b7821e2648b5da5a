import HeadlessUIKit

/// An invariant that did not hold, where, and why, with the evidence.
public struct Violation: Hashable, Sendable {
  public var invariant: InvariantID
  /// The index of the step after which it was found.
  public var stepIndex: Int
  /// What went wrong, in a sentence or two.
  public var explanation: String
  public var expectedModel: [String]
  public var actualModel: [String]
  public var expectedScreen: [String]
  public var actualScreen: [String]
  /// The ids of the inferred rules of UIKit (`UIKitRule`, evidence `inferred`) the simulator had
  /// applied when the violation was found: the verdict may rest on them, so every report names them.
  public var restsOnInferredRules: [String] = []
}

extension Violation {
  /// The one line every report of a failure prints when its verdict rests on inferred rules of
  /// UIKit: each rule's id with its evidence in a line. Nil when it rests on none.
  public static func inferredRulesNote(_ ids: [String]) -> String? {
    guard !ids.isEmpty else { return nil }
    let rules = ids.map { id in UIKitRule(id: id).map { "\(id) (\($0.source))" } ?? id }
    return "rests on inferred UIKit rules (docs/SEMANTICS.md §1): " + rules.joined(separator: "; ")
  }
}

/// Why a step could not be applied: it addresses something that does not exist at that point.
public struct InvalidStep: Error, Equatable, Sendable {
  public var reason: String
}

/// What happened to one step.
public enum StepOutcome: Equatable, Sendable {
  case performed
  /// A user gesture with nothing to act on: skipped and reported, not an error.
  case skipped(String)
}

extension Violation {
  /// How `ondismiss-exactly-once` ends its explanation when a presentation left the screen and its
  /// onDismiss never ran.
  static let onDismissTooFew = "too few"

  /// Whether this says a presentation left the screen and its onDismiss never ran: the engine did
  /// not hear it leave (or heard it and skipped its onDismiss).
  var isOnDismissNeverRun: Bool {
    invariant == .onDismissExactlyOnce && explanation.hasSuffix(Self.onDismissTooFew)
  }
}
