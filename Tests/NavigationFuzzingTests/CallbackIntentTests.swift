@testable import NavFuzzEngines
@testable import NavigationFuzzing
import NavigationReference
import Testing

/// State changed inside UIKit callbacks (alert buttons, appearance, `onDismiss`) and the step that
/// stops at the end of a transition: produced by the generator, the explorer and the byte decoder.
@MainActor
@Suite struct CallbackIntentTests {
  @Test func theGeneratorStopsAtTheEndOfTransitionsOnlyWhileOneRuns() {
    var options = Campaign.Options()
    options.runs = 60
    options.shrinks = false
    let result = Campaign(topology: .basic, engine: .default, options: options).run()
    #expect(result.statistics.actionCounts[.untilTransitionEnd, default: 0] > 20)
    #expect(result.statistics.skipReasons["no transition is running"] == nil)
    #expect(result.failures.isEmpty)
  }

  @Test func theGeneratorTapsEveryButtonAndCallbacksRunIntents() {
    var options = Campaign.Options()
    options.runs = 200
    options.shrinks = false
    let result = Campaign(topology: .callbacks, engine: .default, options: options).run()
    #expect(result.failures.isEmpty, "\(result.failures.map { TraceFormat.print($0.shrunk) })")
    #expect(result.statistics.callbackIntents > 100)
  }

  @Test func theExplorerTriesEveryButtonAndTheEndOfTheTransition() throws {
    let explorer = Explorer(topology: .callbacks, engine: .default)
    let runner = Runner(topology: .callbacks, engine: .default)
    let alert = try Topology.callbacks.spec.parseAddress("alert").get()
    try runner.perform(.set(alert, id: 1), index: 0)
    try runner.perform(.settle, index: 1)
    let steps = explorer.alphabet(for: runner)
    // Three buttons that run intents, then the cancel button.
    #expect((0..<4).allSatisfy { steps.contains(.user(.alertTap($0))) })
    #expect(!steps.contains(.user(.alertTap(4))))
    #expect(!steps.contains(.untilTransitionEnd))
    try runner.perform(.user(.alertTap(0)), index: 2)
    #expect(explorer.alphabet(for: runner).contains(.untilTransitionEnd))
  }

  @Test func bytesChooseTheButtonAndEncodingGivesItBack() throws {
    let trace = try TraceFormat.parse(
      """
      navtrace 1
      topology callbacks
      set alert 1
      settle
      user alert-tap 2
      until transition-end
      settle
      set compose 1
      settle
      user dismiss
      settle
      """)
    let bytes = FuzzInput.encode(trace, topology: .callbacks, engine: .default)
    let (decoded, runner) = FuzzInput.decode(bytes, topology: .callbacks, engine: .default)
    #expect(decoded == trace.actions)
    runner.finish(stepIndex: decoded.count)
    // The third button pushed the message (which showed its tip as it appeared); the sheet's
    // onDismiss showed the inbox's alert, evicting the tip (one modal per navigation group).
    #expect(runner.violations.isEmpty)
    #expect(runner.world.rootModel.stateDescription(detailed: false).sorted() == ["alert=3", "message=1"])
  }

  @Test func aCallbackOfAScreenTheModelNoLongerHoldsChangesNothing() throws {
    let runner = Runner(topology: .callbacks, engine: .default)
    let message = try Topology.callbacks.spec.parseAddress("message").get()
    try runner.perform(.set(message, id: 1), index: 0)
    try runner.perform(.settle, index: 1)
    let model = try #require(runner.world.rootModel.screen(at: message.components[...]))
    try runner.perform(.clear(message), index: 2)
    let before = runner.reference.stableHash
    runner.world.runIntentFromCallback("reply", on: model)
    #expect(runner.reference.stableHash == before)
    #expect(runner.world.callbackIntentsRun.isEmpty)
  }
}
