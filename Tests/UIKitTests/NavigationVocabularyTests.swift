import Testing
import UIKit

/// Implements one delegate method: the others are optional, as in UIKit.
private final class ShowRecorder: UINavigationControllerDelegate {
  var shown: [UIViewController] = []
  func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
    shown.append(viewController)
  }
}

/// Overrides `delegate` as swift-navigation's NavigationStackController does: callers see their
/// own delegate; UIKit keeps talking to the proxy installed through `super.delegate`.
private final class ProxyingNavigationController: UINavigationController {
  let proxy = ShowRecorder()
  private weak var userDelegate: (any UINavigationControllerDelegate)?

  override weak var delegate: (any UINavigationControllerDelegate)? {
    get { userDelegate }
    set { userDelegate = newValue }
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    super.delegate = proxy
  }
}

@MainActor
@Suite struct NavigationVocabularyTests {
  @Test func viewControllersIsSettableAndDelegateMethodsAreOptional() {
    let world = UIKitWorld()
    let recorder = ShowRecorder()
    world.navigation.delegate = recorder
    let detail = UIViewController()
    world.navigation.viewControllers = [world.root, detail]
    #expect(world.navigation.viewControllers == [world.root, detail])
    world.settle()  // without animation, the change still ends on the next turn
    #expect(recorder.shown == [detail])
    #expect(recorder.navigationControllerSupportedInterfaceOrientations(world.navigation) == .all)
    #expect(recorder.navigationController(world.navigation, animationControllerFor: .push, from: world.root, to: detail) == nil)
  }

  @Test func uikitTalksToTheStoredDelegateNotTheOverride() {
    let world = UIKitWorld()
    let navigation = ProxyingNavigationController(navigationBarClass: nil, toolbarClass: nil)
    navigation.viewControllers = [UIViewController()]
    world.root.present(navigation, animated: false)
    world.settle()
    let user = ShowRecorder()
    navigation.delegate = user
    let detail = UIViewController()
    navigation.pushViewController(detail, animated: false)
    world.settle()
    #expect(navigation.delegate === user)
    #expect(navigation.proxy.shown.last === detail)
    #expect(user.shown.isEmpty)
  }

  @Test func transitionCoordinatorRunsCompletionsWithItsContextWhenTheTransitionEnds() throws {
    let world = UIKitWorld()
    let detail = UIViewController()
    world.navigation.pushViewController(detail, animated: true)
    var completed: Bool?
    let coordinator = try #require(detail.transitionCoordinator)
    coordinator.animate(alongsideTransition: { context in #expect(context.isAnimated) }) { context in
      completed = context.isCancelled
    }
    #expect(completed == nil)
    #expect(detail.isMovingToParent)
    world.settle()
    #expect(completed == false)
    #expect(!detail.isMovingToParent)
    #expect(detail.transitionCoordinator == nil)
  }

  @Test func alertActionsCarryAccessibilityAndCanBeDisabled() {
    let world = UIKitWorld()
    let alert = UIAlertController(title: "Delete?", message: nil, preferredStyle: .alert)
    var tapped: [String] = []
    let delete = UIAlertAction(title: "Delete", style: .destructive) { tapped.append($0.title ?? "") }
    delete.accessibilityLabel = "Delete item"
    delete.isEnabled = false
    alert.addAction(delete)
    alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
    alert.preferredAction = delete
    world.root.present(alert, animated: true)
    world.settle()
    #expect(alert.actions.first?.accessibilityLabel == "Delete item")
    #expect(world.window.userTapAlertButton(0) == .skipped("button 0 is disabled"))
    delete.isEnabled = true
    #expect(world.window.userTapAlertButton(0) == .performed)
    world.settle()
    #expect(tapped == ["Delete"])
  }

  @Test func sheetsHaveDetentsAndFullScreenHasNoSheetController() throws {
    _ = UIKitWorld()
    let sheet = UIViewController()
    sheet.modalPresentationStyle = .pageSheet
    let controller = try #require(sheet.sheetPresentationController)
    #expect(controller.detents == [.large()])
    controller.detents = [.medium(), .large()]
    controller.prefersGrabberVisible = true
    #expect(sheet.sheetPresentationController?.detents.map(\.identifier) == [.medium, .large])
    let cover = UIViewController()
    cover.modalPresentationStyle = .fullScreen
    #expect(cover.sheetPresentationController == nil)
  }
}

/// A controller that only works in portrait, as apps declare it.
private final class PortraitController: UIViewController {
  override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .portrait }
}

@MainActor
@Suite struct OrientationTests {
  @Test func orientationsAreOverridableAndHeld() {
    _ = UIKitWorld()
    let controller: UIViewController = PortraitController()
    #expect(controller.supportedInterfaceOrientations == .portrait)
    #expect(UIViewController().supportedInterfaceOrientations == .allButUpsideDown)
    #expect(controller.preferredInterfaceOrientationForPresentation == .portrait)
  }
}
