/// A value computed from the reference machine alone, kept until the reference is written again
/// (`World.referenceRevision`).
///
/// The generator counts its options and the quiescent checks build the expected screen and the
/// state's hash from the reference at every step; most steps (time passing, skipped gestures,
/// checks of a settled world) leave the reference as it was, and then the kept value is the one a
/// fresh computation would give: the reference is a value, and every write to it, in place or
/// whole, moves the revision (FastPathTests compares the two on every step).
@MainActor
struct ReferenceDerived<Value> {
  private var revision = -1
  private var value: Value?

  init() {}

  /// The value for the reference at `revision`: the kept one if it was made at that revision,
  /// else `make()`'s, kept.
  mutating func value(at revision: Int, _ make: () -> Value) -> Value {
    if revision == self.revision, let value { return value }
    let made = make()
    value = made
    self.revision = revision
    return made
  }
}
