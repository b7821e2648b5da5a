@testable import NavFuzzEngines
@testable import NavigationFuzzing
import Testing

/// The runner counts steps by kind in tables indexed by `ActionKind.ordinal`; the statistics it
/// reports must be those of the steps it ran, counted plainly.
@MainActor
@Suite struct RunStatisticsTests {
  @Test func ordinalsAreThePositionsInAllCases() {
    for (index, kind) in ActionKind.allCases.enumerated() { #expect(kind.ordinal == index, "\(kind)") }
  }

  @Test func countsAreThoseOfTheStepsRun() {
    for seed: UInt64 in [1, 2, 3] {
      let (steps, result) = Campaign.randomRun(topology: .stack, engine: .default, seed: seed, maxSteps: 120)
      let kinds = steps.map(\.kind)
      var counts: [ActionKind: Int] = [:]
      for kind in kinds { counts[kind, default: 0] += 1 }
      var pairs: [RunStatistics.ActionPair: Int] = [:]
      for (first, second) in zip(kinds, kinds.dropFirst()) {
        pairs[RunStatistics.ActionPair(first: first, second: second), default: 0] += 1
      }
      #expect(result.statistics.steps == steps.count)
      #expect(result.statistics.actionCounts == counts)
      #expect(result.statistics.actionPairs == pairs)
      #expect(counts.count > 3, "seed \(seed): too few kinds of steps")
    }
  }
}
