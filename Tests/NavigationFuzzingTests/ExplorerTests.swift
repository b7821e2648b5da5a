import NavFuzzEngines
import NavigationFuzzing
import Testing

@MainActor
@Suite struct ExplorerTests {
  @Test func findsTheShortestCounterexampleForAMutant() throws {
    var explorer = Explorer(topology: .basic, engine: BuiltInEngines.named("no-write-back")!)
    explorer.maxDepth = 4
    explorer.target = .dismissalWritesBack
    let result = explorer.run(now: { 0 })
    let trace = try #require(result.trace)
    // Show it, swipe it away, let both finish: nothing shorter can show a missing write-back.
    #expect(trace.actions.count == 4)
    #expect(result.violation?.invariant == .dismissalWritesBack)
  }

  @Test func countsDistinctStatesAndFindsNothingOnTheRealEngine() {
    var explorer = Explorer(topology: .counter, engine: .default)
    explorer.maxDepth = 2
    let result = explorer.run(now: { 0 })
    #expect(result.violation == nil)
    #expect(result.cutShort == nil)
    #expect(result.statesPerDepth.count == 2)
    #expect(result.statesVisited > result.statesPerDepth[0])
  }

  @Test func reportsWhenTheBoundCutsTheSearch() {
    var explorer = Explorer(topology: .basic, engine: .default)
    explorer.maxDepth = 6
    explorer.stateLimit = 30
    let result = explorer.run(now: { 0 })
    #expect(result.cutShort?.hasPrefix("state limit 30") == true)
  }
}
