import Testing
import UIKit

/// A stack change without animation, as a coordinator or a path-driven stack makes it from a
/// main-queue block: `viewControllers` changes within the call, and the transition's end — the
/// new top's `viewDidAppear`, `didMove(toParent:)`, the delegate's `didShow` — comes after the
/// block has returned (UIKit runs it in the layout pass that follows). swift-navigation's
/// `NavigationStackController` turns a lazily registered path element eager in `didShow`; its
/// `testPushMultipleFeaturesAtOnce_LazyNavigationDestination` passes on the simulator only because
/// that write comes after the observation that pushed has returned, so the observation sees it.
@MainActor
@Suite struct UnanimatedStackChangeTests {
  private final class ShowLog: UINavigationControllerDelegate {
    var log: [String] = []
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
      log.append("didShow")
    }
  }

  @Test func didShowComesAfterTheCodeThatPushed() {
    let world = UIKitWorld()
    let delegate = ShowLog()
    world.navigation.delegate = delegate
    let detail = UIViewController()
    DispatchQueue.main.async {
      world.navigation.pushViewController(detail, animated: false)
      #expect(world.navigation.viewControllers.last === detail)
      delegate.log.append("pushed")
    }
    world.settle()
    #expect(delegate.log == ["pushed", "didShow"])
    #expect(detail.isVisible)
  }

  @Test func aSecondChangeInTheSameBlockWaitsForTheFirst() {
    let world = UIKitWorld()
    let first = UIViewController(), second = UIViewController()
    DispatchQueue.main.async {
      world.navigation.setViewControllers([world.root, first], animated: false)
      world.navigation.pushViewController(second, animated: false)
    }
    world.settle()
    #expect(world.navigation.viewControllers == [world.root, first, second])
    #expect(world.environment.diagnostics.map(\.kind) == [.navigationOperationDeferred])
  }
}
