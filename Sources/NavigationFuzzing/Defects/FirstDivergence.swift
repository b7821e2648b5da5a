import NavigationReference

/// Where the world first parts from the reference at a violation, in words that name no slot and
/// no id: the check of a defect's signature when the screen or the model disagrees with the
/// reference (docs/REPORTS.md, "The signature").
///
/// Many checks watch one disagreement from different sides: a push the engine should have popped
/// is "on screen but its slot is empty" when its slot was cleared, "shown by more than one
/// controller" when it was set again, and a reference disagreement when the engine took a sheet
/// with it. Each is one broken rule, and what it broke is the same: the screen shows a push the
/// reference does not. So a failure whose screen or model differs from the reference's is named
/// by that difference, as ClusterFuzz names a crash by its innermost frames rather than by the
/// assertion that happened to fire:
///
/// - the screen first: its lowest entry (bottom to top) the reference shows and the screen lacks —
///   what the engine failed to show; what sits above it is usually inside it and goes with it —
///   as `the screen lacks a presentation the reference shows`, unless the screen shows that slot
///   with another id; else, when it shows an entry the reference does not (an older id, one
///   presentation twice, one the model dropped), `the screen shows a presentation the reference
///   does not`;
/// - else the model: its first slot (in the order the model lists them) the reference holds and
///   the model lost, holds and the reference does not, or holds with another value.
///
/// Neither the slot's name nor its style counts, nor how the screen shows too much: one broken
/// engine rule shows through pushes, sheets and alerts alike, and as a stale id, a double or a
/// leftover depending on the story (measured: keyed by style, one mutant showed five defects;
/// with the three kinds of surplus apart, one showed three). nil
/// when the violation carries no screens (a check made during a step, as UIKit's refusals are) or
/// both agree.
enum FirstDivergence {
  static let screenLacks = "the screen lacks a presentation the reference shows"
  static let screenShows = "the screen shows a presentation the reference does not"
  static let modelLost = "the model lost an item the reference holds"
  static let modelHolds = "the model holds an item the reference does not"
  static let modelHoldsOther = "the model holds an item with another value"

  /// The first difference of `violation` as found: the screen's, else the model's. What a run's
  /// symptom says (`FailureSymptom`), so that runs whose differences read apart are each shrunk.
  static func check(of violation: Violation) -> String? {
    screenDifference(expected: violation.expectedScreen, actual: violation.actualScreen)
      ?? modelDifference(expected: violation.expectedModel, actual: violation.actualModel)
  }

  /// The difference that names a defect (`DefectEvidence`): `check(of:)`, but a screen that shows
  /// more than the reference because its model holds more is one difference seen twice, and the
  /// model's: what a slot or a path holds is what the engine shows, so the model led and the
  /// screen followed. Named by the model, so that a model that keeps what the user removed is one
  /// defect whether or not the engine then shows it again (measured: `pop-to-root-not-heard`'s
  /// path kept after a pop to the root read as a model difference while the stack stayed at its
  /// root, and as a screen difference when a later append pushed the kept path back). Not so for
  /// what both lack: a screen that goes writes its slot back, so there the screen led and the
  /// model followed, and the screen names it (measured: named by the model there, nine mutants'
  /// `lacks` read otherwise, and two of them split in two).
  static func naming(_ violation: Violation) -> String? {
    let screen = screenDifference(expected: violation.expectedScreen, actual: violation.actualScreen)
    let model = modelDifference(expected: violation.expectedModel, actual: violation.actualModel)
    if screen == screenShows, let model, model == modelHolds || model == modelHoldsOther { return model }
    return screen ?? model
  }

  /// The divergence a check made during a step saw: a stale transition (`no-stale-transition`)
  /// brings in a presentation the model no longer holds — an item the app cleared, a screen the
  /// user removed, an element the path dropped — so for as long as it lasts the screen shows what
  /// the reference does not, even when the step ends with the screen agreeing again (a newer
  /// modal took the stale one's place). nil for every other violation. Used only when no settled
  /// divergence names the finding (`DefectEvidence`): what the world settles on names its cause
  /// better than a moment of it.
  static func transient(of violation: Violation) -> String? {
    violation.invariant == .noStaleTransition ? screenShows : nil
  }

  /// An entry of a screen as `ExpectedEntry` and the world describe it: `root`, `STYLE:LABEL` or
  /// `STYLE:LABEL#ID`.
  private struct Entry: Equatable {
    var style: Substring
    var label: Substring
    var text: String

    init(_ text: String) {
      self.text = text
      let colon = text.firstIndex(of: ":")
      style = colon.map { text[..<$0] } ?? Substring(text)
      let rest = colon.map { text[text.index(after: $0)...] } ?? ""
      label = rest.lastIndex(of: "#").map { rest[..<$0] } ?? rest
    }
  }

  static func screenDifference(expected: [String], actual: [String]) -> String? {
    guard !expected.isEmpty || !actual.isEmpty, expected != actual else { return nil }
    let expected = expected.map(Entry.init)
    let actual = actual.map(Entry.init)
    // Matched as multisets, in order: each entry pairs with the first equal one not yet paired.
    var unmatchedActual = Array(actual.indices)
    var missing: [Entry] = []
    for entry in expected {
      if let index = unmatchedActual.firstIndex(where: { actual[$0] == entry }) {
        unmatchedActual.remove(at: index)
      } else {
        missing.append(entry)
      }
    }
    let extra = unmatchedActual.map { actual[$0] }
    // A slot the screen shows with an older id is one it shows and the reference does not.
    if let lacking = missing.first, !extra.contains(where: { $0.label == lacking.label && $0.style == lacking.style }) {
      return screenLacks
    }
    return extra.isEmpty ? nil : screenShows
  }

  static func modelDifference(expected: [String], actual: [String]) -> String? {
    guard expected != actual else { return nil }
    func split(_ line: String) -> (label: Substring, value: Substring) {
      guard let equals = line.firstIndex(of: "=") else { return (Substring(line), "") }
      return (line[..<equals], line[line.index(after: equals)...])
    }
    let expectedLines = expected.map(split)
    let actualLines = actual.map(split)
    // Both are sorted by label; the first label where they differ is the first difference.
    let labels = Set(expectedLines.map(\.label)).union(actualLines.map(\.label)).sorted()
    for label in labels {
      let wanted = expectedLines.first { $0.label == label }?.value
      let found = actualLines.first { $0.label == label }?.value
      switch (wanted, found) {
      case (let wanted?, let found?) where wanted != found:
        return modelHoldsOther
      case (.some, nil):
        return modelLost
      case (nil, .some):
        return modelHolds
      default:
        continue
      }
    }
    return nil
  }
}
