import Foundation
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

  /// docs/EXPLORING.md's table of new distinct states per depth went stale (the topology grew,
  /// the documented command then stopped at its state limit): its first depths are the search's,
  /// measured here (the deeper ones take a release build minutes).
  @Test func theDocumentedStatesPerDepthAreTheSearchs() throws {
    let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("docs/EXPLORING.md")
    let text = try String(contentsOf: document, encoding: .utf8)
    let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("| new distinct states |") })
    let documented = row.split(separator: "|").dropFirst().compactMap { Int($0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: "")) }
    var explorer = Explorer(topology: .basic, engine: .default)
    explorer.maxDepth = 3
    let result = explorer.run(now: { 0 })
    #expect(result.cutShort == nil)
    #expect(Array(documented.prefix(3)) == result.statesPerDepth, "docs/EXPLORING.md: \(row)")
  }
}

