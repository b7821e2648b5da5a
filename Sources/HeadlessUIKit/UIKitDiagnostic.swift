/// Something UIKit would have said: a refused call logged to the console, or an exception that
/// would have crashed the app. Recorded, never thrown, so a run can continue and the harness decides.
public struct UIKitDiagnostic: Hashable, Sendable, CustomStringConvertible {
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    // Refusals: UIKit logs the message and does nothing; completion handlers never run.
    case presentWhileAlreadyPresenting = "present-while-already-presenting"
    case presentWhileTransitioning = "present-while-transitioning"
    case presentNotInWindowHierarchy = "present-not-in-window-hierarchy"
    case dismissWhileTransitioning = "dismiss-while-transitioning"
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

    /// UIKit raises an exception (`NSInvalidArgumentException` and friends) for these.
    public var isException: Bool {
      switch self {
      case .presentActiveController, .presentSelf, .presentChildController, .pushSameInstance,
        .pushNavigationController, .pushControllerWithParent, .popToMissingController:
        return true
      default:
        return false
      }
    }

    /// UIKit logs and drops the call.
    public var isRefusal: Bool {
      switch self {
      case .presentWhileAlreadyPresenting, .presentWhileTransitioning, .presentNotInWindowHierarchy,
        .dismissWhileTransitioning:
        return true
      default:
        return false
      }
    }
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
