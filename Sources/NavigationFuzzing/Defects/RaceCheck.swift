/// Whether a failure is a race: its shrunk trace needs a user gesture in the same run-loop turn as
/// a program change. Two steps share a turn when no time step (`tick`, `advance`, `settle`,
/// `until transition-end`) lies between them; the trace *needs* them to when a `tick` put between
/// them — one turn, in which the engine sees the change — makes the failure go away.
///
/// Such a failure is real (a user can tap while the app changes state) but narrow: it needs the
/// gesture to land in the very turn the app writes, before the engine has looked. Reports label it
/// and list it after the defects that need nothing special; `--no-races` leaves such interleavings
/// out of generation (`TurnBoundary`).
@MainActor
enum RaceCheck {
  /// The longest trace judged: each adjacent pair replays the whole trace, so a trace left long
  /// (`--no-shrink`, a shrink cut short, a run of thousands of steps) would take hours; it is
  /// reported as no race.
  static let longestTraceJudged = 256

  /// The adjacent gesture and program change each needed in one turn, as `(gesture, change)`.
  static func neededPairs(in actions: [Step], target: InvariantID, topology: Topology, engine: EngineChoice) -> [(
    gesture: Step, change: Step
  )] {
    guard actions.count <= longestTraceJudged else { return [] }
    var needed: [(Step, Step)] = []
    for index in actions.indices.dropLast() {
      let (first, second) = (actions[index], actions[index + 1])
      guard first.isUser && second.isProgram || first.isProgram && second.isUser else { continue }
      var separated = actions
      separated.insert(.tick, at: index + 1)
      let trace = Trace(topology: topology.name, steps: separated)
      let replayed = try? Replay.run(trace, topology: topology, engine: engine, lenient: true, until: target)
      if replayed?.violations.contains(where: { $0.invariant == target }) != true {
        needed.append(first.isUser ? (first, second) : (second, first))
      }
    }
    return needed
  }
}
