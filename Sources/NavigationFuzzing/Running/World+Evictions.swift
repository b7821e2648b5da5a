import HeadlessUIKit
import NavigationReference

/// Rule 2 across screens (`ReferenceMachine+Evictions`): a step writes only the model it
/// addresses, so a modal of another screen in the navigation group is evicted by the engine, which
/// dismisses it to present the new one; its binding writes nil back as the dismissal ends. The
/// world notes the evictions a dismissal makes as it begins and tells the reference as it ends.
extension World {
  /// `controller` (a modal the topology's content built) begins to be dismissed, not by the user:
  /// notes the modals the dismissal evicts — it and those below it that the dismissal takes too —
  /// and tells the reference of those that go because their screen left its stack.
  func noteEvictions(dismissing controller: UIViewController) {
    var evicted: [ScreenTag] = []
    var going: [ScreenTag] = []
    var current: UIViewController? = controller
    while let dismissed = current, dismissed.isBeingDismissed {
      if let tag = dismissed.screenTag ?? dismissed.children.first?.screenTag, case .slot(let address, _) = tag.place {
        if reference.isEviction(slot: address, generation: tag.generation) {
          evicted.append(tag)
        } else {
          // Not evicted: one whose screen left its stack goes with it, and may come back with it.
          reference.leftWithItsScreen(slot: address, generation: tag.generation)
          going.append(tag)
        }
      }
      var container = dismissed.presentingViewController
      while let parent = container?.parent { container = parent }
      current = container
    }
    if !evicted.isEmpty { evictionsUnderway[ObjectIdentifier(controller)] = evicted }
    if !going.isEmpty { goingWithTheirScreens[ObjectIdentifier(controller)] = going }
  }

  /// The dismissal of `controller` ended: the modals it evicted are gone, and their slots
  /// cleared. As for a user's removal, the app's next write to such a slot is a new item, which
  /// the evicted one's late write-back must not clear.
  func endEvictions(of controller: UIViewController) {
    var evicted = evictionsUnderway.removeValue(forKey: ObjectIdentifier(controller)) ?? []
    // A modal going with its screen while another of its group came to wait for the context
    // made way for that one too (rule 2: the last writer wins, whenever it wrote).
    for tag in goingWithTheirScreens.removeValue(forKey: ObjectIdentifier(controller)) ?? [] {
      if case .slot(let address, _) = tag.place, reference.madeWayWhileGoing(slot: address, generation: tag.generation) {
        evicted.append(tag)
      }
    }
    for tag in evicted {
      // Where it is now: a path element's screen moves when a deep link reuses it.
      if case .slot(let address, _) = tag.place { reference.evicted(slot: address, generation: tag.generation) }
      removedIncarnations.insert(tag.generation)
    }
  }
}
