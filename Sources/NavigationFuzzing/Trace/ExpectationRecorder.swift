/// Record mode, as snapshot testing has: rewrites a trace's `expect state` and `expect screen`
/// lines with what the current run shows, and its `expect violation` lines with the violations the
/// run has, so a hand-written trace gets its expectations from a run a person has checked.
/// Everything else in the file (comments, blank lines, other steps) is kept as written.
@MainActor
package enum ExpectationRecorder {
  /// The trace's text with its expectations recorded from `result` (a replay of the same text).
  public static func record(_ text: String, trace: Trace, result: ReplayResult) -> String {
    var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
    if lines.last == "" { lines.removeLast() }
    let seen = InvariantID.allCases.filter { id in result.violations.contains { $0.invariant == id } }
    var removed: Set<Int> = []
    var written: Set<InvariantID> = []
    for (index, step) in trace.steps.enumerated() {
      guard case .expect(let expectation) = step, trace.lines.indices.contains(index) else { continue }
      let line = trace.lines[index] - 1
      guard lines.indices.contains(line) else { continue }
      switch expectation {
      case .state, .screen:
        if let observed = result.observed[index] {
          lines[line] = (["expect", observed.kind] + observed.actual).joined(separator: " ")
        }
      case .violation(let id):
        if seen.contains(id), !written.contains(id) { written.insert(id) } else { removed.insert(line) }
      case .ok:
        // An `expect ok` after a violation cannot hold; the violation lines below say what happened.
        if result.unmetExpectations.contains(where: { $0.line == line + 1 }) { removed.insert(line) }
      }
    }
    var output = lines.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
    for id in seen where !written.contains(id) { output.append("expect violation \(id.rawValue)") }
    return output.joined(separator: "\n") + "\n"
  }
}
