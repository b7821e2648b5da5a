@testable import NavFuzzEngines
@testable import NavigationFuzzing
import NavigationReference
import Testing

/// The explorer's state key is made from the pieces of the texts that describe a state (the model's
/// lines, the screen's entries, what is in flight), not from the texts: two states must get one key
/// exactly when their texts are equal, with ids renamed for the symmetry reduction or not.
@MainActor
@Suite struct ExplorerKeyTests {
  /// The key as it was first written: the stable hash of the joined text, byte by byte, the ids
  /// in the model's lines and the screen's slot entries renamed first.
  static func plainKey(_ runner: Runner, renaming rename: ((Int) -> Int)?) -> UInt64 {
    var hasher = StableHasher()
    hasher.combine(Int(truncatingIfNeeded: rename.map { runner.reference.stableHash(renamingIDs: $0) } ?? runner.reference.stableHash))
    let (model, screen) = texts(runner, renaming: rename)
    let text =
      model.joined(separator: ";") + "|" + screen.joined(separator: ";") + "|"
      + "\(runner.environment.runLoop.pendingCount),\(runner.environment.isTransitioning)"
      + writeOrdersText(runner)
    for byte in text.utf8 { hasher.combine(Int(byte)) }
    return hasher.value
  }

  /// The write orders the engine has not seen yet (`World.writeOrdersNotSeen`), as trace text:
  /// nothing when there are none, as the key adds nothing then.
  static func writeOrdersText(_ runner: Runner) -> String {
    runner.world.writeOrdersNotSeen.map { order in
      "|after-clearing " + order.map(runner.topology.spec.describe).joined(separator: " ")
    }.joined()
  }

  /// `slot=ID payload=P` with ID renamed (flags say `on`; `path=`, `tab=` and `bumps(…)=` lines hold no id).
  static func renamingID(inModelLine line: String, _ rename: (Int) -> Int) -> String {
    guard !line.hasPrefix("path="), !line.hasPrefix("tab="), !line.hasPrefix("bumps("), let equals = line.firstIndex(of: "=") else { return line }
    let valueStart = line.index(after: equals)
    let valueEnd = line[valueStart...].firstIndex(of: " ") ?? line.endIndex
    guard let id = Int(line[valueStart..<valueEnd]) else { return line }
    return line[..<valueStart] + String(rename(id)) + line[valueEnd...]
  }

  /// The model's lines and the screen's entries, ids renamed, as `plainKey` hashes them.
  static func texts(_ runner: Runner, renaming rename: ((Int) -> Int)?) -> (model: [String], screen: [String]) {
    var model = runner.world.rootModel.stateDescription(detailed: true)
    let entries = runner.world.screenEntries()
    var screen = entries.map(\.description)
    if let rename {
      model = model.map { renamingID(inModelLine: $0, rename) }.sorted()
      screen = zip(entries, screen).map { entry, text in
        guard case .slot? = entry.tag?.place, let id = entry.tag?.id, text.hasSuffix("#\(id)") else { return text }
        return text.dropLast("#\(id)".count) + "#\(rename(id))"
      }
    }
    return (model, screen)
  }

  /// Each piece alone — the model, the screen — keeps its text's partition: the reference's hash,
  /// which the whole key holds too, does not hide a piece that merges or splits states.
  @Test func eachPiecePartitionsStatesAsItsTextDoes() {
    let swap: (Int) -> Int = { $0 == 1 ? 2 : $0 == 2 ? 1 : $0 }
    var models = 0
    var screens = 0
    for topology in Topology.builtIn {
      var modelKeyOfText: [[String]: UInt64] = [:]
      var modelTextOfKey: [UInt64: [String]] = [:]
      var screenKeyOfText: [[String]: UInt64] = [:]
      var screenTextOfKey: [UInt64: [String]] = [:]
      for engine in ["state-driven", "strong-presented-reference", "teardown-ignores-identity"] {
        ExplorerFastPathTests.visitStates(of: topology, engine: BuiltInEngines.named(engine)!, runs: 4) { runner in
          for rename in [nil, swap] {
            let (model, screen) = Self.texts(runner, renaming: rename)
            var modelHasher = StableHasher()
            Explorer.combineModel(runner.world.rootModel, into: &modelHasher, renaming: rename)
            var screenHasher = StableHasher()
            Explorer.combineScreen(runner.world.screenEntries(), into: &screenHasher, renaming: rename)
            let (modelKey, screenKey) = (modelHasher.value, screenHasher.value)
            let label = "\(topology.name)/\(engine)"
            #expect(modelKeyOfText[model, default: modelKey] == modelKey, "\(label): \(model)")
            #expect(modelTextOfKey[modelKey, default: model] == model, "\(label): \(model)")
            #expect(screenKeyOfText[screen, default: screenKey] == screenKey, "\(label): \(screen)")
            #expect(screenTextOfKey[screenKey, default: screen] == screen, "\(label): \(screen)")
            (modelKeyOfText[model], modelTextOfKey[modelKey]) = (modelKey, model)
            (screenKeyOfText[screen], screenTextOfKey[screenKey]) = (screenKey, screen)
          }
        }
      }
      models += modelKeyOfText.count
      screens += screenKeyOfText.count
    }
    #expect(models > 300 && screens > 100, "\(models) model texts, \(screens) screen texts")
  }

  @Test func keysPartitionStatesAsTheirTextsDo() {
    let swap: (Int) -> Int = { $0 == 1 ? 2 : $0 == 2 ? 1 : $0 }
    let engines = ["state-driven", "strong-presented-reference", "teardown-ignores-identity", "no-dismiss-on-nil", "swift-navigation-like"]
    var classes = 0
    var renamedDiffer = 0
    for topology in Topology.builtIn {
      let explorer = Explorer(topology: topology, engine: .default)
      // Each text's key and each key's text: one each, or the key splits or merges states.
      var keyOfText: [UInt64: UInt64] = [:]
      var textOfKey: [UInt64: UInt64] = [:]
      for engine in engines {
        ExplorerFastPathTests.visitStates(of: topology, engine: BuiltInEngines.named(engine)!, runs: 4) { runner in
          for rename in [nil, swap] {
            let text = Self.plainKey(runner, renaming: rename)
            let key = explorer.stateKey(runner, renaming: rename)
            #expect(keyOfText[text, default: key] == key, "\(topology.name)/\(engine): one text, two keys")
            #expect(textOfKey[key, default: text] == text, "\(topology.name)/\(engine): one key, two texts")
            keyOfText[text] = key
            textOfKey[key] = text
          }
          if Self.plainKey(runner, renaming: nil) != Self.plainKey(runner, renaming: swap) { renamedDiffer += 1 }
        }
      }
      #expect(keyOfText.count >= 10, "\(topology.name): the walks saw too few states")
      classes += keyOfText.count
    }
    #expect(classes > 500 && renamedDiffer > 100, "\(classes) texts, \(renamedDiffer) changed by renaming")
  }
}
