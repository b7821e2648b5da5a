import Testing
import UIKit

/// Code as most apps have it: Swift 5 mode, a coordinator that is an `NSObject` and not isolated,
/// calling UIKit directly, creating controllers in a stored property's initial value, and hopping
/// to the main queue. Against Apple's UIKit this compiles because its main-actor annotations are
/// pre-concurrency; this target checks ours compiles it too, with no warnings.
final class AppCoordinator: NSObject, UINavigationControllerDelegate {
  let navigationController = UINavigationController()
  var popped: [String] = []

  func start() {
    navigationController.delegate = self
    let list = UIViewController()
    list.title = "List"
    navigationController.viewControllers = [list]
  }

  func showDetail() {
    let detail = UIViewController()
    detail.title = "Detail"
    navigationController.pushViewController(detail, animated: true)
  }

  func showDetailLater() {
    DispatchQueue.main.async {
      self.showDetail()
    }
  }

  func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
    popped.append(viewController.title ?? "")
  }
}

@MainActor
@Suite struct Swift5CoordinatorTests {
  @Test func aNonisolatedCoordinatorDrivesTheStack() {
    let environment = HeadlessEnvironment.reset()
    let window = UIWindow()
    let coordinator = AppCoordinator()
    coordinator.start()
    window.rootViewController = coordinator.navigationController
    window.makeKeyAndVisible()
    coordinator.showDetailLater()
    #expect(coordinator.navigationController.viewControllers.count == 1)
    environment.runLoop.settle()
    #expect(coordinator.navigationController.viewControllers.map { $0.title } == ["List", "Detail"])
    #expect(coordinator.popped == ["List", "Detail"])
  }
}
