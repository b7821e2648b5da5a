import NavFuzzSwiftUI
import NavigationFuzzing
import SwiftUI
import Testing

@MainActor
@Suite struct AppCheckTests {
  @Test func aCleanAppIsCleanOverManyRuns() {
    let result = NavFuzz.check(app: NotesApp(), runs: 300)
    #expect(result.passed, "\(result)")
    #expect(result.runs == 300)
    // The runs reached deep: the offered actions were taken, not only time steps.
    #expect(result.steps > 300 * 10)
  }

  @Test func aSheetSetterThatIgnoresNilIsCaughtAndShrunk() throws {
    let result = NavFuzz.check(app: SetterIgnoresNilApp(), runs: 50)
    let failure = try #require(result.failures.first, "\(result)")
    #expect(failure.violation.invariant == .dismissalWritesBack)
    #expect(failure.violation.explanation.contains("after a swipe down, SwiftUI wrote false or nil to the binding of the sheet on \"Cart\""))
    #expect(failure.shrunk.actions.count <= 4, "\(result)")
    #expect(failure.shrunk.actions.contains(.dismiss))
    // The screen where it failed: the sheet the person swiped away is back.
    #expect(failure.violation.actualScreen.suffix(2) == ["[sheet]", "  text \"Editing Milk\""])
    #expect("\(result)".contains("screen when it failed:\n  [root] \"Cart\"\n"))
    #expect(failure.shrunk.actions.first.map { if case .tap = $0 { true } else { false } } == true)
    // The printed trace reads back and reproduces on its own.
    let trace = try AppTraceFormat.parse(AppTraceFormat.print(failure.shrunk), source: "shrunk.navtrace")
    #expect(trace == failure.shrunk)
    #expect(try NavFuzz.replay(trace, app: SetterIgnoresNilApp())?.invariant == .dismissalWritesBack)
  }

  @Test func aPathThatIgnoresPopsIsCaughtAndShrunk() throws {
    let result = NavFuzz.check(app: PathIgnoresPopsApp(), runs: 50)
    let failure = try #require(result.failures.first, "\(result)")
    #expect(failure.violation.invariant == .dismissalWritesBack)
    #expect(failure.violation.explanation.contains("the shorter path to the binding of the stack on \"Aisles\""))
    #expect(failure.shrunk.actions.count <= 4, "\(result)")
    let pops: [AppAction] = [.back, .swipeBack, .backTo(0)]
    #expect(failure.shrunk.actions.contains { pops.contains($0) }, "\(result)")
    #expect(try NavFuzz.replay(failure.shrunk, app: PathIgnoresPopsApp())?.invariant == .dismissalWritesBack)
  }

  @Test func aDeepLinkThatWritesThePathDuringATransitionIsCaught() throws {
    // SwiftUI does not queue a path written while a transition runs; UIKit drops the stack change.
    let result = NavFuzz.check(app: NotesApp(), runs: 100, urls: ["notes://note/2"])
    let failure = try #require(result.failures.first { $0.violation.invariant == .uikitRules }, "\(result)")
    #expect(failure.violation.explanation.contains("[navigation-stack-not-updated]"))
    #expect(failure.shrunk.actions.contains(.openURL("notes://note/2")))
    #expect(failure.shrunk.actions.count <= 5, "\(result)")
  }

  @Test func aSheetShownThatNoStateHoldsIsCaught() throws {
    let result = NavFuzz.check(app: UnobservedSheetApp(), runs: 50)
    let failure = try #require(result.failures.first, "\(result)")
    #expect(failure.violation.invariant == .stateUIConsistency)
    #expect(failure.violation.explanation == "the sheet on an untitled screen is shown, but no state holds it")
    #expect(failure.shrunk.actions.suffix(1) == [.tap("Done")], "\(result)")
    #expect(failure.shrunk.actions.count <= 3, "\(result)")
  }

  @Test func aSheetHeldThatIsNeitherShownNorWaitingIsCaught() throws {
    let result = NavFuzz.check(app: UnobservedOpenApp(), runs: 20)
    let failure = try #require(result.failures.first, "\(result)")
    #expect(failure.violation.invariant == .stateUIConsistency)
    #expect(failure.violation.explanation == "the state holds the sheet on an untitled screen, but it is neither shown nor waiting its turn")
    #expect(failure.shrunk.actions == [.tap("Help")], "\(result)")
  }

  @Test func twoModalsRequestedAtOnceFromOneHostAreCaught() throws {
    let result = NavFuzz.check(app: TwoSheetsAtOnceApp(), runs: 50)
    let failure = try #require(result.failures.first, "\(result)")
    #expect(failure.violation.invariant == .noDoublePresentation)
    #expect(failure.violation.explanation.contains("[only-one-presentation] Currently, only presenting a single sheet is supported."))
    #expect(failure.shrunk.actions == [.tap("Reset")], "\(result)")
  }

  @Test func aDestinationItemSetterThatIgnoresNilIsCaught() throws {
    let result = NavFuzz.check(app: DestinationIgnoresNilApp(), runs: 50)
    let failure = try #require(result.failures.first, "\(result)")
    #expect(failure.violation.invariant == .dismissalWritesBack)
    #expect(failure.violation.explanation.contains("the binding of the destination pushed from \"Shelf\""))
    #expect(failure.shrunk.actions.count <= 4, "\(result)")
  }

  @Test func anIdentityThatChangesEveryRenderIsCaught() throws {
    // Each run that shows the sheet spins to the turn limit: two runs keep the test cheap.
    let result = NavFuzz.check(app: ChangingIdentityApp(), runs: 2)
    let failure = try #require(result.failures.first, "\(result)")
    #expect(failure.violation.invariant == .quiescence)
    #expect(failure.shrunk.actions == [.tap("Show"), .settle], "\(result)")
  }

  @Test func anInertLinkIsCaughtWithSwiftUIsMessage() throws {
    let result = NavFuzz.check(app: InertLinkApp(), runs: 20)
    let failure = try #require(result.failures.first, "\(result)")
    #expect(failure.violation.invariant == .destinationLookup)
    #expect(failure.violation.explanation.contains("[link-without-destination]"))
    #expect(failure.shrunk.actions == [.tap("Open")], "\(result)")
  }

  @Test func theSameSeedGivesTheSameResult() {
    let first = NavFuzz.check(app: SetterIgnoresNilApp(), runs: 20, seed: 7)
    let second = NavFuzz.check(app: SetterIgnoresNilApp(), runs: 20, seed: 7)
    #expect(first.description == second.description)
    #expect(first.steps == second.steps)
  }

  @Test func aTraceOfAnotherAppIsAnErrorAtItsAppLine() throws {
    let trace = try AppTraceFormat.parse("navtrace 1\n# recorded earlier\napp OtherApp\ntap \"Tea\"\n", source: "t.navtrace")
    #expect(throws: TraceError(file: "t.navtrace", line: 3, message: "the trace was recorded on app 'OtherApp', not 'SetterIgnoresNilApp'")) {
      try NavFuzz.replay(trace, app: SetterIgnoresNilApp())
    }
  }
}
