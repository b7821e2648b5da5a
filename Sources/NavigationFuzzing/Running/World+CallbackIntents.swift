import NavigationReference

/// State changed from inside UIKit callbacks: an alert button's handler, a screen's
/// `viewDidAppear` / `viewDidDisappear`, a presentation's `onDismiss`. The topology declares which
/// intent each callback runs (`SlotSpec.buttons`, `.onDismiss`, `ScreenSpec.onAppear`,
/// `.onDisappear`); the app's feature code performs it when UIKit (or the engine) calls, and the
/// reference applies its effects at that same moment, as it learns of a user's removals from
/// UIKit. Nothing here depends on a step: generated runs produce these writes whenever their
/// steps lead UIKit to call back.
extension World {
  /// Runs intent `name` of `model`'s screen now, from a callback. Ignored when the screen has left
  /// the model or the reference holds another incarnation at its address: the feature code of a
  /// screen nobody holds changes nothing navigation reads.
  ///
  /// Not `performsFeatures`: the callback was the app's own (a button of an alert the app built),
  /// and the app's code has done the work; only the reference learns of it.
  func runIntentFromCallback(_ name: String, on model: ScreenModel, performsFeatures: Bool = true) {
    let address = model.address
    guard let intent = model.spec.intent(named: name) else { return }
    // What the user removed before UIKit called reaches the reference first: the alert a button
    // belongs to is gone by the time its handler runs.
    removalsBeforeCallbacks += applyUserRemovalsToReference()
    guard rootModel.screen(at: address.components[...]) === model, incarnationsAgree(at: address),
      let screen = reference.screen(at: address), screen.type == model.type
    else { return }
    let before = reference
    var withoutIdentityBefore = filledWithoutIdentity()
    let generations = (0..<reference.generationsNeeded(for: name, screenType: screen.type)).map { _ in takeGeneration() }
    performInReference(name, at: address, generations: generations, refreshing: &withoutIdentityBefore)
    if performsFeatures { features.perform(intent, on: model, in: AppContext(world: self, generations: generations)) }
    mirrorConsequences(since: before, except: declaredTargets(of: intent, at: address, type: model.type), includingPath: false)
    noteEmptiedByCallback(withoutIdentityBefore)
    callbackIntentsRun.append("\(name) on \(address.isRoot ? "root" : topology.describe(address))")
  }

  /// Whether the model and the reference hold the same incarnation at `address` (its last part).
  private func incarnationsAgree(at address: Address) -> Bool {
    switch address.last {
    case nil:
      return true
    case .slot(let index)?:
      guard let (model, _) = runtimeSlot(address), let runtime = model.peek(index), let expected = reference.item(at: address)
      else { return false }
      return runtime.id.generation == expected.generation
    case .pathElement(let index)?:
      let runtime = rootModel.peekPath, expected = reference.path
      return index < runtime.count && index < expected.count && runtime[index].generation == expected[index].generation
    }
  }

  /// The slots an intent's effects address directly (its own effects, which feature code owes),
  /// performed by the screen of type `type` at `screen`.
  func declaredTargets(of intent: IntentSpec, at screen: Address, type: Int) -> [Address] {
    intent.effects.compactMap { effect in
      switch effect {
      case .set(let slot, _), .clear(let slot):
        return topology.screens[type].slotIndex(named: slot).map { screen.appending(.slot($0)) }
      case .dismissSelf:
        if case .slot? = screen.last { return screen }
        return nil
      case .save, .pathAppend, .pathPopBack, .pathClear:
        return nil
      }
    }
  }
}
