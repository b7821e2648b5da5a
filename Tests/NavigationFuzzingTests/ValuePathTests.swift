import Foundation
import NavFuzzEngines
import NavigationFuzzing
import NavigationReference
import Testing

/// Paths of plain values: the reference's reuse-by-value rule and the topology file's switch.
@Suite struct ValuePathTests {
  let spec = Topology.valueStack.spec

  /// A machine whose path elements are all on the stack, as the harness reports after pushes.
  func stacked(_ values: [Int]) -> ReferenceMachine {
    var machine = ReferenceMachine(topology: spec)
    for (index, value) in values.enumerated() {
      machine.pathAppend(value, generation: index + 1)
      machine.pushed(pathElement: index, generation: index + 1)
    }
    return machine
  }

  @Test func aDeepLinkReusesTheScreenOfAnEqualValueOnceAndMovesIt() {
    var machine = stacked([1, 2])
    machine.pathSet(byValue: [2, 2], stack: machine.path, generations: [10, 11])
    // The 2 moves down (same incarnation), a new screen is made for the second 2, the 1 goes.
    #expect(machine.path.map(\.value) == [2, 2])
    #expect(machine.path.map(\.generation) == [2, 11])
    var reordered = stacked([1, 2])
    reordered.pathSet(byValue: [2, 1], stack: reordered.path, generations: [10, 11])
    #expect(reordered.path.map(\.generation) == [2, 1])
  }

  @Test func theMatchingPrefixOfTheStackStaysAndAValueBackBeforeTheEngineLooksIsTheSameScreen() {
    var machine = stacked([3])
    let stack = machine.path
    machine.pathRemoveLast(1)
    machine.pathSet(byValue: [3, 3], stack: stack, generations: [20, 21])
    #expect(machine.path.map(\.generation) == [1, 21])
  }

  @Test func byIncarnationPathsNeverReuseAnotherElementsScreen() {
    var machine = ReferenceMachine(topology: Topology.stack.spec)
    machine.pathAppend(1, generation: 1)
    machine.pathAppend(2, generation: 2)
    machine.pathSet([2, 1], generations: [3, 4])
    #expect(machine.path.map(\.generation) == [3, 4])
  }

  @Test func theUsersPopWritesBackByValueAtWhereItPopped() {
    var machine = stacked([1, 2])
    machine.userRemoved(pathElement: 1, value: 3)  // the value there changed: nothing happens
    #expect(machine.path.count == 2)
    machine.userRemoved(pathElement: 1, value: 2)
    #expect(machine.path.map(\.value) == [1])
  }

  /// Where collateral pops write back, a path screen that left not as a collateral (the user
  /// popped it, a pop of values decided where it popped, a pop nothing below explains) leaves the
  /// path alone; it is shown again by a new screen, which must appear before it presents.
  @Test func aPathScreenWhoseWriteBackIsDecidedElsewhereKeepsItsElement() {
    var machine = ReferenceMachine(topology: spec, semantics: .swiftNavigation)
    for (index, value) in [3, 1].enumerated() {
      machine.pathAppend(value, generation: index + 1)
      machine.pushed(pathElement: index, generation: index + 1)
      machine.appeared(screen: Address([.pathElement(index)]), generation: index + 1)
    }
    var collateral = machine
    collateral.leftStack(pathElement: 1, generation: 2)
    #expect(collateral.path.map(\.value) == [3])
    machine.leftStack(pathElement: 1, generation: 2, collateral: false)
    #expect(machine.path.map(\.value) == [3, 1])
    #expect(!machine.path[1].isOnStack)
    #expect(!machine.showsWhatItHolds(Address([.pathElement(1)])))
    #expect(machine.showsWhatItHolds(Address([.pathElement(0)])))
  }

  @Test func topologyFilesSayWhenPathElementsAreValues() throws {
    let text = """
      { "name": "values-file", "root": "home", "screens": [
        { "name": "home", "slots": [], "path": "page", "pathEquality": "value" },
        { "name": "page", "slots": [] } ] }
      """
    let topology = try TopologyFile.parse(Data(text.utf8), file: "values.json")
    #expect(topology.spec.root.pathEquality == .byValue)
    let bad = text.replacingOccurrences(of: "\"value\"", with: "\"values\"")
    #expect(throws: TopologyFile.Problem.self) { try TopologyFile.parse(Data(bad.utf8), file: "values.json") }
    do {
      _ = try TopologyFile.parse(Data(bad.utf8), file: "values.json")
    } catch {
      #expect(error.description.contains("screens[0].pathEquality"))
      #expect(error.description.contains("unknown path equality \"values\""))
    }
    let noPath = text.replacingOccurrences(of: "\"path\": \"page\", ", with: "")
    #expect(throws: TopologyFile.Problem.self) { try TopologyFile.parse(Data(noPath.utf8), file: "values.json") }
  }
}

/// Intents declared in topology files.
@MainActor
@Suite struct TopologyFileIntentTests {
  let text = """
    { "name": "intents-file", "root": "home", "screens": [
      { "name": "home", "path": "page", "slots": [ { "name": "sheet", "style": "sheet", "screen": "page" } ],
        "intents": [ { "name": "open", "effects": ["set sheet 1", "path append 2"] } ] },
      { "name": "page", "slots": [],
        "intents": [ { "name": "close", "effects": ["dismiss"] }, { "name": "back", "effects": ["path pop-back 2", "save"] } ] } ] }
    """

  @Test func intentsAreReadWithTheirEffectsAndRunAsAppSteps() throws {
    let topology = try TopologyFile.parse(Data(text.utf8), file: "intents.json")
    #expect(topology.spec.root.intents == [IntentSpec("open", effects: [.set(slot: "sheet", id: 1), .pathAppend(2)])])
    #expect(topology.spec.screens[1].intents.map(\.name) == ["close", "back"])
    Topology.register(topology)
    let trace = try TraceFormat.parse(
      "navtrace 1\ntopology intents-file\napp root open\nsettle\napp sheet close\nsettle\nexpect state path=2\nexpect ok\n")
    let result = try Replay.run(trace, topology: topology, engine: .default)
    #expect(result.passed, "\(result.unmetExpectations) \(result.violations.map(\.explanation))")
  }

  @Test func aBadEffectNamesItsPlace() {
    for (bad, message) in [
      ("\"set sheet 1\"", "screens[0].intents[0].effects[0]: error: screen \"home\" has no slot \"nowhere\""),
      ("\"path append 2\"", "screens[0].intents[0].effects[1]: error: unknown effect \"fly 2\""),
    ] {
      let replacement = bad == "\"set sheet 1\"" ? "\"set nowhere 1\"" : "\"fly 2\""
      let broken = text.replacingOccurrences(of: bad, with: replacement)
      do {
        _ = try TopologyFile.parse(Data(broken.utf8), file: "intents.json")
        Issue.record("accepted \(replacement)")
      } catch {
        #expect(error.description.contains(message), "\(error.description)")
      }
    }
  }
}
