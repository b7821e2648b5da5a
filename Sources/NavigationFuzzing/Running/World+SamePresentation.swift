import NavigationReference

/// A slot emptied and filled again before the engine could look is, to the engine, the same
/// presentation when it cannot tell the two items apart: a Bool slot (its identity is constant),
/// or a push slot where pushes carry no identity. It keeps its incarnation and its place on its
/// stack — and, for a push without identity, the pushed screen's state, since that screen stays.
/// The world remembers which such slots were emptied since the engine last looked.
extension World {
  /// A slot that was filled, and how: restored if it is filled again within the turn.
  struct SlotSnapshot {
    var model: ScreenModel
    var index: Int
    var runtime: SlotItem
    var expected: ReferenceItem
  }

  /// Time passes (a tick, an advance, a settle): the engine sees the slots as they are now.
  func engineLooks() {
    emptiedThisTurn.removeAll()
  }

  /// Whether the engine cannot tell two items of this slot apart.
  func hasNoIdentity(_ spec: SlotSpec) -> Bool {
    spec.isFlag || (spec.style == .push && !reference.semantics.pushesCarryIdentity)
  }

  /// The slots without identity that are filled now.
  func filledWithoutIdentity() -> [SlotSnapshot] {
    reference.filledSlots(where: hasNoIdentity).compactMap { address in
      guard let (model, index) = runtimeSlot(address), let runtime = model.peek(index),
        let expected = reference.item(at: address)
      else { return nil }
      return SlotSnapshot(model: model, index: index, runtime: runtime, expected: expected)
    }
  }

  /// After a program step: remembers which of `before` it emptied, and puts back the same
  /// presentation in push slots without identity it emptied earlier in the turn and filled again
  /// (by a `set`, or by the app's feature code).
  func keepSamePresentations(emptied before: [SlotSnapshot]) {
    for slot in before where slot.model.peek(slot.index) == nil { emptiedThisTurn.append(slot) }
    for address in reference.filledSlots(where: { hasNoIdentity($0) && !$0.isFlag }) {
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
      for evicted in reference.reinstate(expected, at: address) { runtimeClear(evicted) }
    }
  }

  /// The snapshot of the slot at `address` if it was emptied this turn and is still empty.
  private func emptiedEarlierThisTurn(_ address: Address) -> SlotSnapshot? {
    guard let (model, index) = runtimeSlot(address), model.peek(index) == nil else { return nil }
    return emptiedThisTurn.last { $0.model === model && $0.index == index }
  }

  /// Turns a Bool slot on or off in the reference and the run-time model.
  func toggle(_ address: Address, on: Bool) {
    let previous = on ? emptiedEarlierThisTurn(address) : nil
    let generation = on ? (previous?.expected.generation ?? takeGeneration()) : 0
    let wasOff = reference.item(at: address) == nil
    reference.toggle(address, on: on, generation: generation)
    if let previous, wasOff {
      reference.restoreStackPosition(
        slot: address, order: previous.expected.order, isOnStack: previous.expected.isOnStack,
        isPresented: previous.expected.isPresented)
      reference.restoreAppearance(slot: address, hasAppeared: previous.expected.child?.hasAppeared == true)
    }
    runtimeToggle(address, on: on, generation: generation)
  }
}
