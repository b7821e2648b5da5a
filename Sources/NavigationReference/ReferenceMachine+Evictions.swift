/// Rule 2 across screens: one modal per navigation group, last writer wins, where the writers are
/// different screens' models.
///
/// A step writes only the model it addresses. An app with one destination per screen clears its
/// own other modal when it sets one (`place`), but a modal of *another* screen in the same
/// navigation group — the root's alert set while a pushed screen shows its sheet — is the
/// engine's to evict: UIKit presents one modal per context, so the engine dismisses the shown one
/// to present the new one, and the dismissed one's binding writes nil back. The reference learns
/// of it as UIKit does: when the engine begins to dismiss a modal of the group that has been
/// presented while another modal of the group is set and waits to be presented, that dismissal is
/// an eviction, and the slot is cleared as the dismissal ends, when the binding writes nil back. A modal set and cleared again before the engine looks evicts nothing, and modals
/// of two screens set in one turn are shown in the order the engine presents them: the last one
/// presented stands.
extension ReferenceMachine {
  /// Whether the engine, beginning to dismiss the modal of incarnation `generation` in the slot
  /// at `address` (not the user, and not the slot's own binding), evicts it: it has been
  /// presented, and its navigation group holds another modal that has not been presented and
  /// whose screen shows what it holds. Any other dismissal the reference did not ask for is the
  /// checks' to judge.
  /// Whoever dismisses it: a modal whose screen has just left its stack, taken with it while
  /// another modal waits, still made way for the newer one (last writer wins), so it is evicted
  /// and does not come back with its screen. Without a waiting modal it goes with its screen
  /// (`leftWithItsScreen(slot:generation:)`).
  public func isEviction(slot address: Address, generation: Int) -> Bool {
    guard !semantics.laterModalsWait, let existing = item(at: address), existing.generation == generation,
      existing.isPresented, topology.slot(at: address)?.style.isModal == true
    else { return false }
    return filledModals(inGroupOf: address.parent).contains { other in
      other != address && item(at: other)?.isPresented == false && showsWhatItHolds(other.parent)
    }
  }

  /// The eviction of the modal of incarnation `generation` in the slot at `address` ended: its
  /// controller is gone, and its binding writes nil back. The slot is cleared if it still holds
  /// that incarnation — until then it held it: a write of the same id meanwhile changed its
  /// payload, as in the app's model, which the write-back clears too.
  public mutating func evicted(slot address: Address, generation: Int) {
    guard item(at: address)?.generation == generation else { return }
    setItem(nil, at: address)
  }

  /// The modal of incarnation `generation` in the slot at `address` begins to be dismissed, not by
  /// the user, while its screen is off its stack and no other modal of its group waits (that would
  /// make it an eviction): the engine takes a departed presenter's modals with it
  /// (swift-navigation #192). The state still holds it, so it is no longer presented but not
  /// removed: if its screen comes back (a collateral pop pushed back), it is presented again.
  public mutating func leftWithItsScreen(slot address: Address, generation: Int) {
    guard let existing = item(at: address), existing.generation == generation, existing.isPresented,
      topology.slot(at: address)?.style.isModal == true,
      existing.isAwayWithItsScreen || !isOnItsStack(screen: address.parent)
    else { return }
    modifyItem(at: address) { item in
      item.isPresented = false
      item.isAwayWithItsScreen = true
    }
    markPushesOffStack(inScreenAt: address)
  }

  /// The screens pushed inside the modal at `address` left with it (its navigation controller
  /// went): if it comes back, a new stack pushes them again, in the order the engine pushes them
  /// then — which their state does not fix (two push slots of one screen, both set) — so their
  /// order is taken again as they are pushed (`pushed(slot:generation:)`).
  mutating func markPushesOffStack(inScreenAt address: Address) {
    let screens = topology.screens
    func mark(_ screen: inout ReferenceScreen) {
      let slotSpecs = screens[screen.type].slots
      for index in screen.slots.indices where slotSpecs[index].style == .push {
        guard var item = screen.slots[index] else { continue }
        item.isOnStack = false
        if var child = item.child {
          mark(&child)
          item.child = child
        }
        screen.slots[index] = item
      }
    }
    modifyScreen(at: address, mark)
  }

  /// The screen at `address` (a push slot's or a path element's) left its stack, not by the user,
  /// and its state stays: the modals it and the screens pushed from it present go with it, and so
  /// do the modals presented inside those (a sheet's own stack's alert: UIKit dismisses what a
  /// dismissed modal presents along with it). Noted now, since the screen may be pushed back (as a
  /// new controller) before their dismissals begin, when nothing on their own addresses says their
  /// screen left.
  mutating func noteModalsGoing(withScreenAt address: Address) {
    let screens = topology.screens
    func note(_ screen: inout ReferenceScreen) {
      let slotSpecs = screens[screen.type].slots
      for index in screen.slots.indices {
        guard var item = screen.slots[index] else { continue }
        if slotSpecs[index].style.isModal {
          guard item.isPresented, !item.isAwayWithItsScreen else { continue }
          item.isAwayWithItsScreen = true
          if var child = item.child {
            note(&child)
            item.child = child
          }
        } else if slotSpecs[index].style == .push, var child = item.child {
          note(&child)
          item.child = child
        } else {
          continue
        }
        screen.slots[index] = item
      }
    }
    modifyScreen(at: address, note)
  }

  /// Another modal of the group of the slot at `address` was presented: every modal of the group
  /// away with its screen is older, and makes way for it when its screen comes back (last writer
  /// wins), its binding writing nil — whether or not the newer one is still shown by then.
  mutating func supersedeModalsGoneWithTheirScreen(by address: Address) {
    guard !semantics.laterModalsWait else { return }
    for other in filledModals(inGroupOf: address.parent) where other != address {
      if item(at: other)?.isAwayWithItsScreen == true { setItem(nil, at: other) }
    }
  }

  /// Whether the modal of incarnation `generation` in the slot at `address`, whose dismissal (not
  /// by the user, not by its binding, and no eviction as it began) ends now, made way for another
  /// modal of its group that came to wait for the context meanwhile: then it is evicted after
  /// all, as if that one had been waiting when the dismissal began (`isEviction`) — the engine
  /// dismissing a departed presenter's modals waits for no one, and the newer one waits for it.
  public func madeWayWhileGoing(slot address: Address, generation: Int) -> Bool {
    guard !semantics.laterModalsWait, let existing = item(at: address), existing.generation == generation,
      topology.slot(at: address)?.style.isModal == true
    else { return false }
    return filledModals(inGroupOf: address.parent).contains { other in
      other != address && item(at: other)?.isPresented == false && showsWhatItHolds(other.parent)
    }
  }

  /// Whether the screen at `address` is on its stack: every push along its address (a push slot
  /// or a path element) has joined its stack and not left it since.
  func isOnItsStack(screen address: Address) -> Bool {
    var prefix = Address()
    for component in address.components {
      prefix = prefix.appending(component)
      switch component {
      case .slot:
        if topology.slot(at: prefix)?.style == .push, item(at: prefix)?.isOnStack != true { return false }
      case .pathElement(let index):
        // Only the root screen has a path.
        guard prefix.components.count == 1, index < root.path.count, root.path[index].isOnStack else { return false }
      }
    }
    return true
  }

  /// The modal a navigation group shows where the last writer wins, among `modals` (the group's
  /// filled modal slots whose screens show what they hold, by order set): the newest. Once
  /// settled an engine leaves one; while two screens' modals are both set, the newer is wanted.
  func shownModal(among modals: [GroupMember]) -> GroupMember? {
    modals.last
  }
}
