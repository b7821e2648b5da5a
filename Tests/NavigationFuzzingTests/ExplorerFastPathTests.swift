@testable import NavFuzzEngines
@testable import NavigationFuzzing
import NavigationReference
import Testing

/// The explorer's bookkeeping taken for speed gives the answers of the plain computations it
/// replaces, on states of every built-in topology.
@MainActor
@Suite struct ExplorerFastPathTests {
  /// `Explorer.slotAndIntentSteps` as it was first written (in `alphabet(for:)`): a walk of the
  /// reference per list, each slot's spec looked up by its address.
  static func plainSlotAndIntentSteps(_ explorer: Explorer, for runner: Runner) -> [Step] {
    let topology = explorer.topology
    // Tabs are no steps of their own, but their screens' intents are offered.
    func isTab(_ address: Address) -> Bool { topology.spec.slot(at: address)?.style == .tab }
    func existingScreens(_ reference: ReferenceMachine) -> [Address] {
      var result: [Address] = [.root]
      let tabs = topology.spec.tabSlotIndices.map { Address([.slot($0)]) }
      // `filledSlots()` lists no tab: each tab's screen comes before the first slot inside it.
      var pendingTabs = tabs
      for address in reference.filledSlots() {
        while let tab = pendingTabs.first, address.components.starts(with: tab.components) || tab < address {
          result.append(tab)
          pendingTabs.removeFirst()
        }
        if reference.item(at: address)?.child != nil { result.append(address) }
      }
      result += pendingTabs
      for index in reference.path.indices { result.append(Address.root.appending(.pathElement(index))) }
      return result
    }
    func existingSlots(_ reference: ReferenceMachine) -> [Address] {
      var result: [Address] = []
      func walk(_ screen: ReferenceScreen, at address: Address) {
        for (index, item) in screen.slots.enumerated() where !topology.spec.screens[screen.type].slots[index].isAbsent {
          let slotAddress = address.appending(.slot(index))
          if !isTab(slotAddress) { result.append(slotAddress) }
          if let child = item?.child { walk(child, at: slotAddress) }
        }
        for (index, element) in screen.path.enumerated() { walk(element.screen, at: address.appending(.pathElement(index))) }
      }
      walk(reference.root, at: .root)
      return result
    }
    var steps: [Step] = []
    for address in runner.reference.filledSlots() {
      steps.append(.clear(address))
    }
    for address in existingSlots(runner.reference) {
      guard let slot = topology.spec.slot(at: address) else { continue }
      if slot.isFlag {
        if runner.reference.item(at: address) == nil { steps.append(.toggle(address, on: true)) }
      } else {
        steps.append(.set(address, id: 1))
        steps.append(.set(address, id: 2))
      }
    }
    for screen in existingScreens(runner.reference) {
      guard let type = runner.reference.screen(at: screen)?.type else { continue }
      for intent in topology.spec.screens[type].intents { steps.append(.app(screen, intent: intent.name)) }
    }
    return steps
  }

  /// States of a topology: after every step of a few random runs (which fill, nest, push, path
  /// and present), each handed to `visit`.
  static func visitStates(
    of topology: Topology, engine: EngineChoice = .default, runs: Int = 6, _ visit: (Runner) -> Void
  ) {
    for seed in 1...UInt64(runs) {
      let (steps, _) = Campaign.randomRun(topology: topology, engine: engine, seed: seed, maxSteps: 40)
      let runner = Runner(topology: topology, engine: engine)
      visit(runner)
      for (index, step) in steps.enumerated() {
        _ = try? runner.perform(step, index: index)
        visit(runner)
      }
    }
  }

  @Test func theAlphabetsProgramStepsAreThePlainOnes() {
    var compared = 0
    var kinds = Set<ActionKind>()
    for topology in Topology.builtIn {
      let explorer = Explorer(topology: topology, engine: .default)
      Self.visitStates(of: topology) { runner in
        let fast = explorer.slotAndIntentSteps(runner.reference)
        let plain = Self.plainSlotAndIntentSteps(explorer, for: runner)
        #expect(fast == plain, "\(topology.name)")
        #expect(explorer.firstSlotOrIntentStep(runner.reference) == fast.first, "\(topology.name)")
        kinds.formUnion(fast.map(\.kind))
        compared += 1
      }
    }
    #expect(compared > 500)
    // Clears, sets, toggles and intents were all offered somewhere.
    for kind: ActionKind in [.clear, .set, .toggle, .app] {
      #expect(kinds.contains(kind), "\(kind.rawValue) never offered")
    }
  }
}
