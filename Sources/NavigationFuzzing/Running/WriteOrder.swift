import NavigationReference

/// The order in which one step's writes reach an app's model.
///
/// An app holds one destination per screen: setting its sheet while its alert shows, or clearing
/// a push under its other pushes, is one write that reaches several bindings (one per slot, as
/// case paths of the one enum). The harness's model has a property per slot, so it writes them
/// one after another, and the order is the order their observations learn of the change. On a
/// device that order is the Observation registrar's, which no app chooses: either binding may
/// hear first. So a step may say which of the slots it clears on its screen are written before
/// the addressed one (`Step.afterClearing`); the generator, the explorer and the libFuzzer
/// decoder produce every position of the addressed write among them.
///
/// Only the addressed screen's slots are written: a modal of another screen in the navigation
/// group is the engine's to evict, and another screen's push that UIKit pops along is the
/// engine's to bring back or write back (docs/SEMANTICS.md §3, rules 2 and 3).
enum WriteOrder {
  /// The slots of the screen holding `addressed` that `before` held filled and `after` holds
  /// empty, `addressed` aside, by slot index: the other bindings the step's write reaches.
  static func slotsCleared(on addressed: Address, from before: ReferenceMachine, to after: ReferenceMachine) -> [Address] {
    let screen = addressed.parent
    guard let was = before.screen(at: screen), let now = after.screen(at: screen), was.type == now.type else { return [] }
    var cleared: [Address] = []
    for index in was.slots.indices where was.slots[index] != nil && now.slots[index] == nil {
      let address = screen.appending(.slot(index))
      if address != addressed { cleared.append(address) }
    }
    return cleared
  }

  /// The slots `step` (a `set`, `clear` or `toggle`) would clear on its screen besides the one it
  /// addresses, from the reference as it is: what a step chosen now may order.
  static func slotsCleared(by step: Step, in reference: ReferenceMachine) -> [Address] {
    // Only slots its screen holds filled besides the addressed one can be cleared: most steps
    // find none, and then the step is not tried on a copy of the reference (the generator asks
    // at every `set`, `clear` and `toggle`; the trial and the copy's release cost ~8 k
    // instructions each time).
    guard let addressed = addressedSlot(of: step), reference.holdsFilledSlot(besides: addressed) else { return [] }
    var after = reference
    let address: Address
    switch step {
    case .set(let target, let id):
      address = target
      after.set(target, id: id, generation: 0)
    case .clear(let target):
      address = target
      after.clear(target)
    case .toggle(let target, let on):
      address = target
      after.toggle(target, on: on, generation: 0)
    default:
      return []
    }
    return slotsCleared(on: address, from: reference, to: after)
  }

  /// `step` with the first `count` of the slots it clears (`cleared`, in their order) written
  /// before the addressed one; `step` itself when `count` is 0.
  static func step(_ step: Step, clearingFirst count: Int, of cleared: [Address]) -> Step {
    count == 0 ? step : .afterClearing(step, Array(cleared.prefix(count)))
  }

  /// The slot a `set`, `clear` or `toggle` addresses.
  static func addressedSlot(of step: Step) -> Address? {
    switch step {
    case .set(let address, _), .clear(let address), .toggle(let address, _): address
    default: nil
    }
  }
}

extension World {
  /// Clears in the app's model, in this order, those of `first` that the step just applied to
  /// the reference (from `before`) cleared on the screen of `addressed`: written before the
  /// addressed slot is (`Step.afterClearing`). A listed slot the step did not clear is not
  /// written: a step is judged by the reference as it finds it.
  /// Until the engine looks, the order is part of the state (`writeOrdersNotSeen`): an engine
  /// that acts in the order it hears will act on it.
  func clearFirst(_ first: [Address], addressed: Address, since before: ReferenceMachine) {
    guard !first.isEmpty else { return }
    let cleared = WriteOrder.slotsCleared(on: addressed, from: before, to: reference)
    let written = first.filter { cleared.contains($0) }
    for address in written { runtimeClear(address) }
    if !written.isEmpty { writeOrdersNotSeen.append(written) }
  }
}
