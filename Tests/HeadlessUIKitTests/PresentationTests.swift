import HeadlessUIKit
import Testing

@MainActor
@Suite struct PresentationTests {
  @Test func presentSetsPresentedControllerAtOnceAndCompletesAfterViewDidAppear() {
    let world = TestWorld()
    let sheet = LoggingController(name: "sheet")
    var completed = false
    world.root.present(sheet, animated: true) {
      completed = true
      #expect(sheet.isVisible)
    }
    #expect(world.root.presentedViewController === sheet)
    #expect(world.navigation.presentedViewController === sheet)
    #expect(sheet.presentingViewController === world.navigation)  // routed to the context
    #expect(sheet.isBeingPresented)
    #expect(sheet.transitionCoordinator != nil)
    world.advance(499)
    #expect(!completed)
    world.settle()
    #expect(completed)
    #expect(!sheet.isBeingPresented)
    #expect(sheet.transitionCoordinator == nil)
    #expect(world.events(of: sheet) == ["sheet.viewDidLoad", "sheet.viewWillAppear", "sheet.viewDidAppear"])
    // A sheet leaves the presenter on screen: no disappear callbacks for it.
    #expect(world.events(of: world.root).isEmpty)
  }

  @Test func fullScreenPresentationGivesThePresenterDisappearAndAppearCallbacks() {
    let world = TestWorld()
    let cover = LoggingController(name: "cover")
    cover.modalPresentationStyle = .fullScreen
    world.root.present(cover, animated: true)
    world.settle()
    world.root.dismiss(animated: true)
    world.settle()
    #expect(world.events(of: world.root, cover) == [
      "cover.viewDidLoad", "root.viewWillDisappear", "cover.viewWillAppear", "cover.viewDidAppear",
      "root.viewDidDisappear", "cover.viewWillDisappear", "root.viewWillAppear", "cover.viewDidDisappear",
      "root.viewDidAppear",
    ])
  }

  @Test func presentingOnABusyPresenterIsRefusedAndNotQueued() {
    let world = TestWorld()
    let first = LoggingController(name: "first")
    let second = LoggingController(name: "second")
    world.root.present(first, animated: true)
    var secondCompleted = false
    world.root.present(second, animated: true) { secondCompleted = true }
    #expect(world.diagnosticKinds == [.presentWhileTransitioning])
    #expect(world.environment.diagnostics[0].message.contains("while a presentation is in progress"))
    world.settle()
    world.root.present(second, animated: true) { secondCompleted = true }
    world.settle()
    #expect(world.diagnosticKinds == [.presentWhileTransitioning, .presentWhileAlreadyPresenting])
    let message = world.environment.diagnostics[1].message
    #expect(message.contains("which is already presenting \(first.debugName)"))
    #expect(message.contains("(from \(world.root.debugName))"))
    #expect(!secondCompleted)
    #expect(world.root.presentedViewController === first)
    #expect(second.presentingViewController == nil)
  }

  /// A dismissal asked while the controller is still being presented waits for the presentation
  /// to end, then dismisses it, and its completion runs (upstream's `testPresents_DeepLink`,
  /// `testDismissMultiplePresentations`, on the simulator with animations on).
  @Test(arguments: [false, true])
  func dismissingDuringAPresentationWaitsForItThenDismisses(askingThePresented: Bool) {
    let world = TestWorld()
    let sheet = LoggingController(name: "sheet")
    world.root.present(sheet, animated: true)
    var dismissed = false
    (askingThePresented ? sheet : world.root).dismiss(animated: false) { dismissed = true }
    #expect(world.diagnosticKinds == [.dismissDeferred])
    world.advance(499)
    #expect(world.root.presentedViewController === sheet)
    world.settle()
    #expect(dismissed)
    #expect(world.root.presentedViewController == nil)
    #expect(world.events(of: sheet) == ["sheet.viewDidLoad", "sheet.viewWillAppear", "sheet.viewDidAppear", "sheet.viewWillDisappear", "sheet.viewDidDisappear"])
  }

  /// A second `dismiss` asked of the controller that is being dismissed (swift-navigation's
  /// `Presented.deinit` calls `dismiss(animated: false)` on the controller its binding just
  /// dismissed) is logged and dropped; the first dismissal goes on and completes. With a
  /// completion, something is lost (it never runs): a refusal; without one, only the console
  /// shows it: a warning.
  @Test(arguments: [false, true])
  func aSecondDismissOfTheControllerBeingDismissedIsRedundant(animated: Bool) {
    let (world, sheet) = worldPresentingASheet()
    var firstCompleted = false, secondCompleted = false
    sheet.dismiss(animated: true) { firstCompleted = true }
    #expect(sheet.isBeingDismissed)
    sheet.dismiss(animated: animated) { secondCompleted = true }
    sheet.dismiss(animated: animated)
    #expect(world.diagnosticKinds == [.dismissWhileTransitioning, .dismissWhileBeingDismissed])
    #expect(world.environment.diagnostics.map(\.kind.severity) == [.refusal, .warning])
    #expect(world.environment.diagnostics.allSatisfy { $0.rule == .redundantDismissIsAWarning })
    #expect(
      world.environment.diagnostics[0].message
        == "Attempt to dismiss from view controller \(sheet.debugName) while a presentation or dismiss is in progress!")
    world.settle()
    #expect(firstCompleted)
    #expect(!secondCompleted)
    #expect(world.root.presentedViewController == nil)
    #expect(world.events(of: sheet) == ["sheet.viewDidLoad", "sheet.viewWillAppear", "sheet.viewDidAppear", "sheet.viewWillDisappear", "sheet.viewDidDisappear"])
  }

  /// A `dismiss` asked of the presenter while what it presents is being dismissed waits for that
  /// dismissal and is then carried out: here the presenter presents nothing any more and is not
  /// presented itself, so nothing more happens, and its completion runs (upstream's
  /// `testPresent_RepresentOnIdentityChange` at 2.8.0, on the simulator, presents from it).
  @Test(arguments: [false, true])
  func aDismissAskedOfThePresenterWaitsForTheDismissalInProgress(animated: Bool) {
    let (world, sheet) = worldPresentingASheet()
    var firstCompleted = false, secondCompleted = false
    sheet.dismiss(animated: true) { firstCompleted = true }
    world.root.dismiss(animated: animated) {
      #expect(firstCompleted)
      secondCompleted = true
    }
    #expect(world.diagnosticKinds == [.dismissDeferred])
    #expect(world.environment.diagnostics[0].kind.severity == .information)
    #expect(world.root.presentedViewController === sheet)
    world.settle()
    #expect(secondCompleted)
    #expect(world.root.presentedViewController == nil)
    #expect(world.diagnosticKinds == [.dismissDeferred])
    #expect(world.environment.appliedRules.contains(.dismissWaitsForRunningTransition))
  }

  /// A dismissal without animation still ends on the next turn: right after the call the
  /// controller is still presented and being dismissed (swift-navigation #332 checks
  /// `isBeingDismissed` right after such a call, and its test fails without that check).
  @Test func aDismissalWithoutAnimationEndsOnTheNextTurn() {
    let world = TestWorld()
    let sheet = LoggingController(name: "sheet")
    world.root.present(sheet, animated: false)
    world.settle()
    world.environment.clearEventLog()
    var completed = false
    sheet.dismiss(animated: false) { completed = true }
    #expect(world.root.presentedViewController === sheet)
    #expect(sheet.isBeingDismissed)
    #expect(world.events(of: sheet) == ["sheet.viewWillDisappear"])
    _ = world.environment.runLoop.tick()
    #expect(world.root.presentedViewController == nil)
    #expect(!sheet.isBeingDismissed)
    #expect(world.events(of: sheet) == ["sheet.viewWillDisappear", "sheet.viewDidDisappear"])
    #expect(completed)
  }

  /// A dismissal's transition is over when the dismissed controller's `viewDidDisappear` runs:
  /// presenting from there is accepted, as from a presented controller's `viewDidAppear`
  /// (swift-navigation #332 presents the next controller from that hook in production apps).
  @Test(arguments: [false, true])
  func presentingFromTheDismissedControllersViewDidDisappearIsAccepted(animated: Bool) {
    let world = TestWorld()
    let sheet = LoggingController(name: "sheet")
    world.root.present(sheet, animated: true)
    world.settle()
    let next = LoggingController(name: "next")
    sheet.addLifecycleHook { _, event in
      if event == .viewDidDisappear { world.root.present(next, animated: true) }
    }
    sheet.dismiss(animated: animated)
    world.settle()
    #expect(world.diagnosticKinds.isEmpty)
    #expect(world.root.presentedViewController === next)
  }

  /// A dismissal asked of the context while a dismissal runs above what it presents waits for
  /// it, then dismisses what the context presents (upstream's `testPresents_Nested_ParentItemChanges`
  /// at 2.8.0 re-presents from its completion on the simulator).
  @Test func aDismissWhileADismissalRunsAboveTheVictimWaitsThenDismissesTheVictim() {
    let world = TestWorld()
    let sheet = LoggingController(name: "sheet")
    world.root.present(sheet, animated: false)
    let nested = LoggingController(name: "nested")
    sheet.present(nested, animated: false)
    world.settle()
    var completed = false
    nested.dismiss(animated: true)
    world.root.dismiss(animated: false) { completed = true }
    #expect(world.diagnosticKinds == [.dismissDeferred])
    world.advance(499)
    #expect(world.root.presentedViewController === sheet)
    world.settle()
    #expect(completed)
    #expect(world.root.presentedViewController == nil)
    #expect(world.diagnosticKinds == [.dismissDeferred])
  }

  /// The presenter's `dismiss` during the user's swipe waits for the swipe too: cancelled, the
  /// sheet is then dismissed as asked; finished, there is nothing left to dismiss and the
  /// completion runs.
  @Test(arguments: [false, true])
  func aPresentersDismissDuringASwipeWaitsForTheSwipe(cancelled: Bool) {
    let (world, _) = sheetBeingSwiped(cancelled: cancelled)
    var completed = false
    world.root.dismiss(animated: false) { completed = true }
    #expect(world.diagnosticKinds == [.dismissDeferred])
    world.settle()
    #expect(completed)
    #expect(world.root.presentedViewController == nil)
    #expect(world.diagnosticKinds == [.dismissDeferred])
  }

  /// A world whose root presents a sheet, settled.
  private func worldPresentingASheet() -> (TestWorld, LoggingController) {
    let world = TestWorld()
    let sheet = LoggingController(name: "sheet")
    world.root.present(sheet, animated: true)
    world.settle()
    return (world, sheet)
  }

  /// A world whose root presents a sheet the user has begun to swipe down.
  private func sheetBeingSwiped(cancelled: Bool) -> (TestWorld, LoggingController) {
    let (world, sheet) = worldPresentingASheet()
    #expect(world.window.userSwipeToDismiss(cancelled: cancelled) == .performed)
    return (world, sheet)
  }

  /// A `dismiss` asked of the sheet itself during the user's swipe is judged when the swipe ends:
  /// finished, without a completion, nothing was lost (a warning); cancelled, the sheet stays
  /// although the call asked it to go (a refusal).
  @Test(arguments: [false, true])
  func aSheetsOwnDismissDuringASwipeIsJudgedWhenTheSwipeEnds(cancelled: Bool) {
    let (world, sheet) = sheetBeingSwiped(cancelled: cancelled)
    sheet.dismiss(animated: false)
    #expect(world.diagnosticKinds.isEmpty)
    world.settle()
    #expect(world.diagnosticKinds == [cancelled ? .dismissWhileTransitioning : .dismissWhileBeingDismissed])
    #expect(world.environment.diagnostics[0].rule == .dismissDuringSwipeJudgedAtItsEnd)
    #expect(world.root.presentedViewController === (cancelled ? sheet : nil))
  }

  @Test func presentingFromAControllerOutsideTheWindowIsRefused() {
    let world = TestWorld()
    let orphan = LoggingController(name: "orphan")
    orphan.present(LoggingController(name: "x"), animated: true)
    #expect(world.diagnosticKinds == [.presentNotInWindowHierarchy])
    #expect(world.environment.diagnostics[0].message.hasSuffix("whose view is not in the window hierarchy."))
  }

  @Test func presentingFromAControllerBeingDismissedIsRefused() {
    let world = TestWorld()
    let sheet = LoggingController(name: "sheet")
    world.root.present(sheet, animated: true)
    world.settle()
    world.root.dismiss(animated: true)
    sheet.present(LoggingController(name: "late"), animated: true)
    #expect(world.diagnosticKinds == [.presentNotInWindowHierarchy])
  }

  @Test func presentingAnActiveControllerSelfOrAChildIsAnException() {
    let world = TestWorld()
    let sheet = LoggingController(name: "sheet")
    world.root.present(sheet, animated: false)
    world.settle()
    sheet.present(sheet, animated: false)
    sheet.present(world.root, animated: false)
    let other = LoggingController(name: "other")
    other.present(sheet, animated: false)
    #expect(world.diagnosticKinds == [.presentSelf, .presentChildController, .presentActiveController])
    #expect(world.environment.diagnostics.allSatisfy { $0.kind.isException })
    #expect(world.environment.diagnostics[2].message.contains("that is already being presented by"))
  }

  @Test func dismissOnAPresenterRemovesEverythingAboveItAndOnALeafForwardsToThePresenter() {
    let world = TestWorld()
    let b = LoggingController(name: "b")
    let c = LoggingController(name: "c")
    world.root.present(b, animated: true)
    world.settle()
    b.present(c, animated: true)
    world.settle()
    #expect(b.presentedViewController === c)
    // Dismissing on b removes only what b presented (#183's trap).
    b.dismiss(animated: true)
    world.settle()
    #expect(world.root.presentedViewController === b)
    #expect(b.presentedViewController == nil)
    b.present(c, animated: true)
    world.settle()
    // Dismissing on the root removes b and c; both get their disappear callbacks.
    world.root.dismiss(animated: true)
    #expect(b.isBeingDismissed && c.isBeingDismissed)
    world.settle()
    #expect(world.root.presentedViewController == nil)
    #expect(c.presentingViewController == nil)
    #expect(world.events(of: b, c).suffix(4) == ["c.viewWillDisappear", "b.viewWillDisappear", "c.viewDidDisappear", "b.viewDidDisappear"])
    // A leaf that presents nothing forwards dismiss to its presenter.
    world.root.present(b, animated: true)
    world.settle()
    b.dismiss(animated: true)
    world.settle()
    #expect(world.root.presentedViewController == nil)
    #expect(world.diagnosticKinds.isEmpty)
  }

  @Test func presentingFromAPushedChildIsRoutedToTheNavigationController() {
    let world = TestWorld()
    let pushed = LoggingController(name: "pushed")
    world.navigation.pushViewController(pushed, animated: false)
    let sheet = LoggingController(name: "sheet")
    world.root.present(sheet, animated: false)
    world.settle()
    #expect(pushed.presentedViewController === sheet)
    pushed.present(LoggingController(name: "second"), animated: false)
    #expect(world.diagnosticKinds == [.presentWhileAlreadyPresenting])
    #expect(world.environment.diagnostics[0].message.contains("on \(world.navigation.debugName) (from \(pushed.debugName))"))
  }

  @Test func isBeingDismissedIsTrueDuringDisappearCallbacksAndPresentingIsAlreadyNil() {
    let world = TestWorld()
    let sheet = LoggingController(name: "sheet")
    var seen: [String] = []
    sheet.addLifecycleHook { controller, event in
      if event == .viewWillDisappear { seen.append("will \(controller.isBeingDismissed) \(controller.presentingViewController != nil)") }
      if event == .viewDidDisappear { seen.append("did \(controller.isBeingDismissed) \(controller.presentingViewController != nil)") }
    }
    world.root.present(sheet, animated: true)
    world.settle()
    world.root.dismiss(animated: true)
    world.settle()
    #expect(seen == ["will true true", "did true false"])
    #expect(!sheet.isBeingDismissed)
  }
}
