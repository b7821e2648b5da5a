import Foundation
import HeadlessUIKit
import NavFuzzEngines
import NavigationFuzzing
import StateDrivenNavigation
import Testing

/// The door for third-party engines: the harness checks what an engine declares, says what it did
/// not check, counts only the topology's controllers as leaks, turns the engine's warnings into
/// violations and accepts violations only with a reason.
@MainActor
@Suite struct EngineContractTests {
  /// The built-in engine, except that pushes never call `onDismiss` (as swift-navigation's
  /// `navigationDestination`, which takes none).
  struct NoPushOnDismiss: NavigationEngine {
    func wire(_ slot: SlotConnection, on controller: UIViewController) {
      let silent = SlotConnection(
        spec: slot.spec, model: slot.model, index: slot.index, content: slot.content,
        onDismiss: { if slot.spec.style != .push { slot.onDismiss() } })
      StateDrivenEngine().wire(silent, on: controller)
    }
    func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
      StateDrivenEngine().makeStack(path, root: root)
    }
  }

  /// The built-in engine, plus helper controllers of its own kept alive off screen.
  final class WithHelpers: NavigationEngine {
    var helpers: [UIViewController] = []
    func wire(_ slot: SlotConnection, on controller: UIViewController) {
      helpers.append(UIViewController())
      StateDrivenEngine().wire(slot, on: controller)
    }
    func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
      StateDrivenEngine().makeStack(path, root: root)
    }
  }

  /// The built-in engine, warning whenever it wires a push slot.
  struct WarnsOnPushes: NavigationEngine {
    func wire(_ slot: SlotConnection, on controller: UIViewController) {
      if slot.spec.style == .push { EngineWarnings.report("\(slot.spec.name): pushes are deprecated") }
      StateDrivenEngine().wire(slot, on: controller)
    }
    func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
      StateDrivenEngine().makeStack(path, root: root)
    }
  }

  /// Presents every new item at once, dismissing the old one without waiting for it to go, as a
  /// library that neither waits nor retries does. Only for modal item slots.
  final class Impatient: NavigationEngine {
    var tokens: [ObserveToken] = []
    func wire(_ slot: SlotConnection, on controller: UIViewController) {
      guard slot.spec.style.isModal, !slot.spec.isFlag else { return }
      var shown: (id: ItemIdentity, controller: UIViewController)?
      let model = slot.model, keyPath = slot.itemKeyPath, content = slot.content
      tokens.append(
        controller.observe { [weak controller] in
          guard let controller else { return }
          let item = model[keyPath: keyPath]
          guard item?.id != shown?.id else { return }
          if shown != nil { controller.dismiss(animated: true) }
          shown = item.map { ($0.id, content($0)) }
          if let shown { controller.present(shown.controller, animated: true) }
        })
    }
    func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
      UINavigationController(rootViewController: root)
    }
  }

  /// The built-in engine, whose modal screens ask once more to be dismissed, without a completion,
  /// as their dismissal begins (as swift-navigation's `Presented.deinit` does).
  struct DismissesTwice: NavigationEngine {
    func wire(_ slot: SlotConnection, on controller: UIViewController) {
      let content = slot.content
      let twice = SlotConnection(
        spec: slot.spec, model: slot.model, index: slot.index,
        content: { item in
          let presented = content(item)
          presented.addLifecycleHook { controller, event in
            if event == .viewWillDisappear, controller.isBeingDismissed { controller.dismiss(animated: false) }
          }
          return presented
        }, onDismiss: slot.onDismiss)
      StateDrivenEngine().wire(twice, on: controller)
    }
    func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
      StateDrivenEngine().makeStack(path, root: root)
    }
  }

  /// The built-in engine, but push slots push at once when filled, never waiting for a transition
  /// (UIKit defers the push) and never popping.
  final class PushesAtOnce: NavigationEngine {
    var tokens: [ObserveToken] = []
    func wire(_ slot: SlotConnection, on controller: UIViewController) {
      guard slot.spec.style == .push, !slot.spec.isFlag else { return StateDrivenEngine().wire(slot, on: controller) }
      var pushed: ItemIdentity?
      let model = slot.model, keyPath = slot.itemKeyPath, content = slot.content
      tokens.append(
        controller.observe { [weak controller] in
          guard let item = model[keyPath: keyPath], item.id != pushed else { return }
          pushed = item.id
          controller?.navigationController?.pushViewController(content(item), animated: true)
        })
    }
    func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
      StateDrivenEngine().makeStack(path, root: root)
    }
  }

  /// A push UIKit deferred until the user's swipe took its sheet away lands in a navigation
  /// controller nobody sees: no flash, so no `no-stale-transition`.
  @Test func aPushIntoAStackThatLeftTheScreenIsNoStaleTransition() throws {
    let text = "set presentedChild 1\nsettle\nset presentedChild.pushedChild 1\nuser dismiss\nsettle\n"
    let engine = EngineChoice(
      name: "pushes-at-once", summary: "", contract: EngineContract(onDismissForPushes: false), make: { PushesAtOnce() })
    let trace = try TraceFormat.parse("navtrace 1\ntopology basic\n" + text)
    let result = try Replay.run(trace, topology: .basic, engine: engine)
    #expect(result.statistics.deferredStackChanges == 1)
    #expect(!result.violations.map(\.invariant).contains(.noStaleTransition))
  }

  /// An engine type that declares its profile and contract.
  struct Declaring: NavigationEngine {
    static var semantics: SemanticsProfile { .swiftUI }
    static var contract: EngineContract { EngineContract(onDismissForPushes: false) }
    func wire(_ slot: SlotConnection, on controller: UIViewController) { StateDrivenEngine().wire(slot, on: controller) }
    func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
      StateDrivenEngine().makeStack(path, root: root)
    }
  }

  @Test func anEngineTypeDeclaresItsProfileAndContract() {
    let choice = EngineChoice.declared(by: { Declaring() }, name: "declaring", summary: "")
    #expect(choice.semantics == .swiftUI)
    #expect(!choice.contract.onDismissForPushes)
    let plain = EngineChoice.declared(by: { NoPushOnDismiss() }, name: "plain", summary: "")
    #expect(plain.semantics == .navfuzz)
    #expect(plain.contract == EngineContract())
  }

  @Test func refusalsDuringATransitionAreNotCheckedForAnEngineThatDeclaresItDoesNotWait() throws {
    let text = "set presentedChild 1\nsettle\nset presentedChild 2\nsettle\n"
    let undeclared = EngineChoice(name: "impatient", summary: "", make: { Impatient() })
    #expect(try violated(text, undeclared).contains(.noDoublePresentation))
    let declared = EngineChoice(
      name: "impatient", summary: "", contract: EngineContract(waitsForTransitions: false), make: { Impatient() })
    let found = try violated(text, declared)
    #expect(!found.contains(.noDoublePresentation))
    #expect(!found.isEmpty, "the refused presentation still leaves the state unshown")
    #expect(declared.contract.notChecked.count == 1)
  }

  @Test func uikitWarningsAreCountedNotCheckedForAnEngineThatDeclaresItMakesThem() throws {
    let text = "set presentedChild 1\nsettle\nclear presentedChild\nsettle\n"
    let trace = try TraceFormat.parse("navtrace 1\ntopology basic\n" + text)
    let undeclared = EngineChoice(name: "dismisses-twice", summary: "", make: { DismissesTwice() })
    let strict = try Replay.run(trace, topology: .basic, engine: undeclared)
    let violation = try #require(strict.violations.first)
    #expect(strict.violations.map(\.invariant) == [.uikitRules])
    #expect(violation.explanation.hasPrefix("UIKit warning: Attempt to dismiss from view controller "))
    let declared = EngineChoice(
      name: "dismisses-twice", summary: "", contract: EngineContract(avoidsUIKitWarnings: false), make: { DismissesTwice() })
    let counted = try Replay.run(trace, topology: .basic, engine: declared)
    #expect(counted.violations.isEmpty)
    #expect(counted.statistics.uikitWarnings == 1)
    #expect(counted.notChecked.count == 1)
    #expect(counted.notChecked[0].hasPrefix("uikit-rules for UIKit's log-only warnings"))
    #expect(strict.statistics.uikitWarnings == 0)
    let report = CampaignReport(replays: [("t.navtrace", trace, counted)], durationSeconds: 0.1)
    #expect(report.coverage.uikitWarnings == 1)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navfuzz-uikit-warnings-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try ReportWriter.write(report, to: folder.path)
    let markdown = try String(contentsOf: folder.appendingPathComponent("report.md"), encoding: .utf8)
    #expect(markdown.contains("**UIKit warnings (log only, not checked):** 1."))
    let html = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
    #expect(html.contains("1 UIKit warnings (log only)"))
  }

  func violated(_ text: String, _ engine: EngineChoice) throws -> [InvariantID] {
    let trace = try TraceFormat.parse("navtrace 1\ntopology basic\n" + text)
    return try Replay.run(trace, topology: .basic, engine: engine).violations.map(\.invariant)
  }

  let popped = "set pushedChild 1\nsettle\nuser back\nsettle\n"

  @Test func whatAnEngineDoesNotOfferIsNotCheckedAndTheSummarySaysSo() throws {
    let undeclared = EngineChoice(name: "no-push-ondismiss", summary: "", make: { NoPushOnDismiss() })
    #expect(try violated(popped, undeclared) == [.onDismissExactlyOnce])
    let declared = EngineChoice(
      name: "no-push-ondismiss", summary: "", contract: EngineContract(onDismissForPushes: false),
      make: { NoPushOnDismiss() })
    #expect(try violated(popped, declared).isEmpty)
    #expect(declared.contract.notChecked == ["ondismiss-exactly-once for pushed destinations (the engine has no onDismiss for pushes)"])
    // Modals are still checked.
    let modal = "set presentedChild 1\nsettle\nuser dismiss\nsettle\n"
    #expect(try violated(modal, declared).isEmpty)
    #expect(EngineChoice.default.contract.notChecked.isEmpty)
  }

  @Test func onlyControllersTheTopologyBuiltCountAsLeaks() throws {
    let engine = EngineChoice(name: "helpers", summary: "", make: { WithHelpers() })
    #expect(try violated("set presentedChild 1\nsettle\nuser dismiss\nsettle\n", engine).isEmpty)
    let strong = try #require(BuiltInEngines.named("strong-presented-reference"))
    #expect(try violated("set presentedChild 1\nsettle\nuser dismiss\nsettle\n", strong).contains(.noLeaks))
  }

  @Test func anEngineWarningBecomesAViolationWithItsMessage() throws {
    let engine = EngineChoice(name: "warns", summary: "", make: { WarnsOnPushes() })
    let trace = try TraceFormat.parse("navtrace 1\ntopology basic\nsettle\n")
    let result = try Replay.run(trace, topology: .basic, engine: engine)
    let violation = try #require(result.violations.first { $0.invariant == .engineWarning })
    #expect(violation.explanation.hasPrefix("engine warning: "))
    #expect(violation.explanation.hasSuffix(": pushes are deprecated"))
    #expect(try Replay.run(trace, topology: .basic, engine: .default).violations.isEmpty)
  }

  @Test func aViolationIsAcceptedOnlyWithAReasonAndStillCounted() throws {
    let mutant = try #require(BuiltInEngines.named("no-write-back"))
    let text = "set presentedChild 1\nsettle\nuser dismiss\nsettle\n"
    #expect(try violated(text, mutant).contains(.dismissalWritesBack))
    #expect(throws: AllowanceError.self) { try mutant.allowing(.dismissalWritesBack, because: "  ") }
    let accepting = try mutant.allowing(.dismissalWritesBack, because: "the app writes back itself")
    let found = try violated(text, accepting)
    #expect(!found.contains(.dismissalWritesBack))
    #expect(accepting.contract.allowances.map(\.invariant) == ["dismissal-writes-back"])
    let trace = try TraceFormat.parse("navtrace 1\ntopology basic\n" + text)
    let result = try Replay.run(trace, topology: .basic, engine: accepting)
    #expect(result.statistics.violations[.dismissalWritesBack, default: 0] > 0)
    #expect(result.allowed.map(\.reason) == ["the app writes back itself"])
  }
}
