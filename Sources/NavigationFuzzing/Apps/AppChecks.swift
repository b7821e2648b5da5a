/// The checks made on an app under test after every step, on the terms of its UI framework as
/// the adapter reports them (docs/SEMANTICS.md, "Invariants", "Apps"). Sound by construction:
/// each reads only what the adapter says happened or holds, never a guess at what should be.
@MainActor
struct AppChecks {
  /// How much of the adapter's diagnostics and write-backs earlier steps have judged.
  private var judgedDiagnostics = 0
  private var judgedWriteBacks = 0

  /// The first violation after step `index`, if any: what the system said that breaks an
  /// invariant, a write-back the app's state refused, a world that does not settle, and, once
  /// quiescent, a presentation shown that no state holds or held that is neither shown nor waiting.
  mutating func check(_ app: any AppUnderTest, after index: Int, settled: Bool) -> Violation? {
    func violation(_ invariant: InvariantID, _ explanation: String) -> Violation {
      Violation(
        invariant: invariant, stepIndex: index, explanation: explanation, expectedModel: [], actualModel: [],
        expectedScreen: [], actualScreen: app.screenDump.split(separator: "\n").map(String.init))
    }
    let diagnostics = app.diagnostics
    defer { judgedDiagnostics = diagnostics.count }
    for diagnostic in diagnostics.dropFirst(judgedDiagnostics) {
      if let invariant = diagnostic.invariant {
        return violation(invariant, "\(diagnostic.source) said [\(diagnostic.kind)] \(diagnostic.message)")
      }
    }
    let writeBacks = app.writeBacks
    defer { judgedWriteBacks = writeBacks.count }
    for writeBack in writeBacks.dropFirst(judgedWriteBacks) where !writeBack.taken {
      return violation(
        .dismissalWritesBack,
        "after \(writeBack.by), SwiftUI wrote \(writeBack.what), and the binding did not take it: it still holds what the person removed")
    }
    if !settled {
      return violation(.quiescence, "the world does not settle: something re-schedules itself past the turn limit")
    }
    guard app.isQuiescent else { return nil }
    for presentation in app.presentations {
      if presentation.shown, !presentation.held {
        return violation(.stateUIConsistency, "the \(presentation.what) is shown, but no state holds it")
      }
      if presentation.held, !presentation.shown, !presentation.waiting {
        return violation(.stateUIConsistency, "the state holds the \(presentation.what), but it is neither shown nor waiting its turn")
      }
    }
    return nil
  }
}
