@testable import NavFuzzEngines
@testable import NavigationFuzzing
@_spi(Rules) import StateDrivenNavigation
import Testing

/// A race is a failure whose shrunk trace needs a user gesture in the run-loop turn of a program
/// change; `noRaces` keeps such interleavings out of generation and exploration.
@MainActor
@Suite struct RaceTests {
  let popLost = BuiltInEngines.named("sn-pop-lost-to-path-change")!

  func evidence(_ text: String, engine: EngineChoice, target: InvariantID) throws -> DefectEvidence {
    let trace = try TraceFormat.parse("navtrace 1\n" + text)
    return DefectEvidence(
      shrunk: trace.steps, target: target, topology: try #require(Topology.named(trace.topology)), engine: engine)
  }

  /// The mutant's bug: the user's pop in the turn the app appends is lost. A tick between them
  /// and the stack sees the append first: no failure. So the trace needs them in one turn.
  @Test func aGestureTheFailureNeedsInTheTurnOfAProgramChangeIsARace() throws {
    let race = try evidence(
      "topology stack\npath set 1\ntick\npath append 1\nuser back\nsettle\n", engine: popLost, target: .referenceAgreement)
    #expect(race.raceNeeds == ["user back in the turn of path append 1"])
    // A race is a way to reach a defect, not part of its name.
    #expect(!race.signature.description.contains("race"))
  }

  /// A trace shrunk for a race that passes, on its way, through a defect that needs none is that
  /// defect's, and no race: the race is judged on the prefix that names the defect. (Seen on the
  /// real swift-navigation: a run shrunk for an unanimated dismissal that needed the user's
  /// dismiss in the turn of a write showed an onDismiss run too many before the gesture, and was
  /// labelled a race.)
  @Test func aGestureAfterTheFindingIsNoRace() throws {
    // swift-navigation-like with two bugs: alerts run no onDismiss (no race needed), and the
    // stack's pop sync loses the user's pop when the path changed in its turn (a race).
    let twoBugs = EngineChoice(
      name: "alert-no-ondismiss+sn-pop-lost-to-path-change", summary: "two bugs, one a race",
      semantics: .swiftNavigation,
      make: {
        var rules = EngineRules()
        rules.collateralRemoval = .writesBack
        rules.pushesCarryIdentity = false
        rules.presentsOnceInHierarchy = false
        rules.runsOnDismissForAlerts = false
        rules.stackPopSync = .nextTurnComparingCounts
        return StateDrivenEngine(rules: rules)
      })
    let text = "topology stack\npath set 1\nset path[0].alert 1\nsettle\nclear path[0].alert\nsettle\npath append 1\nuser back\nsettle\n"
    let steps = try TraceFormat.parse("navtrace 1\n" + text).steps
    // The whole trace's reference-agreement failure needs the gesture in the append's turn …
    #expect(!RaceCheck.neededPairs(in: steps, target: .referenceAgreement, topology: .stack, engine: twoBugs).isEmpty)
    // … but what goes wrong first, the alert's missing onDismiss, needs nothing of the kind.
    let evidence = try evidence(text, engine: twoBugs, target: .referenceAgreement)
    #expect(evidence.signature.invariant == .onDismissExactlyOnce, "\(evidence.signature)")
    #expect(evidence.raceNeeds.isEmpty, "\(evidence.raceNeeds)")
  }

  /// A gesture next to a program change it does not need: separating them changes nothing.
  @Test func aGestureNextToAChangeItDoesNotNeedIsNoRace() throws {
    let evidence = try evidence(
      "topology basic\nset presentedChild 1\nsettle\nuser dismiss\nbump\nsettle\n",
      engine: BuiltInEngines.named("no-write-back")!, target: .dismissalWritesBack)
    #expect(evidence.raceNeeds.isEmpty)
  }

  func sameTurnGesturesAndChanges(_ steps: [Step]) -> Int {
    zip(steps, steps.dropFirst()).count { $0.isUser && $1.isProgram || $0.isProgram && $1.isUser }
  }

  /// Generated runs: with `noRaces`, never a gesture next to a program change; without, often.
  @Test func noRacesGeneratesNoGestureInAProgramChangesTurn() {
    var with = 0
    var without = 0
    for seed: UInt64 in 1...40 {
      with += sameTurnGesturesAndChanges(
        RandomRun(topology: .basic, engine: .default, seed: seed, maxSteps: 32, noRaces: true).steps)
      without += sameTurnGesturesAndChanges(RandomRun(topology: .basic, engine: .default, seed: seed, maxSteps: 32).steps)
    }
    #expect(with == 0)
    #expect(without > 20)
  }

  /// The mutant's race is its most frequent defect; without races, it is not found at all.
  @Test func aCampaignWithoutRacesFindsNoRace() {
    var options = Campaign.Options()
    options.runs = 60
    let racing = Campaign(topology: .stack, engine: popLost, options: options).run()
    #expect(racing.defects.contains { $0.isRace })
    // Listed after the others.
    #expect(racing.defects.last?.isRace == true)
    options.noRaces = true
    let calm = Campaign(topology: .stack, engine: popLost, options: options).run()
    #expect(!calm.defects.contains { $0.isRace }, "\(calm.defects.map(\.signature))")
    #expect(NavFuzz.check(engine: popLost, topology: .stack, runs: 60, noRaces: true).defects.allSatisfy { !$0.isRace })
  }

  /// The explorer likewise: after a program change, no gesture until time passes, and after a
  /// gesture no program change.
  @Test func theExplorerWithoutRacesWaitsForTheNextTurn() throws {
    func steps(_ text: String) throws -> [Step] { try TraceFormat.parse("navtrace 1\ntopology basic\n" + text).steps }
    let afterChange = try steps("toggle isPresented on\nsettle\nbump\n")
    let afterGesture = try steps("toggle isPresented on\nsettle\nuser dismiss-cancel\n")
    var explorer = Explorer(topology: .basic, engine: .default)
    explorer.noRaces = true
    #expect(!explorer.expand(afterChange).steps.contains { $0.isUser })
    #expect(explorer.expand(afterChange).steps.contains(.settle))
    #expect(!explorer.expand(afterGesture).steps.contains { $0.isProgram })
    #expect(explorer.expand(afterGesture).steps.contains(.settle))
    explorer.noRaces = false
    #expect(explorer.expand(afterChange).steps.contains { $0.isUser })
    #expect(explorer.expand(afterGesture).steps.contains { $0.isProgram })
  }
}
