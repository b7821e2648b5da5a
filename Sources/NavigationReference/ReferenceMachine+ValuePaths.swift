/// Paths whose elements are plain values (`PathEquality.byValue`).
///
/// An engine that drives a stack from a path of values compares the path with the elements of the
/// controllers on its stack, by value, when it next looks — not with the path as it was written
/// step by step. Its rule (swift-navigation's `NavigationStackController`): the stack's leading
/// screens whose values match stay; every other value takes the screen of the first equal value
/// not yet taken among the rest of the stack — with its state — or gets a new screen. So
/// `[1, 2] → [2, 1]` moves both screens, `[1] → [1, 1]` keeps one and makes one, `[3] → [] → [3]`
/// before the engine looks is the same screen, and no screen is ever used twice. Screens not taken
/// leave. The stack is rebuilt from the first stack screen that changes: the screens pushed from
/// path screens (push slots) above it stay set, since a path step writes the root's model only;
/// the rebuild pops them, and they come back or are written back as the profile says.
extension ReferenceMachine {
  /// Changes the path to `values`. `stack` is what the stack shows, bottom to top (the harness reads
  /// it from the screen, with the state each element had when it was last on the path);
  /// `generations` gives each position a new incarnation in case it needs a new screen.
  @discardableResult
  public mutating func pathSet(byValue values: [Int], stack: [ReferencePathElement], generations: [Int]) -> Bool {
    guard topology.root.hasPath, generations.count == values.count,
      values.allSatisfy({ topology.root.pathDestination(for: $0) != nil })
    else { return false }
    let current = root.path
    var common = 0
    while common < min(values.count, stack.count), stack[common].value == values[common] { common += 1 }
    var candidates = Array(stack[common...])
    var taken = Set(stack[..<common].map(\.generation))
    var updated = stack[..<common].map { kept in current.first { $0.generation == kept.generation } ?? kept }
    for index in common..<values.count {
      if let reused = candidates.firstIndex(where: { $0.value == values[index] }) {
        let element = candidates.remove(at: reused)
        taken.insert(element.generation)
        updated.append(current.first { $0.generation == element.generation } ?? element)
      } else if index < current.count, current[index].value == values[index], !current[index].isOnStack,
        !taken.contains(current[index].generation)
      {
        // Written earlier and not yet pushed: still the app's element; the engine builds its screen.
        taken.insert(current[index].generation)
        updated.append(current[index])
      } else {
        updated.append(
          ReferencePathElement(
            value: values[index], generation: generations[index], order: takeOrder(),
            screen: ReferenceScreen(type: topology.root.pathScreen(for: values[index])!, in: topology)))
      }
    }
    let firstChanged = stack[common...].filter(\.isOnStack).map(\.order).min()
    modifyScreen(at: .root) { $0.path = updated }
    if let firstChanged { clearPushSlots(atOrAbove: firstChanged) }
    return true
  }

  /// The user popped the screen at stack position `index`, which showed `value` (or, where
  /// collateral pops write back, the engine popped it along with a screen below it). The engine
  /// writes back the prefix below it when the pop ends if the path still has an equal value
  /// there — it cannot tell equal values apart, so a value written again meanwhile goes too.
  public mutating func userRemoved(pathElement index: Int, value: Int) {
    guard index < root.path.count, root.path[index].value == value else { return }
    modifyScreen(at: .root) { $0.path.removeSubrange(index...) }
  }

  /// The engine rebuilt its stack, reusing path screens in new places without any callback: the
  /// harness reads the root stack (path screens by incarnation, pushed slots by address and
  /// incarnation, bottom to top), and from the first screen out of order on, every known screen
  /// takes a new place above the ones before it.
  public mutating func rootStackIsOrdered(_ entries: [StackEntry]) {
    // The path's positions by generation, past a few elements: searching the path for each entry
    // made a deep link of N plain values cost N².
    var positionsByGeneration: [Int: [Int]] = [:]
    if root.path.count > 16 {
      for (position, element) in root.path.enumerated() { positionsByGeneration[element.generation, default: []].append(position) }
    }
    /// The positions of the elements with `generation`, in path order.
    func positions(of generation: Int) -> [Int] {
      guard root.path.count > 16 else { return root.path.indices.filter { root.path[$0].generation == generation } }
      return positionsByGeneration[generation] ?? []
    }
    var orders: [(entry: StackEntry, order: Int)] = []
    for entry in entries {
      switch entry {
      case .pathElement(let generation):
        if let position = positions(of: generation).first(where: { root.path[$0].isOnStack }) {
          orders.append((entry, root.path[position].order))
        }
      case .slot(let address, let generation):
        if let item = item(at: address), item.generation == generation, item.isOnStack { orders.append((entry, item.order)) }
      }
    }
    guard let first = orders.indices.dropFirst().first(where: { orders[$0].order < orders[$0 - 1].order }) else { return }
    for (entry, _) in orders[first...] {
      let order = takeOrder()
      switch entry {
      case .pathElement(let generation):
        guard let position = positions(of: generation).first else { continue }
        modifyScreen(at: .root) { $0.path[position].order = order }
      case .slot(let address, _):
        modifyItem(at: address) { $0.order = order }
      }
    }
  }

  /// Clears every push slot of the root's own on the root stack at or above `order`, top first.
  /// A path step writes the root's model only: the pushes of path screens that the rebuild pops
  /// are the engine's to bring back or write back (`leftStack`), as the profile says.
  private mutating func clearPushSlots(atOrAbove order: Int) {
    let members = groupMembers(base: .root).pushes
    for member in members.reversed() where member.isOnStack && member.order >= order && !member.isPathElement {
      if member.address.parent == .root, item(at: member.address) != nil { setItem(nil, at: member.address) }
    }
  }
}

/// A screen on a stack, as the harness sees it: a path element or a pushed slot, by incarnation.
public enum StackEntry: Hashable, Sendable {
  case pathElement(generation: Int)
  case slot(Address, generation: Int)
}
