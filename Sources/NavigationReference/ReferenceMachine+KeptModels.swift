/// Bool slots whose screen's model outlives its presentations (`SlotSpec.keepsChildModel`).
extension ReferenceMachine {
  /// Turns the Bool slot at `address` on, showing `child`: the state of the screen's model the app
  /// kept from its last presentation, as the app holds it now (what the engine wrote back into it
  /// as that presentation went is the app's). It is shown anew: its items are placed in the order
  /// of the walk (parents before children), none is on a stack or presented yet, and the screen
  /// has not appeared. False when the slot does not exist or is not a Bool slot.
  @discardableResult
  public mutating func toggleOn(_ address: Address, generation: Int, showing child: ReferenceScreen) -> Bool {
    guard item(at: address) == nil else { return true }
    guard toggle(address, on: true, generation: generation) else { return false }
    var shown = child
    placeAnew(&shown)
    modifyItem(at: address) { $0.child = shown }
    return true
  }

  private mutating func placeAnew(_ screen: inout ReferenceScreen) {
    screen.hasAppeared = false
    for index in screen.slots.indices {
      guard var item = screen.slots[index] else { continue }
      item.order = takeOrder()
      item.isOnStack = false
      item.isPresented = false
      item.isAwayWithItsScreen = false
      if var child = item.child {
        placeAnew(&child)
        item.child = child
      }
      screen.slots[index] = item
    }
  }
}

extension ReferenceItem {
  /// An item of a screen model the app kept (`ReferenceMachine.toggleOn(_:generation:showing:)`
  /// places it).
  public init(kept id: Int, payload: Int, generation: Int, child: ReferenceScreen?) {
    self.init(id: id, payload: payload, generation: generation, order: 0, child: child)
  }
}
