import Foundation

/// UIKit's navigation delegate, with every method UIKit has. Each is optional in Objective-C; here
/// a default implementation stands for "not implemented" (a `nil` answer means the delegate did
/// not implement it). The simulator calls `willShow` and `didShow`; it asks for no animation or
/// interaction controller, because transitions run on virtual durations, and it has no rotation.
@preconcurrency @MainActor
public protocol UINavigationControllerDelegate: AnyObject {
  func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
  func navigationControllerSupportedInterfaceOrientations(
    _ navigationController: UINavigationController) -> UIInterfaceOrientationMask
  func navigationControllerPreferredInterfaceOrientationForPresentation(
    _ navigationController: UINavigationController) -> UIInterfaceOrientation
  func navigationController(
    _ navigationController: UINavigationController,
    interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)?
  func navigationController(
    _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
    from fromVC: UIViewController, to toVC: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)?
}

extension UINavigationControllerDelegate {
  public func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
  ) {}
  public func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
  ) {}
  public func navigationControllerSupportedInterfaceOrientations(
    _ navigationController: UINavigationController
  ) -> UIInterfaceOrientationMask { .all }
  public func navigationControllerPreferredInterfaceOrientationForPresentation(
    _ navigationController: UINavigationController
  ) -> UIInterfaceOrientation { .portrait }
  public func navigationController(
    _ navigationController: UINavigationController,
    interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)? { nil }
  public func navigationController(
    _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
    from fromVC: UIViewController, to toVC: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)? { nil }
}

extension UINavigationController {
  /// What a stack transition does, as the delegate's animation question names it.
  public enum Operation: Int, Sendable {
    case none, push, pop
  }
}

/// The navigation bar (held only).
@preconcurrency @MainActor
open class UINavigationBar: UIView {
  public var prefersLargeTitles = false
  public var isTranslucent = true
  public var barTintColor: UIColor?
}

public struct UIInterfaceOrientationMask: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let portrait = UIInterfaceOrientationMask(rawValue: 1 << 1)
  public static let landscapeLeft = UIInterfaceOrientationMask(rawValue: 1 << 4)
  public static let landscapeRight = UIInterfaceOrientationMask(rawValue: 1 << 3)
  public static let portraitUpsideDown = UIInterfaceOrientationMask(rawValue: 1 << 2)
  public static let landscape: UIInterfaceOrientationMask = [.landscapeLeft, .landscapeRight]
  public static let all: UIInterfaceOrientationMask = [.portrait, .landscape, .portraitUpsideDown]
  public static let allButUpsideDown: UIInterfaceOrientationMask = [.portrait, .landscape]
}

public enum UIInterfaceOrientation: Int, Sendable {
  case unknown, portrait, portraitUpsideDown, landscapeLeft, landscapeRight
}

/// Custom transitions: the protocols exist so delegates that return animators compile; the
/// simulator never asks for them (transitions run on virtual durations).
@preconcurrency @MainActor
public protocol UIViewControllerContextTransitioning: AnyObject {
  var containerView: UIView { get }
  var isAnimated: Bool { get }
  var isInteractive: Bool { get }
  var transitionWasCancelled: Bool { get }
  func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
  func completeTransition(_ didComplete: Bool)
  // The rest of UIKit's context, with defaults (UIViewControllerTransitioning.swift).
  var presentationStyle: UIModalPresentationStyle { get }
  func view(forKey key: UITransitionContextViewKey) -> UIView?
  func initialFrame(for viewController: UIViewController) -> CGRect
  func finalFrame(for viewController: UIViewController) -> CGRect
  func updateInteractiveTransition(_ percentComplete: CGFloat)
  func finishInteractiveTransition()
  func cancelInteractiveTransition()
  func pauseInteractiveTransition()
}

public struct UITransitionContextViewControllerKey: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let from = UITransitionContextViewControllerKey(rawValue: "from")
  public static let to = UITransitionContextViewControllerKey(rawValue: "to")
}

@preconcurrency @MainActor
public protocol UIViewControllerAnimatedTransitioning: AnyObject {
  func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval
  func animateTransition(using transitionContext: any UIViewControllerContextTransitioning)
  func animationEnded(_ transitionCompleted: Bool)
}

@preconcurrency @MainActor
public protocol UIViewControllerInteractiveTransitioning: AnyObject {
  func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning)
  var completionSpeed: CGFloat { get }
  var wantsInteractiveStart: Bool { get }
}
