import Foundation

/// The object that manages a presentation; its delegate hears about user dismissals only.
/// Subclassable, as in UIKit, so a custom presentation controller compiles; its transition
/// methods and geometry are held only: the simulator never calls them.
@preconcurrency @MainActor
open class UIPresentationController: NSObject {
  /// Not optional, as in UIKit (code written for iOS uses it without unwrapping); unowned, as the
  /// presented controller owns its presentation controller.
  public unowned let presentedViewController: UIViewController
  public weak var delegate: (any UIAdaptivePresentationControllerDelegate)?

  /// Not optional in UIKit either; here it is decided when the presentation begins, so it is nil
  /// before (an implicitly unwrapped optional: code that uses it as UIKit's compiles unchanged).
  public var presentingViewController: UIViewController! { presentedViewController.presentingViewController }

  public init(presentedViewController: UIViewController) {
    self.presentedViewController = presentedViewController
    super.init()
  }

  /// UIKit's designated initializer; the presenting controller is decided when it presents.
  public convenience init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
    self.init(presentedViewController: presentedViewController)
  }

  open var presentationStyle: UIModalPresentationStyle { presentedViewController.modalPresentationStyle }
  open var containerView: UIView? { nil }
  open var presentedView: UIView? { presentedViewController.viewIfLoaded }
  open var frameOfPresentedViewInContainerView: CGRect { .zero }
  open var shouldPresentInFullscreen: Bool { true }
  open var shouldRemovePresentersView: Bool { false }
  open func presentationTransitionWillBegin() {}
  open func presentationTransitionDidEnd(_ completed: Bool) {}
  open func dismissalTransitionWillBegin() {}
  open func dismissalTransitionDidEnd(_ completed: Bool) {}
  open func containerViewWillLayoutSubviews() {}
  open func containerViewDidLayoutSubviews() {}
}

/// A popover's presentation controller: where it points.
@preconcurrency @MainActor
open class UIPopoverPresentationController: UIPresentationController {
  public var sourceView: UIView?
  public var sourceRect = CGRect.zero
  public var barButtonItem: UIBarButtonItem?
  /// Views the user may touch without dismissing the popover (held only).
  public var passthroughViews: [UIView]?
}

/// Told about dismissals the user makes (swipe, tap outside) — never about programmatic ones.
/// The adaptation methods exist so delegates compile; held only: the simulator does not adapt.
@preconcurrency @MainActor
public protocol UIAdaptivePresentationControllerDelegate: AnyObject {
  func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
  func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
  func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
  func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
  func adaptivePresentationStyle(for controller: UIPresentationController) -> UIModalPresentationStyle
  func adaptivePresentationStyle(
    for controller: UIPresentationController, traitCollection: UITraitCollection) -> UIModalPresentationStyle
  func presentationController(
    _ controller: UIPresentationController,
    viewControllerForAdaptivePresentationStyle style: UIModalPresentationStyle) -> UIViewController?
}

extension UIAdaptivePresentationControllerDelegate {
  public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool { true }
  public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {}
  public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
  public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {}
  public func adaptivePresentationStyle(for controller: UIPresentationController) -> UIModalPresentationStyle {
    .automatic
  }
  public func adaptivePresentationStyle(
    for controller: UIPresentationController, traitCollection: UITraitCollection
  ) -> UIModalPresentationStyle { .automatic }
  public func presentationController(
    _ controller: UIPresentationController,
    viewControllerForAdaptivePresentationStyle style: UIModalPresentationStyle
  ) -> UIViewController? { nil }
}

/// A popover's delegate: the adaptive delegate's dismissal calls reach it; its own methods
/// (preparing and repositioning the popover) are not modelled.
@preconcurrency @MainActor
public protocol UIPopoverPresentationControllerDelegate: UIAdaptivePresentationControllerDelegate {}

/// A sheet's delegate: told when the user drags the sheet to another detent. The simulator never
/// moves a sheet between detents, so it never calls it.
@preconcurrency @MainActor
public protocol UISheetPresentationControllerDelegate: UIAdaptivePresentationControllerDelegate {
  func sheetPresentationControllerDidChangeSelectedDetentIdentifier(
    _ sheetPresentationController: UISheetPresentationController)
}

extension UISheetPresentationControllerDelegate {
  public func sheetPresentationControllerDidChangeSelectedDetentIdentifier(
    _ sheetPresentationController: UISheetPresentationController
  ) {}
}
