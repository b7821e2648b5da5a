@testable import NavigationFuzzing
import NavigationReference
import Testing

/// The explorer's state key is the stable hash of a text; it is computed from the text's pieces
/// without making the text. It must be the very number the text gives.
@MainActor
@Suite struct ExplorerKeyTests {
  static func plainHash(_ text: String, from start: StableHasher = StableHasher()) -> UInt64 {
    var hasher = start
    for byte in text.utf8 { hasher.combine(Int(byte)) }
    return hasher.value
  }

  @Test func keyTextHashesAsThePlainHasherDoes() {
    for text in ["", "a", "|", "root;sheet:item#1|7,false", "ünïcødé;é|x", String(repeating: "slot=2 payload=3;", count: 40)] {
      var key = Explorer.KeyText(StableHasher().value)
      key.append(text)
      #expect(key.value == Self.plainHash(text), "\(text)")
    }
    var pieces = Explorer.KeyText(StableHasher().value)
    pieces.append(lines: ["a=1", "b=2"])
    pieces.append("|")
    pieces.append(lines: [String]())
    pieces.append("|0,true")
    #expect(pieces.value == Self.plainHash("a=1;b=2||0,true"))
  }

  /// The key as it was first written: the joined text, byte by byte.
  static func plainKey(_ runner: Runner) -> UInt64 {
    var hasher = StableHasher()
    hasher.combine(Int(truncatingIfNeeded: runner.reference.stableHash))
    let text =
      runner.world.rootModel.stateDescription(detailed: true).joined(separator: ";") + "|"
      + runner.world.screenEntries().map(\.description).joined(separator: ";") + "|"
      + "\(runner.environment.runLoop.pendingCount),\(runner.environment.isTransitioning)"
    for byte in text.utf8 { hasher.combine(Int(byte)) }
    return hasher.value
  }

  @Test func stateKeysAreThoseOfThePlainText() {
    for topology in [Topology.basic, .stack, .valueStack] {
      let explorer = Explorer(topology: topology, engine: .default)
      let runner = Runner(topology: topology, engine: .default)
      var keys: Set<UInt64> = []
      // A walk that fills, presents, pushes and settles: many different states.
      for (index, step) in explorer.alphabet(for: runner).enumerated() {
        _ = try? runner.perform(step, index: index)
        for follow in explorer.alphabet(for: runner).prefix(3) { _ = try? runner.perform(follow, index: index) }
        #expect(explorer.stateKey(runner) == Self.plainKey(runner))
        keys.insert(explorer.stateKey(runner))
      }
      #expect(keys.count >= 3, "\(topology.name): the walk saw too few states")
    }
  }
}
