/// `--no-races`: keeps user gestures and program changes out of each other's run-loop turn. A
/// gesture that would follow a program change with no time step between them (or a change that
/// would follow a gesture) gets a `tick` first, so the engine sees the change before the user acts.
/// Such interleavings are real but narrow races (`RaceCheck`); a team that has seen them, or does
/// not want them yet, fuzzes the rest.
struct TurnBoundary {
  private var turnHasProgramChange = false
  private var turnHasGesture = false

  init() {}

  /// The turn as `steps` leave it.
  init(after steps: [Step]) {
    for step in steps { note(step) }
  }

  /// What the turn holds, as a number (0: nothing yet): part of the explorer's state keys.
  var flags: Int { (turnHasProgramChange ? 1 : 0) | (turnHasGesture ? 2 : 0) }

  /// Whether a program step may come now.
  var allowsProgramChange: Bool { !turnHasGesture }

  /// Whether `step` must wait for the next run-loop turn.
  func needsTick(before step: Step) -> Bool {
    step.isUser && turnHasProgramChange || step.isProgram && turnHasGesture
  }

  /// `step` was taken.
  mutating func note(_ step: Step) {
    if step.isTime {
      (turnHasProgramChange, turnHasGesture) = (false, false)
    } else if step.isUser {
      turnHasGesture = true
    } else if step.isProgram {
      turnHasProgramChange = true
    }
  }
}
