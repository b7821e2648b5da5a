import Testing
import UIKit

/// `interactivePopGestureRecognizer`, as apps use it: turned off, given a delegate, or cleared to
/// bring the swipe back under a custom back button.
@MainActor
@Suite struct InteractivePopGestureTests {
  /// A coordinator that allows the swipe back on every screen but the first.
  final class SwipeBackPolicy: NSObject, UIGestureRecognizerDelegate {
    weak var navigationController: UINavigationController?
    var asked = 0
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
      asked += 1
      return (navigationController?.viewControllers.count ?? 0) > 2
    }
  }

  private func worldWithPushedDetail() -> (UIKitWorld, UIViewController) {
    let world = UIKitWorld()
    let detail = UIViewController()
    world.navigation.pushViewController(detail, animated: false)
    world.settle()
    return (world, detail)
  }

  @Test func aDisabledGestureDoesNotBegin() {
    let (world, detail) = worldWithPushedDetail()
    world.navigation.interactivePopGestureRecognizer?.isEnabled = false
    #expect(world.window.userSwipeBack() == .skipped("the interactive pop gesture does not begin"))
    #expect(world.navigation.topViewController === detail)
    world.navigation.interactivePopGestureRecognizer?.isEnabled = true
    #expect(world.window.userSwipeBack() == .performed)
    world.settle()
    #expect(world.navigation.topViewController === world.root)
  }

  @Test func theAppsDelegateDecides() {
    let (world, _) = worldWithPushedDetail()
    let policy = SwipeBackPolicy()
    policy.navigationController = world.navigation
    world.navigation.interactivePopGestureRecognizer?.delegate = policy
    #expect(world.window.userSwipeBack() == .skipped("the interactive pop gesture does not begin"))
    #expect(policy.asked == 1)
    world.navigation.pushViewController(UIViewController(), animated: false)
    world.settle()
    #expect(world.window.userSwipeBack() == .performed)
  }

  /// UIKit's own delegate refuses the swipe under a hidden back button or a custom left item;
  /// clearing the delegate brings it back, as apps do.
  @Test func aHiddenOrReplacedBackButtonStopsTheSwipeUntilTheDelegateIsCleared() {
    let (world, detail) = worldWithPushedDetail()
    detail.navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Close")
    #expect(world.window.userSwipeBack() == .skipped("the interactive pop gesture does not begin"))
    detail.navigationItem.leftItemsSupplementBackButton = true
    #expect(world.window.userSwipeBack(cancelled: true) == .performed)
    world.settle()
    detail.navigationItem.hidesBackButton = true
    #expect(world.window.userSwipeBack() == .skipped("the interactive pop gesture does not begin"))
    #expect(world.window.userTapBack() == .skipped("the back button is hidden"))
    world.navigation.interactivePopGestureRecognizer?.delegate = nil
    #expect(world.window.userSwipeBack() == .performed)
    world.settle()
    #expect(world.navigation.topViewController === world.root)
  }

  @Test func aHiddenBarHasNoBackButtonToTap() {
    let (world, detail) = worldWithPushedDetail()
    world.navigation.setNavigationBarHidden(true, animated: false)
    #expect(world.window.userTapBack() == .skipped("the back button is hidden"))
    #expect(world.window.userSwipeBack() == .skipped("the interactive pop gesture does not begin"))
    #expect(world.navigation.topViewController === detail)
    world.navigation.isNavigationBarHidden = false
    #expect(world.window.userTapBack() == .performed)
  }
}

/// The coordinator-app pattern ("back buttons and coordinators"): in `didShow`, ask the
/// transition coordinator which controller the stack moved from; if it left the stack, it was popped.
@MainActor
@Suite struct TransitionCoordinatorKeysTests {
  final class Coordinator: NSObject, UINavigationControllerDelegate {
    var popped: [UIViewController] = []
    var styles: [UIModalPresentationStyle] = []
    func navigationController(
      _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {
      guard let coordinator = navigationController.transitionCoordinator,
        let from = coordinator.viewController(forKey: .from)
      else { return }
      styles.append(coordinator.presentationStyle)
      #expect(coordinator.viewController(forKey: .to) === viewController)
      if !navigationController.viewControllers.contains(from) { popped.append(from) }
    }
  }

  @Test func didShowNamesThePoppedController() {
    let world = UIKitWorld()
    let coordinator = Coordinator()
    world.navigation.delegate = coordinator
    let detail = UIViewController()
    world.navigation.pushViewController(detail, animated: true)
    world.settle()
    #expect(coordinator.popped.isEmpty)
    #expect(world.window.userTapBack() == .performed)
    world.settle()
    #expect(coordinator.popped == [detail])
    world.navigation.pushViewController(UIViewController(), animated: true)
    world.settle()
    #expect(world.window.userSwipeBack() == .performed)
    world.settle()
    #expect(coordinator.popped.count == 2)
    #expect(coordinator.styles.allSatisfy { $0 == .none })
  }

  @Test func aPresentationsCoordinatorNamesBothSidesAndTheStyle() {
    let world = UIKitWorld()
    let sheet = UIViewController()
    sheet.modalPresentationStyle = .formSheet
    world.navigation.present(sheet, animated: true)
    let coordinator = sheet.transitionCoordinator
    #expect(coordinator?.viewController(forKey: .from) === world.navigation)
    #expect(coordinator?.viewController(forKey: .to) === sheet)
    #expect(coordinator?.presentationStyle == .formSheet)
    #expect(coordinator?.isAnimated == true)
    world.settle()
    sheet.dismiss(animated: false)
    #expect(sheet.transitionCoordinator?.viewController(forKey: .from) === sheet)
    #expect(sheet.transitionCoordinator?.isAnimated == false)
    world.settle()
  }
}
