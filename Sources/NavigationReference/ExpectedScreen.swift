extension ReferenceMachine {
  /// The on-screen hierarchy the model implies, bottom to top: each navigation group's base, its
  /// pushed screens in the order they were pushed, then the group's modal (and its own group).
  /// With tabs, the root's group lists every tab's base and pushes after the root's own, in tab
  /// order, then the one modal all tabs share.
  public func expectedScreen() -> [ExpectedEntry] {
    var entries = [ExpectedEntry(style: "root", address: .root, id: nil, topology: topology)]
    appendGroup(base: .root, to: &entries)
    return entries
  }

  private func appendGroup(base: Address, to entries: inout [ExpectedEntry]) {
    let members = groupMembers(base: base)
    appendPushes(members.pushes, to: &entries)
    if base.isRoot && topology.hasTabs {
      // Every tab's stack, in tab order: the root's is tab 0's; the tabs' modals are the root's.
      for slot in topology.tabSlotIndices {
        let tab = Address([.slot(slot)])
        entries.append(ExpectedEntry(style: "tab", address: tab, id: nil, topology: topology))
        appendPushes(groupMembers(base: tab).pushes, to: &entries)
      }
    }
    let mayWait = showsWhatItHoldsMayWait  // else every screen shows what it holds: no parent addresses made
    var modals = members.modals
    if !semantics.laterModalsWait {
      // Two screens' modals may both be set until the engine evicts one: the newer is wanted.
      if mayWait { modals = modals.filter { showsWhatItHolds($0.address.parent) } }
      modals = shownModal(among: modals).map { [$0] } ?? []
    }
    for member in modals where !mayWait || showsWhatItHolds(member.address.parent) {
      guard let item = item(at: member.address), let spec = topology.slot(at: member.address) else { continue }
      if semantics.laterModalsWait && isWaiting(member.address) { continue }
      entries.append(
        ExpectedEntry(
          style: spec.style.rawValue, address: member.address, id: spec.isFlag || !semantics.carriesIdentity(spec.style) ? nil : item.id,
          topology: topology))
      if item.child != nil { appendGroup(base: member.address, to: &entries) }
    }
  }

  private func appendPushes(_ pushes: [GroupMember], to entries: inout [ExpectedEntry]) {
    let mayWait = showsWhatItHoldsMayWait  // else every screen shows what it holds: no parent addresses made
    for member in pushes where member.isPathElement || !mayWait || showsWhatItHolds(member.address.parent) {
      if member.isPathElement, case .pathElement(let index)? = member.address.last {
        entries.append(ExpectedEntry(style: "push", address: member.address, id: root.path[index].value, topology: topology))
      } else if let item = item(at: member.address), let spec = topology.slot(at: member.address) {
        // Pushes that carry no identity are compared without their id: the screen keeps the one it was pushed for.
        let id = spec.isFlag || !semantics.pushesCarryIdentity ? nil : item.id
        entries.append(ExpectedEntry(style: "push", address: member.address, id: id, topology: topology))
      }
    }
  }

  /// Every filled slot and the root path (and the selected tab, when not the first), as `expect
  /// state` prints them, sorted by address.
  /// `detailed` adds payloads and bump counts: the whole model, for comparisons.
  public func stateDescription(detailed: Bool = false) -> [String] {
    var lines: [String] = []
    func walk(_ screen: ReferenceScreen, at address: Address) {
      let spec = topology.screens[screen.type]
      for (index, item) in screen.slots.enumerated() {
        guard let item else { continue }
        let slotAddress = address.appending(.slot(index))
        let value = spec.slots[index].isFlag ? "on" : String(item.id)
        // A tab is always there: what its screen holds is listed, not the tab.
        if spec.slots[index].style == .tab {
          if let child = item.child { walk(child, at: slotAddress) }
          continue
        }
        lines.append("\(topology.describe(slotAddress))=\(value)" + (detailed ? " payload=\(item.payload)" : ""))
        if let child = item.child { walk(child, at: slotAddress) }
      }
      for (index, element) in screen.path.enumerated() {
        walk(element.screen, at: address.appending(.pathElement(index)))
      }
      if detailed && screen.bumps > 0 {
        lines.append("bumps(\(address.isRoot ? "root" : topology.describe(address)))=\(screen.bumps)")
      }
    }
    if !root.path.isEmpty { lines.append("path=" + root.path.map { String($0.value) }.joined(separator: ",")) }
    if tabSelection != 0 { lines.append("tab=\(tabSelection)") }
    walk(root, at: .root)
    return lines.sorted()
  }
}
