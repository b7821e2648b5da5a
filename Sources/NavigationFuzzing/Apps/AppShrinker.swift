/// Shrinks a failing app run to the fewest actions that still break the same invariant: delta
/// debugging over the actions (chunks of halving size removed while the failure stays), then
/// each `advance` or `tick` made a `settle` where that still fails, until neither changes
/// anything. Every attempt is a replay on a fresh launch, so the result is a trace that
/// reproduces on its own.
@MainActor
public struct AppShrinker {
  public let launch: AppLauncher
  public let target: InvariantID
  /// Replays allowed; shrinking stops with what it has when they run out.
  public var attemptsLeft: Int

  public init(launch: @escaping AppLauncher, target: InvariantID, attemptLimit: Int = 2_000) {
    self.launch = launch
    self.target = target
    self.attemptsLeft = attemptLimit
  }

  /// The actions of the replay that still fails, up to its failing step; nil when it no longer
  /// fails with the target invariant.
  mutating func reproduce(_ actions: [AppAction]) -> [AppAction]? {
    guard attemptsLeft > 0 else { return nil }
    attemptsLeft -= 1
    let result = AppRun.replay(actions, launch: launch)
    guard let violation = result.violation, violation.invariant == target else { return nil }
    return Array(actions.prefix(violation.stepIndex + 1))
  }

  public mutating func shrink(_ actions: [AppAction]) -> [AppAction] {
    guard var current = reproduce(actions) else { return actions }
    while true {
      current = removingChunks(current)
      let simpler = simplifyingTime(current)
      if simpler == current { return current }
      current = simpler
    }
  }

  /// Delta debugging: chunks of halving size removed while the failure stays.
  private mutating func removingChunks(_ actions: [AppAction]) -> [AppAction] {
    var current = actions
    var chunk = max(current.count / 2, 1)
    while true {
      var start = 0
      var removedAny = false
      while start < current.count {
        var candidate = current
        candidate.removeSubrange(start..<min(start + chunk, current.count))
        if let shorter = reproduce(candidate) {
          current = shorter
          removedAny = true
        } else {
          start += chunk
        }
      }
      // Halve the chunk; at single actions, pass again until none can go.
      if chunk > 1 { chunk /= 2 } else if !removedAny { return current }
    }
  }

  /// Each `advance` or `tick` made a `settle` (time steps that then may merge), where that still
  /// fails: a trace that waits for the world rather than for a number of milliseconds.
  private mutating func simplifyingTime(_ actions: [AppAction]) -> [AppAction] {
    var current = actions
    for index in current.indices where index < current.count {
      switch current[index] {
      case .advance, .tick:
        var candidate = current
        candidate[index] = .settle
        if let simpler = reproduce(candidate) { current = simpler }
      default: break
      }
    }
    return current
  }
}
