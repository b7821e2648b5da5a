@testable import NavFuzzEngines
@testable import NavigationFuzzing
import Testing

/// A saved trace replays under the profile that judged the campaign: an engine that declares
/// another profile but was judged by navfuzz says `semantics navfuzz`, or its replay would be
/// judged by its own profile and not reproduce.
@MainActor
@Suite struct TraceSemanticsLineTests {
  @Test func anEngineJudgedByAProfileItDoesNotDeclareNamesItInItsTraces() throws {
    #expect(EngineChoice.default.semanticsLineForTraces == nil)
    #expect(EngineChoice.swiftNavigationLike.semanticsLineForTraces == "swift-navigation")
    let judged = EngineChoice.swiftNavigationLike.judged(by: .navfuzz)
    #expect(judged.semanticsLineForTraces == "navfuzz")
    var options = Campaign.Options()
    options.runs = 20
    let topology = try #require(Topology.named("value-stack"))
    let failure = try #require(Campaign(topology: topology, engine: judged, options: options).run().failures.first)
    #expect(failure.shrunk.semantics == "navfuzz")
    // Replayed as the command line would (the trace's engine, its semantics line), it fails again.
    let engineName = try #require(failure.shrunk.engine)
    let profileName = try #require(failure.shrunk.semantics)
    let profile = try #require(SemanticsProfile.named(profileName))
    let replayed = try #require(BuiltInEngines.named(engineName)).judged(by: profile)
    let result = try Replay.run(failure.shrunk, topology: topology, engine: replayed)
    #expect(result.violations.contains { $0.invariant == failure.shrunkViolation.invariant })
  }
}
