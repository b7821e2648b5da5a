@testable import NavFuzzEngines
@testable import NavigationFuzzing
import NavigationReference
@_spi(Rules) import StateDrivenNavigation
import Testing

/// SwiftUI presents one modal per view hierarchy: a second one requested while the first is shown
/// is not presented ("Currently, only presenting a single sheet is supported. The next sheet will
/// be presented when the currently presented sheet gets dismissed."), its state stays set, and it
/// shows once the first goes. The `swiftui` profile's reference waits; the others evict.
@Suite struct LaterModalsWaitTests {
  let spec = Topology.basic.spec
  func address(_ text: String) -> Address { try! spec.parseAddress(text).get() }
  func screen(_ machine: ReferenceMachine) -> [String] { machine.expectedScreen().map(\.description) }

  @Test func aSecondModalWaitsWithItsStateSetAndShowsOnceTheFirstGoes() {
    var machine = ReferenceMachine(topology: spec, semantics: .swiftUI)
    machine.set(address("presentedChild"), id: 1, generation: 1)
    machine.set(address("alert"), id: 7, generation: 2)
    // Nothing is evicted: both are set, only the first shows.
    #expect(machine.stateDescription() == ["alert=7", "presentedChild=1"])
    #expect(screen(machine) == ["root", "sheet:presentedChild#1"])
    #expect(machine.isWaiting(address("alert")))
    #expect(!machine.showsItem(at: address("alert")))
    #expect(machine.showsItem(at: address("presentedChild")))
    // The user swipes the sheet away: the alert shows.
    machine.userRemoved(slot: address("presentedChild"), generation: 1)
    #expect(screen(machine) == ["root", "alert:alert"])
    #expect(!machine.isWaiting(address("alert")))
  }

  @Test func elsewhereTheLaterModalEvictsTheFirst() {
    for semantics in [SemanticsProfile.navfuzz, .swiftNavigation] {
      var machine = ReferenceMachine(topology: spec, semantics: semantics)
      machine.appeared(screen: .root, generation: 0)
      machine.set(address("presentedChild"), id: 1, generation: 1)
      machine.set(address("alert"), id: 7, generation: 2)
      #expect(machine.stateDescription() == ["alert=7"], "\(semantics.name)")
      #expect(!machine.isWaiting(address("alert")))
    }
  }

  @Test func aWaitingModalsScreenShowsNothingOfItsOwn() {
    var machine = ReferenceMachine(topology: spec, semantics: .swiftUI)
    machine.toggle(address("isPresented"), on: true, generation: 1)
    machine.set(address("presentedChild"), id: 4, generation: 2)
    machine.set(address("presentedChild.pushedChild"), id: 5, generation: 3)
    #expect(screen(machine) == ["root", "sheet:isPresented"])
    #expect(!machine.showsWhatItHolds(address("presentedChild")))
    #expect(!machine.showsItem(at: address("presentedChild.pushedChild")))
    // The program clears the first: the second comes with its own pushed screen.
    machine.clear(address("isPresented"))
    machine.pushed(slot: address("presentedChild.pushedChild"), generation: 3)
    #expect(screen(machine) == ["root", "sheet:presentedChild#4", "push:presentedChild.pushedChild#5"])
  }

  @Test func aNewIdentityKeepsTheSlotsPlaceInLine() {
    var machine = ReferenceMachine(topology: spec, semantics: .swiftUI)
    machine.set(address("presentedChild"), id: 1, generation: 1)
    machine.toggle(address("isPresented"), on: true, generation: 2)
    // SwiftUI dismisses the sheet and replaces it "using the same process": it stays the shown one.
    machine.set(address("presentedChild"), id: 2, generation: 3)
    #expect(screen(machine) == ["root", "sheet:presentedChild#2"])
    #expect(machine.isWaiting(address("isPresented")))
  }

  @Test func modalsOfAPushedScreenShareTheRootsLine() {
    var machine = ReferenceMachine(topology: spec, semantics: .swiftUI)
    machine.set(address("pushedChild"), id: 1, generation: 1)
    machine.pushed(slot: address("pushedChild"), generation: 1)
    machine.set(address("pushedChild.alert"), id: 7, generation: 2)
    machine.toggle(address("isPresented"), on: true, generation: 3)
    #expect(screen(machine) == ["root", "push:pushedChild#1", "alert:pushedChild.alert"])
    #expect(machine.isWaiting(address("isPresented")))
    // A modal's own group is another line: the sheet's sheet does not wait for the root's alert.
    #expect(!machine.isWaiting(address("isPresented.isPresented")))
  }

  /// Modals requested in one turn reach the engine together: the one it presents first is shown,
  /// and keeps its place until it goes.
  @Test func amongModalsRequestedTogetherThePresentedOneIsShown() {
    var machine = ReferenceMachine(topology: spec, semantics: .swiftUI)
    machine.set(address("alert"), id: 7, generation: 1)
    machine.set(address("presentedChild"), id: 1, generation: 2)
    #expect(screen(machine) == ["root", "alert:alert"])  // nothing presented yet: the earliest
    machine.presented(slot: address("presentedChild"), generation: 2)
    #expect(screen(machine) == ["root", "sheet:presentedChild#1"])
    #expect(machine.isWaiting(address("alert")))
    // A stale report (another incarnation) changes nothing.
    machine.presented(slot: address("alert"), generation: 9)
    #expect(machine.isWaiting(address("alert")))
    machine.clear(address("presentedChild"))
    #expect(screen(machine) == ["root", "alert:alert"])
  }

  @Test func theSwiftUIProfileSaysSo() {
    #expect(SemanticsProfile.swiftUI.laterModalsWait)
    #expect(!SemanticsProfile.navfuzz.laterModalsWait && !SemanticsProfile.swiftNavigation.laterModalsWait)
    #expect(SemanticsProfile.swiftUI.switches.contains { $0 == ("later-modals-wait", true) })
  }
}

/// The harness judges an engine by the profile: one that presents the second modal at once (the
/// built-in engine evicts the first, as swift-navigation does, #242) is reported under `swiftui`,
/// and not under its own profile.
@MainActor
@Suite struct LaterModalsWaitJudgingTests {
  let trace = """
    navtrace 1
    topology basic
    set presentedChild 1
    settle
    set alert 7
    settle

    """

  @Test func anEngineThatPresentsTheSecondModalAtOnceIsReportedUnderSwiftUI() throws {
    let parsed = try TraceFormat.parse(trace)
    let judged = try Replay.run(parsed, topology: .basic, engine: EngineChoice.default.judged(by: .swiftUI))
    let violated = Set(judged.violations.map(\.invariant))
    #expect(violated.contains(.referenceAgreement), "\(judged.violations)")
    let agreement = try #require(judged.violations.first { $0.invariant == .referenceAgreement })
    // SwiftUI keeps the sheet and its state; the alert waits with its state set.
    #expect(agreement.expectedModel == ["alert=7", "presentedChild=1"])
    #expect(agreement.expectedScreen == ["root", "sheet:presentedChild#1"])
    #expect(agreement.actualScreen == ["root", "alert:alert"])
    let own = try Replay.run(parsed, topology: .basic, engine: .default)
    #expect(own.violations.isEmpty, "\(own.violations)")
  }

  /// The built-in engine with SwiftUI's choices where the `swiftui` profile differs from NavFuzz's:
  /// collateral pops write back, alerts carry no identity, and a later modal waits for the shown
  /// one to go.
  static let waitsLikeSwiftUI = EngineChoice(
    name: "waits-like-swiftui", summary: "", semantics: .swiftUI,
    make: {
      var rules = EngineRules()
      rules.collateralRemoval = .writesBack
      rules.laterModalsWait = true
      rules.alertsCarryIdentity = false
      return StateDrivenEngine(rules: rules)
    })

  @Test func anEngineThatWaitsIsCleanUnderSwiftUIAndShowsTheSecondOnceTheFirstGoes() throws {
    let text = trace + "user dismiss\nsettle\nexpect screen root alert:alert\nexpect state alert=7\n"
    let result = try Replay.run(try TraceFormat.parse(text), topology: .basic, engine: Self.waitsLikeSwiftUI)
    #expect(result.violations.isEmpty, "\(result.violations)")
    #expect(result.unmetExpectations.isEmpty, "\(result.unmetExpectations)")
  }

  /// Under NavFuzz's rules the app itself clears the evicted modal (rule 2), so an engine that
  /// waits sees the first one go and is clean there too: the profiles differ in the app's state.
  @Test func underNavFuzzsRulesTheAppClearsTheFirstModalItself() throws {
    let text = trace + "expect state alert=7\nexpect screen root alert:alert#7\n"
    let result = try Replay.run(try TraceFormat.parse(text), topology: .basic, engine: Self.waitsLikeSwiftUI.judged(by: .navfuzz))
    #expect(result.violations.isEmpty, "\(result.violations)")
    #expect(result.unmetExpectations.isEmpty, "\(result.unmetExpectations)")
  }

  /// The waiting modal's screen is replaced in the turn its turn comes (the first modal's
  /// dismissal ended, then the detail got a new identity): the engine sees the change before it
  /// presents, so nothing of the old detail flashes (`no-stale-transition`).
  @Test func aWaitingModalOfAReplacedScreenDoesNotShow() throws {
    let text = """
      navtrace 1
      topology syncups-tree
      app root openSyncUp
      set alert 1
      app detail startMeeting
      tick
      set detail.record.alert 1
      tick
      user alert-tap 0
      until transition-end
      set detail 2
      settle

      """
    let result = try Replay.run(try TraceFormat.parse(text), topology: .syncUpsTree, engine: Self.waitsLikeSwiftUI)
    #expect(result.violations.isEmpty, "\(result.violations)")
  }

  /// Campaigns: judged by the `swiftui` profile, the engine that waits is clean where modals
  /// compete for one navigation group.
  @Test(arguments: [Topology.basic, .counter, .covers, .callbacks, .tabs])
  func anEngineThatWaitsIsCleanInCampaigns(_ topology: Topology) {
    let result = NavFuzz.check(engine: Self.waitsLikeSwiftUI, topology: topology, runs: 150)
    #expect(result.passed, "\(result)")
  }

  /// SwiftUI does not re-present an alert whose data changes while it is shown (swift-navigation
  /// PR #77); a button still closes it and clears the state.
  @Test func anAlertWithoutIdentityStaysAndAButtonClearsItsState() throws {
    let text = """
      navtrace 1
      topology basic
      set alert 1
      settle
      set alert 2
      settle
      expect screen root alert:alert
      expect state alert=2
      user alert-tap 0
      settle
      expect state
      expect ok

      """
    let parsed = try TraceFormat.parse(text)
    let result = try Replay.run(parsed, topology: .basic, engine: Self.waitsLikeSwiftUI)
    #expect(result.violations.isEmpty, "\(result.violations)")
    #expect(result.unmetExpectations.isEmpty, "\(result.unmetExpectations)")
  }

  /// An alert without identity is written back when its button is tapped, as SwiftUI writes
  /// `isPresented`: the same item set again once its dismissal ended (before a deferred
  /// write-back would have come) is a new alert, and stays.
  @Test func anAlertWithoutIdentitySetAgainAfterItsButtonStays() throws {
    let text = """
      navtrace 1
      topology counter
      set alertFact 1
      settle
      user alert-tap 0
      until transition-end
      set alertFact 1
      settle
      expect state alertFact=1
      expect screen root alert:alertFact

      """
    let result = try Replay.run(try TraceFormat.parse(text), topology: .counter, engine: Self.waitsLikeSwiftUI)
    #expect(result.violations.isEmpty, "\(result.violations)")
    #expect(result.unmetExpectations.isEmpty, "\(result.unmetExpectations)")
  }
}
