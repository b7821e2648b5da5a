import HeadlessUIKit
import Observation
import StateDrivenNavigation
import Testing

/// An app's own navigation delegate, as an app writes one: it logs what its stack shows.
@MainActor
private final class ScreenLogger: UINavigationControllerDelegate {
  var willShow: [Int] = []
  var didShow: [Int] = []
  func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {
    willShow.append((viewController as? ItemController)?.itemID ?? 0)
  }
  func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
    didShow.append((viewController as? ItemController)?.itemID ?? 0)
  }
}

@MainActor
@Observable
private final class TabsModel {
  var selectedTab = 0
}

@MainActor
@Suite struct AppDelegateAndTabsTests {
  @Test func anAppsOwnDelegateHearsItsStackAndThePathStillHearsTheUsersPops() {
    // As in an app: a stack driven by a path, and the app's own delegate set on it.
    let world = StackWorld()
    let logger = ScreenLogger()
    world.stack.delegate = logger
    #expect(world.stack.delegate === logger)
    world.model.path = [1, 2]
    world.settle()
    #expect(logger.didShow.last == 2)
    // The user's pop is still written back to the path, and the app hears it.
    _ = world.window.userTapBack()
    world.settle()
    #expect(world.model.path == [1])
    #expect(logger.willShow.last == 1)
    #expect(logger.didShow.last == 1)
    // Setting it back to nil stops the forwarding, not the path's write-back.
    world.stack.delegate = nil
    _ = world.window.userTapBack()
    world.settle()
    #expect(world.model.path == [])
    #expect(logger.didShow.last == 1)
  }

  @Test func theStateSelectsTheTabAndTheUsersTapIsWrittenBack() {
    let environment = HeadlessEnvironment.reset()
    let model = TabsModel()
    let window = UIWindow()
    let tabs = NavigationTabBarController(
      selectedIndex: UIBindable(model).selectedTab,
      tabs: [UINavigationController(rootViewController: ItemController(itemID: 0)), ItemController(itemID: 1)])
    window.rootViewController = tabs
    window.makeKeyAndVisible()
    model.selectedTab = 1
    #expect(tabs.selectedIndex == 0)  // on the next turn, as every observation
    environment.runLoop.settle()
    #expect(tabs.selectedIndex == 1)
    #expect(window.userTapTab(0) == .performed)
    #expect(model.selectedTab == 0)  // at once
    #expect(tabs.selectedIndex == 0)
  }

  @Test func aSelectionOfATabThatDoesNotExistIsReported() {
    let environment = HeadlessEnvironment.reset()
    NavigationWarnings.reset()
    let model = TabsModel()
    let tabs = NavigationTabBarController(selectedIndex: UIBindable(model).selectedTab, tabs: [ItemController(itemID: 0)])
    model.selectedTab = 3
    environment.runLoop.settle()
    #expect(tabs.selectedIndex == 0)
    #expect(NavigationWarnings.messages == ["The selected-tab binding selects tab 3, but the tab bar has 1 tab(s)"])
  }
}
