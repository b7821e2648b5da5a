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
