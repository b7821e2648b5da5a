import Testing
import UIKit

/// A `dismiss` that arrives while the sheet it concerns is still animating in, as app code meets
/// it: state that asks for a sheet and, a moment later, takes it back. On the iOS simulator the
/// sheet goes once it has come in, and the completion runs (swift-navigation's
/// `testPresents_DeepLink`, `testDismissMultiplePresentations` and
/// `testRepresentWhileDismissing_StillCallsOnDismiss`, with animations on).
@MainActor
@Suite struct DismissDuringPresentationTests {
  @Test func aSheetDismissedWhileItComesInGoesOnceItIsIn() {
    let world = UIKitWorld()
    let sheet = UIViewController()
    world.root.present(sheet, animated: true)
    var completed = false
    sheet.dismiss(animated: false) { completed = true }
    world.settle()
    #expect(world.navigation.presentedViewController == nil)
    #expect(completed)
    #expect(world.environment.diagnostics.map(\.kind) == [.dismissDeferred])
  }

  /// A second sheet asked for while the first still comes in: the first's teardown dismisses it,
  /// the presenter dismisses what it shows and presents the next in the completion.
  @Test func replacingASheetThatIsStillComingInShowsTheNextOne() {
    let world = UIKitWorld()
    let first = UIViewController()
    world.root.present(first, animated: true)
    let next = UIViewController()
    var replaced = 0
    first.dismiss(animated: false)  // the first screen's teardown
    world.root.dismiss(animated: true) {
      replaced += 1
      world.root.present(next, animated: true)
    }
    world.settle()
    #expect(replaced == 1)
    #expect(world.navigation.presentedViewController === next)
  }

  /// Asked of the presenter while a second sheet comes in above the first: both go.
  @Test func thePresentersDismissWhileASecondSheetComesInTakesBoth() {
    let world = UIKitWorld()
    let first = UIViewController()
    world.root.present(first, animated: false)
    world.settle()
    first.present(UIViewController(), animated: true)
    world.root.dismiss(animated: true)
    world.settle()
    #expect(world.navigation.presentedViewController == nil)
  }
}
