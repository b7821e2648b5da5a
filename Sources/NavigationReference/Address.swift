/// Where a slot or a screen sits in the model: slots from the root, joined by '.', with path
/// elements as `path[i]` — for example `presentedChild.pushedChild` or `path[1].alert`.
public struct Address: Hashable, Sendable, Comparable {
  public enum Component: Hashable, Sendable {
    case slot(Int)
    case pathElement(Int)
  }

  public var components: [Component]

  public init(_ components: [Component] = []) { self.components = components }

  public static let root = Address()

  public var isRoot: Bool { components.isEmpty }
  public var parent: Address { Address(Array(components.dropLast())) }
  public var last: Component? { components.last }

  public func appending(_ component: Component) -> Address {
    // One array made, with room for the component: `components + [component]` makes two.
    var extended: [Component] = []
    extended.reserveCapacity(components.count + 1)
    extended.append(contentsOf: components)
    extended.append(component)
    return Address(extended)
  }

  public static func < (lhs: Address, rhs: Address) -> Bool {
    for (left, right) in zip(lhs.components, rhs.components) where left != right {
      return left.sortKey < right.sortKey
    }
    return lhs.components.count < rhs.components.count
  }
}

extension Address.Component {
  fileprivate var sortKey: Int {
    switch self {
    case .pathElement(let index): return index
    case .slot(let index): return 1_000_000 + index
    }
  }
}

extension TopologySpec {
  /// The text form, with slot names.
  public func describe(_ address: Address) -> String {
    var screen = 0
    var parts: [String] = []
    for component in address.components {
      switch component {
      case .slot(let index):
        let slot = screens[screen].slots[index]
        parts.append(slot.name)
        screen = slot.child ?? screen
      case .pathElement(let index):
        parts.append("path[\(index)]")
        screen = screens[screen].pathDestinations.first?.screen ?? screen
      }
    }
    return parts.joined(separator: ".")
  }

  /// Parses the text form against the topology's shape (not against any state). Under a path
  /// element, a slot name any of the path's destinations declares parses (they share one layout);
  /// whether element i has it depends on its value, known only when a step runs.
  public func parseAddress(_ text: String) -> Result<Address, AddressError> {
    var screen = 0
    var components: [Address.Component] = []
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    for (position, part) in parts.enumerated() {
      if part.hasPrefix("path[") && part.hasSuffix("]") {
        guard let elementScreen = screens[screen].pathDestinations.first?.screen else {
          return .failure(.noPath(screen: screens[screen].name))
        }
        guard let index = Int(part.dropFirst(5).dropLast()), index >= 0 else {
          return .failure(.malformed(String(part)))
        }
        components.append(.pathElement(index))
        screen = elementScreen
        continue
      }
      guard let index = screens[screen].slots.firstIndex(where: { $0.name == part }) else {
        let known = screens[screen].slots.map(\.name)
        return .failure(.unknownSlot(String(part), screen: screenNames(at: Address(components)), known: known))
      }
      components.append(.slot(index))
      let slot = screens[screen].slots[index]
      if position < parts.count - 1 {
        guard let child = slot.child else { return .failure(.leaf(slot: slot.name)) }
        screen = child
      }
    }
    return .success(Address(components))
  }

  /// The screen type at a screen address (the root, a slot's child, or a path element); nil
  /// where there is none, or for an element of a path with several kinds, whose type its value
  /// decides (`screenTypes(at:)`).
  public func screenType(at address: Address) -> Int? {
    let types = screenTypes(at: address)
    return types.count == 1 ? types[0] : nil
  }

  /// Every screen type that can be at a screen address: one, or a path's destinations.
  public func screenTypes(at address: Address) -> [Int] {
    guard let last = address.last else { return [0] }
    guard let holder = layoutScreenType(at: address.parent) else { return [] }
    switch last {
    case .slot(let index):
      guard index < screens[holder].slots.count, let child = screens[holder].slots[index].child else { return [] }
      return [child]
    case .pathElement:
      return screens[holder].pathDestinations.map(\.screen)
    }
  }

  /// The slot spec at a slot address. Under an element of a path with several kinds: the slot as
  /// the destinations declare it (style, Bool-ness and child agree), whether or not the element
  /// has it.
  public func slot(at address: Address) -> SlotSpec? {
    // The holder's type is found along the components but the last: no parent `Address` is made.
    guard case .slot(let index)? = address.last, let screen = layoutScreenType(along: address.components.dropLast()),
      index < screens[screen].slots.count
    else { return nil }
    let slot = screens[screen].slots[index]
    guard slot.isAbsent else { return slot }
    for type in screenTypes(at: address.parent) where !screens[type].slots[index].isAbsent { return screens[type].slots[index] }
    return slot
  }

  /// The type whose slot layout a screen address has: for a path element, its path's first
  /// destination (they all share one layout).
  private func layoutScreenType(at address: Address) -> Int? {
    layoutScreenType(along: address.components[...])
  }

  private func layoutScreenType(along components: ArraySlice<Address.Component>) -> Int? {
    var screen = 0
    for component in components {
      switch component {
      case .slot(let index):
        guard index < screens[screen].slots.count, let child = screens[screen].slots[index].child else { return nil }
        screen = child
      case .pathElement:
        guard let element = screens[screen].pathDestinations.first?.screen else { return nil }
        screen = element
      }
    }
    return screen
  }

  /// The names of the screen types that can be at a screen address, for messages.
  private func screenNames(at address: Address) -> String {
    screenTypes(at: address).map { screens[$0].name }.joined(separator: " | ")
  }
}

/// Why an address does not fit a topology.
public enum AddressError: Error, Equatable, CustomStringConvertible {
  case unknownSlot(String, screen: String, known: [String])
  case leaf(slot: String)
  case noPath(screen: String)
  case malformed(String)

  public var description: String {
    switch self {
    case .unknownSlot(let name, let screen, let known):
      return "unknown slot '\(name)' on screen '\(screen)' (its slots: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
    case .leaf(let slot): return "slot '\(slot)' shows a leaf screen, which has no slots"
    case .noPath(let screen): return "screen '\(screen)' has no path"
    case .malformed(let text): return "malformed address component '\(text)'"
    }
  }
}
