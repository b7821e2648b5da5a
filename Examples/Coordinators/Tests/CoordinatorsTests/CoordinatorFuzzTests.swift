import CoordinatorsFuzzing
import Foundation
import NavigationFuzzing
import Testing

/// The app's coordinator, building its own screens, fuzzed with every feature it has: the path,
/// the settings sheet, the reset alert and the navigation delegate's write-back.
@MainActor
@Suite struct CoordinatorFuzzTests {
  init() { Topology.register(.coordinators) }

  @Test func theCoordinatorPasses() {
    let result = NavFuzz.check(engine: .coordinators, topology: .coordinators, runs: 500)
    #expect(result.passed, "\(result)")
  }

  @Test func theOnePopWriteBackIsCaught() throws {
    let result = NavFuzz.check(engine: .coordinatorsOnePop, topology: .coordinators, runs: 300)
    #expect(!result.failures.isEmpty, "\(result)")
    // The path keeps a detail the user popped: replayed, each shrunk trace shows the path disagree
    // with the stack or with the reference (other invariants may see the same bug first: the
    // popped screens pushed back).
    for failure in result.failures {
      let replayed = try Replay.run(
        Trace(topology: "coordinators", steps: failure.shrunk.actions), topology: .coordinators, engine: .coordinatorsOnePop)
      #expect(
        replayed.violations.contains { [.stackPathConsistency, .referenceAgreement].contains($0.invariant) },
        "\(replayed.violations)")
    }
  }

  /// The shrunk counterexample, committed: it still fails the first version, and the app's
  /// coordinator passes it.
  @Test func theCommittedCounterexampleStillCatchesItAndTheFixPassesIt() throws {
    let url = try #require(Bundle.module.url(forResource: "multi-pop-write-back", withExtension: "navtrace"))
    let trace = try TraceFormat.parse(String(contentsOf: url, encoding: .utf8), source: url.lastPathComponent)
    let caught = try Replay.run(trace, topology: .coordinators, engine: .coordinatorsOnePop)
    #expect(caught.passed, "\(caught.unmetExpectations)")
    #expect(!caught.violations.isEmpty)
    let fixed = try Replay.run(Trace(topology: trace.topology, steps: trace.actions), topology: .coordinators, engine: .coordinators)
    #expect(fixed.violations.isEmpty, "\(fixed.violations)")
  }
}
