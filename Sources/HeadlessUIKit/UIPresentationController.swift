import Foundation

/// The object that manages a presentation; its delegate hears about user dismissals only.
@preconcurrency @MainActor
open class UIPresentationController: NSObject {
  public private(set) weak var presentedViewController: UIViewController?
  public weak var delegate: (any UIAdaptivePresentationControllerDelegate)?

  public var presentingViewController: UIViewController? { presentedViewController?.presentingViewController }

  public init(presentedViewController: UIViewController) {
    self.presentedViewController = presentedViewController
    super.init()
  }
}

/// A popover's presentation controller: where it points.
@preconcurrency @MainActor
open class UIPopoverPresentationController: UIPresentationController {
  public var sourceView: UIView?
}

/// Told about dismissals the user makes (swipe, tap outside) — never about programmatic ones.
@preconcurrency @MainActor
public protocol UIAdaptivePresentationControllerDelegate: AnyObject {
  func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
  func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
  func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
  func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
}

extension UIAdaptivePresentationControllerDelegate {
  public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool { true }
  public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {}
  public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
  public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {}
}
