/// A fuzzing campaign: many seeded random runs of one topology against one engine, its failing
/// runs sorted into defects (`Defect`), each with its shortest shrunk trace.
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
    /// Known defects: reported apart, and searched past (`searchesPastKnownDefects`).
    public var baseline: DefectBaseline?
    /// With a baseline: a run whose first violation reads as a known defect's signature steps back
    /// and goes on with other steps, instead of ending there (`RandomRun`).
    public var searchesPastKnownDefects = true
    /// Never a user gesture in the run-loop turn of a program change (`--no-races`, `TurnBoundary`).
    public var noRaces = false
    /// Sort failing runs into defects (shrinking the first of each symptom). Off in the worker
    /// processes of `navfuzz run --jobs`, whose runs the merging process sorts (`CampaignPart`).
    public var sortsFailures = true
    public init() {}
  }

  /// One failing run, shrunk: the evidence of a defect.
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
    /// Every defect the failing runs showed, in list order (`Defect.listOrder`): new before known,
    /// races after the others, then by first failing run.
    public var defects: [Defect] = []
    public var runsCompleted = 0
    /// The runs that failed or searched past known defects, as they happened: what a worker
    /// process reports (`CampaignPart`).
    var eventfulRuns: [CampaignPart.Run] = []
    /// Steps the last run made before `keepsGoing` stopped it within the run; nil when every
    /// run ended on its own (its steps and checks are counted in the statistics either way).
    public var lastRunCutShortAfter: Int?
    public init() {}

    /// The shortest failure of each new defect: what makes the campaign fail.
    public var failures: [Failure] { defects.filter { !$0.isKnown }.compactMap(\.shortest) }
    /// The defects not in the baseline.
    public var newDefects: [Defect] { defects.filter { !$0.isKnown } }
    public var knownDefects: [Defect] { defects.filter(\.isKnown) }
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
    var ledger = DefectLedger(topology: topology.name, baseline: options.baseline)
    let indices = options.onlyRunSeed == nil ? options.firstRunIndex..<(options.firstRunIndex + options.runs) : 0..<1
    for index in indices {
      guard keepsGoing() else { break }
      let seed = options.onlyRunSeed ?? Self.runSeed(campaignSeed: options.seed, index: index)
      let run = randomRun(seed: seed, keepsGoing: keepsGoing)
      if run.cutShort { result.lastRunCutShortAfter = run.steps.count }
      var statistics = run.runner.statistics
      statistics.runs = 1
      result.statistics.merge(statistics)
      result.runsCompleted += 1
      for symptom in run.searchedPast { ledger.recordSearchedPast(runIndex: index, runSeed: seed, symptom: symptom) }
      if run.violation != nil || !run.searchedPast.isEmpty {
        result.eventfulRuns.append(
          CampaignPart.Run(index: index, symptom: run.violation.map(FailureSymptom.init), searchedPast: run.searchedPast))
      }
      if let violation = run.violation, options.sortsFailures {
        ledger.recordFailure(
          runIndex: index, runSeed: seed, symptom: FailureSymptom(violation), afterSearchingPast: !run.searchedPast.isEmpty
        ) {
          analyzed(violation, steps: run.steps, runSeed: seed, runIndex: index)
        }
        result.defects = ledger.sorted
      } else if !run.searchedPast.isEmpty {
        result.defects = ledger.sorted
      }
      if run.violation != nil, options.stopsAtFirstFailure { break }
      if run.cutShort || !progress(index - indices.lowerBound, result) { break }
    }
    result.defects = ledger.sorted
    return result
  }

  /// The failure of run `runIndex` of this campaign, rebuilt from its seed (and shrunk if the
  /// options say so); nil if that run finds nothing new.
  public func failure(runIndex: Int) -> Failure? {
    let seed = Self.runSeed(campaignSeed: options.seed, index: runIndex)
    // Not stopped by `keepsGoing`: the run ends at the violation its part found, before any cut.
    let run = randomRun(seed: seed)
    return run.violation.map { failure($0, steps: run.steps, runSeed: seed, runIndex: runIndex) }
  }

  /// The failure of a run and what its shrunk trace says about its defect.
  func analyzed(_ violation: Violation, steps: [Step], runSeed: UInt64, runIndex: Int) -> (
    failure: Failure, evidence: DefectEvidence
  ) {
    let failure = failure(violation, steps: steps, runSeed: runSeed, runIndex: runIndex)
    let evidence = DefectEvidence(
      shrunk: failure.shrunk.actions, target: violation.invariant, topology: topology, engine: engine)
    return (failure, evidence)
  }

  /// Run `seed` of this campaign, as its options say (searching past the baseline's symptoms,
  /// keeping gestures out of program changes' turns), asking `keepsGoing` before each step.
  func randomRun(seed: UInt64, keepsGoing: () -> Bool = { true }) -> RandomRun {
    RandomRun(
      topology: topology, engine: engine, seed: seed, maxSteps: options.maxSteps, swarm: options.swarm,
      noRaces: options.noRaces,
      searchingPast: options.searchesPastKnownDefects ? options.baseline?.searchedSymptoms ?? [] : [],
      keepsGoing: keepsGoing)
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

  private var engineLine: String? { engine.name == EngineChoice.defaultName ? nil : engine.name }
  /// Traces say which profile judged them (`EngineChoice.semanticsLineForTraces`).
  private var semanticsLine: String? { engine.semanticsLineForTraces }

  /// One random run: generated steps until `maxSteps` or the first violation, then the end check.
  public static func randomRun(
    topology: Topology, engine: EngineChoice, seed: UInt64, maxSteps: Int, swarm: Bool = true
  ) -> ([Step], Runner) {
    let run = RandomRun(topology: topology, engine: engine, seed: seed, maxSteps: maxSteps, swarm: swarm)
    return (run.steps, run.runner)
  }
}
