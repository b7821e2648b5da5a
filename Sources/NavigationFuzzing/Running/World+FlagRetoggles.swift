import NavigationReference

/// A Bool slot turned off and on again before the engine could look is, to the engine, the same
/// presentation (its identity is constant): it keeps its incarnation and its place on its stack.
/// The world remembers which flags went off since the engine last looked.
extension World {
  /// A Bool slot that was on, where it stood: restored if it is turned on again within the turn.
  struct FlagSnapshot {
    var model: ScreenModel
    var index: Int
    var generation: Int
    var order: Int
    var isOnStack: Bool
  }

  /// Time passes (a tick, an advance, a settle): the engine sees the flags as they are now.
  func engineLooks() {
    flagsTurnedOffThisTurn.removeAll()
  }

  /// The Bool slots that are on now, in the run-time model.
  func flagsOn() -> [FlagSnapshot] {
    var result: [FlagSnapshot] = []
    for address in reference.filledSlots() where topology.slot(at: address)?.isFlag == true {
      if let (model, index) = runtimeSlot(address), let item = model.peek(index), let expected = reference.item(at: address) {
        result.append(
          FlagSnapshot(
            model: model, index: index, generation: item.id.generation, order: expected.order,
            isOnStack: expected.isOnStack))
      }
    }
    return result
  }

  /// Remembers which of `before` a program step turned off.
  func noteFlagsTurnedOff(_ before: [FlagSnapshot]) {
    for flag in before where flag.model.peek(flag.index) == nil { flagsTurnedOffThisTurn.append(flag) }
  }

  /// Turns a Bool slot on or off in the reference and the run-time model.
  func toggle(_ address: Address, on: Bool) {
    let model = runtimeSlot(address)
    let previous = on ? flagsTurnedOffThisTurn.first { $0.model === model?.0 && $0.index == model?.1 } : nil
    let generation = on ? (previous?.generation ?? takeGeneration()) : 0
    let wasOff = reference.item(at: address) == nil
    reference.toggle(address, on: on, generation: generation)
    if let previous, wasOff {
      reference.restoreStackPosition(slot: address, order: previous.order, isOnStack: previous.isOnStack)
    }
    runtimeToggle(address, on: on, generation: generation)
  }
}
