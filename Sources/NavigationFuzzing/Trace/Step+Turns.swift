extension Step {
  /// Time passes: `tick`, `advance`, `settle`, `until transition-end`. Steps with none of these
  /// between them run in one run-loop turn.
  var isTime: Bool {
    switch self {
    case .tick, .advance, .settle, .untilTransitionEnd: true
    default: false
    }
  }

  /// What the user's hands do.
  var isUser: Bool {
    if case .user = self { return true }
    return false
  }
}
