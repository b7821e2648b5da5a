/// The reference state machine: docs/SEMANTICS.md's five rules, applied to a pure value.
///
/// 1. Source of truth — a slot holds an item iff one screen shows it (`expectedScreen`).
/// 2. One modal per presentation context — a modal set in a navigation group evicts the group's
///    other modal, whose slot is cleared: last writer wins (or, where later modals wait, it waits
///    until the shown one goes).
/// 3. Cascade — removing a pushed screen removes everything above it in its stack; clearing a slot
///    clears everything under it.
/// 4. Identity — a new id (or a new incarnation) re-presents; payload changes never do.
/// 5. Stack — user pops leave a strict prefix; the root is never popped; duplicate values are
///    distinct screens.
///
/// Operations that address something that does not exist return `false` and change nothing.
public struct ReferenceMachine: Hashable, Sendable {
  /// The topology and the rule switches, which never change, held in one shared object: the
  /// harness copies the machine several times a step (every method called on a class's stored
  /// machine works on a copy), and each copy retained and released every array and string of
  /// both (seven references; three now, with `root`'s two arrays).
  @usableFromInline let constants: Constants
  @inlinable public var topology: TopologySpec { constants.topology }
  /// The rule switches this machine follows.
  @inlinable public var semantics: SemanticsProfile { constants.semantics }
  public private(set) var root: ReferenceScreen
  private var nextOrder = 1
  /// With tabs: the selected tab, and the tabs whose screen has loaded, as bits by tab (tab 0's
  /// always). Kept beside the screens, not in them: every screen's copy would carry them.
  var tabSelection = 0
  var loadedTabs = 1

  public init(topology: TopologySpec, semantics: SemanticsProfile = .navfuzz) {
    constants = Constants(topology: topology, semantics: semantics)
    self.root = ReferenceScreen(type: 0, in: topology)
    if semantics.presentsOnlyAfterAppearing { root.hasAppeared = true }  // on screen from the start
    if topology.hasTabs { placeTabs() }
  }

  /// What a machine never changes (see `constants`).
  @usableFromInline final class Constants: Sendable {
    @usableFromInline let topology: TopologySpec
    @usableFromInline let semantics: SemanticsProfile

    init(topology: TopologySpec, semantics: SemanticsProfile) {
      self.topology = topology
      self.semantics = semantics
    }
  }

  public static func == (lhs: ReferenceMachine, rhs: ReferenceMachine) -> Bool {
    lhs.root == rhs.root && lhs.tabSelection == rhs.tabSelection && lhs.loadedTabs == rhs.loadedTabs
  }
  public func hash(into hasher: inout Hasher) {
    hasher.combine(root)
    hasher.combine(tabSelection)
    hasher.combine(loadedTabs)
  }

  // MARK: Reading

  /// The screen at a screen address, if it exists now.
  public func screen(at address: Address) -> ReferenceScreen? {
    screen(along: address.components[...])
  }

  /// The screen reached from the root along `components`. A slot's holder is reached along its
  /// address's components but the last: no parent `Address` is made for each look-up.
  private func screen(along components: ArraySlice<Address.Component>) -> ReferenceScreen? {
    var screen = root
    for component in components {
      switch component {
      case .slot(let index):
        guard index < screen.slots.count, let child = screen.slots[index]?.child else { return nil }
        screen = child
      case .pathElement(let index):
        guard index < screen.path.count else { return nil }
        screen = screen.path[index].screen
      }
    }
    return screen
  }

  /// The item at a slot address, if the slot exists and is filled.
  public func item(at address: Address) -> ReferenceItem? {
    guard case .slot(let index)? = address.last, let screen = screen(along: address.components.dropLast()),
      index < screen.slots.count
    else { return nil }
    return screen.slots[index]
  }

  /// Whether the screen holding the slot at `address` holds another filled slot: a write to that
  /// slot can empty no other slot of its screen (`WriteOrder`) when none is. Read in place, along
  /// the address: no screen, item or parent address is copied or made (the generator asks at
  /// every `set`, `clear` and `toggle` it chooses).
  package func holdsFilledSlot(besides address: Address) -> Bool {
    guard case .slot(let index)? = address.last else { return false }
    func holds(_ screen: ReferenceScreen, along remaining: ArraySlice<Address.Component>) -> Bool {
      guard let first = remaining.first else {
        for other in screen.slots.indices where other != index {
          switch screen.slots[other] {
          case .none: continue
          case .some: return true
          }
        }
        return false
      }
      switch first {
      case .slot(let slot):
        guard slot < screen.slots.count, screen.slots[slot]?.child != nil else { return false }
        return holds(screen.slots[slot]!.child!, along: remaining.dropFirst())
      case .pathElement(let element):
        guard element < screen.path.count else { return false }
        return holds(screen.path[element].screen, along: remaining.dropFirst())
      }
    }
    return holds(root, along: address.components.dropLast())
  }

  /// Whether the slot at `address` exists now: its screen is on the model and has it (an element
  /// of a path with several kinds has the slots of its value's kind only).
  public func slotExists(_ address: Address) -> Bool {
    guard case .slot(let index)? = address.last, let screen = screen(along: address.components.dropLast()) else {
      return false
    }
    return index < screen.slots.count && !topology.screens[screen.type].slots[index].isAbsent
  }

  public var path: [ReferencePathElement] { root.path }

  // MARK: Program actions

  /// Puts item `id` into a slot. The same id is a payload change; another id re-presents.
  @discardableResult
  public mutating func set(_ address: Address, id: Int, generation: Int) -> Bool {
    guard slotExists(address), let spec = topology.slot(at: address), !spec.isFlag, spec.style != .tab else { return false }
    if let existing = item(at: address), existing.id == id {
      modifyItem(at: address) { $0.payload += 1 }
      return true
    }
    if !semantics.carriesIdentity(spec.style), item(at: address) != nil {
      // The pushed screen (or the alert) stays, with its screen's state: only the slot's id changes.
      modifyItem(at: address) { item in
        item.id = id
        item.payload = 0
      }
      return true
    }
    place(address, spec: spec, id: id, generation: generation)
    return true
  }

  /// Turns a Bool slot on or off.
  @discardableResult
  public mutating func toggle(_ address: Address, on: Bool, generation: Int) -> Bool {
    guard slotExists(address), let spec = topology.slot(at: address), spec.isFlag, spec.style != .tab else { return false }
    let isOn = item(at: address) != nil
    if on && !isOn { place(address, spec: spec, id: 0, generation: generation) }
    if !on && isOn { clear(address) }
    return true
  }

  /// A payload change: same identity, nothing re-presents.
  @discardableResult
  public mutating func mutate(_ address: Address) -> Bool {
    guard item(at: address) != nil, topology.slot(at: address)?.style != .tab else { return false }
    modifyItem(at: address) { $0.payload += 1 }
    return true
  }

  /// Empties a slot; a pushed screen takes everything above it with it.
  @discardableResult
  public mutating func clear(_ address: Address) -> Bool {
    guard slotExists(address), topology.slot(at: address)?.style != .tab else { return false }
    guard let existing = item(at: address), let spec = topology.slot(at: address) else { return true }
    if spec.style == .push, existing.isOnStack {
      removeFromStack(atOrAbove: existing.order, inGroupOf: address.parent, writtenBy: address.parent)
    }
    setItem(nil, at: address)
    return true
  }

  /// Changes a property of a screen's model that navigation does not read.
  @discardableResult
  public mutating func bump(_ screenAddress: Address) -> Bool {
    guard screen(at: screenAddress) != nil else { return false }
    modifyScreen(at: screenAddress) { $0.bumps += 1 }
    return true
  }

  /// Appends an element whose screen is the one its value's kind shows; false when the path
  /// takes no such value.
  @discardableResult
  public mutating func pathAppend(_ value: Int, generation: Int) -> Bool {
    guard let elementType = topology.root.pathScreen(for: value) else { return false }
    root.path.append(
      ReferencePathElement(
        value: value, generation: generation, order: takeOrder(),
        screen: ReferenceScreen(type: elementType, in: topology)))
    return true
  }

  @discardableResult
  public mutating func pathRemoveLast(_ count: Int) -> Bool {
    guard topology.root.hasPath, count >= 1, count <= root.path.count else { return false }
    truncatePath(to: root.path.count - count)
    return true
  }

  /// A deep link: elements matching the current path's leading values are kept (with their
  /// screens' state); the rest are new screens.
  @discardableResult
  public mutating func pathSet(_ values: [Int], generations: [Int]) -> Bool {
    guard topology.root.hasPath, generations.count == values.count,
      values.allSatisfy({ topology.root.pathDestination(for: $0) != nil })
    else { return false }
    var common = 0
    while common < min(values.count, root.path.count), root.path[common].value == values[common] { common += 1 }
    if common < root.path.count { truncatePath(to: common) }
    for index in common..<values.count { pathAppend(values[index], generation: generations[index]) }
    return true
  }

  /// The addresses of every filled slot, parents before children.
  public func filledSlots() -> [Address] {
    var result: [Address] = []
    func walk(_ screen: ReferenceScreen, at address: Address) {
      for (index, item) in screen.slots.enumerated() {
        guard let item else { continue }
        let slotAddress = address.appending(.slot(index))
        // A tab is always there, not filled by anyone: only what its screen holds is listed.
        if item.generation >= 0 || !isTabSlot(slotAddress) { result.append(slotAddress) }
        if let child = item.child { walk(child, at: slotAddress) }
      }
      for (index, element) in screen.path.enumerated() { walk(element.screen, at: address.appending(.pathElement(index))) }
    }
    walk(root, at: .root)
    return result
  }

  /// The addresses of the filled slots whose spec passes `isIncluded`, parents before children.
  /// One walk that builds only the addresses it returns: every filled slot's address is, in a
  /// deeply nested model, the square of its depth in all.
  public func filledSlots(where isIncluded: (SlotSpec) -> Bool) -> [Address] {
    var result: [Address] = []
    var components: [Address.Component] = []
    // The screen's type as the topology's shape gives it (`TopologySpec.slot(at:)`): nil where
    // the shape has no screen.
    func walk(_ screen: ReferenceScreen, type: Int?) {
      for (index, item) in screen.slots.enumerated() {
        guard let item else { continue }
        components.append(.slot(index))
        let spec = type.flatMap { index < topology.screens[$0].slots.count ? topology.screens[$0].slots[index] : nil }
        if let spec, spec.style != .tab, isIncluded(spec) { result.append(Address(components)) }
        if let child = item.child { walk(child, type: spec?.child) }
        components.removeLast()
      }
      for (index, element) in screen.path.enumerated() {
        components.append(.pathElement(index))
        walk(element.screen, type: type.map { _ in element.screen.type })
        components.removeLast()
      }
    }
    walk(root, type: 0)
    return result
  }

  /// Applies an intent's effects as the screen at `screen` performs it. `generations` supplies
  /// one incarnation per effect that creates something. Returns false when the screen does not
  /// exist or does not offer the intent.
  @discardableResult
  public mutating func perform(_ intent: String, at screen: Address, generations: [Int]) -> Bool {
    var unwatched: [ReferenceItem?] = []
    return perform(intent, at: screen, generations: generations, watching: [], lastFilled: &unwatched)
  }

  /// `perform(_:at:generations:)`, noting for each slot of `watched` its item after the last
  /// effect that left it filled (`lastFilled[i]` for `watched[i]`; nil where it was never
  /// filled): the item as it was when an effect emptied it. An intent may change a screen's state
  /// and then dismiss it (`save`, then `dismiss`); a presentation filled again before the engine
  /// looks is the same one, with the state its screen had when it left, not before the intent.
  @discardableResult
  public mutating func perform(
    _ intent: String, at screen: Address, generations: [Int], watching watched: [Address], lastFilled: inout [ReferenceItem?]
  ) -> Bool {
    guard let state = self.screen(at: screen), let spec = topology.screens[state.type].intent(named: intent) else {
      return false
    }
    lastFilled = watched.map { item(at: $0) }
    var fresh = generations.makeIterator()
    for effect in spec.effects {
      defer {
        for (index, address) in watched.enumerated() {
          if let item = item(at: address) { lastFilled[index] = item }
        }
      }
      switch effect {
      case .set(let slot, let id):
        guard let index = topology.screens[state.type].slotIndex(named: slot) else { continue }
        set(screen.appending(.slot(index)), id: id, generation: fresh.next() ?? 0)
      case .clear(let slot):
        guard let index = topology.screens[state.type].slotIndex(named: slot) else { continue }
        clear(screen.appending(.slot(index)))
      case .save:
        bump(screen)
      case .pathAppend(let value):
        pathAppend(value, generation: fresh.next() ?? 0)
      case .pathPopBack(let value):
        guard case .pathElement(let position)? = screen.components.first,
          let target = root.path[..<min(position, root.path.count)].lastIndex(where: { $0.value == value })
        else { continue }
        truncatePath(to: target + 1)
      case .pathClear:
        truncatePath(to: 0)
      case .dismissSelf:
        switch screen.last {
        case .slot?: clear(screen)
        case .pathElement(let position)? where screen.components.count == 1: truncatePath(to: position)
        default: break
        }
      }
    }
    return true
  }

  /// How many incarnations performing `intent` on a screen of `type` needs.
  public func generationsNeeded(for intent: String, screenType type: Int) -> Int {
    topology.screens[type].intent(named: intent)?.effects.filter {
      if case .set = $0 { return true }
      if case .pathAppend = $0 { return true }
      return false
    }.count ?? 0
  }

  // MARK: What the user did

  /// The user removed the screen showing incarnation `generation` of the slot at `address`
  /// (swipe, tap outside, alert button, back, back-to, swipe back). Clears the slot only if it
  /// still holds that incarnation. UIKit reports every screen a gesture removes (everything above
  /// a popped screen too), so there is nothing to cascade here.
  public mutating func userRemoved(slot address: Address, generation: Int) {
    guard let existing = item(at: address), existing.generation == generation else { return }
    setItem(nil, at: address)
  }

  /// The user popped the screen of path element `index` (incarnation `generation`): the path keeps
  /// the elements before it (a strict prefix).
  public mutating func userRemoved(pathElement index: Int, generation: Int) {
    guard let index = pathIndex(of: generation, near: index) else { return }
    modifyScreen(at: .root) { $0.path.removeSubrange(index...) }
  }

  /// The screen of the push slot at `address` (incarnation `generation`) is now on its stack,
  /// on top: from now on it is above everything pushed before it. A screen of that incarnation on
  /// the stack already is being replaced by a new controller: the order of this moment is kept
  /// for it, for when the old one leaves (`replaced(slot:generation:inPlace:)`).
  public mutating func pushed(slot address: Address, generation: Int) {
    guard let existing = item(at: address), existing.generation == generation,
      topology.slot(at: address)?.style == .push
    else { return }
    let order = takeOrder()
    modifyItem(at: address) { item in
      if item.isOnStack {
        item.replacementOrder = order
      } else {
        item.order = order
        item.isOnStack = true
      }
    }
  }

  /// The old controller of the push slot's screen at `address` (incarnation `generation`) left
  /// its stack while a new one of the same incarnation is on it: the screen never left its stack
  /// (its state stays, nothing goes with it). Unless the new controller took the old one's place
  /// in the same change (`inPlace`: a rebuild that swapped it in where the old one stood), it was
  /// pushed again after the old one was popped, and is on top from its new controller's join, as
  /// any screen pushed again.
  public mutating func replaced(slot address: Address, generation: Int, inPlace: Bool) {
    guard let existing = item(at: address), existing.generation == generation, existing.isOnStack else { return }
    modifyItem(at: address) { item in
      if !inPlace, let order = item.replacementOrder { item.order = order }
      item.replacementOrder = nil
    }
  }

  /// The same for path element `index`.
  public mutating func replaced(pathElement index: Int, generation: Int, inPlace: Bool) {
    guard let index = pathIndex(of: generation, near: index), root.path[index].isOnStack else { return }
    modifyScreen(at: .root) { screen in
      if !inPlace, let order = screen.path[index].replacementOrder { screen.path[index].order = order }
      screen.path[index].replacementOrder = nil
    }
  }

  /// The screen of the push slot at `address` (incarnation `generation`) left its stack without
  /// the user (popped along with a screen below it, `collateral`): until it is pushed again it is
  /// above nothing — or, where collateral pops write back, its slot is cleared. A pop that nothing
  /// below it explains (not `collateral`) writes nothing back under any profile: the engine took
  /// away a screen its state still wants.
  public mutating func leftStack(slot address: Address, generation: Int, collateral: Bool = true) {
    guard let existing = item(at: address), existing.generation == generation, existing.isOnStack else { return }
    if semantics.collateralPopsWriteBack, collateral {
      setItem(nil, at: address)
    } else {
      modifyItem(at: address) { $0.isOnStack = false }
      noteModalsGoing(withScreenAt: address)
    }
  }

  /// The same for path element `index`; where collateral pops write back, the path keeps the
  /// elements before it. Not `collateral`, the path is left alone: a screen the user popped
  /// writes back by the user's rule, a pop of plain values is decided by value at the lowest
  /// popped position (`userRemoved(pathElement:value:)`: the program may have written another
  /// value there meanwhile), and a pop nothing below explains writes nothing back. An element
  /// that stays is shown again by a new screen, which has not appeared yet.
  public mutating func leftStack(pathElement index: Int, generation: Int, collateral: Bool = true) {
    guard let index = pathIndex(of: generation, near: index), root.path[index].isOnStack else { return }
    if semantics.collateralPopsWriteBack, collateral {
      modifyScreen(at: .root) { $0.path.removeSubrange(index...) }
    } else {
      let appearsAgain = semantics.presentsOnlyAfterAppearing
      modifyScreen(at: .root) { root in
        root.path[index].isOnStack = false
        if appearsAgain { root.path[index].screen.hasAppeared = false }
      }
      noteModalsGoing(withScreenAt: Address([.pathElement(index)]))
    }
  }

  /// Puts an item back where it stood on its stack: a Bool slot turned off and on again before
  /// the engine looked never left the screen.
  public mutating func restoreStackPosition(slot address: Address, order: Int, isOnStack: Bool, isPresented: Bool = false) {
    modifyItem(at: address) { item in
      item.order = order
      item.isOnStack = isOnStack
      item.isPresented = isPresented
    }
  }

  /// The child screen of the slot at `address` is the one that was on screen before (a Bool slot
  /// turned off and on again before the engine looked): it has appeared if that one had.
  public mutating func restoreAppearance(slot address: Address, hasAppeared: Bool) {
    guard hasAppeared, screen(at: address) != nil else { return }
    modifyScreen(at: address) { $0.hasAppeared = true }
  }

  /// The screen at `address` (of incarnation `generation`: its slot's or path element's; 0 for the
  /// root) appeared: where presentations wait for it, what it shows is expected from now on.
  public mutating func appeared(screen address: Address, generation: Int) {
    guard appearanceIsNews(screen: address, generation: generation) else { return }
    modifyScreen(at: address) { $0.hasAppeared = true }
  }

  /// Whether `appeared(screen:generation:)` would change anything: the screen exists, is of that
  /// incarnation, and has not appeared yet, where presentations wait for their presenter. Every
  /// `viewDidAppear` reports; a caller that keeps values derived from the machine until it is
  /// written asks this first, so that a report that changes nothing writes nothing.
  public func appearanceIsNews(screen address: Address, generation: Int) -> Bool {
    guard semantics.presentsOnlyAfterAppearing, let screen = screen(at: address), !screen.hasAppeared else { return false }
    switch address.last {
    case .slot?: return item(at: address)?.generation == generation
    case .pathElement(let index)?: return address.components.count == 1 && root.path[index].generation == generation
    case nil: return true
    }
  }

  /// Whether what the screen at `address` holds is expected on screen: always, unless
  /// presentations wait for their presenter to appear and it has not, or the screen belongs to a
  /// modal still waiting for another one to go.
  public func showsWhatItHolds(_ address: Address) -> Bool {
    if semantics.presentsOnlyAfterAppearing && screen(at: address)?.hasAppeared != true { return false }
    if topology.hasTabs && !isTabLoaded(containing: address) { return false }
    guard semantics.laterModalsWait else { return true }
    var prefix: [Address.Component] = []
    for component in address.components {
      prefix.append(component)
      if case .slot = component, isWaiting(Address(prefix)) { return false }
    }
    return true
  }

  /// Whether the item in the slot at `slot` is expected on screen now: its screen shows what it
  /// holds and, where later modals wait, it is not waiting behind another.
  public func showsItem(at slot: Address) -> Bool {
    // Where no screen waits to show what it holds, every one does: no parent `Address` is made.
    guard showsWhatItHoldsMayWait else { return true }
    return showsWhatItHolds(slot.parent) && !(semantics.laterModalsWait && isWaiting(slot))
  }

  /// Whether `showsWhatItHolds` can say false (and `isWaiting` true) under this profile: when it
  /// cannot, both answer without walking, and callers need not make the addresses they take.
  var showsWhatItHoldsMayWait: Bool { semantics.presentsOnlyAfterAppearing || semantics.laterModalsWait || topology.hasTabs }

  /// Where later modals wait: whether the modal slot at `slot` is filled but not shown, because
  /// its navigation group shows another. The group shows the modal already presented, if one is
  /// still set; else its earliest (by the order the slots were set; a new identity keeps the
  /// slot's place) — counting only modals whose screen shows what it holds. Modals requested in
  /// one turn reach the engine together, so the one it presents first is the one shown.
  public func isWaiting(_ slot: Address) -> Bool {
    guard semantics.laterModalsWait, item(at: slot) != nil, topology.slot(at: slot)?.style.isModal == true else { return false }
    let candidates = groupMembers(base: modalGroupBase(of: slot.parent)).modals.filter { showsWhatItHolds($0.address.parent) }
    let shown = candidates.first { item(at: $0.address)?.isPresented == true } ?? candidates.first
    return shown.map { $0.address != slot } ?? false
  }

  /// The modal of incarnation `generation` in the slot at `address` began to appear: where later
  /// modals wait, it is the one its group shows until it goes; elsewhere, a modal the engine may
  /// dismiss for another screen's (`engineDismisses(slot:generation:)`), and newer than every
  /// modal of its group gone with its screen (`supersedeModalsGoneWithTheirScreen(by:)`).
  public mutating func presented(slot address: Address, generation: Int) {
    guard let existing = item(at: address), existing.generation == generation,
      !existing.isPresented, topology.slot(at: address)?.style.isModal == true
    else { return }
    modifyItem(at: address) { item in
      item.isPresented = true
      item.isAwayWithItsScreen = false
    }
    supersedeModalsGoneWithTheirScreen(by: address)
  }

  /// Puts `item` into the slot as it was before it was emptied (its place on its stack and its
  /// screen's state): a presentation the engine could not tell apart from the one emptied before
  /// it looked. Its screen's modals may now share a navigation group with a modal set meanwhile
  /// on another screen (rule 2): nothing is cleared here — the step wrote one model — but the
  /// engine evicts one of them when it presents the other (`engineDismisses(slot:generation:)`):
  /// a screen already on its stack shows its modal already, so the newer one evicts it; a screen
  /// not yet pushed presents its modal once it appears, evicting the other.
  public mutating func reinstate(_ item: ReferenceItem, at address: Address) {
    guard slotExists(address) else { return }
    setItem(item, at: address)
  }

  /// The screen of path element `index` (incarnation `generation`) is now on the stack, on top;
  /// as for a push slot's, a new controller of an element on the stack keeps the order of its join
  /// for `replaced(pathElement:generation:inPlace:)`.
  public mutating func pushed(pathElement index: Int, generation: Int) {
    guard let index = pathIndex(of: generation, near: index) else { return }
    let order = takeOrder()
    modifyScreen(at: .root) { screen in
      if screen.path[index].isOnStack {
        screen.path[index].replacementOrder = order
      } else {
        screen.path[index].order = order
        screen.path[index].isOnStack = true
      }
    }
  }

  /// Where the path element of incarnation `generation` is now: at `index`, or — elements equal by
  /// value move when a deep link reuses them — wherever it went.
  func pathIndex(of generation: Int, near index: Int) -> Int? {
    if index < root.path.count, root.path[index].generation == generation { return index }
    return root.path.firstIndex { $0.generation == generation }
  }

  // MARK: Mechanics

  mutating func takeOrder() -> Int {
    defer { nextOrder += 1 }
    return nextOrder
  }

  private mutating func place(_ address: Address, spec: SlotSpec, id: Int, generation: Int) {
    if let existing = item(at: address), spec.style == .push, existing.isOnStack {
      // An identity change pops the old screen (and everything above it), then pushes the new one.
      removeFromStack(atOrAbove: existing.order, inGroupOf: address.parent, writtenBy: address.parent)
    }
    // A modal's new identity keeps its slot's place in line where later modals wait (SwiftUI
    // replaces the sheet "using the same process"); elsewhere it evicts the group's other modal.
    let keptOrder = semantics.laterModalsWait && spec.style.isModal ? item(at: address)?.order : nil
    if spec.style.isModal && !semantics.laterModalsWait { evictModals(of: address.parent, except: address) }
    let child = spec.child.map { ReferenceScreen(type: $0, in: topology) }
    setItem(ReferenceItem(id: id, payload: 0, generation: generation, order: keptOrder ?? takeOrder(), child: child), at: address)
  }

  /// The navigation group of a screen: the screen at the base of its navigation controller
  /// (the root, or the modal slot whose child it is), reached by walking down through pushes.
  func groupBase(of screenAddress: Address) -> Address {
    var address = screenAddress
    while let last = address.last {
      switch last {
      case .pathElement: address = address.parent
      case .slot:
        guard topology.slot(at: address)?.style == .push else { return address }
        address = address.parent
      }
    }
    return address
  }

  struct GroupMember {
    var order: Int
    var address: Address
    var isPathElement: Bool
    var isOnStack: Bool
  }

  /// Pushed screens (push slots and path elements) and filled modal slots in a group. The root's
  /// group has the modals of every tab too (one presentation context), not their pushes (each tab
  /// is its own stack: `groupMembers(base:)` of its tab slot).
  func groupMembers(base: Address) -> (pushes: [GroupMember], modals: [GroupMember]) {
    var pushes: [GroupMember] = [], modals: [GroupMember] = []
    func walk(_ screen: ReferenceScreen, at address: Address, modalsOnly: Bool = false) {
      let slotSpecs = topology.screens[screen.type].slots  // the slots only: not a copy of the whole screen spec
      for (index, item) in screen.slots.enumerated() {
        guard let item else { continue }
        let slotAddress = address.appending(.slot(index))
        if slotSpecs[index].style == .tab {
          if let child = item.child { walk(child, at: slotAddress, modalsOnly: true) }
        } else if slotSpecs[index].style == .push {
          if !modalsOnly {
            pushes.append(GroupMember(order: item.order, address: slotAddress, isPathElement: false, isOnStack: item.isOnStack))
          }
          if let child = item.child { walk(child, at: slotAddress, modalsOnly: modalsOnly) }
        } else {
          modals.append(GroupMember(order: item.order, address: slotAddress, isPathElement: false, isOnStack: false))
        }
      }
      for (index, element) in screen.path.enumerated() {
        let elementAddress = address.appending(.pathElement(index))
        if !modalsOnly {
          pushes.append(GroupMember(order: element.order, address: elementAddress, isPathElement: true, isOnStack: element.isOnStack))
        }
        walk(element.screen, at: elementAddress, modalsOnly: modalsOnly)
      }
    }
    if let screen = screen(at: base) { walk(screen, at: base) }
    return (pushes.sorted { $0.order < $1.order }, modals.sorted { $0.order < $1.order })
  }

  /// Removes the path's elements from `count` on; those on the stack take everything pushed
  /// above them along.
  private mutating func truncatePath(to count: Int) {
    if let firstOnStack = root.path[count...].first(where: \.isOnStack) {
      removeFromStack(atOrAbove: firstOnStack.order, inGroupOf: .root, writtenBy: .root)
    }
    if count < root.path.count { modifyScreen(at: .root) { $0.path.removeSubrange(count...) } }
  }

  /// Removes the screens on the group's stack at or above `order` that the model of the screen at
  /// `writer` holds (its push slots; the path, for the root), top first (UIKit's pop). A step
  /// writes only the model it addresses: the screens of other models that UIKit pops along stay
  /// until the engine pops them (`leftStack`), and come back or are written back as the profile
  /// says; those inside a removed screen go with it.
  mutating func removeFromStack(atOrAbove order: Int, inGroupOf screenAddress: Address, writtenBy writer: Address) {
    let members = groupMembers(base: groupBase(of: screenAddress)).pushes
    for member in members.reversed() where member.isOnStack && member.order >= order {
      guard member.address.parent == writer else { continue }
      if member.isPathElement {
        guard case .pathElement(let index)? = member.address.last else { continue }
        modifyScreen(at: member.address.parent) { screen in
          if index < screen.path.count { screen.path.removeSubrange(index...) }
        }
      } else if item(at: member.address) != nil {
        setItem(nil, at: member.address)
      }
    }
  }

  /// Clears the filled modal slots of the screen at `screenAddress` but `kept`: the app's one
  /// destination of that screen, written anew. Other screens' modals in the group are evicted by
  /// the engine, when it dismisses them to present this one (`engineDismisses(slot:generation:)`).
  private mutating func evictModals(of screenAddress: Address, except kept: Address) {
    guard let screen = screen(at: screenAddress) else { return }
    let slotSpecs = topology.screens[screen.type].slots
    for index in screen.slots.indices where screen.slots[index] != nil && slotSpecs[index].style.isModal {
      let address = screenAddress.appending(.slot(index))
      if address != kept { setItem(nil, at: address) }
    }
  }

  /// The addresses of the group's filled modal slots: `groupMembers(base: groupBase(of:)).modals`'
  /// addresses, in the walk's order rather than by order set. Every modal set evicts its group's
  /// others, which needs neither the group's pushes nor an order: the modals found are never one
  /// under another (the walk does not enter a modal), so emptying them in any order leaves the
  /// same model (FastPathTests compares the two).
  func filledModals(inGroupOf screenAddress: Address) -> [Address] {
    var result: [Address] = []
    let base = modalGroupBase(of: screenAddress)
    var components = base.components
    func walk(_ screen: ReferenceScreen) {
      let slotSpecs = topology.screens[screen.type].slots  // the slots only: not a copy of the whole screen spec
      for index in screen.slots.indices {
        guard let item = screen.slots[index] else { continue }
        components.append(.slot(index))
        if slotSpecs[index].style.isModal {
          result.append(Address(components))
        } else if let child = item.child {
          walk(child)  // a push's screen, or a tab's (every tab shares the root's presentation context)
        }
        components.removeLast()
      }
      for index in screen.path.indices {
        components.append(.pathElement(index))
        walk(screen.path[index].screen)
        components.removeLast()
      }
    }
    if let screen = screen(at: base) { walk(screen) }
    return result
  }

  mutating func setItem(_ item: ReferenceItem?, at address: Address) {
    guard case .slot(let index)? = address.last else { return }
    modifyScreen(along: address.components.dropLast()) { $0.slots[index] = item }
  }

  mutating func modifyItem(at address: Address, _ body: (inout ReferenceItem) -> Void) {
    guard case .slot(let index)? = address.last else { return }
    modifyScreen(along: address.components.dropLast()) { screen in
      guard var item = screen.slots[index] else { return }
      body(&item)
      screen.slots[index] = item
    }
  }

  mutating func modifyScreen(at address: Address, _ body: (inout ReferenceScreen) -> Void) {
    modifyScreen(along: address.components[...], body)
  }

  /// The screen reached from the root along `components`, changed in place (see `screen(along:)`).
  private mutating func modifyScreen(along components: ArraySlice<Address.Component>, _ body: (inout ReferenceScreen) -> Void) {
    func descend(_ screen: inout ReferenceScreen, _ remaining: ArraySlice<Address.Component>) {
      guard let first = remaining.first else { return body(&screen) }
      switch first {
      case .slot(let index):
        guard index < screen.slots.count, screen.slots[index]?.child != nil else { return }
        descend(&screen.slots[index]!.child!, remaining.dropFirst())
      case .pathElement(let index):
        guard index < screen.path.count else { return }
        descend(&screen.path[index].screen, remaining.dropFirst())
      }
    }
    descend(&root, components)
  }
}
