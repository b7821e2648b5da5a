/// What each mutant shows when fuzzed on its topology (`MutantsReport.topology(for:)`) for
/// `runs` runs from seed 1: the signatures of its defects, in list order, and the run by which
/// the last of them has appeared. Measured, not chosen: one bug is one defect, or a few where the
/// bug shows through separate checks (a push that stays on screen, or is shown twice), or needs a
/// race to show one way. `navfuzz mutants --defects` and the tests hold every mutant to its entry,
/// so a change to the harness that splits or merges defects is seen, and this table updated on
/// purpose.
public enum MutantDefects {
  public struct Expectation: Sendable {
    /// `DefectSignature.description` of each defect, in list order.
    public var signatures: [String]
    /// The defects of the first `completeBy` runs are already all of them.
    public var completeBy: Int
  }

  /// The runs each entry was measured with.
  public static let runs = 2_000

  /// The entry of a mutant, by engine name; nil for an engine that is not a mutant.
  public static func expected(for engine: String) -> Expectation? {
    table.first { $0.engine == engine }?.expectation
  }

  static let table: [(engine: String, expectation: Expectation)] = [
    (
      "present-on-every-observation",
      Expectation(
        signatures: [
          "no-double-presentation: · is shown by more than one controller",
          "no-double-presentation: UIKit: Attempt to present · on · (from · which is already presenting ·",
          "no-double-presentation: UIKit: Attempt to present · on · (from · which is already presenting · | race",
        ], completeBy: 163)
    ),
    (
      "no-dismiss-on-nil",
      Expectation(
        signatures: [
          "state-ui-consistency: · is on screen but its slot is empty",
        ], completeBy: 3)
    ),
    (
      "no-write-back",
      Expectation(
        signatures: [
          "state-ui-consistency: · holds an item but no controller on screen shows it",
        ], completeBy: 1)
    ),
    (
      "strong-presented-reference",
      Expectation(
        signatures: [
          "state-ui-consistency: · holds an item but no controller on screen shows it",
          "ondismiss-exactly-once: a · presentations: · entered, · on screen, but onDismiss ran · time(s), too few",
        ], completeBy: 2)
    ),
    (
      "teardown-ignores-identity",
      Expectation(
        signatures: [
          "identity-rebinding: · changed to id · but the model lost the new item",
          "reference-agreement: the model differs from the reference: expected ·",
        ], completeBy: 5)
    ),
    (
      "stale-alert-write-back",
      Expectation(
        signatures: [
          "reference-agreement: the model differs from the reference: expected ·",
        ], completeBy: 22)
    ),
    (
      "ondismiss-twice",
      Expectation(
        signatures: [
          "ondismiss-exactly-once: a · presentations: · entered, · on screen, but onDismiss ran · time(s), too many",
        ], completeBy: 1)
    ),
    (
      "identity-ignored",
      Expectation(
        signatures: [
          "state-ui-consistency: · holds id · but the screen shows id ·",
          "state-ui-consistency: · holds an item but no controller on screen shows it",
        ], completeBy: 476)
    ),
    (
      "one-slot-per-controller",
      Expectation(
        signatures: [
          "state-ui-consistency: · holds an item but no controller on screen shows it",
          "no-double-presentation: · is shown by more than one controller",
          "state-ui-consistency: · is on screen but its slot is empty",
          "state-ui-consistency: · holds an item but no controller on screen shows it | race",
          "no-double-presentation: · is shown by more than one controller | race",
        ], completeBy: 117)
    ),
    (
      "eager-binding-read",
      Expectation(
        signatures: [
          "state-ui-consistency: · holds an item but no controller on screen shows it",
        ], completeBy: 1)
    ),
    (
      "push-dismissed-not-popped",
      Expectation(
        signatures: [
          "no-double-presentation: · is shown by more than one controller",
          "state-ui-consistency: · is on screen but its slot is empty",
          "uikit-rules: UIKit warning: Attempt to dismiss from view controller · while a presentation or dismiss is in progress!",
          "reference-agreement: the model differs from the reference: expected ·",
          "identity-rebinding: · changed to id · but the model lost the new item",
        ], completeBy: 715)
    ),
    (
      "pop-to-self",
      Expectation(
        signatures: [
          "no-double-presentation: · is shown by more than one controller",
          "state-ui-consistency: · is on screen but its slot is empty",
        ], completeBy: 5)
    ),
    (
      "stack-no-write-back",
      Expectation(
        signatures: [
          "stack-path-consistency: the path is · but the stack shows ·",
          "reference-agreement: the model differs from the reference: found · | race",
        ], completeBy: 19)
    ),
    (
      "end-meeting-before-last",
      Expectation(
        signatures: [
          "reference-agreement: the model differs from the reference: expected ·; found ·",
          "reference-agreement: the model differs from the reference: expected ·",
        ], completeBy: 234)
    ),
    (
      "reuse-one-screen-twice",
      Expectation(
        signatures: [
          "stack-path-consistency: the path is · but the stack shows ·",
        ], completeBy: 30)
    ),
    (
      "cover-without-navigation",
      Expectation(
        signatures: [
          "state-ui-consistency: · holds an item but no controller on screen shows it",
          "ondismiss-exactly-once: a · presentations: · entered, · on screen, but onDismiss ran · time(s), too many",
        ], completeBy: 6)
    ),
    (
      "restores-popped-screens",
      Expectation(
        signatures: [
          "no-stale-transition: a transition brings back · which the user removed",
        ], completeBy: 4)
    ),
    (
      "last-destination-wins",
      Expectation(
        signatures: [
          "stack-path-consistency: the stack shows value · with a recordMeeting screen, not the syncUpDetail screen of its kind",
        ], completeBy: 1)
    ),
    (
      "sn-pops-pusher-under-modal",
      Expectation(
        signatures: [
          "reference-agreement: the model differs from the reference: expected ·",
          "state-ui-consistency: · is on screen but its slot is empty",
        ], completeBy: 17)
    ),
    (
      "sn-pop-lost-to-path-change",
      Expectation(
        signatures: [
          "reference-agreement: the model differs from the reference: expected ·; found ·",
          "reference-agreement: the model differs from the reference: found · | race",
        ], completeBy: 19)
    ),
    (
      "sn-modal-gone-no-ondismiss",
      Expectation(
        signatures: [
          "ondismiss-exactly-once: a · presentations: · entered, · on screen, but onDismiss ran · time(s), too few",
        ], completeBy: 8)
    ),
    (
      "sn-pops-only-the-top",
      Expectation(
        signatures: [
          "stack-path-consistency: the path is · but the stack shows ·",
        ], completeBy: 2)
    ),
    (
      "sn-pop-sync-erases-append",
      Expectation(
        signatures: [
          "reference-agreement: the model differs from the reference: expected ·",
          "no-stale-transition: a transition brings back · which the user removed | race",
        ], completeBy: 469)
    ),
    (
      "dismisses-through-the-modal",
      Expectation(
        signatures: [
          "state-ui-consistency: · is on screen but its slot is empty",
        ], completeBy: 63)
    ),
    (
      "teardown-on-disappear-only",
      Expectation(
        signatures: [
          "ondismiss-exactly-once: a · presentations: · entered, · on screen, but onDismiss ran · time(s), too few",
          "state-ui-consistency: · holds an item but no controller on screen shows it",
        ], completeBy: 390)
    ),
    (
      "modal-outlives-presenter",
      Expectation(
        signatures: [
          "state-ui-consistency: · is on screen but its slot is empty",
        ], completeBy: 80)
    ),
    (
      "alert-no-ondismiss",
      Expectation(
        signatures: [
          "ondismiss-exactly-once: a · presentations: · entered, · on screen, but onDismiss ran · time(s), too few",
        ], completeBy: 2)
    ),
    (
      "no-ondismiss-on-replacement",
      Expectation(
        signatures: [
          "ondismiss-exactly-once: a · presentations: · entered, · on screen, but onDismiss ran · time(s), too few",
        ], completeBy: 1)
    ),
  ]
}

extension MutantDefects {
  /// What a mutant's campaign of `runs` runs from seed 1 found, against its entry.
  public struct Outcome: Sendable {
    public var engine: String
    public var topology: String
    /// The signatures found, in list order.
    public var found: [String]
    public var expected: Expectation
    public var runs: Int

    /// All of the entry's defects, and no other, once `runs` reaches `completeBy`; before, no
    /// other (the first runs of a campaign sort exactly as the longer campaign's first runs do).
    public var matches: Bool {
      runs >= expected.completeBy ? found == expected.signatures : Set(found).isSubset(of: expected.signatures)
    }
  }

  /// Fuzzes `engine`, a mutant with an entry, on its topology for `runs` runs from seed 1.
  @MainActor
  public static func check(_ engine: EngineChoice, runs: Int = runs) -> Outcome? {
    guard let expected = expected(for: engine.name) else { return nil }
    let topology = MutantsReport.topology(for: engine)
    var options = Campaign.Options()
    options.runs = runs
    let result = Campaign(topology: topology, engine: engine, options: options).run()
    return Outcome(
      engine: engine.name, topology: topology.name, found: result.defects.map(\.signature.description),
      expected: expected, runs: runs)
  }
}
