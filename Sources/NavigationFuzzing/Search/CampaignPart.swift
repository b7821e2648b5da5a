/// What one process of a campaign split across processes (`navfuzz run --jobs N`) reports: the
/// statistics of its range of runs and which runs failed. Failures travel as run indices, not
/// traces: the merging process rebuilds (and shrinks) the first failure of each invariant from its
/// seed, so the merged result is the one a single process would have produced, whatever N.
public struct CampaignPart: Codable, Sendable {
  public var statistics: RunStatistics
  public var runsCompleted: Int
  /// The run index of each distinct failure this part found, in run order.
  public var failingRunIndices: [Int]

  public init(_ result: Campaign.Result) {
    statistics = result.statistics
    runsCompleted = result.runsCompleted
    failingRunIndices = result.failures.map(\.runIndex)
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
  /// would have had: statistics summed, and for each invariant the failure of the earliest run
  /// that found it, rebuilt here from its seed.
  public func merge(_ parts: [CampaignPart]) -> Result {
    var result = Result()
    for part in parts {
      result.statistics.merge(part.statistics)
      result.runsCompleted += part.runsCompleted
      for index in part.failingRunIndices {
        guard let failure = failure(runIndex: index),
          !result.failures.contains(where: { $0.violation.invariant == failure.violation.invariant })
        else { continue }
        result.failures.append(failure)
      }
    }
    return result
  }
}
