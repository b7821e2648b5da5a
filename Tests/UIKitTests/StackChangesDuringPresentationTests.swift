import Testing
import UIKit

/// Stack changes that overlap other work, as app code makes them.
@MainActor
@Suite struct StackChangesDuringPresentationTests {
  /// A screen that shows an alert and pops itself at once (aryaxt/iOS-Slide-Menu #161): UIKit
  /// logs "popViewControllerAnimated: called on <…> while an existing transition or presentation
  /// is occurring; the navigation stack will not be updated." and the stack stays.
  @Test func aPopWhileAnAlertIsBeingPresentedOverTheStackIsDropped() {
    let world = UIKitWorld()
    let detail = UIViewController()
    world.navigation.pushViewController(detail, animated: false)
    world.settle()
    let alert = UIAlertController(title: "Saved", message: nil, preferredStyle: .alert)
    alert.addAction(UIAlertAction(title: "OK", style: .default))
    detail.present(alert, animated: true)
    detail.navigationController?.popViewController(animated: true)
    world.settle()
    #expect(world.navigation.viewControllers == [world.root, detail])
    let diagnostic = world.environment.diagnostics.first
    #expect(diagnostic?.kind == .navigationStackNotUpdated)
    #expect(diagnostic?.kind.severity == .refusal)
    #expect(
      diagnostic?.message
        == "popViewControllerAnimated: called on \(world.navigation.debugName) while an existing transition or presentation is occurring; the navigation stack will not be updated."
    )
  }

  /// Once the alert is up, the same pop goes through.
  @Test func aPopAfterThePresentationEndedIsCarriedOut() {
    let world = UIKitWorld()
    let detail = UIViewController()
    world.navigation.pushViewController(detail, animated: false)
    let alert = UIAlertController(title: "Saved", message: nil, preferredStyle: .alert)
    detail.present(alert, animated: true)
    world.settle()
    world.navigation.popViewController(animated: false)
    world.settle()
    #expect(world.navigation.viewControllers == [world.root])
    #expect(world.environment.diagnostics.isEmpty)
  }

  /// A push during the navigation controller's own push waits for it and then runs (modern
  /// UIKit; openradar 44091459): the other case, kept apart from the presentation above.
  @Test func aPushDuringAPushWaitsForIt() {
    let world = UIKitWorld()
    let first = UIViewController(), second = UIViewController()
    world.navigation.pushViewController(first, animated: true)
    world.navigation.pushViewController(second, animated: true)
    world.settle()
    #expect(world.navigation.viewControllers == [world.root, first, second])
    #expect(world.environment.diagnostics.map(\.kind) == [.navigationOperationDeferred])
  }

  /// A modal navigation controller being presented accepts pushes as it comes in (a deep link that
  /// presents a flow and pushes its second screen at once): it is not a presentation *over* it.
  @Test func aPushOntoANavigationControllerBeingPresentedWaitsForThePresentation() {
    let world = UIKitWorld()
    let flow = UINavigationController(rootViewController: UIViewController())
    world.root.present(flow, animated: true)
    let second = UIViewController()
    flow.pushViewController(second, animated: true)
    world.settle()
    #expect(flow.viewControllers.last === second)
    #expect(world.environment.diagnostics.map(\.kind) == [.navigationOperationDeferred])
  }

  /// One instance twice in a new stack: UIKit raises "All view controllers in a navigation
  /// controller must be distinct" (wordpress-mobile/WordPress-iOS #15337), not the push message.
  @Test func settingOneControllerTwiceRaisesItsOwnException() {
    let world = UIKitWorld()
    let detail = UIViewController()
    world.navigation.viewControllers = [world.root, detail, detail]
    let diagnostic = world.environment.diagnostics.first
    #expect(diagnostic?.kind == .viewControllersNotDistinct)
    #expect(diagnostic?.kind.isException == true)
    #expect(diagnostic?.message.hasPrefix("All view controllers in a navigation controller must be distinct") == true)
    #expect(world.navigation.viewControllers == [world.root])
  }
}
