import HeadlessUIKit
@testable import NavFuzzEngines
@testable import NavigationFuzzing
import NavigationReference
import Observation
import StateDrivenNavigation
import Testing

/// The explorer's partial-order reduction (`ExplorerReduction`): replaying one order of two
/// commuting program writes of a turn finds exactly the states, at exactly the depths, the search
/// that replays both finds, with the same verdict and a counterexample as short — and it is
/// refused for an engine that runs code during a write, for which it would not be sound.
@MainActor
@Suite struct ExplorerReductionTests {
  /// The built-in engine, plus an observer of every slot that runs code as the write happens
  /// (Observation's `onChange`, as a `willSet`-driven app does): it makes a navigation call that
  /// changes nothing (a pop to the top screen) and notes which kind of slot of which screen it
  /// heard this turn; hearing a sheet after a push of the same screen, it queues a warning for
  /// the next turn. So the order of one turn's writes decides what is in flight and the verdict:
  /// an engine for which the reduction would be unsound.
  struct ActsAsItHears: NavigationEngine {
    static var heard: [(screen: ObjectIdentifier, style: SlotStyle)] = []
    static weak var heardIn: HeadlessEnvironment?

    func wire(_ slot: SlotConnection, on controller: UIViewController) {
      StateDrivenEngine().wire(slot, on: controller)
      let model = slot.model, index = slot.index, style = slot.spec.style
      WriteOrderTests.SlotListener.listen(to: { _ = model[slot: index] }) { [weak controller] in
        let environment = HeadlessEnvironment.current
        if Self.heardIn !== environment || Self.heard.isEmpty {
          Self.heard = []
          Self.heardIn = environment
          MainQueue.async { Self.heard = [] }
        }
        let screen = ObjectIdentifier(model)
        if style == .sheet, Self.heard.contains(where: { $0.screen == screen && $0.style == .push }) {
          MainQueue.async { EngineWarnings.report("a push was heard before a sheet of its screen in one turn") }
        }
        Self.heard.append((screen, style))
        if let navigation = controller?.navigationController, let top = navigation.topViewController {
          navigation.popToViewController(top, animated: true)
        }
      }
    }

    func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
      StateDrivenEngine().makeStack(path, root: root)
    }
  }

  static let actsAsItHears = EngineChoice(
    name: "acts-as-it-hears", summary: "runs code as each write happens", make: { ActsAsItHears() })

  /// Both searches, keys recorded; the reduced one must skip something.
  static func bothSearches(_ explorer: Explorer) -> (full: Explorer.Result, reduced: Explorer.Result) {
    var full = explorer
    full.recordsKeys = true
    full.reducesCommutingWrites = false
    var reduced = full
    reduced.reducesCommutingWrites = true
    return (full.run(now: { 0 }), reduced.run(now: { 0 }))
  }

  static func expectSameStates(_ explorer: Explorer, _ label: String, commutes: Bool = true) {
    let (full, reduced) = bothSearches(explorer)
    #expect(reduced.reductionRefused == nil, "\(label): \(reduced.reductionRefused ?? "")")
    #expect(reduced.statesPerDepth == full.statesPerDepth, "\(label)")
    #expect(reduced.statesVisited == full.statesVisited, "\(label)")
    #expect(reduced.cutShort == full.cutShort, "\(label)")
    #expect(reduced.violation?.invariant == full.violation?.invariant, "\(label)")
    #expect(reduced.trace?.actions.count == full.trace?.actions.count, "\(label)")
    for depth in full.keysPerDepth.indices {
      #expect(Set(reduced.keysPerDepth[depth]) == Set(full.keysPerDepth[depth]), "\(label) depth \(depth + 1)")
    }
    if commutes {
      #expect(reduced.candidatesCommuted > 0, "\(label): nothing commuted")
      #expect(reduced.replays < full.replays, "\(label)")
    }
  }

  @Test func findsTheStatesOfTheSearchWithoutIt() {
    var basic = Explorer(topology: .basic, engine: .default)
    basic.maxDepth = 3
    Self.expectSameStates(basic, "basic")
    var symmetric = basic
    symmetric.symmetry = true
    Self.expectSameStates(symmetric, "basic --symmetry")
    var noRaces = basic
    noRaces.noRaces = true
    noRaces.maxDepth = 2
    Self.expectSameStates(noRaces, "basic --no-races")
    for (topology, depth, limit) in [
      (Topology.counter, 3, 500), (.stack, 3, 500), (.valueStack, 3, 300), (.tabs, 2, 300), (.covers, 2, 300),
    ] {
      var explorer = Explorer(topology: topology, engine: .default)
      explorer.maxDepth = depth
      explorer.stateLimit = limit
      Self.expectSameStates(explorer, topology.name, commutes: topology.name != "value-stack")
    }
    var swiftNavigation = Explorer(topology: .basic, engine: .swiftNavigationLike)
    swiftNavigation.maxDepth = 2
    Self.expectSameStates(swiftNavigation, "basic, swift-navigation-like")
  }

  /// Mutants: the same verdict and a counterexample as short, with and without the reduction.
  @Test func keepsTheShortestCounterexampleOfMutants() {
    let lengths = [("eager-binding-read", 1), ("one-slot-per-controller", 3), ("no-dismiss-on-nil", nil), ("no-write-back", nil)]
    for (name, length) in lengths {
      var explorer = Explorer(topology: .basic, engine: BuiltInEngines.named(name)!)
      explorer.maxDepth = 3
      explorer.stateLimit = 500
      var full = explorer
      full.reducesCommutingWrites = false
      let plain = full.run(now: { 0 })
      let reduced = explorer.run(now: { 0 })
      #expect(reduced.reductionRefused == nil, "\(name)")
      #expect(plain.trace?.actions.count == length, "\(name)")
      #expect(reduced.violation?.invariant == plain.violation?.invariant, "\(name)")
      #expect(reduced.trace?.actions.count == plain.trace?.actions.count, "\(name)")
      #expect(reduced.statesPerDepth == plain.statesPerDepth, "\(name)")
      #expect(reduced.cutShort == plain.cutShort, "\(name)")
    }
  }

  /// Two writes of a write order (`after-clearing`) and every position of the addressed write
  /// among them stay in the alphabet: the reduction reorders steps, never a step's writes.
  @Test func keepsEveryWriteOrder() {
    var counter = Explorer(topology: .counter, engine: WriteOrderTests.warnsWhenAModalGoesFirst)
    counter.maxDepth = 4
    counter.target = .engineWarning
    var full = counter
    full.reducesCommutingWrites = false
    let reduced = counter.run(now: { 0 })
    let plain = full.run(now: { 0 })
    #expect(reduced.candidatesCommuted > 0)
    #expect(reduced.trace?.actions.count == 4 && plain.trace?.actions.count == 4)
    #expect(reduced.trace?.actions.contains { if case .afterClearing = $0 { true } else { false } } == true)
    // And no write that reaches several bindings commutes with anything.
    let alert = Address([.slot(0)]), sheet = Address([.slot(1)]), fact = Address([.slot(3)])
    let runner = Runner(topology: .counter, engine: .default)
    _ = try? runner.perform(.set(alert, id: 1), index: 0)
    let before = runner.reference
    _ = try? runner.perform(.toggle(fact, on: true), index: 1)
    #expect(!Explorer.independent(.set(sheet, id: 1), .set(fact, id: 1), at: before, after: before))
  }

  @Test func independenceIsNarrow() {
    let runner = Runner(topology: .basic, engine: .default)
    let reference = runner.reference
    let isPresented = Address([.slot(0)]), presentedChild = Address([.slot(1)])
    let isPushed = Address([.slot(2)]), pushedChild = Address([.slot(3)])
    // A sheet and a push of one screen: independent.
    var pushed = reference
    pushed.toggle(isPushed, on: true, generation: 1)
    #expect(Explorer.independent(.set(presentedChild, id: 1), .toggle(isPushed, on: true), at: reference, after: pushed))
    // Two pushes of one stack, neither on it yet: ordered when the engine pushes them.
    #expect(Explorer.independent(.set(pushedChild, id: 1), .toggle(isPushed, on: true), at: reference, after: pushed))
    // The same slot, or a write to a slot that is not there.
    #expect(!Explorer.independent(.set(pushedChild, id: 1), .set(pushedChild, id: 2), at: reference, after: reference))
    #expect(!Explorer.independent(.set(pushedChild.appending(.slot(0)), id: 1), .toggle(isPushed, on: true), at: reference, after: pushed))
    // Two modals of one screen: one clears the other.
    var presented = reference
    presented.toggle(isPresented, on: true, generation: 1)
    #expect(!Explorer.independent(.set(presentedChild, id: 1), .toggle(isPresented, on: true), at: reference, after: presented))
    // A slot inside the other's screen.
    var withChild = reference
    withChild.set(presentedChild, id: 1, generation: 1)
    var inside = withChild
    inside.toggle(presentedChild.appending(.slot(2)), on: true, generation: 2)
    #expect(
      !Explorer.independent(
        .set(presentedChild, id: 2), .toggle(presentedChild.appending(.slot(2)), on: true), at: withChild, after: inside))
    #expect(
      Explorer.commutes(
        .set(presentedChild, id: 1),
        after: Explorer.LastWrite(step: .toggle(isPushed, on: true), slot: isPushed, before: reference, after: pushed, reachesOneBinding: true)))
    // The other order is the one replayed.
    var sheet = reference
    sheet.set(presentedChild, id: 1, generation: 1)
    #expect(
      !Explorer.commutes(
        .toggle(isPushed, on: true),
        after: Explorer.LastWrite(step: .set(presentedChild, id: 1), slot: presentedChild, before: reference, after: sheet, reachesOneBinding: true)))
  }

  /// The built-in engines run no code during a write: the reduction is never refused for them.
  @Test func theBuiltInEnginesKeepThePrecondition() {
    for engine in BuiltInEngines.all where engine.mutantOf == nil {
      var explorer = Explorer(topology: .basic, engine: engine)
      explorer.maxDepth = 2
      explorer.requiresReduction = true
      let result = explorer.run(now: { 0 })
      #expect(result.reductionRefused == nil, "\(engine.name): \(result.reductionRefused ?? "")")
    }
  }

  /// An engine that runs code during writes gets no reduction: the search is made without it (the
  /// states of the full search), or, where the reduction is required, stops saying why.
  @Test func isRefusedForAnEngineThatRunsCodeDuringAWrite() throws {
    var explorer = Explorer(topology: .basic, engine: Self.actsAsItHears)
    explorer.maxDepth = 3
    let (full, reduced) = Self.bothSearches(explorer)
    let refused = try #require(reduced.reductionRefused)
    #expect(refused.contains("engine 'acts-as-it-hears' ran code during the program write"), "\(refused)")
    #expect(refused.contains("observation run") || refused.contains("navigation call"), "\(refused)")
    #expect(reduced.candidatesCommuted == 0)
    #expect(reduced.statesPerDepth == full.statesPerDepth)
    for depth in full.keysPerDepth.indices {
      #expect(Set(reduced.keysPerDepth[depth]) == Set(full.keysPerDepth[depth]))
    }
    explorer.requiresReduction = true
    let required = explorer.run(now: { 0 })
    #expect(required.reductionRefused == refused)
    #expect(required.cutShort?.hasPrefix("the partial-order reduction was refused: engine 'acts-as-it-hears'") == true)
    // Through the text of worker processes too.
    var batched = explorer
    batched.batchSize = 4
    batched.expandsBatch = ExplorerEquivalenceTests.throughText(batched)
    #expect(batched.run(now: { 0 }).reductionRefused == refused)
  }

  /// What the check prevents: reducing anyway for that engine misses its shortest
  /// counterexample (a push written before a sheet of the root in one turn, then a turn), which
  /// the full search finds.
  @Test func reducingForAnEngineThatRunsCodeDuringAWriteIsUnsound() throws {
    var explorer = Explorer(topology: .basic, engine: Self.actsAsItHears)
    explorer.maxDepth = 3
    explorer.target = .engineWarning
    explorer.checksReductionPrecondition = false
    var full = explorer
    full.reducesCommutingWrites = false
    let found = try #require(full.run(now: { 0 }).trace)
    #expect(found.actions.count == 3)
    let reduced = explorer.run(now: { 0 })
    #expect(reduced.reductionRefused == nil && reduced.candidatesCommuted > 0)
    #expect(reduced.trace == nil, "forced, the reduction still found \(reduced.trace.map(TraceFormat.print) ?? "")")
    // And it loses states the full search finds (what is in flight differs by order).
    var fullKeys = full
    fullKeys.maxDepth = 2
    fullKeys.target = nil
    var reducedKeys = fullKeys
    reducedKeys.reducesCommutingWrites = true
    #expect(reducedKeys.run(now: { 0 }).statesVisited < fullKeys.run(now: { 0 }).statesVisited)
    // Checked, the precondition refuses it and the counterexample is found.
    explorer.checksReductionPrecondition = true
    let checked = explorer.run(now: { 0 })
    #expect(checked.reductionRefused != nil)
    #expect(checked.trace.map(TraceFormat.print) == TraceFormat.print(found))
  }

  @Test func batchesExpandedElsewhereGiveTheSameReducedSearch() {
    var explorer = Explorer(topology: .basic, engine: .default)
    explorer.maxDepth = 3
    var batched = explorer
    batched.batchSize = 9
    batched.expandsBatch = ExplorerEquivalenceTests.throughText(batched)
    let one = explorer.run(now: { 0 })
    let many = batched.run(now: { 0 })
    #expect(many.statesPerDepth == one.statesPerDepth)
    #expect(many.candidatesCommuted == one.candidatesCommuted && one.candidatesCommuted > 0)
  }
}
