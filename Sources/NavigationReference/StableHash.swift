/// A hash that is the same in every process (Swift's `Hasher` is seeded per process), for counting
/// distinct states and deduplicating in the explorer.
public struct StableHasher: Sendable {
  public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  public init() {}

  public mutating func combine(_ int: Int) {
    var bits = UInt64(bitPattern: Int64(int))
    for _ in 0..<8 {
      value ^= bits & 0xff
      value = value &* 0x100_0000_01b3
      bits >>= 8
    }
  }
}

extension ReferenceMachine {
  /// A process-independent hash of the model (ids, payloads, bumps, path; not incarnations).
  public var stableHash: UInt64 { stableHash(renamingIDs: { $0 }) }

  /// The stable hash of the model its slots' item ids renamed by `rename` would be (path values
  /// are not item ids and keep theirs): what the explorer's symmetry reduction compares.
  public func stableHash(renamingIDs rename: (Int) -> Int) -> UInt64 {
    var hasher = StableHasher()
    func visit(_ screen: ReferenceScreen) {
      hasher.combine(screen.type)
      hasher.combine(screen.bumps)
      for item in screen.slots {
        guard let item else {
          hasher.combine(-1)
          continue
        }
        hasher.combine(rename(item.id))
        hasher.combine(item.payload)
        if let child = item.child { visit(child) }
      }
      hasher.combine(screen.path.count)
      for element in screen.path {
        hasher.combine(element.value)
        visit(element.screen)
      }
    }
    visit(root)
    if topology.hasTabs {
      // The selected tab, and which tabs have loaded (what they hold shows only then).
      hasher.combine(tabSelection)
      hasher.combine(loadedTabs)
    }
    return hasher.value
  }
}
