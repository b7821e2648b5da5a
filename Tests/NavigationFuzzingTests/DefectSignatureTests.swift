@testable import NavFuzzEngines
@testable import NavigationFuzzing
import Testing

/// A defect's signature: what first goes wrong in a failure's shrunk trace, named the same way
/// in every run, seed, process and machine.
@MainActor
@Suite struct DefectSignatureTests {
  static let pushIdentity =
    "reference-agreement: the engine follows swift-navigation's pushes-carry-identity (no), the judge navfuzz's (yes)"

  func evidence(_ text: String, engine: String, target: InvariantID = .stateUIConsistency) throws -> DefectEvidence {
    let trace = try TraceFormat.parse("navtrace 1\ntopology basic\n" + text)
    return DefectEvidence(
      shrunk: trace.steps, target: target, topology: .basic, engine: try #require(BuiltInEngines.named(engine)))
  }

  /// A push the engine did not pop is seen by whichever check looks first: "on screen but its slot
  /// is empty" after a clear, "shown by more than one controller" after a new id. Both are where
  /// the world parts from the reference — the screen shows a push it does not — so one defect.
  @Test func onePushLeftOnScreenIsOneDefectWhicheverCheckSawIt() throws {
    let cleared = try evidence("toggle isPushed on\ntick\ntoggle isPushed off\nsettle\n", engine: "push-dismissed-not-popped")
    let replaced = try evidence(
      "set pushedChild 2\ntick\nset pushedChild 1\nsettle\n", engine: "push-dismissed-not-popped",
      target: .noDoublePresentation)
    #expect(cleared.finding?.invariant == .stateUIConsistency)
    #expect(replaced.finding?.invariant == .noDoublePresentation)
    #expect(cleared.signature == replaced.signature)
    #expect(cleared.signature.description == "reference-agreement: the screen shows a presentation the reference does not")
  }

  /// The first divergence: the lowest entry the screen lacks, else that it shows too much (an
  /// older id, a double, a leftover), else the model's first difference; names and styles left out.
  @Test func theFirstDivergenceIsWhatTheScreenLacksElseThatItShowsTooMuchElseTheModel() {
    let lacks = "the screen lacks a presentation the reference shows"
    let surplus = "the screen shows a presentation the reference does not"
    // A sheet taken with the push inside it: the sheet, the lowest entry missing, names it.
    #expect(
      FirstDivergence.screenDifference(
        expected: ["root", "sheet:isPresented", "push:isPresented.pushedChild#2"], actual: ["root"]) == lacks)
    #expect(FirstDivergence.screenDifference(expected: ["root", "sheet:isPresented"], actual: ["root", "alert:alert#3"]) == lacks)
    #expect(
      FirstDivergence.screenDifference(expected: ["root", "push:pushedChild#2"], actual: ["root", "push:pushedChild#1"])
        == surplus)
    #expect(
      FirstDivergence.screenDifference(
        expected: ["root", "push:pushedChild#1"], actual: ["root", "push:pushedChild#1", "push:pushedChild#1"]) == surplus)
    #expect(FirstDivergence.screenDifference(expected: ["root"], actual: ["root", "push:isPushed"]) == surplus)
    #expect(FirstDivergence.screenDifference(expected: ["root", "alert:alert#1"], actual: ["root", "alert:alert#1"]) == nil)
    #expect(FirstDivergence.modelDifference(expected: ["alert=1"], actual: []) == "the model lost an item the reference holds")
    #expect(
      FirstDivergence.modelDifference(expected: [], actual: ["path=1,2"]) == "the model holds an item the reference does not")
    #expect(FirstDivergence.modelDifference(expected: ["path=1"], actual: ["path=2"]) == "the model holds an item with another value")
    #expect(FirstDivergence.modelDifference(expected: ["path=1"], actual: ["path=1"]) == nil)
  }

  /// A screen that shows more because its model holds more is the model's difference: the
  /// engine shows what the model holds. What both lack is the screen's: a screen that goes writes
  /// its slot back.
  @Test func aDefectIsNamedByTheModelWhenTheScreenShowsWhatTheModelWronglyHolds() {
    func violation(screens: ([String], [String]), models: ([String], [String])) -> Violation {
      Violation(
        invariant: .referenceAgreement, stepIndex: 0, explanation: "", expectedModel: models.0, actualModel: models.1,
        expectedScreen: screens.0, actualScreen: screens.1)
    }
    let keptAndShown = violation(screens: (["root"], ["root", "push:path[0]#1"]), models: ([], ["path=1"]))
    #expect(FirstDivergence.naming(keptAndShown) == "the model holds an item the reference does not")
    #expect(FirstDivergence.check(of: keptAndShown) == "the screen shows a presentation the reference does not")
    let lostBoth = violation(screens: (["root", "sheet:isPresented"], ["root"]), models: (["isPresented=on"], []))
    #expect(FirstDivergence.naming(lostBoth) == "the screen lacks a presentation the reference shows")
    let screenOnly = violation(screens: (["root"], ["root", "alert:alert#1"]), models: ([], []))
    #expect(FirstDivergence.naming(screenOnly) == "the screen shows a presentation the reference does not")
  }

  func evidence(_ steps: String, topology: Topology, engine: String, target: InvariantID) throws -> DefectEvidence {
    let trace = try TraceFormat.parse("navtrace 1\ntopology \(topology.name)\n" + steps)
    return DefectEvidence(
      shrunk: trace.steps, target: target, topology: topology, engine: try #require(BuiltInEngines.named(engine)))
  }

  /// A pop to the root the engine does not hear leaves the path in the model: seen as the model
  /// keeping it while the stack stays at its root, or as the stack pushing it back when the app
  /// appends (the screen then shows what the model holds). One defect.
  @Test func aModelThatKeepsWhatTheUserRemovedIsOneDefectWhetherOrNotItIsShownAgain() throws {
    let kept = try evidence(
      "app root openFirst\nsettle\nuser back\nsettle\n", topology: .tabs, engine: "pop-to-root-not-heard",
      target: .stackPathConsistency)
    let shownAgain = try evidence(
      "path append 1\nsettle\npath append 1\nuser back\nsettle\n", topology: .tabs, engine: "pop-to-root-not-heard",
      target: .referenceAgreement)
    #expect(shownAgain.finding.map { FirstDivergence.check(of: $0) } == "the screen shows a presentation the reference does not")
    #expect(kept.signature == shownAgain.signature)
    #expect(kept.signature.description == "reference-agreement: the model holds an item the reference does not")
  }

  /// A screen the model dropped that stays, and one a transition shows for a moment after the
  /// model dropped it (a newer modal then takes its place, and the settled screen agrees), are
  /// one defect: the screen shows what the reference does not.
  @Test func aStaleTransitionIsTheScreenShowingWhatTheReferenceDoesNot() throws {
    let stays = try evidence(
      "set alert 1\ntick\nclear alert\nsettle\n", topology: .basic, engine: "no-dismiss-on-nil", target: .stateUIConsistency)
    let forAMoment = try evidence(
      "toggle isPresented on\ntick\nset isPresented.pushedChild 1\nset pushedChild 1\nset alert 1\nsettle\n",
      topology: .basic, engine: "no-dismiss-on-nil", target: .noStaleTransition)
    #expect(forAMoment.finding?.invariant == .noStaleTransition)
    #expect(forAMoment.invariants == [.noStaleTransition])
    #expect(stays.signature == forAMoment.signature)
    #expect(stays.signature.description == "reference-agreement: the screen shows a presentation the reference does not")
    // A run's symptom keeps the stale transition's own words: runs so found are shrunk apart, so
    // a stale transition whose shrunk trace shows another defect is not counted with this one.
    let symptom = try #require(forAMoment.finding.map(FailureSymptom.init))
    #expect(symptom.description == "no-stale-transition: a transition shows · which the model no longer holds")
  }

  /// A screen popped from the middle of a stack and never heard leaving misses its onDismiss,
  /// and, popped by the user, its slot keeps its item: one miss, named by the onDismiss check
  /// whether or not the slot was set anew before the screen left.
  @Test func aScreenLeftUnheardIsOneDefectWhetherOrNotItsSlotKeepsItsItem() throws {
    let slotSetAnew = try evidence(
      "set pushedChild 2\nset pushedChild.pushedChild 1\ntick\nset pushedChild 1\nsettle\n", topology: .basic,
      engine: "teardown-on-disappear-only", target: .onDismissExactlyOnce)
    let slotKept = try evidence(
      "set pushedChild 1\nset pushedChild.pushedChild 1\nsettle\nuser back-to 0\nsettle\n", topology: .basic,
      engine: "teardown-on-disappear-only", target: .stateUIConsistency)
    #expect(slotKept.finding.flatMap { FirstDivergence.check(of: $0) } == "the model holds an item the reference does not")
    #expect(slotSetAnew.signature == slotKept.signature)
    #expect(
      slotKept.signature.description
        == "ondismiss-exactly-once: a · presentations: · entered, · on screen, but onDismiss ran · time(s), too few")
    // A model that keeps an item for another reason, with every onDismiss run, keeps its name.
    let noWriteBack = try evidence(
      "set presentedChild 1\nsettle\nuser dismiss\nsettle\n", topology: .basic, engine: "no-write-back",
      target: .dismissalWritesBack)
    #expect(noWriteBack.signature.description == "reference-agreement: the model holds an item the reference does not")
  }

  @Test func aCheckKeepsTheWordsOfTheCheckAndDropsNamesIdsAndCounts() {
    #expect(
      DefectSignature.check(from: "'pushedChild' changed to id 2, but the model lost the new item")
        == "· changed to id · but the model lost the new item")
    #expect(
      DefectSignature.check(from: "the path is [1, 2, 3] but the stack shows [1]")
        == "the path is · but the stack shows ·")
    #expect(
      DefectSignature.check(from: "the model differs from the reference: expected pushedChild.alert=2 payload=0; found x=1")
        == "the model differs from the reference: expected ·; found ·")
    // Two messages of one check differ only where names and counts go.
    #expect(
      DefectSignature.check(from: "a slot's presentations: 2 entered, 1 on screen, but onDismiss ran 0 time(s), too few")
        == DefectSignature.check(from: "a slot's presentations: 1 entered, 0 on screen, but onDismiss ran 0 time(s), too few"))
    #expect(
      DefectSignature.check(from: "a slot's presentations: 1 entered, 0 on screen, but onDismiss ran 2 time(s), too many")
        != DefectSignature.check(from: "a slot's presentations: 1 entered, 0 on screen, but onDismiss ran 0 time(s), too few"))
  }

  /// A violation that explains nothing still gets a check a baseline file writes and reads back
  /// (one such signature once made a recorded baseline unreadable: exit 2 on the next run).
  @Test func aViolationWithoutAnExplanationHasACheckThatReadsBack() throws {
    let signature = DefectSignature(invariant: .noLeaks, check: DefectSignature.check(from: ""))
    #expect(signature.check == "(no explanation)")
    #expect(DefectSignature(signature.description) == signature)
    let baseline = DefectBaseline(entries: [.init(signature: signature, reason: "r", example: nil)])
    #expect(try DefectBaseline.parse(baseline.print(), source: "known.baseline") == baseline)
  }

  /// The id is FNV-1a of the text: these values are what every process on every machine computes
  /// (Swift's `Hasher` would give other values in each process).
  @Test func theIdIsTheSameInEveryProcess() {
    let signature = DefectSignature(
      invariant: .stateUIConsistency, check: "· holds an item but no controller on screen shows it")
    #expect(signature.id == "0ad5d85eae02b497")
    #expect(signature.shortID == "0ad5d85e")
  }

  @Test func theTextReadsBack() {
    for text in [
      "state-ui-consistency: · holds id · but the screen shows id ·",
      "reference-agreement: the screen lacks a sheet",
    ] {
      #expect(DefectSignature(text)?.description == text)
    }
    #expect(DefectSignature("no-such-invariant: x") == nil)
    #expect(DefectSignature("state-ui-consistency:") == nil)
    #expect(DefectSignature("no colon") == nil)
  }

  /// The same cause reached with other ids and another story is one defect: the swapped-ids
  /// traces the old grouping counted three times are one signature, the documented difference
  /// they show.
  @Test func tracesThatDifferInIdsAndTimingHaveOneSignature() throws {
    let engine = EngineChoice.swiftNavigationLike.judged(by: .navfuzz)
    func signature(_ steps: [Step]) -> DefectSignature {
      DefectEvidence(shrunk: steps, target: .identityRebinding, topology: .basic, engine: engine).signature
    }
    let address = try Topology.basic.spec.parseAddress("pushedChild").get()
    let first = signature([.set(address, id: 1), .tick, .set(address, id: 2), .settle])
    let swapped = signature([.set(address, id: 2), .tick, .set(address, id: 1), .settle])
    let settled = signature([.set(address, id: 3), .settle, .set(address, id: 1), .settle])
    #expect(first == swapped)
    #expect(first == settled)
    #expect(first.description == Self.pushIdentity)
  }

  /// A trace shrunk for a late invariant that passes through an earlier failure on its way is
  /// that earlier failure's defect: what goes wrong first.
  @Test func theFindingIsWhatGoesWrongFirst() throws {
    let trace = try TraceFormat.parse(
      """
      navtrace 1
      topology basic
      set presentedChild 1
      settle
      user dismiss
      settle
      set pushedChild 1
      settle
      """)
    let evidence = DefectEvidence(
      shrunk: trace.steps, target: .referenceAgreement, topology: .basic, engine: BuiltInEngines.named("no-write-back")!)
    #expect(evidence.finding?.stepIndex == 3)
    #expect(evidence.signature.description == "reference-agreement: the model holds an item the reference does not")
    #expect(evidence.invariants == [.stateUIConsistency, .dismissalWritesBack, .referenceAgreement])
    #expect(evidence.raceNeeds.isEmpty)
  }

  /// A trace too long to replay prefix by prefix (an unshrunk run of thousands of steps) is named
  /// by its first violation as it ran: the same defect, found after the same step, as the short
  /// trace it grew from.
  @Test func aLongTraceIsNamedByItsFirstViolationAsItRan() throws {
    let short = try evidence("toggle isPushed on\ntick\ntoggle isPushed off\nsettle\n", engine: "push-dismissed-not-popped")
    let padding = DefectEvidence.longestTraceScanned + 44
    let long = try evidence(
      String(repeating: "tick\n", count: padding) + "toggle isPushed on\ntick\ntoggle isPushed off\nsettle\n",
      engine: "push-dismissed-not-popped")
    let found = try #require(short.finding)
    #expect(long.signature == short.signature)
    #expect(long.finding?.invariant == found.invariant)
    #expect(long.finding?.stepIndex == found.stepIndex + padding)
  }
}
