import HeadlessUIKit
import NavFuzzEngines
import NavigationFuzzing
import StateDrivenNavigation
import Testing

/// What UIKit says without anything being wrong is not a violation.
@MainActor
@Suite struct InformationDiagnosticsTests {
  /// Sheets that, as they begin to leave, ask their presenter to dismiss too (code that closes a
  /// flow from its screen's `viewWillDisappear`): UIKit makes the second call wait for the first
  /// dismissal, after which there is nothing left to dismiss.
  struct DismissesTwice: NavigationEngine {
    func wire(_ slot: SlotConnection, on controller: UIViewController) {
      let content = slot.content
      let wrapped = SlotConnection(
        spec: slot.spec, model: slot.model, index: slot.index,
        content: { item in
          let built = content(item)
          built.addLifecycleHook { sheet, event in
            if event == .viewWillDisappear, sheet.isBeingDismissed { sheet.presentingViewController?.dismiss(animated: true) }
          }
          return built
        },
        onDismiss: slot.onDismiss)
      StateDrivenEngine().wire(wrapped, on: controller)
    }
    func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
      StateDrivenEngine().makeStack(path, root: root)
    }
  }

  @Test func aDismissalThatWaitsIsNotAViolation() throws {
    let engine = EngineChoice(name: "dismisses-twice", summary: "asks twice", make: { DismissesTwice() })
    let trace = try TraceFormat.parse(
      "navtrace 1\ntopology basic\nset presentedChild 1\nsettle\nclear presentedChild\nsettle\n", source: "t.navtrace")
    let result = try Replay.run(trace, topology: .basic, engine: engine)
    #expect(HeadlessEnvironment.current.diagnostics.map(\.kind).contains(.dismissDeferred))
    #expect(result.violations.isEmpty, "\(result.violations.map(\.explanation))")
  }
}
