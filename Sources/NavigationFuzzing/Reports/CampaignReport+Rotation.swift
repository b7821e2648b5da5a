extension CampaignReport {
  /// One topology's campaign within a rotation.
  public struct RotationPart {
    public var topology: Topology
    public var result: NavigationFuzzing.Campaign.Result

    public init(topology: Topology, result: NavigationFuzzing.Campaign.Result) {
      self.topology = topology
      self.result = result
    }
  }

  /// The report of a rotation (`navfuzz run` without `--topology`): one report for the whole
  /// command, as a user who asked for one `--report` folder expects, not one per topology.
  /// `campaign.topology` lists the topologies that ran, comma-separated in rotation order (as
  /// replays list theirs); counts are summed; distinct states are summed over topologies (a state
  /// of one topology is never a state of another); `defects` are the topologies' defects merged
  /// (`Defect.merging`), each with its own topology's trace and replay command, `savedTraces`
  /// where each was saved ("" when it was not).
  @MainActor
  public init(
    rotation parts: [RotationPart], defects: [Defect], savedTraces: [String], engine: EngineChoice,
    options: NavigationFuzzing.Campaign.Options, durationSeconds: Double, minDistinctStates: Int?
  ) {
    // The first topology's report carries every field a campaign report has; what a rotation
    // changes is then set over it.
    self = parts.first.map {
      CampaignReport(
        campaign: $0.result, topology: $0.topology, engine: engine, options: options, durationSeconds: durationSeconds,
        minDistinctStates: nil, savedTraces: [])
    }
      ?? CampaignReport(
        campaign: NavigationFuzzing.Campaign.Result(), topology: .basic, engine: engine, options: options,
        durationSeconds: durationSeconds, minDistinctStates: minDistinctStates, savedTraces: [])
    var statistics = RunStatistics()
    for part in parts { statistics.merge(part.result.statistics) }
    let distinctStates = parts.map(\.result.statistics.distinctStates.count).reduce(0, +)
    let runs = parts.map(\.result.runsCompleted).reduce(0, +)
    (invariants, coverage) = Self.counts(statistics)
    coverage.distinctStates = distinctStates
    coverage.minDistinctStates = minDistinctStates
    coverage.floorMet = distinctStates >= (minDistinctStates ?? 0)
    campaign.topology = parts.map(\.topology.name).joined(separator: ",")
    campaign.runs = runs
    totals = Totals(
      runs: runs, steps: statistics.steps, skippedSteps: statistics.skipped,
      actionsPerSecond: durationSeconds > 0 ? Double(statistics.steps) / durationSeconds : 0, expectedViolations: 0)
    (self.defects, failures) = Self.defects(defects, savedTraces: savedTraces, engine: engine, maxSteps: options.maxSteps)
  }
}
