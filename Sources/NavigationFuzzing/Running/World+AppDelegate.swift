import HeadlessUIKit

/// An app's own navigation delegate, as apps set one (to animate transitions, hide bars, log
/// screens): it does nothing to navigation, and notes what it hears. The engine may have a delegate
/// of its own on the same navigation controller — a stack writes the user's pops back from it —
/// and must forward every call to the app's (swift-navigation #259), which the
/// `delegate-forwarding` invariant checks: once settled, the app's delegate has heard `didShow` of
/// the controller on top.
@MainActor
final class AppNavigationDelegate: UINavigationControllerDelegate {
  /// The serials of the controllers it heard `didShow` of, and of the top when it was set.
  private var shown: Set<Int> = []
  private(set) var callsHeard = 0

  init(top: UIViewController?) {
    if let top { shown.insert(top.serial) }
  }

  func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
  ) {
    callsHeard += 1
  }

  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
  ) {
    callsHeard += 1
    shown.insert(viewController.serial)
  }

  /// Whether it heard `didShow` of `top` (or `top` was on top when it was set). Not the last
  /// `didShow` it heard: a push UIKit starts while another push loads its view ends first.
  func hasHeard(top: UIViewController?) -> Bool {
    top.map { shown.contains($0.serial) } ?? true
  }
}

extension World {
  /// Sets the app's own delegate on `navigation` (held by the world: delegates are weak).
  func installAppNavigationDelegate(on navigation: UINavigationController) {
    let delegate = AppNavigationDelegate(top: navigation.topViewController)
    appNavigationDelegate = delegate
    navigation.delegate = delegate
  }

  /// The navigation controller the app's delegate was set on: the root screen's.
  var rootNavigationController: UINavigationController? {
    let root = window.rootViewController
    return (root as? UITabBarController)?.viewControllers?.first as? UINavigationController ?? root as? UINavigationController
  }
}
