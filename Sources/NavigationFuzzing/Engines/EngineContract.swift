/// What an engine declares it offers, and which violations its user accepts: the harness checks
/// only what is declared, and says what it did not check — never silently.
public struct EngineContract: Sendable, Hashable {
  /// An accepted violation: its invariant and why it is accepted. Reports list every one.
  public struct Allowance: Sendable, Hashable, Codable {
    public var invariant: String
    public var reason: String
  }

  /// The engine calls `onDismiss` for pushed destinations (swift-navigation's
  /// `navigationDestination` takes none).
  public var onDismissForPushes = true
  /// The engine never asks UIKit for a presentation or dismissal while a transition involving it
  /// runs (it waits); when false, UIKit's refusals "while a presentation is in progress" are the
  /// app's business, not violations.
  public var waitsForTransitions = true
  /// The engine never makes UIKit log a warning that costs nothing (a second dismissal, without a
  /// completion, of a controller already being dismissed: UIKit logs it and the first dismissal
  /// does the work). When false, such warnings are counted (`RunStatistics.uikitWarnings`) and
  /// shown in every summary, not `uikit-rules` violations; refusals and exceptions still are.
  public var avoidsUIKitWarnings = true
  /// Invariants whose violations are accepted, each with its reason.
  public private(set) var allowances: [Allowance] = []

  /// Everything: what the built-in engine offers.
  public init() {}

  public init(onDismissForPushes: Bool = true, waitsForTransitions: Bool = true, avoidsUIKitWarnings: Bool = true) {
    self.onDismissForPushes = onDismissForPushes
    self.waitsForTransitions = waitsForTransitions
    self.avoidsUIKitWarnings = avoidsUIKitWarnings
  }

  /// Accepts violations of `invariant`, for `reason` (required: an allowance without a reason is
  /// refused).
  public mutating func allow(_ invariant: InvariantID, because reason: String) throws(AllowanceError) {
    let trimmed = String(reason.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    guard !trimmed.isEmpty else { throw AllowanceError(invariant: invariant) }
    allowances.removeAll { $0.invariant == invariant.rawValue }
    allowances.append(Allowance(invariant: invariant.rawValue, reason: trimmed))
    allowances.sort { $0.invariant < $1.invariant }
  }

  public func allows(_ invariant: InvariantID) -> Bool {
    allowances.contains { $0.invariant == invariant.rawValue }
  }

  /// What the harness does not check because the engine does not offer it, one line each.
  public var notChecked: [String] {
    var lines: [String] = []
    if !onDismissForPushes { lines.append("ondismiss-exactly-once for pushed destinations (the engine has no onDismiss for pushes)") }
    if !waitsForTransitions {
      lines.append("no-double-presentation refusals during a transition (the engine does not wait for transitions)")
    }
    if !avoidsUIKitWarnings {
      lines.append(
        "uikit-rules for UIKit's log-only warnings (a second dismissal, without completion, of a controller already being dismissed), counted as UIKit warnings")
    }
    return lines
  }
}

/// An allowance without a reason.
public struct AllowanceError: Error, CustomStringConvertible, Sendable {
  public var invariant: InvariantID
  public var description: String { "allowing '\(invariant.rawValue)' needs a reason" }
}
