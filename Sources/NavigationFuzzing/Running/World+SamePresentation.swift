import NavigationReference

/// A slot emptied and filled again before the engine could look is, to the engine, the same
/// presentation when it cannot tell the two items apart: a Bool slot (its identity is constant),
/// or a push (or alert) slot where pushes (alerts) carry no identity. It keeps its incarnation and its place on its
/// stack — and, for a push without identity, the pushed screen's state, since that screen stays.
/// The world remembers which such slots were emptied since the engine last looked.
extension World {
  /// A slot that was filled, and how: restored if it is filled again within the turn.
  struct SlotSnapshot {
    var model: ScreenModel
    var index: Int
    var runtime: SlotItem
    var expected: ReferenceItem
    /// Where the slot is in the reference; nil for a slot of a path screen the path no longer holds.
    var address: Address?
  }

  /// Time passes (a tick, an advance, a settle): the engine sees the slots as they are now.
  func engineLooks() {
    emptiedThisTurn.removeAll()
    writeOrdersNotSeen.removeAll()
  }

  /// Whether the engine cannot tell two items of this slot apart. Not isolated (it is handed to
  /// the reference's walk, which calls it per filled slot): a main-actor closure would check the
  /// executor at each call.
  var hasNoIdentity: @Sendable (SlotSpec) -> Bool {
    let semantics = reference.semantics
    return { spec in spec.isFlag || !semantics.carriesIdentity(spec.style) }
  }

  /// The slots without identity that are filled now.
  ///
  /// It runs before every program step. It is `filledWithoutIdentityByAddress()`, in one walk of
  /// the reference and the run-time model side by side: looking each slot up again by address in
  /// both (`runtimeSlot`, `ReferenceMachine.item(at:)`) cost more than finding them
  /// (FastPathTests compares the two on every step).
  func filledWithoutIdentity() -> [SlotSnapshot] {
    var result: [SlotSnapshot] = []
    guard slotsWithoutIdentity.exist else { return result }
    let semantics = reference.semantics
    let screens = topology.screens
    var components: [Address.Component] = []
    // `type` as in `ReferenceMachine.filledSlots(where:)`; `model` is the run-time screen at the
    // same address (`ScreenModel.screen(at:)`), nil where there is none.
    func walk(_ screen: ReferenceScreen, type: Int?, model: ScreenModel?) {
      for index in screen.slots.indices {
        guard let item = screen.slots[index] else { continue }
        components.append(.slot(index))
        // The spec's fields read in place: a copy of the whole spec (names, buttons) cost more
        // than the rest of the visit.
        var lacksIdentity = false
        var childType: Int?
        if let type, index < screens[type].slots.count {
          lacksIdentity = screens[type].slots[index].isFlag || !semantics.carriesIdentity(screens[type].slots[index].style)
          childType = screens[type].slots[index].child
        }
        var runtime: SlotItem?
        if let model, index < screens[model.type].slots.count { runtime = model.peek(index) }
        if lacksIdentity, let model, let runtime {
          result.append(SlotSnapshot(model: model, index: index, runtime: runtime, expected: item, address: Address(components)))
        }
        if let child = item.child { walk(child, type: childType, model: runtime?.child) }
        components.removeLast()
      }
      for index in screen.path.indices {
        components.append(.pathElement(index))
        var elementModel: ScreenModel?
        if let model {
          let path = model.peekPath
          if index < path.count { elementModel = path[index].screen }
        }
        let element = screen.path[index].screen
        walk(element, type: type == nil ? nil : element.type, model: elementModel)
        components.removeLast()
      }
    }
    walk(reference.root, type: 0, model: rootModel)
    return result
  }

  /// `filledWithoutIdentity()` as the addresses of the filled slots without identity, each looked
  /// up in the run-time model and the reference: the plain computation the walk equals.
  func filledWithoutIdentityByAddress() -> [SlotSnapshot] {
    var result: [SlotSnapshot] = []
    guard slotsWithoutIdentity.exist else { return result }
    for address in reference.filledSlots(where: hasNoIdentity) {
      guard let (model, index) = runtimeSlot(address), let runtime = model.peek(index),
        let expected = reference.item(at: address)
      else { continue }
      result.append(SlotSnapshot(model: model, index: index, runtime: runtime, expected: expected, address: address))
    }
    return result
  }

  /// Performs `intent` in the reference, bringing each of `snapshots` (taken before it) up to
  /// date with its slot's item as the intent's effects left it, up to the effect that emptied
  /// it: a screen that saves, then dismisses itself keeps what it saved (`ReferenceMachine.perform
  /// (_:at:generations:watching:lastFilled:)`), as the app's model of that screen does.
  func performInReference(_ intent: String, at address: Address, generations: [Int], refreshing snapshots: inout [SlotSnapshot]) {
    let watched = snapshots.compactMap(\.address)
    guard !watched.isEmpty else {
      reference.perform(intent, at: address, generations: generations)
      return
    }
    var lastFilled: [ReferenceItem?] = []
    reference.perform(intent, at: address, generations: generations, watching: watched, lastFilled: &lastFilled)
    var next = lastFilled.makeIterator()
    for index in snapshots.indices where snapshots[index].address != nil {
      if let item = next.next() ?? nil { snapshots[index].expected = item }
    }
  }

  /// After a program step: remembers which of `before` it emptied, and puts back the same
  /// presentation in push slots without identity it emptied earlier in the turn and filled again
  /// (by a `set`, or by the app's feature code).
  func keepSamePresentations(emptied before: [SlotSnapshot]) {
    for slot in before where slot.model.peek(slot.index) == nil { emptiedThisTurn.append(slot) }
    guard slotsWithoutIdentity.existBesideFlags else { return }
    let hasNoIdentity = self.hasNoIdentity
    for address in reference.filledSlots(where: { @Sendable spec in hasNoIdentity(spec) && !spec.isFlag }) {
      guard let (model, index) = runtimeSlot(address), let now = model.peek(index),
        let previous = emptiedThisTurn.last(where: { $0.model === model && $0.index == index }),
        now.id.generation != previous.runtime.id.generation
      else { continue }
      var expected = previous.expected
      expected.id = now.id.id
      expected.payload = 0
      model[slot: index] = SlotItem(
        id: ItemIdentity(id: now.id.id, generation: previous.runtime.id.generation), payload: 0,
        child: previous.runtime.child)
      reference.reinstate(expected, at: address)
    }
  }

  /// After a callback's intent: the slots without identity of `before` it emptied are emptied
  /// this turn too, until the engine looks — on the next run-loop turn, which a step that stops
  /// before it (`tick`, `until transition-end`) leaves to the next time step. Filled again before
  /// then (by a program step), they are the same presentation.
  func noteEmptiedByCallback(_ before: [SlotSnapshot]) {
    let emptied = before.filter { $0.model.peek($0.index) == nil }
    guard !emptied.isEmpty else { return }
    emptiedThisTurn += emptied
    environment.runLoop.schedule { [weak self] in
      self?.emptiedThisTurn.removeAll { slot in
        emptied.contains { $0.model === slot.model && $0.index == slot.index && $0.runtime.id == slot.runtime.id }
      }
    }
  }

  /// The snapshot of the slot at `address` if it was emptied this turn and is still empty.
  private func emptiedEarlierThisTurn(_ address: Address) -> SlotSnapshot? {
    guard let (model, index) = runtimeSlot(address), model.peek(index) == nil else { return nil }
    return emptiedThisTurn.last { $0.model === model && $0.index == index }
  }

  /// Turns a Bool slot on or off in the reference and the run-time model. Turned on again in the
  /// turn it was turned off, it is the same presentation to the engine (its identity is constant),
  /// showing the same screen: the app's model of that screen comes back as it was, unwritten, and
  /// so does the reference's. Otherwise a screen turned on gets a new model — or, where its model
  /// outlives its presentations (`SlotSpec.keepsChildModel`), the one the app kept, as it is.
  /// `beforeWriting` runs once the reference has the step, before the app's model is written:
  /// the step's write order (`WriteOrder`).
  func toggle(_ address: Address, on: Bool, beforeWriting: () -> Void = {}) {
    if on, reference.item(at: address) == nil, let previous = emptiedEarlierThisTurn(address) {
      // Set as any modal is (its screen's other modal goes: one destination), then as it was.
      reference.toggle(address, on: true, generation: previous.expected.generation)
      reference.reinstate(previous.expected, at: address)
      beforeWriting()
      previous.model[slot: previous.index] = previous.runtime
      return
    }
    let generation = on ? takeGeneration() : 0
    if on, reference.item(at: address) == nil, let (model, index) = runtimeSlot(address), model.spec.slots[index].keepsChildModel,
      let kept = model.flagChild(index)
    {
      reference.toggleOn(address, generation: generation, showing: referenceScreen(of: kept))
    } else {
      reference.toggle(address, on: on, generation: generation)
    }
    beforeWriting()
    runtimeToggle(address, on: on, generation: generation)
  }

  /// The reference's form of a screen model the app kept: its items, with their ids, payloads and
  /// incarnations, and its unrelated counter. Where each item stands on a stack is the
  /// reference's to find out (`ReferenceMachine.toggleOn(_:generation:showing:)`).
  func referenceScreen(of model: ScreenModel) -> ReferenceScreen {
    var screen = ReferenceScreen(type: model.type, in: topology)
    for index in model.spec.slots.indices {
      guard let item = model.peek(index) else { continue }
      var child: ReferenceScreen?
      if let kept = item.child { child = referenceScreen(of: kept) }
      screen.slots[index] = ReferenceItem(kept: item.id.id, payload: item.payload, generation: item.id.generation, child: child)
    }
    screen.bumps = model.peekBumps
    return screen
  }
}

/// Whether any slot of the topology lacks identity (`World.hasNoIdentity`), Bool slots aside or
/// not, read from the spec once per world.
///
/// Where none does (Bool slots aside, under profiles where pushes and alerts carry identity: the
/// default), `ReferenceMachine.filledSlots(where:)` with that predicate can find nothing, and is
/// not walked: it runs twice per program step. FastPathTests compares with the walk on every step.
struct SlotsWithoutIdentity {
  /// Some slot lacks identity.
  let exist: Bool
  /// Some slot that is not a Bool slot lacks identity.
  let existBesideFlags: Bool

  init(topology: TopologySpec, lacksIdentity: (SlotSpec) -> Bool) {
    var exist = false, existBesideFlags = false
    for screen in topology.screens {
      for spec in screen.slots where lacksIdentity(spec) {
        exist = true
        if !spec.isFlag { existBesideFlags = true }
      }
    }
    self.exist = exist
    self.existBesideFlags = existBesideFlags
  }
}
