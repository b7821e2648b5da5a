import HeadlessUIKit
import NavigationReference

/// The explorer's state key: two worlds get one key when they are in the same state — the same
/// reference model, the same run-time model, the same screen, the same work in flight — as the
/// search counts states.
///
/// "The same" is what the texts a trace's `expect` lines compare say: the run-time model's
/// `stateDescription(detailed: true)` lines (as a set: they are sorted), the screen's entries
/// (`ScreenEntry.description`, bottom to top), the run loop's pending count and whether a
/// transition runs, with the reference's `stableHash`. The key is not made from those texts —
/// making them (addresses described by name, ids printed, lines sorted) cost a quarter of a
/// replayed step per key — but from what each piece of text is made of, as numbers, so that two
/// states have equal texts exactly when they have equal pieces: the key keeps the texts' partition
/// of states (`ExplorerKeyTests` holds it to the texts on states of every built-in topology).
extension Explorer {
  /// A state: the model, the screen and what is still in flight. With `symmetry`, the smaller of
  /// its key and the key of the same state with ids 1 and 2 swapped, so both have one key.
  func stateKey(_ runner: Runner) -> UInt64 {
    symmetry ? canonicalKey(runner) : stateKey(runner, renaming: nil)
  }

  /// The key of the class of states equal to this one up to swapping ids 1 and 2.
  func canonicalKey(_ runner: Runner) -> UInt64 {
    min(stateKey(runner, renaming: nil), stateKey(runner, renaming: { $0 == 1 ? 2 : $0 == 2 ? 1 : $0 }))
  }

  /// The key, each item id renamed by `rename` first (path values are not item ids: they keep
  /// theirs, as the reference's renamed `stableHash` does).
  func stateKey(_ runner: Runner, renaming rename: ((Int) -> Int)?) -> UInt64 {
    var hasher = StableHasher()
    let reference = rename.map { runner.reference.stableHash(renamingIDs: $0) } ?? runner.reference.stableHash
    hasher.combine(Int(truncatingIfNeeded: reference))
    Self.combineModel(runner.world.rootModel, into: &hasher, renaming: rename)
    Self.combineScreen(runner.world.screenEntries(), into: &hasher, renaming: rename)
    hasher.combine(runner.environment.runLoop.pendingCount)
    hasher.combine(runner.environment.isTransitioning ? 1 : 0)
    // Writes made in another order than the step's default, not yet seen by the engine: an
    // engine that acts in the order it hears will act on them (nothing is added without them).
    for order in runner.world.writeOrdersNotSeen {
      hasher.combine(order.count)
      for address in order { Self.combineAddress(address, into: &hasher) }
    }
    return hasher.value
  }

  /// The model's lines as `ScreenModel.stateDescription(detailed: true)` has them, as a multiset:
  /// their number, then the wrapping sum of each line's own hash, mixed (a sum does not depend
  /// on the order the walk meets them, as the sorted text does not). A line is its kind (a slot, a
  /// screen's bumps, the root's path), the address it names (`ScreenModel.address`, component
  /// by component) and its values (`on` for a flag, the id otherwise; the payload; the bumps; the
  /// path's values).
  static func combineModel(_ root: ScreenModel, into hasher: inout StableHasher, renaming rename: ((Int) -> Int)?) {
    var lines = 0
    var sum: UInt64 = 0
    func add(_ line: StableHasher) {
      lines += 1
      sum &+= mixed(line.value)
    }
    func walk(_ screen: ScreenModel) {
      let slots = screen.spec.slots
      for index in slots.indices {
        guard let item = screen.peek(index) else { continue }
        // A tab is no line of its own: its screen's are.
        if slots[index].style == .tab {
          if let child = item.child { walk(child) }
          continue
        }
        var line = StableHasher()
        line.combine(1)
        combineAddress(screen.address, into: &line)
        line.combine(index)
        if slots[index].isFlag {
          line.combine(0)
        } else {
          line.combine(1)
          line.combine(rename.map { $0(item.id.id) } ?? item.id.id)
        }
        line.combine(item.payload)
        add(line)
        if let child = item.child { walk(child) }
      }
      for element in screen.peekPath { walk(element.screen) }
      if screen.peekBumps > 0 {
        var line = StableHasher()
        line.combine(2)
        combineAddress(screen.address, into: &line)
        line.combine(screen.peekBumps)
        add(line)
      }
    }
    let path = root.peekPath
    if !path.isEmpty {
      var line = StableHasher()
      line.combine(3)
      line.combine(path.count)
      for element in path { line.combine(element.value) }
      add(line)
    }
    if root.peekSelectedTab != 0 {
      var line = StableHasher()
      line.combine(4)
      line.combine(root.peekSelectedTab)
      add(line)
    }
    walk(root)
    hasher.combine(lines)
    hasher.combine(Int(truncatingIfNeeded: sum))
  }

  /// An address as its text names it: its length, then each component, slots as even numbers
  /// and path elements as odd ones, so `slot(1)` and `pathElement(0)` never meet.
  private static func combineAddress(_ address: Address, into hasher: inout StableHasher) {
    hasher.combine(address.components.count)
    for component in address.components {
      switch component {
      case .slot(let index): hasher.combine(2 &* index)
      case .pathElement(let index): hasher.combine(2 &* index &+ 1)
      }
    }
  }

  /// A line's hash with every bit of it spread over every bit (SplitMix64's finaliser), before
  /// the lines' hashes are summed: byte-by-byte hashes of similar lines differ in similar ways,
  /// and summed unmixed, lines `a=1`, `a.b=1` and `a=2`, `a.b=2` gave one sum.
  private static func mixed(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }

  /// The screen's entries as their descriptions have them, in order: the style, then `root`
  /// alone, `?` (no tag or no place), or the label — empty (the root's place, or a slot whose
  /// model is gone), a slot's address, or a path element's index — and the id shown, if any.
  static func combineScreen(_ entries: [ScreenEntry], into hasher: inout StableHasher, renaming rename: ((Int) -> Int)?) {
    hasher.combine(entries.count)
    for entry in entries {
      combineStyle(entry.style, into: &hasher)
      guard entry.style != "root" else { continue }
      guard let tag = entry.tag, let place = entry.place else {
        hasher.combine(0)
        continue
      }
      var isSlot = false
      switch place {
      case .slot(let address, _) where tag.isAttached:
        isSlot = true
        hasher.combine(1)
        combineAddress(address, into: &hasher)
      case .slot:
        isSlot = true
        hasher.combine(2)
      case .root:
        hasher.combine(2)
      case .pathElement(let index):
        hasher.combine(3)
        hasher.combine(index)
      }
      if let id = entry.shownID {
        hasher.combine(1)
        hasher.combine(isSlot ? rename.map { $0(id) } ?? id : id)
      } else {
        hasher.combine(0)
      }
    }
  }

  /// A style (`ScreenEntry.style`): the names `World.screenEntries` gives, as small numbers.
  private static func combineStyle(_ style: String, into hasher: inout StableHasher) {
    let code =
      switch style {
      case "root": 0
      case "push": 1
      case "sheet": 2
      case "cover": 3
      case "popover": 4
      case "alert": 5
      case "dialog": 6
      case "tab": 7
      default: -1
      }
    hasher.combine(code)
    if code < 0 {
      hasher.combine(style.utf8.count)
      for byte in style.utf8 { hasher.combine(Int(byte)) }
    }
  }
}
