import HeadlessUIKit
import Testing

@MainActor
@Suite struct GestureTests {
  final class DelegateRecorder: UIAdaptivePresentationControllerDelegate {
    var calls: [String] = []
    var allowsDismissal = true
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
      calls.append("should")
      return allowsDismissal
    }
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController) { calls.append("will") }
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) { calls.append("did") }
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) { calls.append("attempt") }
  }

  @Test func swipingASheetDownDismissesItAndTellsTheDelegate() {
    let world = TestWorld()
    let sheet = LoggingController(name: "sheet")
    let recorder = DelegateRecorder()
    sheet.presentationController?.delegate = recorder
    world.root.present(sheet, animated: true)
    #expect(world.window.userSwipeToDismiss() == .skipped("a transition is in progress"))
    world.settle()
    #expect(world.window.userSwipeToDismiss() == .performed)
    #expect(sheet.isBeingDismissed)
    #expect(world.root.presentedViewController === sheet)
    world.settle()
    #expect(world.root.presentedViewController == nil)
    #expect(recorder.calls == ["should", "will", "did"])
    #expect(world.drainUserRemovals() == [sheet.serial])
  }

  @Test func aCancelledSwipeLeavesTheSheetAndCallsAppearAgain() {
    let world = TestWorld()
    let sheet = LoggingController(name: "sheet")
    let recorder = DelegateRecorder()
    sheet.presentationController?.delegate = recorder
    world.root.present(sheet, animated: false)
    world.settle()
    world.environment.clearEventLog()
    #expect(world.window.userSwipeToDismiss(cancelled: true) == .performed)
    world.settle()
    #expect(world.root.presentedViewController === sheet)
    #expect(world.events(of: sheet) == ["sheet.viewWillDisappear", "sheet.viewWillAppear", "sheet.viewDidAppear"])
    #expect(recorder.calls == ["should", "will"])
    #expect(world.drainUserRemovals().isEmpty)
  }

  @Test func modalInPresentationRefusesTheSwipe() {
    let world = TestWorld()
    let sheet = LoggingController(name: "sheet")
    sheet.isModalInPresentation = true
    let recorder = DelegateRecorder()
    sheet.presentationController?.delegate = recorder
    world.root.present(sheet, animated: false)
    world.settle()
    #expect(world.window.userSwipeToDismiss() == .skipped("the presentation refuses user dismissal"))
    #expect(recorder.calls == ["attempt"])
    #expect(world.root.presentedViewController === sheet)
  }

  @Test func programmaticDismissalDoesNotTellTheDelegate() {
    let world = TestWorld()
    let sheet = LoggingController(name: "sheet")
    let recorder = DelegateRecorder()
    sheet.presentationController?.delegate = recorder
    world.root.present(sheet, animated: false)
    world.settle()
    world.root.dismiss(animated: true)
    world.settle()
    #expect(recorder.calls.isEmpty)
    #expect(world.drainUserRemovals().isEmpty)
  }

  @Test func coversCannotBeSwipedAndTappingOutsideAPopoverDismissesIt() {
    let world = TestWorld()
    let cover = LoggingController(name: "cover")
    cover.modalPresentationStyle = .fullScreen
    world.root.present(cover, animated: false)
    world.settle()
    #expect(world.window.userSwipeToDismiss() == .skipped("a fullScreen presentation cannot be swiped away"))
    world.root.dismiss(animated: false)
    world.settle()
    let popover = LoggingController(name: "popover")
    popover.modalPresentationStyle = .popover
    popover.popoverPresentationController?.sourceView = world.root.view
    world.root.present(popover, animated: false)
    world.settle()
    #expect(world.window.userSwipeToDismiss(cancelled: true) == .skipped("a tap outside cannot be cancelled"))
    #expect(world.window.userSwipeToDismiss() == .performed)
    world.settle()
    #expect(world.root.presentedViewController == nil)
  }

  @Test func tappingAnAlertButtonDismissesTheAlertThenRunsTheHandler() {
    let world = TestWorld()
    let alert = UIAlertController(title: "Title", message: nil, preferredStyle: .alert)
    var handlerSawPresented: Bool?
    alert.addAction(UIAlertAction(title: "OK", style: .default) { _ in
      handlerSawPresented = world.root.presentedViewController != nil
    })
    world.root.present(alert, animated: true)
    world.settle()
    #expect(world.window.userSwipeToDismiss() == .skipped("alerts ignore taps outside"))
    #expect(world.window.userTapAlertButton(3) == .skipped("the alert has 1 button(s)"))
    #expect(world.window.userTapAlertButton(0) == .performed)
    world.settle()
    #expect(handlerSawPresented == false)
    #expect(world.drainUserRemovals().count == 1)
  }

  @Test func backAndBackToPopAndRecordUserRemovals() {
    let world = TestWorld()
    let a = LoggingController(name: "a"), b = LoggingController(name: "b"), c = LoggingController(name: "c")
    #expect(world.window.userTapBack() == .skipped("no back button on the root"))
    for controller in [a, b, c] { world.navigation.pushViewController(controller, animated: false) }
    world.settle()
    #expect(world.window.userTapBack() == .performed)
    world.settle()
    #expect(world.navigation.viewControllers.count == 3)
    #expect(world.window.userPopBack(toIndex: 5) == .skipped("the back menu has no entry 5"))
    #expect(world.window.userPopBack(toIndex: 0) == .performed)
    world.settle()
    #expect(world.navigation.viewControllers.count == 1)
    #expect(world.drainUserRemovals() == [c.serial, a.serial, b.serial])
  }

  @Test func interactivePopFinishesOrCancels() {
    final class Recorder: UINavigationControllerDelegate {
      var calls: [String] = []
      func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {
        calls.append("willShow")
      }
      func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
        calls.append("didShow")
      }
    }
    let world = TestWorld()
    let recorder = Recorder()
    let detail = LoggingController(name: "detail")
    world.navigation.pushViewController(detail, animated: false)
    world.settle()
    world.navigation.delegate = recorder
    world.environment.clearEventLog()
    #expect(world.window.userSwipeBack(cancelled: true) == .performed)
    world.settle()
    #expect(world.navigation.viewControllers.count == 2)
    #expect(recorder.calls == ["willShow"])
    #expect(world.events(of: world.root, detail) == [
      "detail.willMove(toParent: nil)", "detail.viewWillDisappear", "root.viewWillAppear",
      "root.viewWillDisappear", "root.viewDidDisappear", "detail.viewWillAppear", "detail.viewDidAppear",
    ])
    #expect(world.drainUserRemovals().isEmpty)
    #expect(world.window.userSwipeBack() == .performed)
    world.settle()
    #expect(world.navigation.viewControllers.count == 1)
    #expect(recorder.calls == ["willShow", "willShow", "didShow"])
    #expect(detail.parent == nil)
    #expect(world.drainUserRemovals() == [detail.serial])
  }

  @Test func gesturesActOnTheTopmostNavigationBar() {
    let world = TestWorld()
    let modalRoot = LoggingController(name: "modalRoot")
    let modal = UINavigationController(rootViewController: modalRoot)
    world.navigation.pushViewController(LoggingController(name: "under"), animated: false)
    world.root.present(modal, animated: false)
    world.settle()
    #expect(world.window.topmostNavigationController === modal)
    #expect(world.window.userTapBack() == .skipped("no back button on the root"))
  }
}
