/// `navfuzz mutants`: the proof of power. Every mutant engine (the real engine with one known bug
/// put back) must be caught by the random fuzzer, by the invariant that names its bug, with a
/// short counterexample.
@MainActor
package struct MutantsReport {
  public struct Row: Sendable {
    public var engine: String
    public var topology: String
    /// The profile that judged the mutant: its base engine's, unless the command chose another.
    public var semantics: String
    public var expected: InvariantID
    /// The expected invariant was among the violations the fuzzer found (and was shrunk).
    public var caught: Bool { shrunk != nil }
    /// Per seed: steps executed until the first failing run ended (nil: not caught within budget).
    public var stepsToDetection: [Int?]
    /// Per seed: wall-clock seconds to the first failure (a measurement, never a decision).
    public var secondsToDetection: [Double?]
    public var shrunk: Trace?
    /// The shortest counterexample the breadth-first explorer found, if it ran.
    public var shortest: Int?

    public var medianSeconds: Double? { Self.median(secondsToDetection.compactMap { $0 }) }
    public var worstSeconds: Double? { secondsToDetection.compactMap { $0 }.max() }

    static func median(_ values: [Double]) -> Double? {
      guard !values.isEmpty else { return nil }
      let sorted = values.sorted()
      return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
  }

  /// The topology each mutant is fuzzed on: the one its bug shows on (`EngineChoice.caughtOn`),
  /// else `basic`.
  public static func topology(for engine: EngineChoice) -> Topology {
    engine.caughtOn.flatMap(Topology.named) ?? .basic
  }

  /// Fuzzes one mutant with `seeds` campaigns of at most `runs` runs each, stopping each at its
  /// first failure; shrinks the first failure that shows the expected invariant. `keepsGoing`,
  /// asked before every step, stops it (the row is then incomplete: the caller drops it);
  /// `seedDone` is told as each seed's campaign ends (for a progress line).
  public static func row(
    for engine: EngineChoice, seeds: Int = 10, runs: Int = 2_000, exhaustiveShrinkDepth: Int = 0, noRaces: Bool = false,
    now: () -> Double, explore: ((Topology, EngineChoice, InvariantID) -> Int?)? = nil,
    keepsGoing: @escaping () -> Bool = { true }, shrinkProgress: @escaping (Shrinker.Position) -> Void = { _ in },
    seedDone: (Int) -> Void = { _ in }
  ) -> Row {
    let topology = topology(for: engine)
    let expected = engine.expectedInvariant ?? .referenceAgreement
    var row = Row(
      engine: engine.name, topology: topology.name, semantics: engine.semantics.name, expected: expected,
      stepsToDetection: [],
      secondsToDetection: [], shrunk: nil)
    /// Whether the run that failed shows the expected invariant; if so, the row's shrunk trace.
    func shrinkIfItShowsTheExpectedInvariant(_ failure: Campaign.Failure) -> Trace? {
      let replayed = try? Replay.run(
        Trace(topology: topology.name, steps: failure.original.actions), topology: topology, engine: engine)
      guard replayed?.violations.contains(where: { $0.invariant == expected }) == true else { return nil }
      var shrinker = Shrinker(topology: topology, engine: engine, target: expected)
      shrinker.keepsGoing = keepsGoing
      shrinker.progress = shrinkProgress
      let steps = shrinker.shrink(failure.original.actions, exhaustiveBelow: exhaustiveShrinkDepth, now: now)
      return Trace(
        topology: topology.name, engine: engine.name,
        semantics: engine.semanticsLineForTraces, steps: steps)
    }
    // No seeds or no runs: nothing is fuzzed, so nothing is caught (and `1...0` would trap).
    for seed in 1...max(seeds, 1) where seeds >= 1 && runs >= 1 {
      var options = Campaign.Options()
      options.seed = UInt64(seed)
      options.runs = runs
      options.stopsAtFirstFailure = true
      options.shrinks = false
      options.sortsFailures = false
      options.noRaces = noRaces
      let started = now()
      var campaign = Campaign(topology: topology, engine: engine, options: options)
      campaign.keepsGoing = keepsGoing
      let result = campaign.run()
      let elapsed = now() - started
      defer { seedDone(seed) }
      guard let failing = result.eventfulRuns.first(where: { $0.symptom != nil }),
        let failure = campaign.failure(runIndex: failing.index)
      else {
        row.stepsToDetection.append(nil)
        row.secondsToDetection.append(nil)
        continue
      }
      row.stepsToDetection.append(result.statistics.steps)
      row.secondsToDetection.append(elapsed)
      if row.shrunk == nil { row.shrunk = shrinkIfItShowsTheExpectedInvariant(failure) }
    }
    if row.shrunk == nil {
      // The first failure of every seed showed other invariants: keep fuzzing (the whole budget of
      // the first seed) for a run whose failure shows the expected one.
      var options = Campaign.Options()
      options.runs = runs
      options.shrinks = false
      options.sortsFailures = false
      options.noRaces = noRaces
      var campaign = Campaign(topology: topology, engine: engine, options: options)
      campaign.keepsGoing = keepsGoing
      // The first failing run of each invariant, as the table always looked at.
      var seen: Set<InvariantID> = []
      for run in campaign.run().eventfulRuns where row.shrunk == nil && run.symptom != nil {
        guard let failure = campaign.failure(runIndex: run.index), seen.insert(failure.violation.invariant).inserted else {
          continue
        }
        row.shrunk = shrinkIfItShowsTheExpectedInvariant(failure)
      }
    }
    row.shortest = explore?(topology, engine, expected)
    return row
  }
}
