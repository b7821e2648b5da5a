import NavFuzzEngines
import NavigationFuzzing
import StateDrivenNavigation
import Testing

/// Every invariant fires on an engine that breaks it, and only a correct engine passes.
@MainActor
@Suite struct InvariantTests {
  func replay(_ text: String, engine: EngineChoice) throws -> ReplayResult {
    let trace = try TraceFormat.parse("navtrace 1\n" + text)
    return try Replay.run(trace, topology: Topology.named(trace.topology)!, engine: engine)
  }

  func violated(_ text: String, engine: EngineChoice) throws -> [InvariantID] {
    try replay(text, engine: engine).violations.map(\.invariant)
  }

  /// Each mutant's bug, shown by a short trace, caught by the invariant that names it.
  nonisolated static let mutantTraces: [(String, String, InvariantID)] = [
    ("present-on-every-observation", "topology basic\nset presentedChild 1\nsettle\nmutate presentedChild\nsettle\n", .noDoublePresentation),
    ("no-dismiss-on-nil", "topology basic\nset presentedChild 1\nsettle\nclear presentedChild\nsettle\n", .stateUIConsistency),
    ("no-write-back", "topology basic\nset presentedChild 1\nsettle\nuser dismiss\nsettle\n", .dismissalWritesBack),
    ("strong-presented-reference", "topology basic\nset presentedChild 1\nsettle\nuser dismiss\nsettle\n", .noLeaks),
    ("teardown-ignores-identity", "topology basic\nset presentedChild 1\nsettle\nset presentedChild 2\nsettle\n", .identityRebinding),
    ("identity-ignored", "topology basic\nset presentedChild 1\nsettle\nset presentedChild 2\nsettle\n", .identityRebinding),
    ("one-slot-per-controller", "topology counter\nset fact 1\nset secondaryFact 2\nsettle\n", .stateUIConsistency),
    ("eager-binding-read", "topology basic\nset presentedChild 1\nsettle\n", .stateUIConsistency),
    ("push-dismissed-not-popped", "topology basic\nset pushedChild 1\nsettle\nclear pushedChild\nsettle\n", .stateUIConsistency),
    ("pop-to-self", "topology basic\nset pushedChild 1\nsettle\nclear pushedChild\nsettle\n", .stateUIConsistency),
    ("stack-no-write-back", "topology stack\npath append 1\nsettle\nuser back\nsettle\n", .stackPathConsistency),
    // The live stream's glue bug: after the deep link detail → meeting → record, "end meeting"
    // must return to the detail, not to the element before last.
    ("end-meeting-before-last", "topology syncups-stack\npath set 1 2 3\nsettle\napp path[2] endMeeting\nsettle\n", .referenceAgreement),
    ("reuse-one-screen-twice", "topology value-stack\npath set 1 2\nsettle\npath set 2 2\nsettle\n", .uikitRules),
    ("cover-without-navigation", "topology covers\nset cover 1\nset cover.detail 1\nsettle\n", .stateUIConsistency),
    // Settled, everything agrees: only the check at the start of each transition sees the flash.
    ("restores-popped-screens", "topology stack\npath append 1\nsettle\nuser back\nsettle\n", .noStaleTransition),
    // A path of several kinds: a detail shown with the recording's screen.
    ("last-destination-wins", "topology syncups-stack\npath append detail 1\nsettle\n", .stackPathConsistency),
    // Tabs, and the harness's former blind spots.
    ("tab-tap-not-written-back", "topology tabs\nuser tab 1\nsettle\n", .selectedTab),
    ("tab-rebuilt-on-switch", "topology tabs\npath append 1\nsettle\nselect-tab 2\nsettle\n", .tabSwitchKeepsScreens),
    ("pop-to-root-not-heard", "topology tabs\npath append 1\nsettle\nuser tab 0\nsettle\n", .stackPathConsistency),
    ("alert-teardown-before-action", "topology tabs\nset notice 1\nsettle\nuser alert-tap 0\nsettle\n", .alertCallbackOrder),
    ("pops-not-animated", "topology stack\npath append 1\nsettle\npath remove-last 1\nsettle\n", .animatedAsAsked),
    ("drops-app-delegate", "topology tabs\npath append 1\nsettle\n", .delegateForwarding),
  ]

  @Test(arguments: 0..<mutantTraces.count)
  func eachMutantIsCaughtByItsInvariantAndTheRealEnginePasses(_ index: Int) throws {
    let (name, text, invariant) = Self.mutantTraces[index]
    let mutant = try #require(BuiltInEngines.named(name))
    #expect(mutant.expectedInvariant == invariant)
    #expect(try violated(text, engine: mutant).contains(invariant))
    #expect(try violated(text, engine: .default).isEmpty)
  }

  @Test func referenceAgreementCatchesTheWrongPresentationStyle() throws {
    let engine = BrokenEngines.choice("wrong-style") { BrokenEngines.WrongStyle() }
    let found = try violated("topology basic\nset presentedChild 1\nsettle\n", engine: engine)
    #expect(found == [.referenceAgreement])
  }

  @Test func onDismissExactlyOnceCatchesADoubleCall() throws {
    let engine = BrokenEngines.choice("double-ondismiss") { BrokenEngines.DoubleOnDismiss() }
    let found = try violated("topology basic\nset presentedChild 1\nsettle\nuser dismiss\nsettle\n", engine: engine)
    #expect(found.contains(.onDismissExactlyOnce))
  }

  @Test func observeIdempotenceCatchesARebuildOnAnUnrelatedChange() throws {
    let engine = BrokenEngines.choice("rebuilds") { BrokenEngines.RebuildsOnEveryChange() }
    let found = try violated("topology basic\nset pushedChild 1\nsettle\nbump\nsettle\n", engine: engine)
    #expect(found.contains(.observeIdempotence))
  }

  @Test func uikitRulesCatchesAnException() throws {
    let engine = BrokenEngines.choice("pushes-twice") { BrokenEngines.PushesTwice() }
    let result = try replay("topology basic\nset pushedChild 1\nsettle\n", engine: engine)
    let violation = try #require(result.violations.first { $0.invariant == .uikitRules })
    #expect(violation.explanation.contains("more than once is not supported"))
  }

  @Test func quiescenceCatchesWorkThatNeverEnds() throws {
    let engine = BrokenEngines.choice("never-settles") { BrokenEngines.NeverSettles() }
    let found = try violated("topology basic\ntoggle isPresented on\nsettle\n", engine: engine)
    #expect(found.contains(.quiescence))
  }

  /// An app whose own rule is that item 3 is never shown in the root's sheet.
  struct ForbidsThree: AppFeatures {
    func perform(_ intent: IntentSpec, on screen: ScreenModel, in app: AppContext) {}
    func violatedInvariants(in app: AppContext) -> [String] {
      let index = app.root.spec.slotIndex(named: "presentedChild")!
      return app.root[slot: index]?.id.id == 3 ? ["the root's sheet shows item 3"] : []
    }
  }

  @Test func userInvariantsAreCheckedAtQuiescentPoints() throws {
    let engine = EngineChoice(name: "forbids-three", summary: "an app rule", make: { StateDrivenEngine() }, features: { ForbidsThree() })
    let result = try replay("topology basic\nset presentedChild 3\nsettle\n", engine: engine)
    let violation = try #require(result.violations.first { $0.invariant == .userInvariant })
    #expect(violation.explanation == "the root's sheet shows item 3")
    #expect(try violated("topology basic\nset presentedChild 2\nsettle\n", engine: engine).isEmpty)
  }

  @Test func aStepAddressingASlotThatDoesNotExistNowIsAnErrorWithItsLine() throws {
    do {
      _ = try replay("topology basic\nset presentedChild 1\nclear presentedChild\nset presentedChild.alert 3\n", engine: .default)
      Issue.record("replayed without error")
    } catch let error as TraceError {
      #expect(error.line == 5)
      #expect(error.message.contains("'presentedChild.alert' does not exist now"))
    }
    do {
      _ = try replay("topology stack\npath append 1\npath remove-last 2\n", engine: .default)
      Issue.record("replayed without error")
    } catch let error as TraceError {
      #expect(error.line == 4)
    }
  }

  @Test func userStepsWithNothingToActOnAreSkippedAndReported() throws {
    let result = try replay("topology basic\nuser dismiss\nuser back\nuser alert-tap 0\nexpect ok\n", engine: .default)
    #expect(result.passed)
    #expect(result.skipped.map(\.line) == [3, 4, 5])
    #expect(result.skipped[0].reason == "nothing is presented")
  }

  @Test func unmetExpectationsNameTheirLine() throws {
    let result = try replay(
      "topology basic\nset presentedChild 1\nsettle\nexpect state presentedChild=2\nexpect screen root\n", engine: .default)
    #expect(!result.passed)
    #expect(result.unmetExpectations.map(\.line) == [5, 6])
    #expect(result.unmetExpectations[0].message.contains("found presentedChild=1"))
  }
}
