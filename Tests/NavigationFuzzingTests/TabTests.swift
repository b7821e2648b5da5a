import Foundation
import HeadlessUIKit
@testable import NavFuzzEngines
@testable import NavigationFuzzing
@testable import NavigationReference
import StateDrivenNavigation
import Testing

/// Tabs in the reference, the trace format, the runner and the checks (docs/SEMANTICS.md, "Tabs"),
/// and the checks of an alert's callback order, animation and an app's own delegate.
@MainActor
@Suite struct TabTests {
  let spec = Topology.tabs.spec

  func address(_ text: String) -> Address { try! spec.parseAddress(text).get() }

  func replay(_ text: String, engine: EngineChoice = .default) throws -> ReplayResult {
    let trace = try TraceFormat.parse("navtrace 1\n" + text)
    return try Replay.run(trace, topology: Topology.named(trace.topology)!, engine: engine)
  }

  func violated(_ text: String, engine: EngineChoice = .default) throws -> [InvariantID] {
    try replay(text, engine: engine).violations.map(\.invariant)
  }

  // MARK: The reference

  @Test func theRootScreenIsTabZeroAndEveryOtherTabIsARootSlot() {
    #expect(spec.tabCount == 3)
    #expect(spec.describeTabs == "0 home, 1 inbox, 2 settings")
    #expect(spec.screenAddress(ofTab: 0) == .root)
    #expect(spec.tab(containing: address("inbox.message.next")) == 1)
    #expect(spec.tab(containing: address("compose")) == 0)
    #expect(TopologySpec.tabsProblem(in: spec.screens) == nil)
  }

  @Test func tabsShareOnePresentationContextButEachIsItsOwnStack() {
    var machine = ReferenceMachine(topology: spec)
    machine.tabLoaded(1)
    machine.set(address("compose"), id: 1, generation: 1)
    machine.presented(slot: address("compose"), generation: 1)
    machine.pathAppend(1, generation: 2)
    machine.set(address("inbox.message"), id: 1, generation: 3)
    machine.pushed(pathElement: 0, generation: 2)
    machine.pushed(slot: address("inbox.message"), generation: 3)
    // Rule 2 across tabs: the inbox's sheet evicts home's. The write is the inbox's alone: home's
    // sheet stays set, the newer one wanted, until the engine dismisses home's to present it.
    machine.set(address("inbox.compose"), id: 1, generation: 4)
    #expect(machine.item(at: address("compose"))?.id == 1)
    #expect(machine.expectedScreen().map(\.description).last == "sheet:inbox.compose#1")
    #expect(machine.isEviction(slot: address("compose"), generation: 1))
    machine.evicted(slot: address("compose"), generation: 1)
    #expect(machine.item(at: address("compose")) == nil)
    // Rule 3 stays in its tab: emptying home's path leaves the inbox's push.
    machine.pathRemoveLast(1)
    #expect(machine.item(at: address("inbox.message")) != nil)
    #expect(machine.expectedScreen().map(\.description) == ["root", "tab:inbox", "push:inbox.message#1", "tab:settings", "sheet:inbox.compose#1"])
  }

  @Test func aTabIsNoSlotTheProgramSetsOrClears() {
    var machine = ReferenceMachine(topology: spec)
    let set = machine.set(address("inbox"), id: 1, generation: 1)
    let cleared = machine.clear(address("inbox"))
    let mutated = machine.mutate(address("inbox"))
    #expect(!set && !cleared && !mutated)
    #expect(machine.filledSlots().isEmpty)
    #expect(machine.stateDescription().isEmpty)
    let selected = machine.selectTab(2), missing = machine.selectTab(3)
    #expect(selected && !missing)
    #expect(machine.stateDescription() == ["tab=2"])
  }

  @Test func whatATabHoldsShowsOnceItsViewHasLoaded() {
    var machine = ReferenceMachine(topology: spec)
    machine.set(address("settings.detail"), id: 1, generation: 1)
    machine.toggle(address("settings.isPresented"), on: true, generation: 2)
    #expect(machine.expectedScreen().map(\.description) == ["root", "tab:inbox", "tab:settings"])
    #expect(!machine.showsItem(at: address("settings.isPresented")))
    #expect(machine.tabLoadIsNews(2))
    machine.tabLoaded(2)
    #expect(!machine.tabLoadIsNews(2))
    #expect(machine.showsItem(at: address("settings.isPresented")))
    #expect(machine.expectedScreen().map(\.description).contains("sheet:settings.isPresented"))
  }

  // MARK: Traces

  @Test func tabStepsReadAndPrintAsWritten() throws {
    let text = "navtrace 1\ntopology tabs\nselect-tab 2\nuser tab 1\nset inbox.message 3\nsettle\n"
    let trace = try TraceFormat.parse(text)
    #expect(trace.steps == [.selectTab(2), .user(.tab(1)), .set(address("inbox.message"), id: 3), .settle])
    #expect(TraceFormat.print(trace) == text)
  }

  @Test func badTabStepsAreErrorsAtTheirLine() {
    #expect(throws: TraceError(file: "t", line: 3, message: "topology 'basic' has no tabs (a topology with tabs such as 'tabs' has)")) {
      try TraceFormat.parse("navtrace 1\ntopology basic\nselect-tab 1\n", source: "t")
    }
    #expect(throws: TraceError(file: "t", line: 4, message: "there is no tab 3 (its tabs: 0 home, 1 inbox, 2 settings)")) {
      try TraceFormat.parse("navtrace 1\ntopology tabs\nsettle\nuser tab 3\n", source: "t")
    }
    #expect(throws: TraceError(file: "t", line: 3, message: "'inbox' is a tab, always there: select it with 'select-tab 1'")) {
      try TraceFormat.parse("navtrace 1\ntopology tabs\nclear inbox\n", source: "t")
    }
    #expect(throws: TraceError(file: "t", line: 3, message: "'select-tab' takes a tab index: 'select-tab 1'")) {
      try TraceFormat.parse("navtrace 1\ntopology tabs\nselect-tab\n", source: "t")
    }
    #expect(throws: TraceError(file: "t", line: 3, message: "the tab index must be a whole number, found 'x'")) {
      try TraceFormat.parse("navtrace 1\ntopology tabs\nuser tab x\n", source: "t")
    }
  }

  /// `expect state tab=N` and `expect screen tab:NAME` are read as the model and the screen
  /// print them; an entry that could never match is an error at its line.
  @Test func tabEntriesOfExpectationsAreReadAsTheModelPrintsThem() throws {
    let text = "navtrace 1\ntopology tabs\nexpect state inbox.message=1 tab=2\nexpect screen root tab:inbox push:inbox.message#1 tab:settings\n"
    let trace = try TraceFormat.parse(text)
    #expect(trace.steps == [
      .expect(.state(["inbox.message=1", "tab=2"])),
      .expect(.screen(["root", "tab:inbox", "push:inbox.message#1", "tab:settings"])),
    ])
    #expect(TraceFormat.print(trace) == text)
    for (line, message) in [
      ("expect state tab=0", "'tab=0': the first tab, tab 0, is left out of 'expect state'"),
      ("expect state tab=3", "in 'tab=3': there is no tab 3 (its tabs: 0 home, 1 inbox, 2 settings)"),
      ("expect state tab=-1", "in 'tab=-1': there is no tab -1 (its tabs: 0 home, 1 inbox, 2 settings)"),
      ("expect state tab=x", "in 'tab=x': the tab index must be a whole number, found 'x'"),
      ("expect state tab=1 tab=2", "'tab' is listed twice in 'expect state'"),
      ("expect state inbox=1", "'inbox' is a tab, always there: 'expect state' lists what its screen holds, and the selected tab as 'tab=1'"),
    ] {
      #expect(throws: TraceError(file: "t", line: 3, message: message)) {
        try TraceFormat.parse("navtrace 1\ntopology tabs\n\(line)\n", source: "t")
      }
    }
    #expect(throws: TraceError(file: "t", line: 3, message: "'tab=1': topology 'basic' has no tabs")) {
      try TraceFormat.parse("navtrace 1\ntopology basic\nexpect state tab=1\n", source: "t")
    }
  }

  /// A root slot named `tab` would read as the selected tab in `expect state tab=1`, one named
  /// `select-tab` as the step.
  @Test(arguments: ["tab", "select-tab"])
  func aSlotNamedAfterATabWordIsRefused(_ name: String) {
    let json = #"{"name":"t","root":"a","screens":[{"name":"a","slots":[{"name":"\#(name)","style":"sheet"}]}]}"#
    do {
      _ = try TopologyFile.parse(Data(json.utf8), file: "t.json")
      Issue.record("parsed")
    } catch {
      #expect("\(error)".hasPrefix("t.json: screens[0].slots[0].name: error: \"\(name)\" is a trace keyword"), "\(error)")
    }
  }

  // MARK: The runner and the engine

  @Test func theUsersTapIsWrittenBackAndTheProgramsSelectionShown() throws {
    let runner = Runner(topology: .tabs, engine: .default)
    try runner.perform(.user(.tab(2)), index: 0)
    #expect(runner.world.rootModel.peekSelectedTab == 2)
    #expect(runner.reference.selectedTab == 2)
    try runner.perform(.selectTab(1), index: 1)
    try runner.perform(.settle, index: 2)
    #expect(runner.world.tabBarController?.selectedIndex == 1)
    #expect(!runner.hasViolation)
  }

  @Test func theTabsOfAFileAreReadAndFuzzedClean() throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Examples/topologies/tabs-shop.json")
    let topology = try TopologyFile.load(file.path)
    #expect(topology.spec.tabCount == 3)
    #expect(topology.spec.appNavigationDelegate)
    var options = Campaign.Options()
    options.runs = 60
    #expect(Campaign(topology: topology, engine: .default, options: options).run().failures.isEmpty)
  }

  @Test(arguments: [
    (
      #"{"name":"t","root":"a","screens":[{"name":"a","slots":[{"name":"b","style":"push","screen":"b"}]},{"name":"b","slots":[{"name":"c","style":"tab","screen":"a"}]}]}"#,
      "t.json: screens[1].slots[0].style: error: only the root screen has tabs"
    ),
    (
      #"{"name":"t","root":"a","screens":[{"name":"a","slots":[{"name":"b","style":"tab"}]}]}"#,
      "t.json: screens[0].slots[0].screen: error: a tab needs its \"screen\""
    ),
    (
      #"{"name":"t","root":"a","screens":[{"name":"a","slots":[{"name":"b","style":"tab","screen":"b","bool":true}]},{"name":"b","slots":[]}]}"#,
      "t.json: screens[0].slots[0].bool: error: a tab is always there: it is not a Bool slot"
    ),
    (
      #"{"name":"t","root":"a","screens":[{"name":"a","slots":[{"name":"b","style":"tab","screen":"b"}]},{"name":"b","path":"c","slots":[]},{"name":"c","slots":[]}]}"#,
      "t.json: screens[1].path: error: only the root screen can have a path"
    ),
    (
      #"{"name":"t","root":"a","screens":[{"name":"a","slots":[{"name":"b","style":"tab","screen":"b"}]},{"name":"b","slots":[{"name":"up","style":"sheet","screen":"a"}]}]}"#,
      "t.json: screens[0].slots: error: slot 'up' of 'b' shows the root screen, which holds the tabs"
    ),
    (
      #"{"name":"t","root":"a","appNavigationDelegate":"yes","screens":[{"name":"a","slots":[]}]}"#,
      // A value of the wrong type is placed at its line and column.
      "t.json:1:48: appNavigationDelegate: error: expected true or false here, found a string"
    ),
  ])
  func badTabsInAFileAreErrorsAtTheirPlace(_ json: String, _ message: String) {
    do {
      _ = try TopologyFile.parse(Data(json.utf8), file: "t.json")
      Issue.record("parsed")
    } catch {
      #expect("\(error)".hasPrefix(message), "\(error)")
    }
  }

  // MARK: The invariants

  @Test func selectedTabCatchesATabBarThatIgnoresTheState() throws {
    let engine = BrokenEngines.choice("unbound-tabs") { UnboundTabs() }
    let result = try replay("topology tabs\nselect-tab 1\nsettle\n", engine: engine)
    let violation = try #require(result.violations.first { $0.invariant == .selectedTab })
    #expect(violation.explanation == "the model selects tab 1, but the tab bar shows tab 0")
    #expect(try violated("topology tabs\nselect-tab 1\nsettle\n").isEmpty)
  }

  @Test func alertCallbackOrderFollowsTheProfile() throws {
    let tap = "topology tabs\nset notice 1\nsettle\nuser alert-tap 0\nsettle\n"
    #expect(try violated(tap).isEmpty)
    // SwiftUI writes the binding when the button is tapped, before the action; the built-in
    // engine writes it after (swift-navigation PR #201).
    let result = try replay(tap, engine: EngineChoice.default.judged(by: .swiftUI))
    let violation = try #require(result.violations.first { $0.invariant == .alertCallbackOrder })
    #expect(violation.explanation.hasPrefix("'notice': the button's action ran before the nil write-back (swiftui:"))
    // The Cancel button runs no action: its write-back and onDismiss keep their order.
    #expect(try violated("topology tabs\nset notice 1\nsettle\nuser alert-tap 2\nsettle\n").isEmpty)
  }

  @Test func animatedAsAskedJudgesOnlyWhatIsOnScreen() throws {
    let engine = BrokenEngines.choice("pushes-without-animation") { PushesWithoutAnimation() }
    let result = try replay("topology tabs\nset inbox.message 1\nsettle\nuser tab 1\nsettle\nset inbox.message.next 2\nsettle\n", engine: engine)
    // The first push landed in a tab not loaded yet (then made as the tab loaded, not on screen);
    // the second is on screen.
    let violations = result.violations.filter { $0.invariant == .animatedAsAsked }
    #expect(violations.count == 1)
    #expect(violations.first?.explanation.hasPrefix("push(animated: false) on UINavigationController#") == true)
    #expect(result.violations.map(\.invariant) == [.animatedAsAsked])
  }

  @Test func delegateForwardingCatchesAStackThatDropsTheAppsDelegate() throws {
    let dropping = try #require(BuiltInEngines.named("drops-app-delegate"))
    let result = try replay("topology tabs\npath append 1\nsettle\n", engine: dropping)
    #expect(result.violations.map(\.invariant) == [.delegateForwarding])
    #expect(result.violations.first?.explanation == "the app's navigation delegate never heard didShow('path[0]'), on top of its navigation controller (it heard 0 call(s))")
    #expect(try violated("topology tabs\npath append 1\nsettle\nuser back\nsettle\n").isEmpty)
  }
}

/// A tab bar that shows the tabs and binds nothing.
@MainActor
private struct UnboundTabs: NavigationEngine {
  func wire(_ slot: SlotConnection, on controller: UIViewController) { StateDrivenEngine().wire(slot, on: controller) }
  func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
    StateDrivenEngine().makeStack(path, root: root)
  }
  func makeTabs(_ tabs: TabConnection) -> UITabBarController {
    let bar = UITabBarController()
    bar.viewControllers = tabs.tabs
    return bar
  }
}

/// Pushes with `animated: false`.
@MainActor
private struct PushesWithoutAnimation: NavigationEngine {
  func wire(_ slot: SlotConnection, on controller: UIViewController) {
    guard slot.spec.style == .push, !slot.spec.isFlag else { return StateDrivenEngine().wire(slot, on: controller) }
    let model = slot.model, index = slot.index, content = slot.content
    var shown = false
    controller.observe { [weak controller] in
      guard let item = model[slot: index], !shown, let navigation = controller?.navigationController else { return }
      shown = true
      navigation.pushViewController(content(item), animated: false)
    }
  }
  func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
    StateDrivenEngine().makeStack(path, root: root)
  }
  func makeTabs(_ tabs: TabConnection) -> UITabBarController { StateDrivenEngine().makeTabs(tabs) }
}
