/// What one process of a campaign split across processes (`navfuzz run --jobs N`) reports: the
/// statistics of its range of runs, and what each of its runs showed. Failures travel as run
/// indices and symptoms, not traces: the merging process sorts them into defects in run order and
/// rebuilds (and shrinks) the first run of each symptom from its seed, so the merged result is the
/// one a single process would have produced, whatever N.
package struct CampaignPart: Codable, Sendable {
  /// A run that failed, or reached known defects and went on past them.
  public struct Run: Codable, Sendable, Equatable {
    public var index: Int
    /// What it failed with, unshrunk; nil when it only searched past known defects.
    public var symptom: FailureSymptom?
    /// The known symptoms it went on past, in the order it reached them.
    public var searchedPast: [FailureSymptom]
  }

  public var statistics: RunStatistics
  public var runsCompleted: Int
  /// In run order.
  public var runs: [Run]

  public init(_ result: Campaign.Result) {
    statistics = result.statistics
    runsCompleted = result.runsCompleted
    runs = result.eventfulRuns
  }
}

extension Campaign {
  /// Splits `runs` runs into at most `parts` contiguous index ranges of nearly equal size: range
  /// `p` of `n` starts at run `runs * p / n`, computed in double width, as `runs` may be as large
  /// as `Int.max` (`--runs 9223372036854775807 --seconds 60`).
  public static func ranges(runs: Int, parts: Int) -> [Range<Int>] {
    let count = max(1, min(parts, runs))
    func start(_ part: Int) -> Int { count.dividingFullWidth(runs.multipliedFullWidth(by: part)).quotient }
    return (0..<count).map { part in start(part)..<start(part + 1) }
  }

  /// Merges parts given in run order into the result one process running every range in turn
  /// would have had: statistics summed, and the runs sorted into defects in run order, the first
  /// run of each symptom rebuilt here from its seed.
  package func merge(_ parts: [CampaignPart]) -> Result {
    var result = Result()
    var ledger = DefectLedger(topology: topology.name, baseline: options.baseline)
    for part in parts {
      result.statistics.merge(part.statistics)
      result.runsCompleted += part.runsCompleted
      for run in part.runs {
        let seed = Self.runSeed(campaignSeed: options.seed, index: run.index)
        for symptom in run.searchedPast { ledger.recordSearchedPast(runIndex: run.index, runSeed: seed, symptom: symptom) }
        guard let symptom = run.symptom else { continue }
        ledger.recordFailure(
          runIndex: run.index, runSeed: seed, symptom: symptom, afterSearchingPast: !run.searchedPast.isEmpty
        ) {
          let rebuilt = randomRun(seed: seed)
          return analyzed(rebuilt.violation!, steps: rebuilt.steps, runSeed: seed, runIndex: run.index)
        }
      }
    }
    result.defects = ledger.sorted
    return result
  }
}
