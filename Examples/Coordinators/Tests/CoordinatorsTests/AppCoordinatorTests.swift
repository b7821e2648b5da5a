import CoordinatorsApp
import Testing
import UIKit

/// The app set up as its scene delegate would: a window, the list in a navigation controller and
/// the coordinator. Made inside each test, so the world it resets is the one the test uses.
@MainActor
struct AppWorld {
  let environment = HeadlessEnvironment.reset()
  let window = UIWindow()
  let list = ListViewController(items: [1, 2, 3])
  let navigation: UINavigationController
  let coordinator: AppCoordinator

  init() {
    navigation = UINavigationController(rootViewController: list)
    coordinator = AppCoordinator(navigationController: navigation)
    window.rootViewController = navigation
    window.makeKeyAndVisible()
  }

  func settle() { environment.runLoop.settle() }
}

/// The app's coordinator on its own, as a user would drive it.
@MainActor
@Suite struct AppCoordinatorTests {
  @Test func theBackMenuWritesEveryPoppedDetailBack() {
    let world = AppWorld()
    var reported: [[Int]] = []
    world.coordinator.onPathChange = { reported.append($0) }
    world.coordinator.show(path: [1, 2, 3])
    world.settle()
    #expect(world.navigation.viewControllers.count == 4)
    #expect(world.window.userPopBack(toIndex: 1) == .performed)
    world.settle()
    #expect(world.coordinator.path == [1])
    #expect(reported == [[1]])
  }

  @Test func resetAlertPopsToTheRoot() throws {
    let world = AppWorld()
    world.coordinator.showDetail(1)
    world.coordinator.showDetail(2)
    world.settle()
    world.coordinator.confirmReset()
    world.settle()
    let alert = try #require(world.navigation.presentedViewController as? UIAlertController)
    #expect(alert.actions.map(\.title) == ["Cancel", "Reset"])
    #expect(world.window.userTapAlertButton(1) == .performed)
    world.settle()
    #expect(world.coordinator.path.isEmpty)
    #expect(world.navigation.viewControllers == [world.list])
  }

  @Test func settingsIsAMediumOrLargeSheetAndASwipeIsHeard() throws {
    let world = AppWorld()
    var dismissed = 0
    world.coordinator.onSettingsDismissed = { dismissed += 1 }
    world.coordinator.showSettings()
    world.settle()
    let sheet = try #require(world.navigation.presentedViewController?.sheetPresentationController)
    #expect(sheet.detents.map(\.identifier) == [.medium, .large])
    #expect(sheet.prefersGrabberVisible)
    #expect(world.window.userSwipeToDismiss() == .performed)
    world.settle()
    #expect(!world.coordinator.isShowingSettings)
    #expect(dismissed == 1)
    #expect(world.navigation.presentedViewController == nil)
  }

  @Test func theListsButtonsDriveTheCoordinator() {
    let world = AppWorld()
    let coordinator = world.coordinator
    world.list.onSelect = { coordinator.showDetail($0) }
    world.list.loadViewIfNeeded()
    let stack = world.list.view.subviews.first as? UIStackView
    (stack?.arrangedSubviews[1] as? UIButton)?.tap()
    world.settle()
    #expect(world.coordinator.path == [2])
    #expect((world.navigation.topViewController as? DetailViewController)?.itemID == 2)
  }

  @Test func theFirstVersionPushesBackWhatTheBackMenuPopped() {
    let world = AppWorld()
    let navigation = UINavigationController(rootViewController: UIViewController())
    let onePop = OnePopCoordinator(navigationController: navigation)
    world.window.rootViewController = navigation
    onePop.show(path: [1, 2, 3])
    world.settle()
    #expect(world.window.userPopBack(toIndex: 0) == .performed)
    world.settle()
    // It dropped the last id only, and shows the rest again: the user's pop is undone.
    #expect(onePop.path == [1, 2])
    #expect(navigation.viewControllers.compactMap { ($0 as? DetailViewController)?.itemID } == [1, 2])
  }

  @Test func aDeepLinkKeepsTheDetailsAlreadyShowingItsStart() {
    let world = AppWorld()
    world.coordinator.show(path: [1, 2])
    world.settle()
    let first = world.navigation.viewControllers[1]
    world.coordinator.show(path: [1, 3, 3])
    world.settle()
    #expect(world.navigation.viewControllers[1] === first)
    #expect(world.navigation.viewControllers.compactMap { ($0 as? DetailViewController)?.itemID } == [1, 3, 3])
  }

  @Test func resetFromADetailAsksFirstThenPopsToTheList() throws {
    let world = AppWorld()
    world.coordinator.show(path: [1])
    world.settle()
    let detail = try #require(world.navigation.topViewController as? DetailViewController)
    detail.loadViewIfNeeded()
    detail.navigationItem.rightBarButtonItem?.primaryAction?.perform()
    world.settle()
    #expect(world.window.userTapAlertButton(1) == .performed)
    world.settle()
    #expect(world.coordinator.path.isEmpty)
    #expect(world.navigation.viewControllers == [world.list])
  }

  @Test func oneModalAtATime() throws {
    let world = AppWorld()
    world.coordinator.showSettings()
    world.settle()
    world.coordinator.confirmReset()
    world.settle()
    #expect(world.navigation.presentedViewController is UIAlertController)
    #expect(!world.coordinator.isShowingSettings)
    #expect(world.environment.diagnostics.isEmpty)
  }
}
