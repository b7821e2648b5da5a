import Foundation
import NavFuzzEngines
import NavigationFuzzing
import Testing

/// `navfuzz run --jobs N` splits a campaign into parts that travel as JSON between processes: the
/// merged parts must be the campaign one process runs, whatever N.
@MainActor
@Suite struct CampaignPartTests {
  func options(runs: Int, firstRunIndex: Int = 0, shrinks: Bool = true, baseline: DefectBaseline? = nil) -> Campaign.Options {
    var options = Campaign.Options()
    options.seed = 5
    options.runs = runs
    options.firstRunIndex = firstRunIndex
    options.shrinks = shrinks
    // A worker only reports its runs; the merging process sorts them.
    options.sortsFailures = shrinks
    options.baseline = baseline
    return options
  }

  @Test func rangesCoverEveryRunOnceInOrder() {
    for (runs, parts) in [(10, 3), (2, 8), (500, 2), (1, 1), (7, 7)] {
      let ranges = Campaign.ranges(runs: runs, parts: parts)
      #expect(ranges.count == min(runs, parts))
      #expect(ranges.flatMap { Array($0) } == Array(0..<runs), "\(runs) runs in \(parts) parts")
      #expect(ranges.allSatisfy { !$0.isEmpty })
    }
    // The most runs a command line can ask for: no overflow, every run still in one range.
    let huge = Campaign.ranges(runs: Int.max, parts: 3)
    #expect(huge.map(\.lowerBound) == [0, Int.max / 3, Int.max / 3 * 2])
    #expect(huge.last?.upperBound == Int.max)
    #expect(zip(huge, huge.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
  }

  /// A baseline that knows the mutant's most frequent defect, so that parts search past it.
  static func knownDominant(_ engine: EngineChoice) -> DefectBaseline {
    var options = Campaign.Options()
    options.runs = 60
    let defects = Campaign(topology: .basic, engine: engine, options: options).run().defects
    return DefectBaseline().recording([defects.max { $0.count < $1.count }!], reason: "the dominant one")
  }

  @Test(arguments: zip([1, 2, 3, 7], [false, true, false, true]))
  func mergedPartsAreTheSingleProcessCampaign(_ parts: Int, _ withBaseline: Bool) throws {
    // A mutant with several defects, found at different runs.
    let engine = BuiltInEngines.named("push-dismissed-not-popped")!
    let baseline = withBaseline ? Self.knownDominant(engine) : nil
    let whole = Campaign(topology: .basic, engine: engine, options: options(runs: 60, baseline: baseline)).run()
    #expect(whole.defects.count >= 2, "\(whole.defects.map { ($0.signature, $0.count) })")
    #expect(whole.knownDefects.count == (withBaseline ? 1 : 0))
    // Parts carry the runs that went on past a known defect as well as those that failed.
    #expect(whole.knownDefects.allSatisfy { $0.instances.contains(where: \.searchedPast) })
    let merging = Campaign(topology: .basic, engine: engine, options: options(runs: 60, baseline: baseline))
    var received: [CampaignPart] = []
    for range in Campaign.ranges(runs: 60, parts: parts) {
      let worker = Campaign(
        topology: .basic, engine: engine,
        options: options(runs: range.count, firstRunIndex: range.lowerBound, shrinks: false, baseline: baseline))
      // Through JSON, as between processes.
      let data = try JSONEncoder().encode(CampaignPart(worker.run()))
      received.append(try JSONDecoder().decode(CampaignPart.self, from: data))
    }
    let merged = merging.merge(received)
    #expect(merged.runsCompleted == whole.runsCompleted)
    #expect(merged.statistics.steps == whole.statistics.steps)
    #expect(merged.statistics.actionCounts == whole.statistics.actionCounts)
    #expect(merged.statistics.actionPairs == whole.statistics.actionPairs)
    #expect(merged.statistics.skipReasons == whole.statistics.skipReasons)
    #expect(merged.statistics.checks == whole.statistics.checks)
    #expect(merged.statistics.violations == whole.statistics.violations)
    #expect(merged.statistics.distinctStates == whole.statistics.distinctStates)
    #expect(merged.statistics.depthHistogram == whole.statistics.depthHistogram)
    #expect(merged.defects.map(\.signature) == whole.defects.map(\.signature))
    #expect(merged.defects.map(\.instances) == whole.defects.map(\.instances))
    #expect(merged.defects.map(\.knownReason) == whole.defects.map(\.knownReason))
    #expect(merged.failures.map(\.runIndex) == whole.failures.map(\.runIndex))
    #expect(merged.failures.map(\.runSeed) == whole.failures.map(\.runSeed))
    #expect(merged.failures.map { TraceFormat.print($0.shrunk) } == whole.failures.map { TraceFormat.print($0.shrunk) })
    #expect(merged.failures.map { TraceFormat.print($0.original) } == whole.failures.map { TraceFormat.print($0.original) })
  }

  @Test func aRangeRunsTheSameRunsAsTheWholeCampaign() {
    // Run 7 of a campaign is the same run whether the campaign starts at 0 or at 7.
    let whole = Campaign(topology: .basic, engine: .default, options: options(runs: 8)).run()
    var tail = RunStatistics()
    for index in 0..<8 {
      let one = Campaign(topology: .basic, engine: .default, options: options(runs: 1, firstRunIndex: index)).run()
      tail.merge(one.statistics)
    }
    #expect(tail.steps == whole.statistics.steps)
    #expect(tail.distinctStates == whole.statistics.distinctStates)
    let shifted = Campaign(topology: .basic, engine: .default, options: options(runs: 1, firstRunIndex: 7)).run()
    let first = Campaign(topology: .basic, engine: .default, options: options(runs: 1)).run()
    #expect(shifted.statistics.actionCounts != first.statistics.actionCounts)
  }
}
