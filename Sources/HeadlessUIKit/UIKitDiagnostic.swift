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
    /// A push, pop or `setViewControllers` asked of a navigation controller while a presentation
    /// over its stack is in flight: UIKit logs it and leaves the stack as it was.
    case navigationStackNotUpdated = "navigation-stack-not-updated"
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
    /// `setViewControllers` (or `viewControllers =`) with one instance twice.
    case viewControllersNotDistinct = "view-controllers-not-distinct"
    // Information: not wrong in itself.
    case navigationOperationDeferred = "navigation-operation-deferred"
    /// A `dismiss` asked while what it would dismiss is being presented or dismissed: it waits for
    /// that transition to end and is then carried out as the hierarchy stands.
    case dismissDeferred = "dismiss-deferred"
    case runLoopDidNotSettle = "run-loop-did-not-settle"

    public var severity: Severity {
      switch self {
      case .presentActiveController, .presentSelf, .presentChildController, .pushSameInstance,
        .pushNavigationController, .pushControllerWithParent, .popToMissingController, .viewControllersNotDistinct:
        return .exception
      case .presentWhileAlreadyPresenting, .presentWhileTransitioning, .presentNotInWindowHierarchy,
        .dismissWhileTransitioning, .navigationStackNotUpdated:
        return .refusal
      case .dismissWhileBeingDismissed:
        return .warning
      case .navigationOperationDeferred, .dismissDeferred, .runLoopDidNotSettle:
        return .information
      }
    }

    /// The rule that says UIKit does this (docs/SEMANTICS.md §1). A diagnostic reported under a
    /// more particular rule (a second dismissal of what is already going) names that rule instead.
    public var rule: UIKitRule {
      switch self {
      case .presentWhileAlreadyPresenting: return .presentOnPresentingContextRefused
      case .presentWhileTransitioning: return .presentDuringTransitionRefused
      case .presentNotInWindowHierarchy: return .presentOutsideWindowRefused
      case .dismissWhileTransitioning: return .redundantDismissIsAWarning
      case .navigationStackNotUpdated: return .stackChangeDroppedDuringAPresentation
      case .dismissWhileBeingDismissed: return .redundantDismissIsAWarning
      case .presentActiveController: return .presentingAnActiveControllerRaises
      case .presentSelf: return .presentingOnItselfRaises
      case .presentChildController: return .presentingAChildRaises
      case .pushSameInstance: return .pushingTheSameInstanceRaises
      case .pushNavigationController: return .pushingANavigationControllerRaises
      case .pushControllerWithParent: return .pushingAnotherContainersChildRaises
      case .popToMissingController: return .poppingToAMissingControllerRaises
      case .viewControllersNotDistinct: return .distinctStackControllers
      case .navigationOperationDeferred: return .stackChangeWaitsForTheStacksTransition
      case .dismissDeferred: return .dismissWaitsForRunningTransition
      case .runLoopDidNotSettle: return .virtualTime
      }
    }

    /// UIKit raises an exception (`NSInvalidArgumentException` and friends) for these.
    public var isException: Bool { severity == .exception }

    /// UIKit logs and drops the call, and what it asked for does not happen.
    public var isRefusal: Bool { severity == .refusal }
  }

  public var kind: Kind
  /// The rule of UIKit the simulator applied (`kind.rule`, or a more particular one).
  public var rule: UIKitRule
  /// The message in UIKit's wording.
  public var message: String
  /// Debug names of the controllers involved.
  public var controllers: [String]
  /// Virtual time at which it happened.
  public var time: Int

  public var description: String { "[\(kind.rawValue)] \(message)" }
}
