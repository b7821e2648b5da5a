import Foundation
import NavFuzzEngines
import NavigationFuzzing
import SyncUpsFeatures
import Testing

@MainActor
@Suite struct SyncUpsFuzzTests {
  let features = EngineChoice(name: "syncups", summary: "SyncUps feature code", make: { StateDrivenEngine() }, features: { SyncUpsFeatures() })
  let liveStream = EngineChoice(
    name: "syncups-live-stream", summary: "SyncUps with the live stream's end-meeting glue",
    make: { StateDrivenEngine() }, features: { LiveStreamSyncUpsFeatures() })

  @Test func treeShapePasses() {
    let result = NavFuzz.check(engine: features, topology: .syncUpsTree, runs: 300)
    #expect(result.passed, "\(result)")
  }

  @Test func stackShapePasses() {
    let result = NavFuzz.check(engine: features, topology: .syncUpsStack, runs: 300)
    #expect(result.passed, "\(result)")
  }

  @Test func theLiveStreamGlueBugIsCaught() {
    let result = NavFuzz.check(engine: liveStream, topology: .syncUpsStack, runs: 300)
    #expect(result.failures.contains { $0.shrunkViolation.invariant == .referenceAgreement }, "\(result)")
  }

  /// The shrunk counterexample, committed: it still fails the live-stream glue, and the correct glue
  /// passes it.
  @Test func theCommittedCounterexampleStillCatchesItAndTheFixPassesIt() throws {
    let url = try #require(Bundle.module.url(forResource: "end-meeting-before-last", withExtension: "navtrace"))
    let trace = try TraceFormat.parse(String(contentsOf: url, encoding: .utf8), source: url.lastPathComponent)
    let caught = try Replay.run(trace, topology: .syncUpsStack, engine: liveStream)
    #expect(caught.passed, "\(caught.unmetExpectations)")
    #expect(caught.violations.contains { $0.invariant == .referenceAgreement })
    let fixed = try Replay.run(Trace(topology: trace.topology, steps: trace.actions), topology: .syncUpsStack, engine: features)
    #expect(fixed.violations.isEmpty)
  }
}
