import Foundation
import NavFuzzEngines
import NavigationFuzzing
import NavigationReference
import Testing

/// The `path clear` effect: a button that goes back to the root screen ("Start over"), on a path
/// of elements and on a path of plain values (where it resolves no element, so files allow it).
@MainActor
@Suite struct PathClearEffectTests {
  static func topology(_ name: String, equality: String) -> String {
    """
    { "name": "\(name)", "root": "home", "screens": [
      { "name": "home", "path": "page", "pathEquality": "\(equality)",
        "slots": [ { "name": "confirm", "style": "alert", "buttons": ["startOver"] } ],
        "intents": [ { "name": "startOver", "effects": ["path clear"] } ] },
      { "name": "page", "slots": [] } ] }
    """
  }

  @Test(arguments: ["incarnation", "value"])
  func startingOverEmptiesThePath(equality: String) throws {
    let name = "path-clear-\(equality)"
    let topology = try TopologyFile.parse(Data(Self.topology(name, equality: equality).utf8), file: "clear.json")
    #expect(topology.spec.root.intents == [IntentSpec("startOver", effects: [.pathClear])])
    Topology.register(topology)
    let trace = try TraceFormat.parse(
      """
      navtrace 1
      topology \(name)
      path set 1 2
      settle
      set confirm 1
      settle
      user alert-tap 0
      settle
      expect state
      expect screen root
      path append 3
      settle
      app root startOver
      settle
      expect state
      expect ok
      """)
    let result = try Replay.run(trace, topology: topology, engine: .default)
    #expect(result.passed, "\(result.unmetExpectations) \(result.violations.map(\.explanation))")
    let campaign = NavFuzz.check(engine: .default, topology: topology, runs: 150)
    #expect(campaign.passed, "\(campaign)")
  }
}
