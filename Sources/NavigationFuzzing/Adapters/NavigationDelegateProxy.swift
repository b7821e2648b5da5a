import HeadlessUIKit

/// Stands between a navigation controller and the app's own delegate: every call goes to the
/// app's delegate first, as if the proxy were not there, and then the adapter hears `willShow`
/// and `didShow` — after the app has handled them (a coordinator that writes the user's pops back
/// in `didShow` has done so when `didShow` here runs).
///
/// Install it after the app has set its delegate: a delegate the app sets later replaces the
/// proxy, as it would on a device.
@MainActor
public final class NavigationDelegateProxy: UINavigationControllerDelegate {
  /// The app's delegate, held weakly as UIKit holds a delegate.
  public private(set) weak var appDelegate: (any UINavigationControllerDelegate)?
  /// Runs after the app's delegate heard `navigationController(_:willShow:animated:)`.
  public var willShow: (@MainActor (UINavigationController, UIViewController) -> Void)?
  /// Runs after the app's delegate heard `navigationController(_:didShow:animated:)`.
  public var didShow: (@MainActor (UINavigationController, UIViewController) -> Void)?

  private init(appDelegate: (any UINavigationControllerDelegate)?) {
    self.appDelegate = appDelegate
  }

  /// Puts a proxy in front of `navigationController`'s delegate (or returns the one already
  /// there); the navigation controller keeps it alive.
  @discardableResult
  public static func install(on navigationController: UINavigationController) -> NavigationDelegateProxy {
    if let proxy = navigationController.delegate as? NavigationDelegateProxy { return proxy }
    let proxy = NavigationDelegateProxy(appDelegate: navigationController.delegate)
    navigationController.setAssociatedObject(proxy, for: proxyKey)
    navigationController.delegate = proxy
    return proxy
  }

  public func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
  ) {
    appDelegate?.navigationController(navigationController, willShow: viewController, animated: animated)
    willShow?(navigationController, viewController)
  }

  public func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
  ) {
    appDelegate?.navigationController(navigationController, didShow: viewController, animated: animated)
    didShow?(navigationController, viewController)
  }

  public func navigationControllerSupportedInterfaceOrientations(
    _ navigationController: UINavigationController
  ) -> UIInterfaceOrientationMask {
    appDelegate?.navigationControllerSupportedInterfaceOrientations(navigationController) ?? .all
  }

  public func navigationControllerPreferredInterfaceOrientationForPresentation(
    _ navigationController: UINavigationController
  ) -> UIInterfaceOrientation {
    appDelegate?.navigationControllerPreferredInterfaceOrientationForPresentation(navigationController) ?? .portrait
  }

  public func navigationController(
    _ navigationController: UINavigationController,
    interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)? {
    appDelegate?.navigationController(navigationController, interactionControllerFor: animationController)
  }

  public func navigationController(
    _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
    from fromVC: UIViewController, to toVC: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)? {
    appDelegate?.navigationController(navigationController, animationControllerFor: operation, from: fromVC, to: toVC)
  }
}

private let proxyKey = AssociatedKey<NavigationDelegateProxy>()
