/// One run over an app under test: a fresh launch, actions one at a time, the checks after each.
/// Seeded runs choose their actions from what the app offers at each step; replays take them
/// from a trace. A run stops at its first violation.
@MainActor
public struct AppRun {
  /// What a run did and found.
  public struct Result: Sendable {
    /// The actions taken, in order (a seeded run's trace).
    public var actions: [AppAction]
    /// Which of them were skipped (a gesture with nothing to act on).
    public var skipped: Int
    public var violation: Violation?
  }

  /// Replays `actions` on a fresh launch.
  public static func replay(_ actions: [AppAction], launch: AppLauncher) -> Result {
    var actions = actions[...]
    return run(launch: launch, maxSteps: actions.count) { _ in actions.popFirst() }
  }

  /// A seeded run of at most `maxSteps` actions, ending in `settle`: each step picks one of the
  /// actions the app offers now, or lets time pass (a tick lands in the middle of a transition).
  public static func random(seed: UInt64, maxSteps: Int, launch: AppLauncher) -> Result {
    var random = SplitMix64(seed: seed)
    return run(launch: launch, maxSteps: maxSteps + 1) { app in
      if app.stepsTaken == maxSteps { return .settle }
      let offered = app.offered
      if offered.isEmpty || random.chance(1, in: 4) {
        return random.pick([AppAction.tick, .tick, .advance(100), .advance(350), .settle])
      }
      return random.pick(offered)
    }
  }

  /// What the chooser sees of the run so far.
  struct Progress {
    var stepsTaken: Int
    var offered: [AppAction]
  }

  private static func run(launch: AppLauncher, maxSteps: Int, next: (Progress) -> AppAction?) -> Result {
    let app = launch()
    var checks = AppChecks()
    var result = Result(actions: [], skipped: 0, violation: nil)
    // What the launch itself said (a destination declared twice in the root's body) counts too.
    if let violation = checks.check(app, after: -1, settled: true) {
      result.violation = violation
      return result
    }
    while result.actions.count < maxSteps,
      let action = next(Progress(stepsTaken: result.actions.count, offered: app.offeredActions))
    {
      var settled = true
      switch action {
      case .tick: app.tick()
      case .advance(let milliseconds): settled = app.advance(by: milliseconds)
      case .settle: settled = app.settle()
      default:
        if case .skipped = app.perform(action) { result.skipped += 1 }
      }
      result.actions.append(action)
      if let violation = checks.check(app, after: result.actions.count - 1, settled: settled) {
        result.violation = violation
        return result
      }
    }
    return result
  }
}
