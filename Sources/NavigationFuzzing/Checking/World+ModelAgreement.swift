import NavigationReference

extension World {
  /// Whether the run-time model is the reference's, judged slot by slot without describing
  /// either: ids, payloads, bumps and path values, in the same shape. True only when their
  /// `stateDescription(detailed: true)` lines are equal; where it cannot tell cheaply (shapes that
  /// differ, a screen shown twice on a path) it says false, and the caller compares descriptions.
  /// `reference-agreement` is checked at every quiescent point: describing both sides as text
  /// every time cost more than the rest of that check.
  func modelMatchesReference() -> Bool {
    func same(_ model: ScreenModel, _ expected: ReferenceScreen) -> Bool {
      let slots = model.spec.slots
      guard model.type == expected.type, slots.count == expected.slots.count, model.peekBumps == expected.bumps else {
        return false
      }
      // Describing a screen with bumps reads its address, which keeps its last address current:
      // the same here, so nothing read later differs from a run that described it.
      if model.peekBumps > 0 { _ = model.address }
      for index in slots.indices {
        switch (model.peek(index), expected.slots[index]) {
        case (nil, nil):
          continue
        case (let item?, let want?):
          guard item.payload == want.payload, slots[index].isFlag || item.id.id == want.id else { return false }
          switch (item.child, want.child) {
          case (nil, nil): break
          case (let child?, let wanted?): guard same(child, wanted) else { return false }
          default: return false
          }
        default:
          return false
        }
      }
      let path = model.peekPath
      guard path.count == expected.path.count else { return false }
      guard !path.isEmpty else { return true }
      // Each element's screen first at its own place (none shown twice): looked up, not searched
      // for, as a deep link makes a path of thousands.
      let screens = ListLookup(path.map { ObjectIdentifier($0.screen) })
      for (index, element) in path.enumerated() {
        guard element.value == expected.path[index].value,
          screens.firstIndex(of: ObjectIdentifier(element.screen)) == index,
          same(element.screen, expected.path[index].screen)
        else { return false }
      }
      return true
    }
    return same(rootModel, reference.root)
  }
}
