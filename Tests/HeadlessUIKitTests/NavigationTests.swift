import HeadlessUIKit
import Testing

@MainActor
@Suite struct NavigationTests {
  @Test func pushCallsContainmentAndAppearanceInUIKitsOrder() {
    let world = TestWorld()
    let detail = LoggingController(name: "detail")
    world.navigation.pushViewController(detail, animated: true)
    #expect(world.navigation.viewControllers.map(\.serial) == [world.root.serial, detail.serial])
    #expect(detail.parent === world.navigation)
    #expect(detail.isMovingToParent)
    world.settle()
    #expect(!detail.isMovingToParent)
    #expect(world.events(of: world.root, detail) == [
      "detail.willMove(toParent:)", "root.viewWillDisappear", "detail.viewDidLoad", "detail.viewWillAppear",
      "root.viewDidDisappear", "detail.viewDidAppear", "detail.didMove(toParent:)",
    ])
  }

  @Test func popCallsWillMoveDisappearThenDidMove() {
    let world = TestWorld()
    let detail = LoggingController(name: "detail")
    world.navigation.pushViewController(detail, animated: false)
    world.settle()  // without animation, the push still ends on the next turn
    world.environment.clearEventLog()
    let popped = world.navigation.popViewController(animated: true)
    #expect(popped === detail)
    #expect(world.navigation.viewControllers.count == 1)  // updated before viewWillDisappear returns
    #expect(detail.isMovingFromParent)
    world.settle()
    #expect(world.events(of: world.root, detail) == [
      "detail.willMove(toParent: nil)", "detail.viewWillDisappear", "root.viewWillAppear",
      "detail.viewDidDisappear", "root.viewDidAppear", "detail.didMove(toParent: nil)",
    ])
    #expect(detail.parent == nil)
  }

  @Test func poppingTheRootDoesNothing() {
    let world = TestWorld()
    #expect(world.navigation.popViewController(animated: true) == nil)
    #expect(world.navigation.viewControllers.count == 1)
    #expect(world.environment.isQuiescent)
  }

  @Test func pushingTheSameInstanceTwiceIsAnException() {
    let world = TestWorld()
    let detail = LoggingController(name: "detail")
    world.navigation.pushViewController(detail, animated: false)
    world.navigation.pushViewController(detail, animated: false)
    world.navigation.pushViewController(UINavigationController(), animated: false)
    #expect(world.diagnosticKinds == [.pushSameInstance, .pushNavigationController])
    #expect(world.environment.diagnostics[0].message.contains("more than once is not supported"))
    #expect(world.navigation.viewControllers.count == 2)
  }

  @Test func poppingToAControllerNotOnTheStackIsAnException() {
    let world = TestWorld()
    let result = world.navigation.popToViewController(LoggingController(name: "stranger"), animated: true)
    #expect(result == nil)
    #expect(world.diagnosticKinds == [.popToMissingController])
    #expect(world.diagnosticKinds.allSatisfy { $0.isException })
  }

  @Test func multiPopRemovesIntermediatesWithDidMoveButNoDisappearCallbacks() {
    let world = TestWorld()
    let a = LoggingController(name: "a"), b = LoggingController(name: "b"), c = LoggingController(name: "c")
    for controller in [a, b, c] { world.navigation.pushViewController(controller, animated: false) }
    world.settle()
    world.environment.clearEventLog()
    let popped = world.navigation.popToViewController(a, animated: true)
    #expect(popped?.map(\.serial) == [b.serial, c.serial])
    world.settle()
    #expect(world.events(of: b) == ["b.willMove(toParent: nil)", "b.didMove(toParent: nil)"])
    #expect(world.events(of: c).contains("c.viewDidDisappear"))
    #expect(world.navigation.viewControllers.map(\.serial) == [world.root.serial, a.serial])
  }

  @Test func stackChangesDuringATransitionWaitForIt() {
    let world = TestWorld()
    let a = LoggingController(name: "a"), b = LoggingController(name: "b")
    world.navigation.pushViewController(a, animated: true)
    world.navigation.pushViewController(b, animated: true)
    #expect(world.navigation.viewControllers.count == 2)  // b's push waits
    #expect(world.diagnosticKinds == [.navigationOperationDeferred])
    world.settle()
    #expect(world.navigation.viewControllers.map(\.serial) == [world.root.serial, a.serial, b.serial])
  }

  @Test func setViewControllersIsOneTransitionAndReusesInstances() {
    let world = TestWorld()
    let a = LoggingController(name: "a"), b = LoggingController(name: "b"), c = LoggingController(name: "c")
    world.navigation.setViewControllers([world.root, a, b], animated: false)
    world.settle()
    world.environment.clearEventLog()
    world.navigation.setViewControllers([world.root, a, c], animated: true)
    world.settle()
    #expect(world.navigation.viewControllers.map(\.serial) == [world.root.serial, a.serial, c.serial])
    #expect(world.events(of: a).isEmpty)
    #expect(world.events(of: b) == ["b.willMove(toParent: nil)", "b.viewWillDisappear", "b.viewDidDisappear", "b.didMove(toParent: nil)"])
    world.navigation.setViewControllers([world.root, c, c], animated: false)
    #expect(world.diagnosticKinds == [.viewControllersNotDistinct])
    #expect(world.environment.diagnostics[0].message.hasPrefix("All view controllers in a navigation controller must be distinct"))
    #expect(world.navigation.viewControllers.map(\.serial) == [world.root.serial, a.serial, c.serial])
  }

  @Test func delegateHearsWillShowAndDidShow() {
    final class Recorder: UINavigationControllerDelegate {
      var calls: [String] = []
      func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {
        calls.append("willShow \((viewController as! LoggingController).name)")
      }
      func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
        calls.append("didShow \((viewController as! LoggingController).name)")
      }
    }
    let world = TestWorld()
    let recorder = Recorder()
    world.navigation.delegate = recorder
    world.navigation.pushViewController(LoggingController(name: "a"), animated: true)
    world.settle()
    world.navigation.popViewController(animated: true)
    world.settle()
    #expect(recorder.calls == ["willShow a", "didShow a", "willShow root", "didShow root"])
  }
}
