import HeadlessUIKit
import NavigationReference

/// Program steps on a path of plain values (`PathEquality.byValue`): every change is a deep link
/// to the new list of values, which the reference resolves against what the stack shows — the
/// screens an engine reuses by value are the ones on its stack, whatever the path went through
/// since it last looked.
extension World {
  /// Sets the path to `values`, in the reference and in the app's model.
  func setValuePath(_ values: [Int], generations: [Int]) {
    archiveValuePath()
    let generationsOnStack = stackSeenByEngine ?? stackWhenTheEngineLooks()
    stackSeenByEngine = generationsOnStack
    let stack = generationsOnStack.compactMap { generation in
      reference.path.first { $0.generation == generation } ?? pathArchive[generation]?.expected
    }
    let withoutIdentityBefore = filledWithoutIdentity(inPathScreens: stack)
    reference.pathSet(byValue: values, stack: stack, generations: generations)
    let current = rootModel.peekPath
    let updated = reference.path.enumerated().map { position, expected in
      current.first { $0.generation == expected.generation } ?? pathArchive[expected.generation]?.element
        ?? newPathElement(value: expected.value, generation: expected.generation, at: position)
    }
    if updated.map(\.generation) != current.map(\.generation) { rootModel.path = updated }
    dropItemsTheReferenceCleared()
    // A Bool push (or, where pushes carry no identity, any push) the deep link cleared, filled
    // again before the engine looks, is the same presentation to the engine (see
    // `World+SamePresentation`).
    for slot in withoutIdentityBefore where slot.model.peek(slot.index) == nil { emptiedThisTurn.append(slot) }
  }

  /// The slots without identity (Bool slots; pushes, where they carry none) that are filled in
  /// the path screens `stack` shows (with the state each had when it was last on the path), as
  /// the app's model and the reference hold them.
  private func filledWithoutIdentity(inPathScreens stack: [ReferencePathElement]) -> [SlotSnapshot] {
    stack.flatMap { expected -> [SlotSnapshot] in
      guard let model = (rootModel.peekPath.first { $0.generation == expected.generation }
        ?? pathArchive[expected.generation]?.element)?.screen
      else { return [] }
      return model.spec.slots.indices.compactMap { index in
        guard hasNoIdentity(model.spec.slots[index]), let runtime = model.peek(index), let item = expected.screen.slots[index]
        else { return nil }
        return SlotSnapshot(model: model, index: index, runtime: runtime, expected: item, address: nil)
      }
    }
  }

  /// Keeps every element of a path of plain values, with its screen's state, for when the path
  /// drops it — by a deep link, or by the engine writing back a collateral pop — and a
  /// deep link brings its value back before the engine looks. Called before every program step.
  func archiveValuePath() {
    guard topology.root.pathEquality == .byValue else { return }
    for (element, expected) in zip(rootModel.peekPath, reference.path) where element.generation == expected.generation {
      pathArchive[element.generation] = (element, expected)
    }
  }

  /// The transition the root stack takes part in, if any: an engine driving it from a path
  /// compares the path with its stack only once it is over.
  var rootStackTransition: UIViewControllerTransitionCoordinator? {
    (window.rootViewController as? UINavigationController)?.transitionCoordinator
  }

  /// Tells the reference the order of the path screens on the root stack, which a rebuild that
  /// reuses screens by value changes without any callback.
  func reportPathScreenOrder() {
    guard topology.root.pathEquality == .byValue,
      let stack = window.rootViewController as? UINavigationController
    else { return }
    reference.rootStackIsOrdered(
      stack.viewControllers.compactMap { controller in
        switch controller.screenTag?.place {
        case .pathElement?: controller.screenTag.map { .pathElement(generation: $0.generation) }
        case .slot(let address, _)?: controller.screenTag.map { .slot(address, generation: $0.generation) }
        default: nil
        }
      })
  }

  /// The incarnations of the path elements whose screens the stack will show when the engine next
  /// looks, bottom to top: the path screens in its `viewControllers`, and the one a swipe back
  /// that will be cancelled took out. Fixed from the first path step after the engine last
  /// looked until it looks again (time passes with its stack idle, or its transition ends).
  private func stackWhenTheEngineLooks() -> [Int] {
    guard let stack = window.rootViewController as? UINavigationController else { return [] }
    var shown = stack.viewControllers
    if let restored = stack.children.first(where: { child in
      child.screenTag?.generation == swipeBackCancelled && !shown.contains { $0 === child }
    }) {
      shown.append(restored)
    }
    return shown.compactMap { controller in
      guard let tag = controller.screenTag, case .pathElement = tag.place else { return nil }
      return tag.generation
    }
  }

  /// A user's pop of path screens equal by value is one write-back, decided at the lowest popped
  /// position: the engine cannot tell which of equal values it popped, only where.
  func applyUserPopOfValues(_ removed: [ScreenTag]) {
    let popped = removed.compactMap { tag -> (position: Int, value: Int)? in
      guard case .pathElement(let index) = tag.place else { return nil }
      return (pathPositionsBeforeGesture.firstIndex(of: tag.generation) ?? index, tag.id ?? 0)
    }
    guard let lowest = popped.min(by: { $0.position < $1.position }) else { return }
    reference.userRemoved(pathElement: lowest.position, value: lowest.value)
  }

  /// A path screen left the root stack (its `didMove(toParent: nil)`); `remaining` is the stack it
  /// left. A screen the user popped writes back by the user's rule. Where collateral pops write
  /// back, the engine's pop of plain values writes back as a user's does: once, at the lowest
  /// popped position, and only if the path still has the popped value there — the engine compares
  /// values, and the program may have written the path since it last looked. A rebuild (what stays
  /// is not what was below) writes nothing back, nor does a pop that nothing below the lowest
  /// popped screen explains (`leftAlongWithOneBelow`).
  func pathScreenLeftStack(_ controller: UIViewController, _ tag: ScreenTag, index: Int, remaining: UINavigationController?) {
    let poppedByUser = removedByUser.contains { $0 === tag }
    guard topology.root.pathEquality == .byValue, reference.semantics.collateralPopsWriteBack, !poppedByUser,
      let remaining
    else {
      reference.leftStack(
        pathElement: index, generation: tag.generation,
        collateral: !poppedByUser && leftAlongWithOneBelow(controller, tag: tag, stack: remaining))
      return
    }
    if var before = stacksBeforeRemoval[ObjectIdentifier(remaining)], before.stack === remaining, !before.pathPopDecided {
      before.pathPopDecided = true
      stacksBeforeRemoval[ObjectIdentifier(remaining)] = before
      func isPathScreen(_ tag: ScreenTag?) -> Bool { if case .pathElement? = tag?.place { true } else { false } }
      let pathPositions = before.tags.indices.filter { isPathScreen(before.tags[$0]) }
      let staying = remaining.viewControllers.compactMap(\.screenTag).filter(isPathScreen)
      if staying.count < pathPositions.count,
        zip(staying, pathPositions).allSatisfy({ $0 === before.tags[$1] }),
        before.leftAlongWithOneBelow(position: pathPositions[staying.count], remaining: remaining),
        let lowest = before.tags[pathPositions[staying.count]]
      {
        reference.userRemoved(pathElement: staying.count, value: lowest.id ?? 0)
      }
    }
    reference.leftStack(pathElement: index, generation: tag.generation, collateral: false)
  }

  /// A user's removal of a screen pushed or presented from a path screen the path has dropped
  /// (a screen of a plain value, kept with its state in case a deep link brings the value back):
  /// applied to the state archived with it. Returns whether the tag's screen was such a one.
  func userRemovedFromDroppedPathScreen(_ tag: ScreenTag) -> Bool {
    guard topology.root.pathEquality == .byValue, case .slot(let address, _) = tag.place,
      case .pathElement? = address.components.first, let (model, index) = tag.slot
    else { return false }
    let holder = Array(address.components.dropFirst().dropLast())
    for generation in pathArchive.keys.sorted() where !reference.path.contains(where: { $0.generation == generation }) {
      guard let (element, archived) = pathArchive[generation], element.screen.screen(at: holder[...]) === model else { continue }
      var expected = archived
      func clear(in screen: inout ReferenceScreen, _ remaining: ArraySlice<Address.Component>) {
        guard let first = remaining.first else {
          if screen.slots[index]?.generation == tag.generation { screen.slots[index] = nil }
          return
        }
        guard case .slot(let slot) = first, screen.slots[slot]?.child != nil else { return }
        clear(in: &screen.slots[slot]!.child!, remaining.dropFirst())
      }
      clear(in: &expected.screen, holder[...])
      pathArchive[generation] = (element, expected)
      return true
    }
    return false
  }

  func notePathPositionsBeforeGesture() {
    guard topology.root.pathEquality == .byValue,
      let stack = window.rootViewController as? UINavigationController
    else { return }
    // A gesture during a transition is skipped, so a pop in flight is not a new gesture's.
    guard stack.transitionCoordinator == nil else { return }
    pathPositionsBeforeGesture = stack.viewControllers.compactMap { controller in
      guard let tag = controller.screenTag, case .pathElement = tag.place else { return nil }
      return tag.generation
    }
  }

  /// The incarnation of the path screen on top of the root stack, which a swipe back is about to take.
  var topPathGeneration: Int? {
    guard let top = (window.rootViewController as? UINavigationController)?.topViewController?.screenTag,
      case .pathElement = top.place
    else { return nil }
    return top.generation
  }

  /// Clears every slot whose item the reference no longer holds at the same place. Reused screens
  /// move, so what the reference cleared is mirrored by incarnation rather than by the addresses
  /// that were filled before. (A path step clears no path screen's slot: the rebuild's pops are
  /// the engine's to write back.)
  private func dropItemsTheReferenceCleared() {
    func walk(_ model: ScreenModel) {
      for index in model.spec.slots.indices {
        guard let item = model.peek(index) else { continue }
        let address = model.address.appending(.slot(index))
        if reference.item(at: address)?.generation != item.id.generation {
          model[slot: index] = nil
        } else if let child = item.child {
          walk(child)
        }
      }
      for element in model.peekPath { walk(element.screen) }
    }
    walk(rootModel)
  }
}
