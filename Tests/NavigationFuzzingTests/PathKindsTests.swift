import Foundation
import HeadlessUIKit
import NavigationReference
@testable import NavFuzzEngines
@testable import NavigationFuzzing
import Testing

/// Paths whose elements are of several kinds, each shown by its own screen type (SwiftUI's
/// `navigationDestination(for:)` per type, TCA's `Path` enum): `syncups-stack`'s detail, meeting
/// and record.
@MainActor
@Suite struct PathKindsTests {
  let spec = Topology.syncUpsStack.spec

  func parse(_ steps: String) throws -> Trace {
    try TraceFormat.parse("navtrace 1\ntopology syncups-stack\n" + steps, source: "kinds.navtrace")
  }

  func parseError(_ steps: String) -> TraceError? {
    do {
      _ = try TraceFormat.parse("navtrace 1\ntopology syncups-stack\n" + steps, source: "kinds.navtrace")
      return nil
    } catch {
      return error
    }
  }

  func replayError(_ steps: String) throws -> TraceError? {
    let trace = try parse(steps)
    do {
      _ = try Replay.run(trace, topology: .syncUpsStack, engine: .default)
      return nil
    } catch {
      return error
    }
  }

  func screenType(named name: String) -> Int { spec.screens.firstIndex { $0.name == name }! }

  /// The slots a screen type really has (not the positions of the layout it shares).
  func ownSlots(_ name: String) -> [String] {
    spec.screens[screenType(named: name)].slots.filter { !$0.isAbsent }.map(\.name)
  }

  @Test func syncUpsStackHasThreeScreenTypesWithTheirOwnSlotsAndIntents() {
    #expect(spec.root.pathDestinations.map(\.name) == ["detail", "meeting", "record"])
    #expect(spec.root.pathDestinations.map { spec.screens[$0.screen].name } == ["syncUpDetail", "meeting", "recordMeeting"])
    #expect(ownSlots("syncUpDetail") == ["alert", "edit"])
    #expect(ownSlots("meeting") == [])
    #expect(ownSlots("recordMeeting") == ["alert"])
    #expect(spec.screens[screenType(named: "syncUpDetail")].intents.map(\.name) == ["startMeeting", "delete"])
    #expect(spec.screens[screenType(named: "recordMeeting")].intents.map(\.name) == ["endMeeting", "discard"])
    #expect(spec.root.pathScreen(for: 2) == screenType(named: "meeting"))
    #expect(spec.root.pathScreen(for: 4) == nil)
    // One layout: `edit` is one position whatever the element's kind.
    let edit = try! spec.parseAddress("path[0].edit").get()
    #expect(spec.slot(at: edit)?.style == .sheet)
    #expect(spec.screenType(at: try! spec.parseAddress("path[0]").get()) == nil)
    #expect(spec.screenTypes(at: try! spec.parseAddress("path[0]").get()).count == 3)
  }

  @Test func theReferenceGivesEachElementItsKindsScreenAndOnlyItsSlots() throws {
    var reference = ReferenceMachine(topology: spec)
    let appended = reference.pathAppend(2, generation: 1)
    let noKind = reference.pathAppend(4, generation: 2)  // no kind takes 4
    let noKindInDeepLink = reference.pathSet([1, 4], generations: [3, 4])
    let deepLink = reference.pathSet([1, 2, 3], generations: [5, 6, 7])
    #expect(appended && !noKind && !noKindInDeepLink && deepLink)
    #expect(reference.path.map { spec.screens[$0.screen.type].name } == ["syncUpDetail", "meeting", "recordMeeting"])
    let edit = { (index: Int) in try! spec.parseAddress("path[\(index)].edit").get() }
    #expect(reference.slotExists(edit(0)) && !reference.slotExists(edit(1)) && !reference.slotExists(edit(2)))
    let setOnMeeting = reference.set(edit(1), id: 1, generation: 8)
    let setOnDetail = reference.set(edit(0), id: 1, generation: 9)
    #expect(!setOnMeeting && setOnDetail)
    #expect(reference.filledSlots() == [edit(0)])
    let endOnDetail = reference.perform("endMeeting", at: try spec.parseAddress("path[0]").get(), generations: [])
    let endOnRecord = reference.perform("endMeeting", at: try spec.parseAddress("path[2]").get(), generations: [])
    #expect(!endOnDetail && endOnRecord)
    #expect(reference.path.map(\.value) == [1])
  }

  @Test func theReaderExampleIsCleanOnTheRealEngine() throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Examples/topologies/reader.json").path
    let reader = try TopologyFile.load(file)
    #expect(reader.spec.root.pathDestinations.map(\.name) == ["article", "author", "comments"])
    var options = Campaign.Options()
    options.seed = 1
    options.runs = 300
    let result = Campaign(topology: reader, engine: .default, options: options).run()
    #expect(result.failures.isEmpty, "\(result.failures.map { TraceFormat.print($0.shrunk) })")
    #expect(result.statistics.actionCounts[.app, default: 0] > 100)
  }

  @Test func pathStepsMayNameTheKindOfTheirValueAndPrintIt() throws {
    let named = try parse("path append detail 1\npath set detail 1 meeting 2 record 3\npath set 1 3\n")
    let bare = try parse("path append 1\npath set 1 2 3\npath set detail 1 3\n")
    #expect(named.steps == bare.steps)
    #expect(named.steps == [.pathAppend(1), .pathSet([1, 2, 3]), .pathSet([1, 3])])
    let printed = TraceFormat.print(named)
    #expect(printed.contains("path append detail 1\npath set detail 1 meeting 2 record 3\npath set detail 1 record 3\n"))
    #expect(try TraceFormat.parse(printed) == TraceFormat.parse(printed))
    #expect(try TraceFormat.parse(printed).steps == named.steps)
    // A path of one screen type prints bare values, as it always did.
    let stack = try TraceFormat.parse("navtrace 1\ntopology stack\npath append 3\n")
    #expect(TraceFormat.print(stack) == "navtrace 1\ntopology stack\npath append 3\n")
  }

  /// Each malformed line, and a fragment of its error (always at line 3).
  nonisolated static let malformed: [(String, String)] = [
    ("path append meeting 1\n", "value 1 is a detail, not a meeting"),
    ("path append 7\n", "the path takes no value 7 (its kinds: detail 1; meeting 2; record 3)"),
    ("path set 1 2 9\n", "the path takes no value 9"),
    ("path append lunch 1\n", "'lunch' is neither a path value nor a kind of the path"),
    ("path append detail\n", "a kind must be followed by a value"),
    ("path append detail detail 1\n", "a kind must be followed by a value, found 'detail'"),
    ("path append 1 2\n", "'path append' takes a value"),
    ("set path[0].nothing 1\n", "unknown slot 'nothing' on screen 'syncUpDetail | meeting | recordMeeting' (its slots: alert, edit)"),
    ("app path[0] fly\n", "has no intent 'fly' (its intents: startMeeting, delete, endMeeting, discard)"),
  ]

  @Test(arguments: 0..<malformed.count)
  func malformedPathStepsAreErrorsNamingFileAndLine(_ index: Int) throws {
    let (text, fragment) = Self.malformed[index]
    let error = try #require(parseError(text), "accepted \(text)")
    #expect(error.file == "kinds.navtrace" && error.line == 3)
    #expect(error.message.contains(fragment), "\(error.message)")
  }

  /// A slot or an intent another kind has parses (the address is the layout's), and at run time is
  /// an error at its line when element i's kind lacks it — as a `path[i]` past the path's end is.
  @Test func aSlotOrIntentElementIsKindLacksIsAnErrorAtItsLineWhenReplayed() throws {
    let slot = try #require(try replayError("path set 1 2\nsettle\nset path[1].edit 1\n"))
    #expect(slot.line == 5)
    #expect(slot.message.contains("'path[1].edit' does not exist now: its screen is a meeting, which has no such slot"), "\(slot)")
    let intent = try #require(try replayError("path set 1\nsettle\napp path[0] endMeeting\n"))
    #expect(intent.line == 5)
    #expect(intent.message.contains("screen 'path[0]' is a syncUpDetail, which has no intent 'endMeeting'"), "\(intent)")
    // The same lines are fine on the kinds that have them.
    #expect(try replayError("path set 1 3\nsettle\nset path[0].edit 1\nset path[1].alert 1\napp path[1] endMeeting\nsettle\n") == nil)
  }

  @Test func theEngineShowsEachElementWithItsKindsScreenWiredForItsOwnSlots() throws {
    let trace = try parse(
      """
      path set detail 1 meeting 2 record 3
      settle
      set path[2].alert 1
      settle
      expect state path=1,2,3 path[2].alert=1
      expect screen root push:path[0]#1 push:path[1]#2 push:path[2]#3 alert:path[2].alert#1
      user alert-tap 0
      settle
      app path[2] discard
      settle
      expect state path=1,2
      expect ok

      """)
    for engine in [EngineChoice.default, BuiltInEngines.named("swift-navigation-like")!.judged(by: .swiftNavigation)] {
      var stackNames: [String] = []
      let result = try Replay.run(trace, topology: .syncUpsStack, engine: engine) { index, runner in
        guard index == 1 else { return }
        let stack = runner.world.window.rootViewController as? UINavigationController
        stackNames = (stack?.viewControllers ?? []).compactMap { ($0 as? ScreenController)?.model.spec.name }
        // The reference made each element's screen state of its kind's type.
        #expect(runner.reference.path.map { runner.topology.spec.screens[$0.screen.type].name } == ["syncUpDetail", "meeting", "recordMeeting"])
      }
      #expect(stackNames == ["syncUpsList", "syncUpDetail", "meeting", "recordMeeting"], "\(engine.name)")
      #expect(result.passed && result.violations.isEmpty, "\(engine.name): \(result.unmetExpectations) \(result.violations)")
    }
  }

  @Test func generatedRunsOnlyAimAtSlotsAndIntentsTheElementsKindHas() throws {
    var intents: Set<String> = []
    for seed in 0..<60 as Range<UInt64> {
      let runner = Runner(topology: .syncUpsStack, engine: .default)
      var generator = StepGenerator(seed: seed, swarm: false)
      for index in 0..<60 {
        let step = generator.next(for: runner)
        if case .app(let address, let intent) = step, case .pathElement? = address.last { intents.insert(intent) }
        // An invalid step would throw: the generator chooses only what exists for the element's kind.
        _ = try runner.perform(step, index: index)
      }
    }
    #expect(intents == ["startMeeting", "delete", "endMeeting", "discard"])
  }

  @Test func theExplorerOffersEachKindAndOnlyWhatEachElementHas() throws {
    let runner = Runner(topology: .syncUpsStack, engine: .default)
    try runner.perform(.pathSet([1, 2, 3]), index: 0)
    try runner.perform(.settle, index: 1)
    let steps = Explorer(topology: .syncUpsStack, engine: .default).alphabet(for: runner)
    #expect(steps.contains(.pathAppend(1)) && steps.contains(.pathAppend(2)) && steps.contains(.pathAppend(3)))
    let edit = try spec.parseAddress("path[0].edit").get()
    #expect(steps.contains(.set(edit, id: 1)))
    #expect(!steps.contains(.set(try spec.parseAddress("path[1].edit").get(), id: 1)))
    #expect(!steps.contains(.set(try spec.parseAddress("path[2].edit").get(), id: 1)))
    #expect(steps.contains(.app(try spec.parseAddress("path[2]").get(), intent: "discard")))
    #expect(!steps.contains(.app(try spec.parseAddress("path[0]").get(), intent: "discard")))
  }

  /// A path whose kinds take 10, 20 and 30: a wrong screen for any element but the last kind's.
  static let tens = Topology(
    spec: TopologySpec(
      name: "tens",
      screens: [
        ScreenSpec(
          name: "home", slots: [],
          pathDestinations: [
            PathDestination("a", screen: 1, values: [10]), PathDestination("b", screen: 2, values: [20]),
            PathDestination("c", screen: 3, values: [30]),
          ]),
        ScreenSpec(name: "pageA", slots: []), ScreenSpec(name: "pageB", slots: []), ScreenSpec(name: "pageC", slots: []),
      ]),
    summary: "a path of three kinds, values 10, 20, 30")

  @Test func kindsWithoutValuesOrSharingOneAreProblemsOfTheTopology() {
    func screens(_ destinations: [PathDestination]) -> [ScreenSpec] {
      [ScreenSpec(name: "home", slots: [], pathDestinations: destinations), ScreenSpec(name: "page", slots: [])]
    }
    #expect(TopologySpec.pathDestinationsProblem(in: screens([PathDestination("a", screen: 1)])) == nil)
    #expect(
      TopologySpec.pathDestinationsProblem(in: screens([PathDestination("a", screen: 1, values: [1]), PathDestination("b", screen: 1)]))
        == "kind 'b' of the path of 'home' declares no values (each kind of a path with several declares its values)")
    #expect(
      TopologySpec.pathDestinationsProblem(
        in: screens([PathDestination("a", screen: 1, values: [1, 2]), PathDestination("b", screen: 1, values: [2])]))
        == "value 2 is of both kinds 'a' and 'b'")
  }

  @Test func theShrinkerTriesOnlyValuesThePathTakes() {
    var shrinker = Shrinker(topology: Self.tens, engine: .lastDestinationWins, target: .stackPathConsistency)
    let shrunk = shrinker.shrink([.pathAppend(20), .settle])
    #expect(shrunk.first == .pathAppend(10))
    // Delta debugging, then one smaller value (10) to try: not the nineteen whole numbers below 20.
    #expect(shrinker.attempts < 10, "\(shrinker.attempts)")
  }

  @Test func theFuzzersBytesEncodeAndDecodeStepsOfEveryKind() throws {
    let trace = try parse(
      """
      path append meeting 2
      path append record 3
      settle
      set path[1].alert 2
      settle
      path set detail 1 record 3
      settle
      app path[1] endMeeting
      settle

      """)
    let bytes = FuzzInput.encode(trace, topology: .syncUpsStack, engine: .default)
    let (decoded, _) = FuzzInput.decode(bytes, topology: .syncUpsStack, engine: .default)
    #expect(decoded == trace.actions)
  }

  @Test func topologyFilesDeclareKindsWithTheirScreens() throws {
    let topology = try TopologyFile.parse(Data(Self.kindsDocument.utf8), file: "kinds.json")
    let root = topology.spec.root
    #expect(root.pathDestinations.map(\.name) == ["article", "author"])
    #expect(root.pathDestinations.map(\.values) == [[1, 2], [5]])
    #expect(topology.spec.screens[root.pathScreen(for: 5)!].name == "authorPage")
    Topology.register(topology)
    let trace = try TraceFormat.parse(
      "navtrace 1\ntopology kinds\npath set article 1 author 5 2\nsettle\nset path[1].follow 1\nsettle\nexpect state path=1,5,2 path[1].follow=1\nexpect ok\n")
    let result = try Replay.run(trace, topology: topology, engine: .default)
    #expect(result.passed && result.violations.isEmpty, "\(result.unmetExpectations) \(result.violations)")
    #expect(throws: TraceError.self) { try TraceFormat.parse("navtrace 1\ntopology kinds\npath append author 1\n") }
  }

  nonisolated static let kindsDocument = #"""
    {"name": "kinds", "root": "feed", "screens": [
      {"name": "feed", "slots": [], "destinations": [
        {"kind": "article", "screen": "articlePage", "values": [1, 2]},
        {"kind": "author", "screen": "authorPage", "values": [5]}],
       "intents": [{"name": "openAuthor", "effects": ["path append 5"]}]},
      {"name": "articlePage", "slots": [{"name": "share", "style": "sheet"}]},
      {"name": "authorPage", "slots": [{"name": "follow", "style": "alert"}, {"name": "share", "style": "sheet"}]}]}
    """#

  /// Each broken version of `kindsDocument`, where its error is, and a fragment of the message.
  nonisolated static let brokenDocuments: [(String, String, String, String)] = [
    (#""destinations""#, #""path": "articlePage", "destinations""#, "screens[0].destinations", "either \"path\" (one screen) or \"destinations\""),
    (#", "values": [5]"#, "", "screens[0].destinations[1].values", "each kind of a path with several declares its values"),
    (#""values": [5]"#, #""values": [2]"#, "screens[0].destinations[1].values[0]", "value 2 is already of kind \"article\""),
    (#""kind": "author""#, #""kind": "7""#, "screens[0].destinations[1].kind", "a kind is a name (not a number)"),
    (#""kind": "author""#, #""kind": "article""#, "screens[0].destinations[1].kind", "duplicate kind \"article\""),
    (#""screen": "authorPage""#, #""screen": "nobody""#, "screens[0].destinations[1].screen", "no screen named \"nobody\""),
    (#""values": [5]}"#, #""values": [5], "extra": 1}"#, "screens[0].destinations[1]", "unknown key \"extra\""),
    (#""path append 5""#, #""path append 9""#, "screens[0].intents[0].effects[0]", "the path takes no value 9"),
    (
      #"{"name": "share", "style": "sheet"}]}]}"#, #"{"name": "share", "style": "cover"}]}]}"#, "screens[0].destinations",
      "slot 'share' of 'authorPage' differs from the one of 'articlePage'"
    ),
  ]

  @Test(arguments: 0..<brokenDocuments.count)
  func brokenKindsAreErrorsLocatedInTheFile(_ index: Int) throws {
    let (original, replacement, place, fragment) = Self.brokenDocuments[index]
    #expect(Self.kindsDocument.contains(original))
    let json = Self.kindsDocument.replacingOccurrences(of: original, with: replacement)
    let problem = try #require(TopologyFileTests.problem(json), "accepted: \(json)")
    // The file, with the line and column where the decoder placed the problem (an unknown key's object).
    #expect((problem.file == "app.json" || problem.file.hasPrefix("app.json:")) && problem.place == place, "\(problem)")
    #expect(problem.description.contains(fragment), "\(problem)")
  }
}
