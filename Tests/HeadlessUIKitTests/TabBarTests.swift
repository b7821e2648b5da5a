import Foundation
import HeadlessUIKit
import Testing

/// A key window whose root is a tab bar controller with two tabs, each a navigation controller.
@MainActor
private struct TabWorld {
  let environment: HeadlessEnvironment
  let window = UIWindow()
  let tabs = UITabBarController()
  let first = LoggingController(name: "first")
  let second = LoggingController(name: "second")
  let firstNavigation: UINavigationController
  let secondNavigation: UINavigationController
  let removals = RemovalLog()

  init() {
    var configuration = HeadlessEnvironment.Configuration()
    configuration.recordsEvents = true
    environment = HeadlessEnvironment.reset(configuration: configuration)
    firstNavigation = UINavigationController(rootViewController: first)
    secondNavigation = UINavigationController(rootViewController: second)
    tabs.viewControllers = [firstNavigation, secondNavigation]
    window.rootViewController = tabs
    window.makeKeyAndVisible()
    environment.clearEventLog()
    environment.onUserRemoval = { [removals] controller in removals.serials.append(controller.serial) }
  }

  func events(of controllers: LoggingController...) -> [String] {
    (environment.eventLog ?? []).compactMap { event in
      for controller in controllers where event.hasPrefix(controller.debugName + ".") {
        return controller.name + event.dropFirst(controller.debugName.count)
      }
      return nil
    }
  }
}

@MainActor
private final class TabDelegate: UITabBarControllerDelegate {
  var allows = true
  var asked: [Int] = []
  var selected: [Int] = []
  func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
    asked.append(viewController.serial)
    return allows
  }
  func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
    selected.append(viewController.serial)
  }
}

/// A subclass that hears the user's taps, as an engine's does.
@MainActor
private final class ListeningTabBarController: UITabBarController {
  var heard: [Int] = []
  override func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {
    super.tabBar(tabBar, didSelect: item)
    heard.append(selectedIndex)
  }
}

@MainActor
@Suite struct TabBarTests {
  @Test func onlyTheSelectedTabLoadsAndAppears() {
    let world = TabWorld()
    #expect(world.tabs.children.count == 2)
    #expect(world.tabs.selectedIndex == 0)
    #expect(world.tabs.selectedViewController === world.firstNavigation)
    #expect(world.first.isVisible)
    #expect(!world.second.isViewLoaded)
    #expect(world.second.tabBarController === world.tabs)
    #expect(world.tabs.tabBar.items?.count == 2)
    #expect(world.tabs.tabBar.selectedItem === world.firstNavigation.tabBarItem)
  }

  @Test func aSwitchLoadsTheIncomingTabThenSwapsAppearanceInTheLoggedOrder() {
    let world = TabWorld()
    world.tabs.selectedIndex = 1
    // Within the call, no transition: incoming will-appear first, then the outgoing pair, then
    // the incoming did-appear.
    #expect(world.events(of: world.first, world.second) == [
      "second.viewDidLoad", "second.viewWillAppear", "first.viewWillDisappear", "first.viewDidDisappear",
      "second.viewDidAppear",
    ])
    #expect(world.environment.isQuiescent)
    #expect(world.tabs.tabBar.selectedItem === world.secondNavigation.tabBarItem)
    #expect(world.first.viewIfLoaded?.window == nil)
    #expect(world.second.viewIfLoaded?.window != nil)
    // The outgoing tab keeps its controllers.
    #expect(world.first.parent === world.firstNavigation)
  }

  @Test func codeThatSelectsATabDoesNotAskOrTellTheDelegate() {
    let world = TabWorld()
    let delegate = TabDelegate()
    world.tabs.delegate = delegate
    world.tabs.selectedViewController = world.secondNavigation
    #expect(world.tabs.selectedIndex == 1)
    #expect(delegate.asked.isEmpty && delegate.selected.isEmpty)
    world.tabs.selectedIndex = 7  // out of range: nothing
    #expect(world.tabs.selectedIndex == 1)
  }

  @Test func theUsersTapAsksTheDelegateThenSelectsThenTellsIt() {
    let world = TabWorld()
    let delegate = TabDelegate()
    world.tabs.delegate = delegate
    delegate.allows = false
    #expect(world.window.userTapTab(1) == .skipped("the tab bar controller's delegate refuses tab 1"))
    #expect(world.tabs.selectedIndex == 0)
    delegate.allows = true
    #expect(world.window.userTapTab(1) == .performed)
    #expect(world.tabs.selectedIndex == 1)
    #expect(delegate.asked == [world.secondNavigation.serial, world.secondNavigation.serial])
    #expect(delegate.selected == [world.secondNavigation.serial])
    #expect(world.window.userTapTab(5) == .skipped("the tab bar has 2 tab(s)"))
  }

  @Test func reselectingATabPopsItsStackToTheRootAsTheUsersRemoval() {
    let world = TabWorld()
    let delegate = TabDelegate()
    world.tabs.delegate = delegate
    let detail = LoggingController(name: "detail"), deeper = LoggingController(name: "deeper")
    world.firstNavigation.pushViewController(detail, animated: false)
    world.firstNavigation.pushViewController(deeper, animated: false)
    world.environment.runLoop.settle()
    #expect(world.window.userTapTab(0) == .performed)
    #expect(world.firstNavigation.viewControllers.count == 1)
    #expect(world.environment.isTransitioning)  // animated
    world.environment.runLoop.settle()
    #expect(world.removals.serials == [detail.serial, deeper.serial])
    // The delegate hears the tap on the tab already selected too.
    #expect(delegate.selected == [world.firstNavigation.serial])
    #expect(world.tabs.selectedIndex == 0)
  }

  @Test func aSubclassHearsTheUsersTapsThroughTheBarsDelegateMethod() {
    _ = HeadlessEnvironment.reset()
    let window = UIWindow()
    let tabs = ListeningTabBarController()
    tabs.viewControllers = [UIViewController(), UIViewController()]
    window.rootViewController = tabs
    window.makeKeyAndVisible()
    #expect(tabs.tabBar.delegate === tabs)
    tabs.selectedIndex = 1
    #expect(tabs.heard.isEmpty)
    _ = window.userTapTab(0)
    #expect(tabs.heard == [0])
  }

  @Test func theTabBarIsCoveredWhileAnythingIsPresented() {
    let world = TabWorld()
    world.second.loadViewIfNeeded()
    world.first.present(LoggingController(name: "sheet"), animated: false)
    world.environment.runLoop.settle()
    #expect(world.window.userTapTab(1) == .skipped("the tab bar is covered"))
    #expect(world.window.topmostNavigationController == nil)
  }

  @Test func aTabsModalsArePresentedByTheTabBarControllerEvenFromATabNotSelected() {
    let world = TabWorld()
    world.tabs.selectedIndex = 1
    world.tabs.selectedIndex = 0
    let sheet = LoggingController(name: "sheet")
    // The second tab is loaded but not selected: its view is out of the window, but UIKit presents
    // on the presentation context, the tab bar controller, which is on screen.
    #expect(world.second.viewIfLoaded?.window == nil)
    world.second.present(sheet, animated: true)
    world.environment.runLoop.settle()
    #expect(world.environment.diagnostics.isEmpty)
    #expect(sheet.presentingViewController === world.tabs)
    #expect(world.first.presentedViewController === sheet)
    // A switch below the sheet leaves it presented.
    world.tabs.selectedIndex = 1
    #expect(world.tabs.presentedViewController === sheet)
  }

  @Test func aStackInATabNotSelectedChangesWithoutTransitionOrAppearance() {
    let world = TabWorld()
    let detail = LoggingController(name: "detail")
    world.secondNavigation.pushViewController(detail, animated: true)
    #expect(!world.environment.isTransitioning)
    #expect(world.secondNavigation.viewControllers.count == 2)
    #expect(world.events(of: detail).allSatisfy { !$0.contains("Appear") })
  }

  @Test func theBackGestureActsOnTheSelectedTabsStack() {
    let world = TabWorld()
    world.tabs.selectedIndex = 1
    let detail = LoggingController(name: "detail")
    world.secondNavigation.pushViewController(detail, animated: false)
    #expect(world.window.topmostNavigationController === world.secondNavigation)
    // The selected tab's stack is on screen: its unanimated push ends on the next turn, and the
    // user's gesture comes after it.
    #expect(world.window.userTapBack() == .skipped("a transition is in progress"))
    world.environment.runLoop.settle()
    #expect(world.window.userTapBack() == .performed)
    world.environment.runLoop.settle()
    #expect(world.secondNavigation.viewControllers.count == 1)
  }

  @Test func settingNewTabsKeepsTheSelectedControllerOrItsIndex() {
    let world = TabWorld()
    world.tabs.selectedIndex = 1
    let third = UINavigationController(rootViewController: LoggingController(name: "third"))
    world.tabs.setViewControllers([third, world.secondNavigation], animated: false)
    #expect(world.tabs.selectedViewController === world.secondNavigation)
    #expect(world.firstNavigation.parent == nil)
    world.tabs.setViewControllers([third], animated: false)
    #expect(world.tabs.selectedIndex == 0)
    #expect(world.tabs.selectedViewController === third)
  }

  @Test func theSnapshotListsEveryTabsStackInOrder() {
    let world = TabWorld()
    world.secondNavigation.pushViewController(LoggingController(name: "detail"), animated: false)
    let placements = world.window.screenSnapshot.entries.map(\.placement)
    #expect(placements == [.tab(0), .tab(1), .pushed])
  }

  @Test func theBarsSelectedItemIsObservableAsSwiftNavigationObservesIt() {
    let world = TabWorld()
    var heard: [UITabBarItem?] = []
    let observation = world.tabs.tabBar.observe(\.selectedItem) { bar, _ in heard.append(bar.selectedItem) }
    world.tabs.selectedIndex = 1
    _ = world.window.userTapTab(0)
    _ = world.window.userTapTab(0)  // the tab already selected: no change to hear
    #expect(heard.map { $0 === world.secondNavigation.tabBarItem } == [true, false])
    #expect(heard.last! === world.firstNavigation.tabBarItem)
    observation.invalidate()
  }

  @Test func iOS18TabsProvideTheirControllersAndSelectByTab() {
    _ = HeadlessEnvironment.reset()
    let tabs = UITabBarController()
    let first = UITab(title: "First", image: nil, identifier: "first") { _ in UIViewController() }
    let second = UITab(title: "Second", image: nil, identifier: "second") { _ in UIViewController() }
    tabs.setTabs([first, second], animated: false)
    #expect(tabs.selectedTab?.identifier == "first")
    tabs.selectedTab = second
    #expect(tabs.selectedIndex == 1)
    tabs.selectedIndex = 0
    #expect(tabs.selectedTab === first)
    #expect(tabs.viewControllers?.first === first.viewController)
  }

  @Test func navigationCallsAreRecordedWithTheirAnimatedArgumentAndVisibility() {
    let world = TabWorld()
    var calls: [(kind: NavigationCall.Kind, animated: Bool, receiverIsVisible: Bool)] = []
    world.environment.onNavigationCall = { calls.append(($0.kind, $0.animated, $0.receiverIsVisible)) }
    world.firstNavigation.pushViewController(LoggingController(name: "a"), animated: true)
    world.environment.runLoop.settle()
    world.firstNavigation.popViewController(animated: false)
    world.secondNavigation.pushViewController(LoggingController(name: "b"), animated: true)
    // UIKit's own work is not a call: the user's reselect pops without a record.
    world.firstNavigation.pushViewController(LoggingController(name: "c"), animated: false)
    _ = world.window.userTapTab(0)
    world.environment.runLoop.settle()
    #expect(calls.map(\.kind) == [.push, .pop, .push, .push])
    #expect(calls.map(\.animated) == [true, false, true, false])
    #expect(calls.map(\.receiverIsVisible) == [true, true, false, true])
  }
}
