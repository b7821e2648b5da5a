@testable import NavigationFuzzing
import Testing

/// A defect's signature: what first goes wrong in a failure's shrunk trace, named the same way
/// in every run, seed, process and machine.
@MainActor
@Suite struct DefectSignatureTests {
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
    var race = signature
    race.race = true
    #expect(race.description == "state-ui-consistency: · holds an item but no controller on screen shows it | race")
    #expect(race.id != signature.id)
  }

  @Test func theTextReadsBack() {
    for text in [
      "state-ui-consistency: · holds id · but the screen shows id ·",
      "reference-agreement: the model differs from the reference: found · | race",
    ] {
      #expect(DefectSignature(text)?.description == text)
    }
    #expect(DefectSignature("no-such-invariant: x") == nil)
    #expect(DefectSignature("state-ui-consistency:") == nil)
    #expect(DefectSignature("no colon") == nil)
  }

  /// The same cause reached with other ids and another story is one defect: the swapped-ids
  /// traces the old grouping counted three times are one signature.
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
    #expect(first.description == "state-ui-consistency: · holds id · but the screen shows id ·")
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
      shrunk: trace.steps, target: .referenceAgreement, topology: .basic, engine: EngineChoice.named("no-write-back")!)
    #expect(evidence.finding?.stepIndex == 3)
    #expect(evidence.signature.description == "state-ui-consistency: · holds an item but no controller on screen shows it")
    #expect(evidence.invariants == [.stateUIConsistency, .dismissalWritesBack, .referenceAgreement])
    #expect(!evidence.signature.race)
  }
}
