import CoordinatorsFuzzing
import NavigationReference
import Foundation
import NavigationFuzzing
import Testing

@MainActor
@Suite struct CoordinatorFuzzTests {
  let app = EngineChoice(name: "coordinators", summary: "the app's AppCoordinator", make: { CoordinatorEngine.app })
  let onePop = EngineChoice(
    name: "coordinators-one-pop", summary: "the first AppCoordinator: one pop at a time",
    make: { CoordinatorEngine.onePop })

  @Test func theCoordinatorPasses() {
    let result = NavFuzz.check(engine: app, topology: .coordinators, runs: 300)
    #expect(result.passed, "\(result)")
  }

  @Test func theOnePopWriteBackIsCaught() throws {
    let result = NavFuzz.check(engine: onePop, topology: .coordinators, runs: 300)
    #expect(!result.failures.isEmpty, "\(result)")
    // The path keeps a detail the user popped: replayed, each shrunk trace shows the path disagree
    // with the stack or with the reference (other invariants may see the same bug first: the
    // popped controller kept alive, or pushed back).
    for failure in result.failures {
      let replayed = try Replay.run(Trace(topology: "coordinators", steps: failure.shrunk.actions), topology: .coordinators, engine: onePop)
      #expect(
        replayed.violations.contains { [.stackPathConsistency, .referenceAgreement].contains($0.invariant) },
        "\(replayed.violations)")
    }
  }

  /// The shrunk counterexample, committed: it still fails the first version, and the app's
  /// coordinator passes it.
  @Test func theCommittedCounterexampleStillCatchesItAndTheFixPassesIt() throws {
    Topology.register(.coordinators)
    let url = try #require(Bundle.module.url(forResource: "multi-pop-write-back", withExtension: "navtrace"))
    let trace = try TraceFormat.parse(String(contentsOf: url, encoding: .utf8), source: url.lastPathComponent)
    let caught = try Replay.run(trace, topology: .coordinators, engine: onePop)
    #expect(caught.passed, "\(caught.unmetExpectations)")
    #expect(!caught.violations.isEmpty)
    let fixed = try Replay.run(Trace(topology: trace.topology, steps: trace.actions), topology: .coordinators, engine: app)
    #expect(fixed.violations.isEmpty, "\(fixed.violations)")
  }
}

