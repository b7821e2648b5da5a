import HeadlessUIKit
import Testing

@MainActor
@Suite struct DeterminismAndMemoryTests {
  /// Runs a fixed script of presentations, pushes and gestures and returns the lifecycle log.
  private func scriptedRun() -> [String] {
    let world = TestWorld()
    let sheet = UINavigationController(rootViewController: LoggingController(name: "sheetRoot"))
    world.navigation.pushViewController(LoggingController(name: "a"), animated: true)
    world.root.present(sheet, animated: true)
    world.advance(200)
    sheet.pushViewController(LoggingController(name: "b"), animated: true)
    world.settle()
    _ = world.window.userSwipeBack()
    world.advance(100)
    _ = world.window.userTapBack()
    world.settle()
    _ = world.window.userSwipeToDismiss()
    world.settle()
    return (world.environment.eventLog ?? []) + world.environment.diagnostics.map(\.description)
  }

  @Test func theSameScriptGivesTheSameEventLog() {
    let first = scriptedRun()
    let second = scriptedRun()
    #expect(first.count > 20)
    #expect(first == second)
  }

  /// A harness starts each run with `reset()` while the last run may have left work queued or a
  /// transition in flight, holding the last reference to a controller whose deinit calls UIKit
  /// (swift-navigation's `Presented.deinit` dismisses). That deinit must run in its own world:
  /// not while `current` is being replaced (an exclusivity crash), not in the next world.
  @Test func resetLetsTheOldWorldsLeftoversGoWhileThatWorldIsStillCurrent() {
    let old = HeadlessEnvironment.reset()
    var seenFromDeinit: HeadlessEnvironment?
    do {
      let held = LoggingController(name: "held")
      let bystander = UIViewController()
      held.onDeinit = {
        seenFromDeinit = HeadlessEnvironment.current
        bystander.dismiss(animated: false) {}  // nothing to dismiss: queues its completion
      }
      old.runLoop.schedule(after: 100) { _ = held }
    }
    #expect(seenFromDeinit == nil)
    let new = HeadlessEnvironment.reset()
    #expect(seenFromDeinit === old)
    #expect(HeadlessEnvironment.current === new)
    #expect(!new.runLoop.hasPendingWork)
  }

  @Test func aDismissedControllerNobodyHoldsIsDeallocated() {
    let world = TestWorld()
    var deallocated = false
    do {
      let sheet = LoggingController(name: "sheet")
      sheet.onDeinit = { deallocated = true }
      world.root.present(sheet, animated: true)
    }
    world.settle()
    #expect(!deallocated)
    world.root.dismiss(animated: true)
    world.settle()
    #expect(deallocated)
    #expect(world.environment.liveControllers.count == 2)  // the navigation controller and its root
  }

  @Test func aControllerInARetainCycleIsNotDeallocated() {
    let world = TestWorld()
    var deallocated = false
    do {
      let sheet = LoggingController(name: "sheet")
      sheet.onDeinit = { deallocated = true }
      sheet.strongReference = sheet  // a retain cycle, as a closure capturing self strongly makes
      world.root.present(sheet, animated: false)
    }
    world.root.dismiss(animated: false)
    world.settle()
    #expect(!deallocated)
    let leaked = world.environment.liveControllers.compactMap { $0 as? LoggingController }.filter { $0.name == "sheet" }
    #expect(leaked.count == 1)
    leaked.first?.strongReference = nil
  }

  @Test func aPoppedControllerIsDeallocatedAfterItsTransition() {
    let world = TestWorld()
    var deallocated = false
    do {
      let detail = LoggingController(name: "detail")
      detail.onDeinit = { deallocated = true }
      world.navigation.pushViewController(detail, animated: false)
    }
    world.navigation.popViewController(animated: true)
    #expect(!deallocated)
    world.settle()
    #expect(deallocated)
  }

  @Test func snapshotListsContentControllersBottomToTop() {
    let world = TestWorld()
    let pushed = LoggingController(name: "pushed")
    world.navigation.pushViewController(pushed, animated: false)
    let modalRoot = LoggingController(name: "modalRoot")
    let modal = UINavigationController(rootViewController: modalRoot)
    modal.modalPresentationStyle = .fullScreen
    world.root.present(modal, animated: false)
    let alert = UIAlertController(title: "a", message: nil, preferredStyle: .alert)
    world.settle()
    modalRoot.present(alert, animated: false)
    world.settle()
    let entries = world.window.screenSnapshot.entries
    #expect(entries.map(\.controller.serial) == [world.root.serial, pushed.serial, modalRoot.serial, alert.serial])
    #expect(entries.map(\.placement) == [.root, .pushed, .presented(.fullScreen), .alert(.alert)])
  }

  /// Values attached with `setAssociatedObject` are found by their key, replaced and removed as a
  /// dictionary would, and released in the order their keys were first set when the controller goes.
  @Test func attachedValuesBehaveAsADictionaryAndAreReleasedInTheOrderSet() {
    _ = TestWorld()
    final class Logged {
      let name: String
      let log: (String) -> Void
      init(_ name: String, log: @escaping (String) -> Void) {
        self.name = name
        self.log = log
      }
      deinit { log(name) }
    }
    var released: [String] = []
    let log: (String) -> Void = { released.append($0) }
    let keys = (0..<6).map { _ in AssociatedKey<Logged>() }
    var plain: [ObjectIdentifier: String] = [:]
    do {
      let controller = UIViewController()
      for (index, key) in keys.enumerated().reversed() {
        controller.setAssociatedObject(Logged("v\(index)", log: log), for: key)
        plain[ObjectIdentifier(key)] = "v\(index)"
      }
      controller.setAssociatedObject(Logged("w2", log: log), for: keys[2])
      plain[ObjectIdentifier(keys[2])] = "w2"
      #expect(released == ["v2"], "the value replaced is released at once")
      controller.setAssociatedObject(nil, for: keys[4])
      plain[ObjectIdentifier(keys[4])] = nil
      #expect(released == ["v2", "v4"])
      controller.setAssociatedObject(Logged("x4", log: log), for: keys[4])
      plain[ObjectIdentifier(keys[4])] = "x4"
      for key in keys {
        #expect(controller.associatedObject(for: key)?.name == plain[ObjectIdentifier(key)])
      }
      #expect(UIViewController().associatedObject(for: keys[0]) == nil)
      released.removeAll()
    }
    // First set: v5, v4 (removed, then set again last), v3, w2 (replaced in place), v1, v0.
    #expect(released == ["v5", "v3", "w2", "v1", "v0", "x4"])
  }
}
