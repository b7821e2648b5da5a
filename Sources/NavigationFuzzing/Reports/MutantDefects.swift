/// What each mutant shows when fuzzed on its topology (`MutantsReport.topology(for:)`) for
/// `runs` runs from seed 1: the signatures of its defects, in list order, and the run by which
/// the last of them has appeared. Measured, not chosen: `navfuzz mutants --defects` on a release
/// build prints, for a mutant whose entry differs or is missing, each defect it found and the run
/// that first showed it. One bug is one defect, or two where the world parts from the reference in
/// two separate ways (the screen keeps what it should drop, or lacks what it should show; a check
/// that sees no divergence, as onDismiss's); an entry's comment says what each is where it is not
/// plain. `navfuzz mutants --defects` and the tests hold every mutant to
/// its entry, so a change to the harness that splits or merges defects, or makes them appear
/// earlier or later, is seen, and this table updated on purpose.
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
          "reference-agreement: the screen lacks a presentation the reference shows",
          "reference-agreement: the screen shows a presentation the reference does not",
        ], completeBy: 7)
    ),
    (
      // A screen the model dropped stays (for good, or for a moment: a transition shows what the
      // model dropped before a newer modal takes its place); and, in 1 run of 2,000, the stale sheet,
      // dismissed late to make way for another modal, writes nil back over its Bool slot set anew:
      // the sheet set again is not shown.
      "no-dismiss-on-nil",
      Expectation(
        signatures: [
          "reference-agreement: the screen shows a presentation the reference does not",
          "reference-agreement: the screen lacks a presentation the reference shows",
        ], completeBy: 1482)
    ),
    (
      "no-write-back",
      Expectation(
        signatures: [
          "reference-agreement: the model holds an item the reference does not",
        ], completeBy: 1)
    ),
    (
      "strong-presented-reference",
      Expectation(
        signatures: [
          "ondismiss-exactly-once: a · presentations: · entered, · on screen, but onDismiss ran · time(s), too few",
        ], completeBy: 1)
    ),
    (
      "teardown-ignores-identity",
      Expectation(
        signatures: [
          "reference-agreement: the screen lacks a presentation the reference shows",
        ], completeBy: 2)
    ),
    (
      "stale-alert-write-back",
      Expectation(
        signatures: [
          "reference-agreement: the screen lacks a presentation the reference shows",
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
          "reference-agreement: the screen shows a presentation the reference does not",
        ], completeBy: 2)
    ),
    (
      "one-slot-per-controller",
      Expectation(
        signatures: [
          "reference-agreement: the screen lacks a presentation the reference shows",
        ], completeBy: 1)
    ),
    (
      "eager-binding-read",
      Expectation(
        signatures: [
          "reference-agreement: the screen lacks a presentation the reference shows",
        ], completeBy: 1)
    ),
    (
      // `dismiss` where a pop belongs: the push stays (after a clear, or under a new id's push), or,
      // inside a sheet, takes the sheet with it.
      "push-dismissed-not-popped",
      Expectation(
        signatures: [
          "reference-agreement: the screen shows a presentation the reference does not",
          "reference-agreement: the screen lacks a presentation the reference shows",
        ], completeBy: 9)
    ),
    (
      "pop-to-self",
      Expectation(
        signatures: [
          "reference-agreement: the screen shows a presentation the reference does not",
        ], completeBy: 2)
    ),
    (
      "stack-no-write-back",
      Expectation(
        signatures: [
          "reference-agreement: the model holds an item the reference does not",
        ], completeBy: 4)
    ),
    (
      "end-meeting-before-last",
      Expectation(
        signatures: [
          "reference-agreement: the model holds an item with another value",
          "reference-agreement: the screen lacks a presentation the reference shows",
        ], completeBy: 77)
    ),
    (
      "reuse-one-screen-twice",
      Expectation(
        signatures: [
          "reference-agreement: the screen lacks a presentation the reference shows",
        ], completeBy: 22)
    ),
    (
      "cover-without-navigation",
      Expectation(
        signatures: ["reference-agreement: the screen lacks a presentation the reference shows"], completeBy: 1)
    ),
    (
      "restores-popped-screens",
      Expectation(
        signatures: [
          "reference-agreement: the screen shows a presentation the reference does not",
          "reference-agreement: the screen lacks a presentation the reference shows",
        ], completeBy: 37)
    ),
    (
      "last-destination-wins",
      Expectation(
        signatures: [
          "stack-path-consistency: the stack shows value · with a recordMeeting screen, not the syncUpDetail screen of its kind",
        ], completeBy: 2)
    ),
    (
      "sn-pops-pusher-under-modal",
      Expectation(
        signatures: [
          "reference-agreement: the screen lacks a presentation the reference shows",
          "reference-agreement: the screen shows a presentation the reference does not",
        ], completeBy: 18)
    ),
    (
      "sn-pop-lost-to-path-change",
      Expectation(
        signatures: [
          "reference-agreement: the screen lacks a presentation the reference shows",
          "reference-agreement: the model holds an item the reference does not",
        ], completeBy: 19)
    ),
    (
      "sn-modal-gone-no-ondismiss",
      Expectation(
        signatures: [
          "ondismiss-exactly-once: a · presentations: · entered, · on screen, but onDismiss ran · time(s), too few",
        ], completeBy: 2)
    ),
    (
      "sn-pops-only-the-top",
      Expectation(
        signatures: [
          "reference-agreement: the screen shows a presentation the reference does not",
        ], completeBy: 16)
    ),
    (
      "sn-pop-sync-erases-append",
      Expectation(
        signatures: [
          "reference-agreement: the screen lacks a presentation the reference shows",
          "reference-agreement: the screen shows a presentation the reference does not",
        ], completeBy: 469)
    ),
    (
      "dismisses-through-the-modal",
      Expectation(
        signatures: [
          "reference-agreement: the screen shows a presentation the reference does not",
        ], completeBy: 2)
    ),
    (
      // Screens popped from the middle of a stack are never heard leaving: their onDismiss never
      // runs (and, popped by the user, their slots keep their items); and a screen the engine took
      // away by the way while its slot still holds is not shown again.
      "teardown-on-disappear-only",
      Expectation(
        signatures: [
          "ondismiss-exactly-once: a · presentations: · entered, · on screen, but onDismiss ran · time(s), too few",
          "reference-agreement: the screen lacks a presentation the reference shows",
        ], completeBy: 232)
    ),
    (
      "modal-outlives-presenter",
      Expectation(
        signatures: [
          "reference-agreement: the screen shows a presentation the reference does not",
        ], completeBy: 2)
    ),
    (
      "alert-no-ondismiss",
      Expectation(
        signatures: [
          "ondismiss-exactly-once: a · presentations: · entered, · on screen, but onDismiss ran · time(s), too few",
        ], completeBy: 1)
    ),
    (
      "no-ondismiss-on-replacement",
      Expectation(
        signatures: [
          "ondismiss-exactly-once: a · presentations: · entered, · on screen, but onDismiss ran · time(s), too few",
        ], completeBy: 2)
    ),
    (
      "tab-tap-not-written-back",
      Expectation(
        signatures: [
          "reference-agreement: the model lost an item the reference holds",
          "reference-agreement: the model holds an item the reference does not",
        ], completeBy: 6)
    ),
    (
      // A tab rebuilt on a switch loses its pushed screens, or UIKit refuses the rebuild during the
      // tab's own transition.
      "tab-rebuilt-on-switch",
      Expectation(
        signatures: [
          "reference-agreement: the screen lacks a presentation the reference shows",
          "uikit-rules: UIKit refusal: · called on · while an existing transition or presentation is occurring; the navigation stack will not be updated.",
        ], completeBy: 43)
    ),
    (
      // A pop to the root the engine does not hear leaves the path in the model (and a later change
      // pushes it back); and, in 1 run of 2,000, a pop landing on a pushed slot's screen above the
      // root is not heard either, and the path element it took away by the way is not shown again.
      "pop-to-root-not-heard",
      Expectation(
        signatures: [
          "reference-agreement: the model holds an item the reference does not",
          "reference-agreement: the screen lacks a presentation the reference shows",
        ], completeBy: 1493)
    ),
    (
      "alert-teardown-before-action",
      Expectation(
        signatures: [
          "alert-callback-order: · the nil write-back ran before the · action (navfuzz: the · action, then the nil write-back, then onDismiss); the action reaches a presentation whose state is already gone",
        ], completeBy: 17)
    ),
    (
      "pops-not-animated",
      Expectation(
        signatures: [
          "animated-as-asked: pop-to(animated: false) on · on screen: the change asked for the default, animated",
        ], completeBy: 2)
    ),
    (
      "drops-app-delegate",
      Expectation(
        signatures: [
          "delegate-forwarding: the · navigation delegate never heard · on top of its navigation controller (it heard · call(s))",
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
    /// For each of `found`: the run (counting from 1) whose failure first showed it.
    public var firstRuns: [Int]
    /// The mutant's entry; nil for a mutant that has none yet (it never matches).
    public var expected: Expectation?
    public var runs: Int

    /// The run by which every defect found had appeared: what an entry's `completeBy` records.
    public var completeBy: Int { firstRuns.max() ?? 0 }

    /// All of the entry's defects, and no other, the last of them first seen at its `completeBy`
    /// run, once `runs` reaches `completeBy`; before, no other (the first runs of a campaign sort
    /// exactly as the longer campaign's first runs do).
    public var matches: Bool {
      guard let expected else { return false }
      return runs >= expected.completeBy
        ? found == expected.signatures && completeBy == expected.completeBy
        : Set(found).isSubset(of: expected.signatures)
    }
  }

  /// Fuzzes `engine` on its topology for `runs` runs from seed 1; nil for an engine that is not
  /// a mutant.
  @MainActor
  public static func check(_ engine: EngineChoice, runs: Int = runs) -> Outcome? {
    guard engine.mutantOf != nil else { return nil }
    let topology = MutantsReport.topology(for: engine)
    var options = Campaign.Options()
    options.runs = runs
    let result = Campaign(topology: topology, engine: engine, options: options).run()
    return Outcome(
      engine: engine.name, topology: topology.name, found: result.defects.map(\.signature.description),
      firstRuns: result.defects.map { $0.instances[0].runIndex + 1 }, expected: expected(for: engine.name), runs: runs)
  }
}
