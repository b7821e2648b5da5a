/// A fuzzing campaign: many seeded random runs of one topology against one engine, each distinct
/// failure (by invariant) shrunk to a short trace.
@MainActor
public struct Campaign {
  public struct Options: Sendable {
    public var seed: UInt64 = 1
    public var runs = 500
    public var maxSteps = 32
    public var swarm = true
    public var shrinks = true
    /// Stop at the first failure (the mutants table measures time to first detection).
    public var stopsAtFirstFailure = false
    /// Run only the run with this seed (a failure's `runSeed`), once: `navfuzz run --run-seed`.
    public var onlyRunSeed: UInt64?
    /// The index of the first run: a campaign split across processes (`navfuzz run --jobs`) runs
    /// `firstRunIndex ..< firstRunIndex + runs` in each, and the run seeds do not change.
    public var firstRunIndex = 0
    public init() {}
  }

  /// One distinct failure.
  public struct Failure: Sendable {
    public var violation: Violation
    /// The seed of the run that found it: `navfuzz run --run-seed S` repeats it.
    public var runSeed: UInt64
    public var runIndex: Int
    public var original: Trace
    public var shrunk: Trace
    /// The violation as the shrunk trace reproduces it.
    public var shrunkViolation: Violation
    /// Whether replaying the shrunk trace shows the violation again. False only for an engine
    /// that is not deterministic (see `nondeterminismHint`): its run and the replay of that run's
    /// own steps differ, so the trace cannot be trusted and the run seed is the only handle.
    public var reproduces = true

    /// What to tell a user whose failure does not reproduce. The usual cause, found with a real
    /// library: Swift seeds `Hasher` per process, so code that iterates a `Dictionary` or `Set`
    /// (observer tables, token sets) acts in a different order in every process.
    public static let nondeterminismHint =
      "replaying this trace does not reproduce the failure: the engine is not deterministic. Code that "
      + "iterates a Dictionary or Set changes order with every process (run with SWIFT_DETERMINISTIC_HASHING=1); "
      + "otherwise it reads something outside the simulated world (a clock, a thread, a global it keeps between runs)"
  }

  public struct Result: Sendable {
    public var statistics = RunStatistics()
    public var failures: [Failure] = []
    public var runsCompleted = 0
    /// Steps the last run made before `keepsGoing` stopped it within the run; nil when every
    /// run ended on its own (its steps and checks are counted in the statistics either way).
    public var lastRunCutShortAfter: Int?
    public init() {}
  }

  public let topology: Topology
  public let engine: EngineChoice
  public let options: Options
  /// Asked before every step of every run: false stops the campaign there (Ctrl-C,
  /// `--seconds`), keeping what it found. A run of `--max-steps 9223372036854775807` is stopped
  /// within the run, not after it.
  public var keepsGoing: () -> Bool = { true }
  /// Asked before every replay of a shrink: false ends the shrink with the shortest failing
  /// trace found so far (Ctrl-C). Apart from `keepsGoing`, because what a deadline's last runs
  /// found (and what `--jobs` workers found, rebuilt after the deadline) is still shrunk.
  public var keepsShrinking: () -> Bool = { true }
  /// Told as each failure's shrink goes (for a progress line).
  public var shrinkProgress: (InvariantID, Shrinker.Position) -> Void = { _, _ in }

  public init(topology: Topology, engine: EngineChoice, options: Options) {
    self.topology = topology
    self.engine = engine
    self.options = options
  }

  /// The seed of run `index`, derived from the campaign seed alone.
  public static func runSeed(campaignSeed: UInt64, index: Int) -> UInt64 {
    var mixer = SplitMix64(seed: campaignSeed &+ UInt64(index) &* 0x9e37_79b9_7f4a_7c15)
    return mixer.next()
  }

  /// Runs the campaign; `progress` is called after every run (for a terminal progress line).
  public func run(progress: (Int, Result) -> Bool = { _, _ in true }) -> Result {
    var result = Result()
    let indices = options.onlyRunSeed == nil ? options.firstRunIndex..<(options.firstRunIndex + options.runs) : 0..<1
    for index in indices {
      guard keepsGoing() else { break }
      let seed = options.onlyRunSeed ?? Self.runSeed(campaignSeed: options.seed, index: index)
      let (steps, runner, cutShort) = Self.randomRun(
        topology: topology, engine: engine, seed: seed, maxSteps: options.maxSteps, swarm: options.swarm, keepsGoing: keepsGoing)
      if cutShort { result.lastRunCutShortAfter = steps.count }
      var statistics = runner.statistics
      statistics.runs = 1
      result.statistics.merge(statistics)
      result.runsCompleted += 1
      if let violation = runner.violations.first,
        !result.failures.contains(where: { $0.violation.invariant == violation.invariant })
      {
        result.failures.append(failure(violation, steps: steps, runSeed: seed, runIndex: index))
        if options.stopsAtFirstFailure { break }
      }
      if cutShort || !progress(index - indices.lowerBound, result) { break }
    }
    return result
  }

  /// The failure of run `runIndex` of this campaign, rebuilt from its seed (and shrunk if the
  /// options say so); nil if that run finds nothing.
  public func failure(runIndex: Int) -> Failure? {
    let seed = Self.runSeed(campaignSeed: options.seed, index: runIndex)
    // Not stopped by `keepsGoing`: the run ends at the violation its part found, before any cut.
    let (steps, runner) = Self.randomRun(topology: topology, engine: engine, seed: seed, maxSteps: options.maxSteps, swarm: options.swarm)
    return runner.violations.first.map { failure($0, steps: steps, runSeed: seed, runIndex: runIndex) }
  }

  private func failure(_ violation: Violation, steps: [Step], runSeed seed: UInt64, runIndex index: Int) -> Failure {
    let original = Trace(
      topology: topology.name, engine: engineLine, semantics: semanticsLine,
      steps: steps + Shrinker.expectations(for: steps, topology: topology, engine: engine, target: violation.invariant))
    var shrunkSteps = original.steps
    if options.shrinks {
      var shrinker = Shrinker(topology: topology, engine: engine, target: violation.invariant)
      shrinker.keepsGoing = keepsShrinking
      let target = violation.invariant
      let report = shrinkProgress
      shrinker.progress = { report(target, $0) }
      shrunkSteps = shrinker.shrink(steps)
    }
    let shrunk = Trace(topology: topology.name, engine: engineLine, semantics: semanticsLine, steps: shrunkSteps)
    let confirmation = try? Replay.run(shrunk, topology: topology, engine: engine)
    let confirmed = confirmation?.violations.first { $0.invariant == violation.invariant }
    return Failure(
      violation: violation, runSeed: seed, runIndex: index, original: original, shrunk: shrunk,
      shrunkViolation: confirmed ?? violation, reproduces: confirmed != nil)
  }

  private var engineLine: String? { engine.name == EngineChoice.default.name ? nil : engine.name }
  /// Traces say which profile judged them unless it is NavFuzz's own.
  private var semanticsLine: String? { engine.semantics == .navfuzz ? nil : engine.semantics.name }

  /// One random run: generated steps until `maxSteps` or the first violation, then the end check.
  public static func randomRun(
    topology: Topology, engine: EngineChoice, seed: UInt64, maxSteps: Int, swarm: Bool = true
  ) -> ([Step], Runner) {
    let (steps, runner, _) = randomRun(topology: topology, engine: engine, seed: seed, maxSteps: maxSteps, swarm: swarm) { true }
    return (steps, runner)
  }

  /// The same, asking `keepsGoing` before each step: a run it stops ends there, without the end
  /// check (`cutShort`). Its violations were found at steps, so a rerun of its seed finds them.
  static func randomRun(
    topology: Topology, engine: EngineChoice, seed: UInt64, maxSteps: Int, swarm: Bool, keepsGoing: () -> Bool
  ) -> (steps: [Step], runner: Runner, cutShort: Bool) {
    let runner = Runner(topology: topology, engine: engine, stopsAtFirstViolation: true)
    var generator = StepGenerator(seed: seed, swarm: swarm)
    var steps: [Step] = []
    for index in 0..<maxSteps {
      guard keepsGoing() else { return (steps, runner, true) }
      let step = generator.next(for: runner)
      steps.append(step)
      // Generated steps only address what exists, so they cannot be invalid.
      _ = try? runner.perform(step, index: index)
      if runner.hasViolation { return (steps, runner, false) }
    }
    runner.finish(stepIndex: steps.count)
    if runner.hasViolation, steps.last != .settle { steps.append(.settle) }
    return (steps, runner, false)
  }
}
