import Foundation
@testable import NavFuzzEngines
@testable import NavigationFuzzing
import NavigationReference
import Testing

/// A step writes only the model it addresses, as an app writes its own model: another screen
/// learns through the engine (its presentation goes, its binding writes back), and a screen's
/// model goes away with its presentation unless the topology says the parent keeps it.
@MainActor
@Suite struct AddressedModelTests {
  private func heardDuringLastStep(_ lines: [String]) throws -> [String] {
    try WriteOrderTests.heardDuringLastStep(lines, topology: "basic")
  }

  /// Replays a trace of `topology` on `engine`, its expectations included.
  private func replay(_ lines: [String], topology: Topology = .basic, engine: EngineChoice = .default) throws -> ReplayResult {
    let trace = try TraceFormat.parse((["navtrace 1", "topology \(topology.name)"] + lines).joined(separator: "\n"))
    return try Replay.run(trace, topology: topology, engine: engine)
  }

  /// Replays the trace and expects it to pass: every expectation met, no violation it does not name.
  private func expectPasses(
    _ lines: [String], topology: Topology = .basic, engine: EngineChoice = .default,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let result = try replay(lines, topology: topology, engine: engine)
    #expect(result.passed, "\(engine.name): \(result.unmetExpectations) \(result.violations)", sourceLocation: sourceLocation)
  }

  static let sheetOfAPushedScreen = ["set pushedChild 1", "settle", "set pushedChild.presentedChild 1", "settle"]

  @Test func aModalOfAnotherScreenIsTheEnginesToEvict() throws {
    // The root's alert, set while the pushed screen's sheet shows: the root's model only.
    let heard = try heardDuringLastStep(Self.sheetOfAPushedScreen + ["set alert 1"])
    #expect(heard == ["alert"])
    // The engine dismisses the sheet to present the alert, and the sheet's binding writes nil.
    try expectPasses(
      Self.sheetOfAPushedScreen + [
        "set alert 1", "settle", "expect state pushedChild=1 alert=1", "expect screen root push:pushedChild#1 alert:alert#1",
        "expect ok",
      ])
  }

  @Test func aModalSetAndClearedBeforeTheEngineLooksEvictsNothing() throws {
    try expectPasses(
      Self.sheetOfAPushedScreen + [
        "set alert 1", "clear alert", "settle", "expect state pushedChild=1 pushedChild.presentedChild=1",
        "expect screen root push:pushedChild#1 sheet:pushedChild.presentedChild#1", "expect ok",
      ])
  }

  @Test func theScreensOwnOtherModalIsClearedWithTheWrite() throws {
    // One destination per screen: the sheet set over the screen's own alert clears it at once.
    let heard = try heardDuringLastStep(["set alert 1", "settle", "set presentedChild 1"])
    #expect(heard == ["presentedChild", "alert"])
  }

  @Test func aModalOfAnotherScreenIsEvictedUnderEveryProfileThatEvicts() throws {
    let steps = Self.sheetOfAPushedScreen + ["set alert 1", "settle", "expect state pushedChild=1 alert=1", "expect ok"]
    for engine in [EngineChoice.default, .swiftNavigationLike] {
      try expectPasses(steps, engine: engine)
    }
  }

  static let pushAboveAnotherScreensPush = [
    "set pushedChild 1", "settle", "set pushedChild.pushedChild 2", "settle", "toggle isPushed on", "settle",
  ]

  @Test func anotherScreensPushPoppedAlongIsTheEnginesToBringBackOrWriteBack() throws {
    // Clearing the pushed screen's push pops the root's push above it: the step writes the pushed
    // screen's model only.
    let heard = try heardDuringLastStep(Self.pushAboveAnotherScreensPush + ["clear pushedChild.pushedChild"])
    #expect(heard == ["pushedChild.pushedChild"])
    // The built-in engine pushes it back (only the user's removals write back)...
    try expectPasses(
      Self.pushAboveAnotherScreensPush + [
        "clear pushedChild.pushedChild", "settle", "expect state pushedChild=1 isPushed=on",
        "expect screen root push:pushedChild#1 push:isPushed", "expect ok",
      ])
    // ... where swift-navigation's writes back every removal it did not ask for.
    try expectPasses(
      Self.pushAboveAnotherScreensPush + [
        "clear pushedChild.pushedChild", "settle", "expect state pushedChild=1", "expect screen root push:pushedChild",
        "expect ok",
      ], engine: .swiftNavigationLike)
  }

  static let nestedSheets = ["toggle isPresented on", "settle", "toggle isPresented.isPresented on", "settle"]

  @Test func aBoolSlotTurnedOffDropsItsScreensModelUnwritten() throws {
    let heard = try heardDuringLastStep(Self.nestedSheets + ["toggle isPresented off"])
    #expect(heard == ["isPresented"])
    // The next presentation shows a new model.
    try expectPasses(
      Self.nestedSheets + [
        "toggle isPresented off", "settle", "toggle isPresented on", "settle", "expect state isPresented=on",
        "expect screen root sheet:isPresented", "expect ok",
      ])
  }

  @Test func aBoolSlotTurnedOffAndOnInOneTurnKeepsItsScreensModel() throws {
    // The engine sees it on all along: the same screen, showing the same model, unwritten.
    try expectPasses(
      Self.nestedSheets + [
        "toggle isPresented off", "toggle isPresented on", "settle", "expect state isPresented=on isPresented.isPresented=on",
        "expect screen root sheet:isPresented sheet:isPresented.isPresented", "expect ok",
      ])
  }

  /// A settings sheet with an editor sheet of its own, whose model the root holds for good
  /// (`let settings = SettingsModel()`) where `kept`, else makes anew for each presentation.
  static func settings(kept: Bool) -> Topology {
    Topology(
      spec: TopologySpec(
        name: "kept-settings",
        screens: [
          ScreenSpec(name: "home", slots: [SlotSpec(name: "settings", style: .sheet, isFlag: true, child: 1, keepsChildModel: kept)]),
          ScreenSpec(name: "settings", slots: [SlotSpec(name: "editing", style: .sheet, isFlag: true, child: 2)]),
          ScreenSpec(name: "editor", slots: []),
        ]),
      summary: "a Bool sheet whose screen's model outlives its presentations")
  }

  static let keptSettings = settings(kept: true)

  @Test func aKeptModelComesBackAsTheAppKeptIt() throws {
    Topology.register(Self.keptSettings)
    // Its state is kept (a `bump` is a change navigation does not read); the editor it showed
    // went with it, and its binding wrote nil into the kept model.
    try expectPasses(
      [
        "toggle settings on", "settle", "bump settings", "toggle settings.editing on", "settle", "toggle settings off",
        "settle", "toggle settings on", "settle", "expect state settings=on", "expect ok",
      ], topology: Self.keptSettings)
    // An editor set in the turn the settings went never showed: the kept model still holds it,
    // and the next presentation shows it.
    try expectPasses(
      [
        "toggle settings on", "settle", "toggle settings.editing on", "toggle settings off", "settle", "toggle settings on",
        "settle", "expect state settings=on settings.editing=on", "expect screen root sheet:settings sheet:settings.editing",
        "expect ok",
      ], topology: Self.keptSettings)
    let trace = try TraceFormat.parse(
      "navtrace 1\ntopology kept-settings\ntoggle settings on\nsettle\nbump settings\ntoggle settings off\nsettle\ntoggle settings on\nsettle\n")
    let runner = Runner(topology: Self.keptSettings, engine: .default)
    for (index, step) in trace.steps.enumerated() { try runner.perform(step, index: index) }
    #expect(runner.world.rootModel.stateDescription(detailed: true).contains("bumps(settings)=1"))
    #expect(runner.violations.isEmpty)
  }

  @Test func aModelThatGoesAwayComesBackNew() throws {
    // Registered here too: the trace names the topology, and tests run in any order.
    Topology.register(Self.keptSettings)
    let fresh = Self.settings(kept: false)
    let trace = try TraceFormat.parse(
      "navtrace 1\ntopology kept-settings\ntoggle settings on\nsettle\nbump settings\ntoggle settings off\nsettle\ntoggle settings on\nsettle\n")
    let runner = Runner(topology: fresh, engine: .default)
    for (index, step) in trace.steps.enumerated() { try runner.perform(step, index: index) }
    #expect(!runner.world.rootModel.stateDescription(detailed: true).contains { $0.hasPrefix("bumps(") })
    #expect(runner.violations.isEmpty)
  }

  @Test func aTopologyFileSaysWhichModelsAreKept() throws {
    let json = """
      { "name": "kept", "root": "home", "screens": [
        { "name": "home", "slots": [ { "name": "settings", "style": "sheet", "screen": "settings", "bool": true, "keepsModel": true } ] },
        { "name": "settings", "slots": [] } ] }
      """
    let topology = try TopologyFile.parse(Data(json.utf8), file: "kept.json")
    #expect(topology.spec.screens[0].slots[0].keepsChildModel)
    let item = json.replacingOccurrences(of: "\"bool\": true, ", with: "")
    do {
      _ = try TopologyFile.parse(Data(item.utf8), file: "kept.json")
      Issue.record("an item slot accepted keepsModel")
    } catch {
      #expect("\(error)".contains("kept.json: screens[0].slots[0].keepsModel: error:"), "\(error)")
    }
  }
}
