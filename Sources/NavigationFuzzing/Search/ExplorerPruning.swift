/// Candidates the explorer need not replay: steps that provably leave the world where the prefix
/// left it, with no new violation. The prefix's state is in the search's set of seen states (it
/// entered the frontier as a new state), so the full search would replay such a candidate, find
/// its key already seen and drop it: skipping the replay finds exactly the same states, violation
/// and trace (`ExplorerEquivalenceTests`, and `ExplorerPruningTests` replays every pruned
/// candidate to hold each rule to the state it claims).
extension Explorer {
  /// What the replay of a prefix showed at its end, enough to judge the rules below.
  struct PrefixFacts: Equatable {
    /// The prefix's last step ran to the end of `Runner.perform`, with the checks after it: the
    /// root (no step yet) and a step that threw (an invalid step stops before its checks) do not.
    var lastStepChecked: Bool
    /// Nothing queued on the run loop and no transition running (`HeadlessEnvironment.isQuiescent`).
    var isQuiescent: Bool
    /// A transition is running.
    var isTransitioning: Bool
  }

  /// Whether `step` taken where the prefix ends provably reaches the prefix's own state (the
  /// same `stateKey`) and records no new violation:
  ///
  /// - Time passing (`tick`, `advance`, `settle`) on a quiescent world: no event is queued, so no
  ///   code of the simulator, the engine or the app runs; the runner's bookkeeping after the step
  ///   finds nothing new (no removals, callback intents, warnings, diagnostics or stale
  ///   transitions: the last step drained them), and its quiescent checks see the world the last
  ///   step's quiescent checks passed, with the runner's own memory of that check (last screen,
  ///   pending removals and identity changes) as that check left it. Only the virtual clock
  ///   moves, which the state key leaves out.
  /// - A user gesture while a transition runs: HeadlessUIKit skips every gesture then, before it
  ///   changes anything (`UserGestures.swift`); the runner restores what it noted before the
  ///   gesture, and its checks after a step that changed nothing find nothing new. No quiescent
  ///   checks run (a transition is running).
  ///
  /// Both need the last step's checks to have run (`lastStepChecked`): at the root, or after a
  /// step that threw, something the checks would drain may still be waiting.
  static func reachesPrefixState(_ step: Step, after facts: PrefixFacts) -> Bool {
    guard facts.lastStepChecked else { return false }
    switch step {
    case .tick, .advance, .settle: return facts.isQuiescent
    case .user: return facts.isTransitioning
    default: return false
    }
  }

  /// Replays `steps` on a fresh world (or one reset to be as fresh: `Runner.reusingWorld`),
  /// noting what `reachesPrefixState` needs.
  func replayNotingFacts(_ steps: [Step]) -> (Runner, PrefixFacts) {
    let runner = Runner.reusingWorld(topology: topology, engine: engine)
    var facts = PrefixFacts(
      lastStepChecked: false, isQuiescent: runner.environment.isQuiescent, isTransitioning: runner.environment.isTransitioning)
    for (index, step) in steps.enumerated() { facts = perform(step, on: runner, index: index) }
    return (runner, facts)
  }

  /// Performs one step of a replay (an invalid step does nothing, as in `replay`), noting what
  /// `reachesPrefixState` needs about where it ends.
  func perform(_ step: Step, on runner: Runner, index: Int) -> PrefixFacts {
    var lastStepChecked = true
    do { try runner.perform(step, index: index) } catch { lastStepChecked = false }
    let environment = runner.environment
    return PrefixFacts(
      lastStepChecked: lastStepChecked, isQuiescent: environment.isQuiescent, isTransitioning: environment.isTransitioning)
  }
}
