import NavigationReference
import Observation

/// The identity of an item in a slot: its id and its incarnation. Clearing a slot and setting the
/// same id again makes a new incarnation, which engines see as a new identity.
public struct ItemIdentity: Hashable, Sendable {
  public var id: Int
  public var generation: Int
}

/// What a slot holds at run time: an item with its child screen's model.
public struct SlotItem: Identifiable {
  public var id: ItemIdentity
  public var payload: Int
  /// The model of the screen this item shows; nil for leaves and alerts.
  public let child: ScreenModel?
}

/// A path element at run time. By default equal only to itself (value and incarnation), so
/// duplicate values are distinct screens; in a path of plain values (`PathEquality.byValue`),
/// equal to any element with the same value, as `[Int]` elements are. Its kind (the index of the
/// root's `PathDestination` its value belongs to) picks the screen it shows; equal values are of
/// one kind, so equality needs no kind.
public struct PathElement: Hashable {
  public var value: Int
  public let kind: Int
  public var generation: Int
  public let screen: ScreenModel
  /// Whether elements compare by value alone.
  public let isEqualByValue: Bool

  init(value: Int, kind: Int = 0, generation: Int, screen: ScreenModel, isEqualByValue: Bool) {
    self.value = value
    self.kind = kind
    self.generation = generation
    self.screen = screen
    self.isEqualByValue = isEqualByValue
  }

  public static func == (lhs: PathElement, rhs: PathElement) -> Bool {
    guard lhs.value == rhs.value else { return false }
    return lhs.isEqualByValue || lhs.generation == rhs.generation
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(value)
    if !isEqualByValue { hasher.combine(generation) }
  }
}

/// The observable model of one screen, generic over the topology: one observable property per
/// slot (`self[slot: i]`), the path, and an unrelated counter. This is the state an engine drives
/// navigation from; observation is per slot, as with `@Observable` properties.
@MainActor
public final class ScreenModel: Observable {
  private let registrar = ObservationRegistrar()
  public let type: Int
  public let serial: Int
  /// What holds this screen: its address is read through it, since a path element equal by value
  /// moves when a deep link reuses its screen elsewhere on the path.
  private weak var parent: ScreenModel?
  private let placeInParent: Address.Component?
  /// The address last seen, for a screen no longer in its parent.
  private var lastAddress: Address
  /// How many times a path had changed when `lastAddress` was seen: until a path changes again,
  /// no screen's address can have changed, and reading one costs nothing (reading it afresh costs
  /// its depth, on every screen above it, which deep nesting made cubic).
  private var lastAddressPathChanges = -1
  /// For a path element's screen: its index in its parent's path when the path was last written
  /// (its first index, should it be there twice); checked against the path before use, as the
  /// screen may have left it since. Searching the path for it instead made every element's
  /// address and attachment cost the path's length: a deep link of N values cost N².
  private var indexInParentPath = -1
  /// The values and generations on this screen's path, made when first asked after the path was
  /// written: a deep link pushes thousands of screens, and each push asks whether the path holds it.
  private var pathLookups: (values: ListLookup<Int>, generations: ListLookup<Int>)?
  /// Whether this screen was held from the root when slots and paths had last changed
  /// `lastAttachmentModelChanges` times (see `isAttached(under:)`).
  private var lastAttachment = false
  private var lastAttachmentModelChanges = -1
  let topology: TopologySpec
  private var items: [SlotItem?]
  /// The child models of Bool slots whose screen's model outlives its presentations
  /// (`SlotSpec.keepsChildModel`), made on first use and kept, with their state, while the slot
  /// is off. Other slots' child models go away with their item.
  var keptChildren: [ScreenModel?]
  private let serials: SerialCounter
  private var storedPath: [PathElement] = []
  private var storedBumps = 0
  private var storedSelectedTab = 0

  /// The root screen (`parent` nil), a slot's screen, or a path element's screen.
  init(type: Int, parent: ScreenModel?, place: Address.Component?, topology: TopologySpec, serials: SerialCounter) {
    self.type = type
    self.parent = parent
    self.placeInParent = place
    // `if`, not `Optional.map`: a closure made in main-actor code checks the executor each time it is called.
    if let parent {
      if let place { lastAddress = parent.address.appending(place) } else { lastAddress = parent.address }
    } else {
      lastAddress = .root
    }
    self.topology = topology
    self.serial = serials.next()
    self.serials = serials
    let slots = topology.screens[type].slots
    items = Array(repeating: nil, count: slots.count)
    keptChildren = Array(repeating: nil, count: slots.count)
  }

  public var spec: ScreenSpec { topology.screens[type] }

  /// Where this screen is in the model now.
  public var address: Address {
    guard lastAddressPathChanges != serials.pathChanges, let parent, let place = placeInParent else { return lastAddress }
    switch place {
    case .slot:
      lastAddress = parent.address.appending(place)
    case .pathElement:
      guard let index = parent.pathIndex(of: self) else { return lastAddress }
      lastAddress = parent.address.appending(.pathElement(index))
    }
    lastAddressPathChanges = serials.pathChanges
    return lastAddress
  }

  public subscript(slot index: Int) -> SlotItem? {
    get {
      registrar.access(self, keyPath: Self.observationKey(forSlot: index))
      return items[index]
    }
    set {
      // `withMutation(of:keyPath:_:)` spelled out (it is willSet, the change, didSet): its
      // closure, made in main-actor code, would check the executor on every change.
      let keyPath = Self.observationKey(forSlot: index)
      if newValue == nil, let onSlotEmptied = serials.onSlotEmptied, let old = items[index] { onSlotEmptied(self, index, old) }
      registrar.willSet(self, keyPath: keyPath)
      items[index] = newValue
      serials.modelChanges += 1
      registrar.didSet(self, keyPath: keyPath)
    }
  }

  /// `\.[slot: index]`, made once per index: instantiating a key path with an argument costs more
  /// than everything else a step does.
  static func slotKeyPath(_ index: Int) -> ReferenceWritableKeyPath<ScreenModel, SlotItem?> {
    while slotKeyPaths.count <= index { slotKeyPaths.append(\ScreenModel.[slot: slotKeyPaths.count]) }
    return slotKeyPaths[index]
  }

  static func flagKeyPath(_ index: Int) -> ReferenceWritableKeyPath<ScreenModel, Bool> {
    while flagKeyPaths.count <= index { flagKeyPaths.append(\ScreenModel.[flag: flagKeyPaths.count]) }
    return flagKeyPaths[index]
  }

  private static var slotKeyPaths: [ReferenceWritableKeyPath<ScreenModel, SlotItem?>] = []
  private static var flagKeyPaths: [ReferenceWritableKeyPath<ScreenModel, Bool>] = []

  /// The key path the registrar is told a read or write of slot `index` is, made once per index.
  /// The registrar hashes it for every read it records, every observation it registers and every
  /// write; `\.[slot: index]` hashes its argument through a witness table each time, while a
  /// stored property's key path hashes only its offset, in about two thirds of the time (≈2 % of
  /// `navfuzz bench`'s instructions in all). So the first slots have a byte each to stand for
  /// them (topologies rarely have more): stored properties, not computed ones, since getters with
  /// equal bodies may be merged into one function, making their key paths equal. Observers cannot
  /// tell: each slot still has a key of its own, and reads and writes of a slot use the same one.
  ///
  /// The first eight come from a constant table, read without the exclusivity check a growing
  /// table costs at every read and write of a slot; the others are made on first use.
  static func observationKey(forSlot index: Int) -> KeyPath<ScreenModel, UInt8> {
    if index < storedObservationKeys.count { return storedObservationKeys[index] }
    while observationKeys.count <= index - storedObservationKeys.count {
      observationKeys.append(\ScreenModel.[observationKey: storedObservationKeys.count + observationKeys.count])
    }
    return observationKeys[index - storedObservationKeys.count]
  }

  private static let storedObservationKeys: [KeyPath<ScreenModel, UInt8>] = [
    \.slotKey0, \.slotKey1, \.slotKey2, \.slotKey3, \.slotKey4, \.slotKey5, \.slotKey6, \.slotKey7,
  ]
  /// Keys for slots past the eighth, `\.[observationKey: 8 + i]` at `i`.
  private static var observationKeys: [KeyPath<ScreenModel, UInt8>] = []
  private let slotKey0: UInt8 = 0
  private let slotKey1: UInt8 = 1
  private let slotKey2: UInt8 = 2
  private let slotKey3: UInt8 = 3
  private let slotKey4: UInt8 = 4
  private let slotKey5: UInt8 = 5
  private let slotKey6: UInt8 = 6
  private let slotKey7: UInt8 = 7
  private subscript(observationKey index: Int) -> UInt8 { UInt8(truncatingIfNeeded: index) }

  /// A Bool slot as a Bool: writing false clears it (a user dismissal); writing true is ignored,
  /// since only the program turns a slot on.
  public subscript(flag index: Int) -> Bool {
    get { self[slot: index] != nil }
    set { if !newValue { self[slot: index] = nil } }
  }

  public var path: [PathElement] {
    get {
      registrar.access(self, keyPath: \.path)
      return storedPath
    }
    set {
      registrar.willSet(self, keyPath: \.path)
      storedPath = newValue
      for (index, element) in storedPath.enumerated().reversed() { element.screen.indexInParentPath = index }
      pathLookups = nil
      serials.pathChanges += 1  // here: what observers read before and after the change both hold
      serials.modelChanges += 1
      registrar.didSet(self, keyPath: \.path)
    }
  }

  /// The selected tab, on the root screen of a topology with tabs: the engine drives the tab bar
  /// from it, and writes the user's taps back to it.
  public var selectedTab: Int {
    get {
      registrar.access(self, keyPath: \.selectedTab)
      return storedSelectedTab
    }
    set {
      registrar.willSet(self, keyPath: \.selectedTab)
      storedSelectedTab = newValue
      registrar.didSet(self, keyPath: \.selectedTab)
    }
  }

  /// A property navigation does not depend on (the harness's `bump`).
  public var bumps: Int {
    get {
      registrar.access(self, keyPath: \.bumps)
      return storedBumps
    }
    set {
      registrar.willSet(self, keyPath: \.bumps)
      storedBumps = newValue
      registrar.didSet(self, keyPath: \.bumps)
    }
  }

  /// The model of the screen a Bool slot shows when it turns on: the one it keeps, where its
  /// screen's model outlives its presentations, else a new one (the app makes its child model
  /// anew; the last one went away with its presentation, unwritten).
  func flagChild(_ index: Int) -> ScreenModel? {
    guard let type = spec.slots[index].child else { return nil }
    if let child = keptChildren[index] { return child }
    let child = ScreenModel(type: type, parent: self, place: .slot(index), topology: topology, serials: serials)
    if spec.slots[index].keepsChildModel { keptChildren[index] = child }
    return child
  }

  /// Whether `root` holds this screen now, through the slots and paths between them: what
  /// `root.screen(at: address) === self` answers, without looking the address up from the root
  /// on every call (each transition asks, which made a deep nest of sheets cost the square of its
  /// depth). An answer stands until a slot or a path anywhere changes (`SerialCounter.modelChanges`),
  /// so a screen asks its parent only once per change. `root` is the world's root model, the
  /// same one on every call.
  func isAttached(under root: ScreenModel) -> Bool {
    if self === root { return true }
    if lastAttachmentModelChanges == serials.modelChanges { return lastAttachment }
    if let parent { lastAttachment = parent.holds(self) && parent.isAttached(under: root) } else { lastAttachment = false }
    lastAttachmentModelChanges = serials.modelChanges
    return lastAttachment
  }

  /// Whether this screen holds `child` in the place `child` was made for.
  private func holds(_ child: ScreenModel) -> Bool {
    switch child.placeInParent {
    case .slot(let index)?: return index < items.count && items[index]?.child === child
    case .pathElement?: return pathIndex(of: child) != nil
    case nil: return false
    }
  }

  /// Whether an element of the path has this value.
  func pathHolds(value: Int) -> Bool { currentPathLookups.values.contains(value) }

  /// Whether an element of the path has this generation (is this incarnation).
  func pathHolds(generation: Int) -> Bool { currentPathLookups.generations.contains(generation) }

  private var currentPathLookups: (values: ListLookup<Int>, generations: ListLookup<Int>) {
    if let pathLookups { return pathLookups }
    let made = (ListLookup(storedPath.map(\.value)), ListLookup(storedPath.map(\.generation)))
    pathLookups = made
    return made
  }

  /// Where `child` is in this screen's path (its first place), if it is there.
  private func pathIndex(of child: ScreenModel) -> Int? {
    let index = child.indexInParentPath
    return index >= 0 && index < storedPath.count && storedPath[index].screen === child ? index : nil
  }

  // MARK: Reading without tracking (the harness's checks must not register observation)

  package func peek(_ index: Int) -> SlotItem? { items[index] }
  var peekPath: [PathElement] { storedPath }
  var peekBumps: Int { storedBumps }
  var peekSelectedTab: Int { storedSelectedTab }

  /// The screen model at a screen address below this one.
  func screen(at relative: ArraySlice<Address.Component>) -> ScreenModel? {
    guard let first = relative.first else { return self }
    switch first {
    case .slot(let index):
      guard index < items.count, let child = items[index]?.child else { return nil }
      return child.screen(at: relative.dropFirst())
    case .pathElement(let index):
      guard index < storedPath.count else { return nil }
      return storedPath[index].screen.screen(at: relative.dropFirst())
    }
  }
}

/// Hands out model serial numbers, per run.
@MainActor
final class SerialCounter {
  /// The last serial handed out (a world reset rewinds it: `World+Reset`).
  var value = 0
  /// Changes to any path in the world: screens' addresses move only then (`ScreenModel.address`).
  var pathChanges = 0
  /// Changes to any slot or path in the world: whether a screen is held moves only then
  /// (`ScreenModel.isAttached(under:)`).
  var modelChanges = 0
  /// Told of every slot emptied, with what it held, while someone listens (`World+CallbackOrder`).
  var onSlotEmptied: (@MainActor (ScreenModel, Int, SlotItem) -> Void)?
  func next() -> Int {
    value += 1
    return value
  }
}

extension ScreenModel {
  /// The model in `expect state` form (`detailed`: with payloads and bumps), sorted like the
  /// reference's, so the two compare line for line.
  func stateDescription(detailed: Bool) -> [String] {
    var lines: [String] = []
    func walk(_ screen: ScreenModel) {
      for (index, slot) in screen.spec.slots.enumerated() {
        guard let item = screen.peek(index) else { continue }
        // A tab is always there: what its screen holds is listed, not the tab.
        if slot.style == .tab {
          if let child = item.child { walk(child) }
          continue
        }
        let address = screen.address.appending(.slot(index))
        let value = slot.isFlag ? "on" : String(item.id.id)
        lines.append("\(topology.describe(address))=\(value)" + (detailed ? " payload=\(item.payload)" : ""))
        if let child = item.child { walk(child) }
      }
      for element in screen.peekPath { walk(element.screen) }
      if detailed && screen.peekBumps > 0 {
        lines.append("bumps(\(screen.address.isRoot ? "root" : topology.describe(screen.address)))=\(screen.peekBumps)")
      }
    }
    if !peekPath.isEmpty { lines.append("path=" + peekPath.map { String($0.value) }.joined(separator: ",")) }
    if storedSelectedTab != 0 { lines.append("tab=\(storedSelectedTab)") }
    walk(self)
    return lines.sorted()
  }
}
