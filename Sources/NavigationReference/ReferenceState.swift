/// The model as it should be: value types only, no UIKit.
public struct ReferenceScreen: Hashable, Sendable {
  public var type: Int
  public var slots: [ReferenceItem?]
  public var path: [ReferencePathElement]
  /// Changes to a property navigation does not depend on.
  public var bumps: Int
  /// Whether its screen has appeared once (tracked only where presentations wait for it).
  public var hasAppeared = false

  public init(type: Int, in topology: TopologySpec) {
    self.type = type
    self.slots = Array(repeating: nil, count: topology.screens[type].slots.count)
    self.path = []
    self.bumps = 0
  }
}

/// What a slot holds: an item (or, for a Bool slot, "on").
public struct ReferenceItem: Hashable, Sendable {
  /// The item's id (0 for a Bool slot).
  public var id: Int
  /// Changes to the item that keep its identity.
  public var payload: Int
  /// Which incarnation of the slot this is: a slot cleared and set again to the same id is a new
  /// incarnation, and a stale dismissal of the old one must not clear it.
  public var generation: Int
  /// When it was set, then when its screen was actually pushed: the order of screens within a
  /// navigation stack.
  public var order: Int
  /// For pushes: whether its screen is on the stack yet (an engine pushes when its turn comes,
  /// not when the state is written, and several writes in one turn reach it together).
  public var isOnStack = false
  /// For pushes on their stack: the order of the moment a new controller of the same incarnation
  /// joined the stack while the old one was still on it; `replaced(slot:generation:inPlace:)`
  /// decides, as the old one leaves, whether the screen takes it.
  public var replacementOrder: Int?
  /// For modals, where later modals wait: whether its screen has begun to appear (the engine
  /// chose it among modals requested together, and it keeps its place until it goes).
  public var isPresented = false
  /// For modals: whether its screen left its stack while it was presented, so it goes with that
  /// screen, and it has not been presented since (`ReferenceMachine.noteModalsGoing(withScreenAt:)`).
  public var isAwayWithItsScreen = false
  /// The child screen's own state; nil for leaf screens and alerts.
  public var child: ReferenceScreen?
}

/// One element of a path: its value and the state of the screen it shows.
public struct ReferencePathElement: Hashable, Sendable {
  public var value: Int
  public var generation: Int
  public var order: Int
  public var isOnStack = false
  /// As `ReferenceItem.replacementOrder`.
  public var replacementOrder: Int?
  public var screen: ReferenceScreen
}

/// One controller the reference expects on screen.
public struct ExpectedEntry: Hashable, Sendable, CustomStringConvertible {
  /// `root`, `push`, or a modal style's name (`sheet`, `cover`, `popover`, `alert`, `dialog`).
  public var style: String
  public var address: Address
  /// The item id; nil for the root and Bool slots. Path elements show their value.
  public var id: Int?
  /// The topology whose names `label` uses.
  let topology: TopologySpec

  init(style: String, address: Address, id: Int?, topology: TopologySpec) {
    self.style = style
    self.address = address
    self.id = id
    self.topology = topology
  }

  /// The address in text form (empty for the root). Made when read: the quiescent checks build
  /// the expected screen after most steps and compare it entry by entry, by address; only a
  /// violation's report reads the labels.
  public var label: String { topology.describe(address) }

  public var description: String {
    guard style != "root" else { return "root" }
    return "\(style):\(label)" + (id.map { "#\($0)" } ?? "")
  }

  /// Equal when style, address and id are (the label is the address's name in the topology).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.style == rhs.style && lhs.address == rhs.address && lhs.id == rhs.id
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(style)
    hasher.combine(address)
    hasher.combine(id)
  }
}
