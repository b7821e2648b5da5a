/// Something UIKit would have said: a refused call logged to the console, or an exception that
/// would have crashed the app. Recorded, never thrown, so a run can continue and the harness decides.
public struct UIKitDiagnostic: Hashable, Sendable, CustomStringConvertible {
  /// What the diagnostic costs the app, as UIKit behaves on a device (docs/SEMANTICS.md).
  public enum Severity: String, Hashable, Sendable, CaseIterable {
    /// UIKit raises an exception: the app crashes.
    case exception
    /// UIKit logs and drops the call: what it asked for does not happen, its completion never runs.
    case refusal
    /// UIKit logs and drops the call, but what it asked for happens anyway and no completion is
    /// lost: only the console shows it.
    case warning
    /// Not wrong in itself.
    case information
  }

  public enum Kind: String, Hashable, Sendable, CaseIterable {
    // Refusals: UIKit logs the message and does nothing; completion handlers never run.
    case presentWhileAlreadyPresenting = "present-while-already-presenting"
    case presentWhileTransitioning = "present-while-transitioning"
    case presentNotInWindowHierarchy = "present-not-in-window-hierarchy"
    case dismissWhileTransitioning = "dismiss-while-transitioning"
    // Warnings: logged and dropped, but nothing is lost.
    /// A dismissal, without a completion, of a controller already being dismissed: the first
    /// dismissal removes it anyway.
    case dismissWhileBeingDismissed = "dismiss-while-being-dismissed"
    // Exceptions: on a device these crash the app.
    case presentActiveController = "present-active-controller"
    case presentSelf = "present-self"
    case presentChildController = "present-child-controller"
    case pushSameInstance = "push-same-instance"
    case pushNavigationController = "push-navigation-controller"
    case pushControllerWithParent = "push-controller-with-parent"
    case popToMissingController = "pop-to-missing-controller"
    // Information: not wrong in itself.
    case navigationOperationDeferred = "navigation-operation-deferred"
    case runLoopDidNotSettle = "run-loop-did-not-settle"

    public var severity: Severity {
      switch self {
      case .presentActiveController, .presentSelf, .presentChildController, .pushSameInstance,
        .pushNavigationController, .pushControllerWithParent, .popToMissingController:
        return .exception
      case .presentWhileAlreadyPresenting, .presentWhileTransitioning, .presentNotInWindowHierarchy,
        .dismissWhileTransitioning:
        return .refusal
      case .dismissWhileBeingDismissed:
        return .warning
      case .navigationOperationDeferred, .runLoopDidNotSettle:
        return .information
      }
    }

    /// UIKit raises an exception (`NSInvalidArgumentException` and friends) for these.
    public var isException: Bool { severity == .exception }

    /// UIKit logs and drops the call, and what it asked for does not happen.
    public var isRefusal: Bool { severity == .refusal }
  }

  public var kind: Kind
  /// The message in UIKit's wording.
  public var message: String
  /// Debug names of the controllers involved.
  public var controllers: [String]
  /// Virtual time at which it happened.
  public var time: Int

  public var description: String { "[\(kind.rawValue)] \(message)" }
}
