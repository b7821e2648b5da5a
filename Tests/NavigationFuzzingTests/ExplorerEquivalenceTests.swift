@testable import NavFuzzEngines
@testable import NavigationFuzzing
import Testing

/// The explorer's shortcuts must not change what it finds: the same states per depth, the same
/// first violation and trace, the same cut, as the plain search that replays every candidate from
/// the root. And its symmetry reduction must find exactly the classes of states the full search
/// finds, at the same depths.
@MainActor
@Suite struct ExplorerEquivalenceTests {
  /// The search as it was first written: every candidate replayed from the root, every trace kept.
  static func plainSearch(_ explorer: Explorer) -> Explorer.Result {
    var result = Explorer.Result()
    var seen: Set<UInt64> = [explorer.stateKey(explorer.replay([]))]
    var frontier: [[Step]] = [[]]
    for depth in 1...explorer.maxDepth {
      var next: [[Step]] = []
      for prefix in frontier {
        for step in explorer.alphabet(for: explorer.replay(prefix)) {
          let candidate = prefix + [step]
          let runner = explorer.replay(candidate)
          if let violation = runner.violations.first(where: { explorer.target == nil || $0.invariant == explorer.target }) {
            result.violation = violation
            result.trace = Trace(
              topology: explorer.topology.name, engine: explorer.engine.name,
              steps: candidate + [.expect(.violation(violation.invariant))])
            result.statesPerDepth.append(next.count)
            result.statesVisited = seen.count
            return result
          }
          guard seen.insert(explorer.stateKey(runner)).inserted else { continue }
          next.append(candidate)
          if seen.count >= explorer.stateLimit {
            result.cutShort = "state limit \(explorer.stateLimit) reached at depth \(depth)"
            result.statesPerDepth.append(next.count)
            result.statesVisited = seen.count
            return result
          }
        }
      }
      result.statesPerDepth.append(next.count)
      frontier = next
    }
    result.statesVisited = seen.count
    return result
  }

  /// The shortcuts without the reduction: the very search the plain one makes. With the
  /// reduction (`ExplorerReduction`), which replays one order of commuting writes, the same states
  /// per depth, cut and verdict, and a counterexample as short (perhaps another of that length).
  static func expectSame(_ explorer: Explorer) {
    var unreduced = explorer
    unreduced.reducesCommutingWrites = false
    let fast = unreduced.run(now: { 0 })
    let plain = plainSearch(explorer)
    #expect(fast.statesPerDepth == plain.statesPerDepth)
    #expect(fast.statesVisited == plain.statesVisited)
    #expect(fast.cutShort == plain.cutShort)
    #expect(fast.violation?.invariant == plain.violation?.invariant)
    #expect(fast.violation?.explanation == plain.violation?.explanation)
    #expect(fast.trace.map(TraceFormat.print) == plain.trace.map(TraceFormat.print))
    var reducing = explorer
    reducing.reducesCommutingWrites = true
    let reduced = reducing.run(now: { 0 })
    #expect(reduced.reductionRefused == nil)
    #expect(reduced.statesPerDepth == plain.statesPerDepth)
    #expect(reduced.statesVisited == plain.statesVisited)
    #expect(reduced.cutShort == plain.cutShort)
    #expect(reduced.violation?.invariant == plain.violation?.invariant)
    #expect(reduced.trace?.actions.count == plain.trace?.actions.count)
  }

  @Test func findsWhatThePlainSearchFinds() {
    var basic = Explorer(topology: .basic, engine: .default)
    basic.maxDepth = 2
    Self.expectSame(basic)
    var stack = Explorer(topology: .stack, engine: .default)
    stack.maxDepth = 3
    stack.stateLimit = 60
    Self.expectSame(stack)
    var mutant = Explorer(topology: .basic, engine: BuiltInEngines.named("one-slot-per-controller")!)
    mutant.maxDepth = 3
    Self.expectSame(mutant)
  }

  /// Steps whose write reaches several bindings of a screen are tried in every order
  /// (`WriteOrder`): the shortcuts find what the plain search finds with them too, and a
  /// search through other processes carries them as trace text.
  @Test func findsWhatThePlainSearchFindsInEveryWriteOrder() {
    var counter = Explorer(topology: .counter, engine: .default)
    counter.maxDepth = 3
    counter.stateLimit = 300
    let afterAnAlert = counter.alphabet(for: counter.replay([.set(Address([.slot(0)]), id: 1)]))
    #expect(afterAnAlert.contains(.afterClearing(.set(Address([.slot(1)]), id: 1), [Address([.slot(0)])])))
    Self.expectSame(counter)
    var orderSensitive = Explorer(topology: .counter, engine: WriteOrderTests.warnsWhenAModalGoesFirst)
    orderSensitive.maxDepth = 4
    orderSensitive.target = .engineWarning
    var batched = orderSensitive
    batched.batchSize = 7
    batched.expandsBatch = Self.throughText(batched)
    let one = orderSensitive.run(now: { 0 })
    let many = batched.run(now: { 0 })
    #expect(many.statesPerDepth == one.statesPerDepth)
    #expect(many.trace.map(TraceFormat.print) == one.trace.map(TraceFormat.print))
    #expect(one.trace?.actions.contains { if case .afterClearing = $0 { true } else { false } } == true)
  }

  @Test func symmetryFindsEveryClassOfStatesAtItsDepth() {
    for (topology, depth) in [(Topology.basic, 2), (.counter, 2)] {
      var full = Explorer(topology: topology, engine: .default)
      full.maxDepth = depth
      full.recordsKeys = true
      var reduced = full
      reduced.symmetry = true
      #expect(Explorer.symmetryIsSound(topology: topology, engine: .default))
      let all = full.run(now: { 0 })
      let classes = reduced.run(now: { 0 })
      #expect(classes.symmetric && !all.symmetric)
      #expect(classes.violation == nil && all.violation == nil)
      for index in 0..<depth {
        #expect(Set(classes.keysPerDepth[index]) == Set(all.keysPerDepth[index]), "\(topology.name) depth \(index + 1)")
        #expect(classes.statesPerDepth[index] == Set(all.keysPerDepth[index]).count)
      }
      #expect(classes.statesVisited < all.statesVisited, "\(topology.name): nothing was symmetric")
    }
  }

  @Test func symmetryKeepsTheShortestCounterexample() throws {
    var explorer = Explorer(topology: .basic, engine: BuiltInEngines.named("one-slot-per-controller")!)
    explorer.maxDepth = 3
    let full = try #require(explorer.run(now: { 0 }).trace)
    explorer.symmetry = true
    let reduced = try #require(explorer.run(now: { 0 }).trace)
    #expect(reduced.actions.count == full.actions.count)
  }

  @Test func symmetryIsRefusedWhereFeatureCodeCouldNameIDs() {
    #expect(!Explorer.symmetryIsSound(topology: .syncUpsTree, engine: .default))
    #expect(Explorer.symmetryIsSound(topology: .stack, engine: .default))
  }

  /// Expansions made elsewhere: through the text a worker process reads and writes.
  static func throughText(_ explorer: Explorer) -> ([[Step]]) -> [ExplorerExpansion] {
    { batch in
      let text = try! explorer.expandEncoded(explorer.encode(prefixes: batch))
      return try! explorer.decodeExpansions(text)
    }
  }

  @Test func expansionsSurviveTheTripBetweenProcesses() {
    for (topology, engine) in [(Topology.basic, "no-write-back"), (.stack, "state-driven"), (.valueStack, "state-driven")] {
      let explorer = Explorer(topology: topology, engine: BuiltInEngines.named(engine)!)
      let prefixes: [[Step]] = [[], explorer.expand([]).steps.prefix(1).map { $0 }, Array(explorer.expand([]).steps.suffix(2))]
      let direct = prefixes.map { explorer.expand($0) }
      #expect(Self.throughText(explorer)(prefixes) == direct.map { ExplorerExpansion(steps: $0.steps, outcomes: $0.outcomes) })
      #expect(direct.allSatisfy { !$0.outcomes.isEmpty })
    }
  }

  @Test func batchesExpandedElsewhereGiveTheSameSearch() {
    var mutant = Explorer(topology: .basic, engine: BuiltInEngines.named("one-slot-per-controller")!)
    mutant.maxDepth = 3
    var batched = mutant
    batched.batchSize = 5
    batched.expandsBatch = Self.throughText(batched)
    let one = mutant.run(now: { 0 })
    let many = batched.run(now: { 0 })
    #expect(many.statesPerDepth == one.statesPerDepth)
    // Here each new state's first action is tried on its own world (`ExpansionHead`); workers
    // build a world for it.
    #expect(many.replays > one.replays)
    #expect(many.trace.map(TraceFormat.print) == one.trace.map(TraceFormat.print))
    #expect(many.violation?.explanation == one.violation?.explanation && one.violation != nil)
    var stack = Explorer(topology: .stack, engine: .default)
    stack.maxDepth = 2
    stack.symmetry = true
    var stackBatched = stack
    stackBatched.batchSize = 3
    stackBatched.expandsBatch = Self.throughText(stackBatched)
    #expect(stackBatched.run(now: { 0 }).statesPerDepth == stack.run(now: { 0 }).statesPerDepth)
  }
}
