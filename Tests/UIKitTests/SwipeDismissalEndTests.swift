import Testing
import UIKit

/// When a user's swipe is over, as app code sees it: a sheet whose `viewDidDisappear` shows the
/// next screen (a flow that continues after its sheet is closed, or swift-navigation PR #332's
/// present-from-the-dismissed-controller). A dismissal is over at the dismissed controller's
/// `viewDidDisappear` whether code or the user's swipe dismissed it.
@MainActor
@Suite struct SwipeDismissalEndTests {
  private final class Sheet: UIViewController {
    var onGone: (() -> Void)?
    override func viewDidDisappear(_ animated: Bool) {
      super.viewDidDisappear(animated)
      if isBeingDismissed { onGone?() }
    }
  }

  @Test(arguments: [false, true])
  func presentingFromTheSheetsViewDidDisappearIsAccepted(swiped: Bool) {
    let world = UIKitWorld()
    let sheet = Sheet()
    world.root.present(sheet, animated: true)
    world.settle()
    let next = UIViewController()
    sheet.onGone = { world.root.present(next, animated: true) }
    if swiped {
      #expect(world.window.userSwipeToDismiss() == .performed)
    } else {
      sheet.dismiss(animated: true)
    }
    world.settle()
    #expect(world.environment.diagnostics.isEmpty)
    #expect(world.navigation.presentedViewController === next)
  }

  /// A cancelled swipe leaves the sheet in place; from its `viewDidAppear` on it may present, as
  /// after its presentation.
  @Test func presentingFromTheSheetsViewDidAppearAfterACancelledSwipeIsAccepted() {
    let world = UIKitWorld()
    let sheet = UIViewController()
    world.root.present(sheet, animated: true)
    world.settle()
    let next = UIViewController()
    sheet.addLifecycleHook { _, event in
      if event == .viewDidAppear, sheet.presentedViewController == nil { sheet.present(next, animated: true) }
    }
    #expect(world.window.userSwipeToDismiss(cancelled: true) == .performed)
    world.settle()
    #expect(world.environment.diagnostics.isEmpty)
    #expect(sheet.presentedViewController === next)
  }
}
