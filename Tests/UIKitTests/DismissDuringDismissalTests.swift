import Testing
import UIKit

/// What UIKit does with a `dismiss` that arrives while a dismissal is already under way, written as
/// the app code that meets it does it: a presentation library that, on a new item, first lets the
/// old screen's teardown dismiss it (`dismiss(animated: false)`, no completion) and then asks the
/// presenter to dismiss what it shows and present the new screen in the completion.
///
/// On a device the presenter's call waits for the running dismissal and is then carried out as the
/// hierarchy stands: a presenter that shows nothing any more dismisses *itself* if it was
/// presented (swift-navigation #254: "the presenting view controller is closed right after the
/// presented one", then "whose view is not in the window hierarchy" from the completion's
/// `present`; openradar 30284135), and runs the completion when it is the window's root
/// (swift-navigation 2.8.0's `testPresent_RepresentOnIdentityChange` passes on the simulator).
@MainActor
@Suite struct DismissDuringDismissalTests {
  /// A screen that replaces what it presents the way swift-navigation 2.8.0 did on an identity change.
  private final class Presenter: UIViewController {
    func replacePresented(with next: UIViewController) {
      presentedViewController?.dismiss(animated: false)  // the old screen's teardown
      dismiss(animated: false) { [weak self] in self?.present(next, animated: false) }
    }
  }

  @Test func aPresenterAtTheRootPresentsTheNewScreenOnceTheOldOneIsGone() {
    let world = UIKitWorld()
    let presenter = Presenter()
    world.window.rootViewController = presenter
    world.settle()
    let old = UIViewController()
    presenter.present(old, animated: false)
    world.settle()
    let next = UIViewController()
    presenter.replacePresented(with: next)
    world.settle()
    #expect(presenter.presentedViewController === next)
    #expect(world.environment.diagnostics.map(\.kind) == [.dismissDeferred])
  }

  @Test func aPresentedPresenterIsDismissedItselfAndItsCompletionCannotPresent() {
    let world = UIKitWorld()
    let presenter = Presenter()
    world.root.present(presenter, animated: false)
    world.settle()
    presenter.present(UIViewController(), animated: false)
    world.settle()
    presenter.replacePresented(with: UIViewController())
    world.settle()
    #expect(world.navigation.presentedViewController == nil)
    #expect(world.environment.diagnostics.map(\.kind) == [.dismissDeferred, .presentNotInWindowHierarchy])
  }

  /// The same library's fix (swift-navigation PR #332): while the old screen is being dismissed,
  /// present from its `viewDidDisappear` instead of asking the presenter to dismiss.
  @Test func presentingFromTheLeavingScreensViewDidDisappearKeepsThePresenter() {
    let world = UIKitWorld()
    let presenter = UIViewController()
    world.root.present(presenter, animated: false)
    world.settle()
    let old = UIViewController()
    presenter.present(old, animated: false)
    world.settle()
    let next = UIViewController()
    old.addLifecycleHook { controller, event in
      if event == .viewDidDisappear { presenter.present(next, animated: false) }
    }
    old.dismiss(animated: false)
    #expect(old.isBeingDismissed)
    world.settle()
    #expect(world.navigation.presentedViewController === presenter)
    #expect(presenter.presentedViewController === next)
    #expect(world.environment.diagnostics.isEmpty)
  }

  /// The presenter of a screen that itself presents: the screen's teardown dismisses what the
  /// screen presents, and the presenter's `dismiss` waits for that, then dismisses the screen
  /// (swift-navigation 2.8.0's `testPresents_Nested_ParentItemChanges`, on the simulator).
  @Test func aDismissWaitsForADismissalAboveWhatItRemoves() {
    let world = UIKitWorld()
    let screen = UIViewController()
    world.root.present(screen, animated: false)
    world.settle()
    screen.present(UIViewController(), animated: false)
    world.settle()
    let next = UIViewController()
    screen.dismiss(animated: false)  // the screen's teardown: dismisses what it presents
    world.root.dismiss(animated: false) { world.root.present(next, animated: false) }
    world.settle()
    #expect(world.navigation.presentedViewController === next)
    #expect(world.environment.diagnostics.map(\.kind) == [.dismissDeferred])
  }

  /// A teardown that dismisses again what its binding is already dismissing, without a
  /// completion, while the user's swipe takes the screen away: nothing is lost once the swipe
  /// completes, so it is only a warning; had the swipe been cancelled, the screen would have
  /// stayed against the call's will.
  @Test(arguments: [false, true])
  func aRedundantDismissDuringASwipeIsAWarningUnlessTheSwipeIsCancelled(cancelled: Bool) {
    let world = UIKitWorld()
    let sheet = UIViewController()
    world.root.present(sheet, animated: true)
    world.settle()
    #expect(world.window.userSwipeToDismiss(cancelled: cancelled) == .performed)
    sheet.dismiss(animated: false)
    world.settle()
    let diagnostics = world.environment.diagnostics
    #expect(diagnostics.map(\.kind.severity) == [cancelled ? .refusal : .warning])
    #expect(world.navigation.presentedViewController === (cancelled ? sheet : nil))
  }
}
