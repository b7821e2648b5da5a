@testable import NavFuzzEngines
@testable import NavigationFuzzing
import Testing

/// Every candidate the explorer skips as "the prefix's own state" must be one: replayed in full,
/// it reaches the prefix's key and records no violation the prefix had not. Checked on every
/// prefix of small searches over engines that behave and engines that break, and the rules must
/// fire (a rule that never prunes proves nothing here).
@MainActor
@Suite struct ExplorerPruningTests {
  struct Tally {
    var timeSteps = 0
    var gestures = 0
  }

  /// Expands every prefix up to `depth` (the plain breadth-first walk, no state dropped for being
  /// seen before, at most `limit` prefixes) and replays each pruned candidate.
  static func checkEveryPrunedCandidate(_ explorer: Explorer, depth: Int, limit: Int, tally: inout Tally) {
    var frontier: [[Step]] = [[]]
    var seen: Set<UInt64> = []
    var expanded = 0
    for _ in 0..<depth {
      var next: [[Step]] = []
      for prefix in frontier where expanded < limit {
        expanded += 1
        let parent = explorer.replay(prefix)
        let parentKey = explorer.stateKey(parent)
        let expansion = explorer.expand(prefix)
        for (step, outcome) in zip(expansion.steps, expansion.outcomes) {
          let candidate = prefix + [step]
          guard outcome == .prefixState else {
            if case .state(let key) = outcome, seen.insert(key).inserted { next.append(candidate) }
            continue
          }
          switch step {
          case .user: tally.gestures += 1
          default: tally.timeSteps += 1
          }
          let runner = explorer.replay(candidate)
          let label = "\(explorer.topology.name)/\(explorer.engine.name): \(candidate)"
          #expect(explorer.stateKey(runner) == parentKey, "\(label)")
          #expect(runner.violations.map(\.invariant) == parent.violations.map(\.invariant), "\(label)")
        }
      }
      frontier = next
    }
  }

  @Test func prunedCandidatesReachThePrefixStateWithoutANewViolation() {
    var tally = Tally()
    let cases: [(Topology, String)] = [
      (.basic, "state-driven"), (.basic, "no-write-back"), (.basic, "one-slot-per-controller"),
      (.stack, "state-driven"), (.stack, "pop-to-self"), (.valueStack, "state-driven"),
      (.covers, "state-driven"), (.callbacks, "state-driven"), (.syncUpsStack, "state-driven"),
    ]
    for (topology, engine) in cases {
      let explorer = Explorer(topology: topology, engine: BuiltInEngines.named(engine)!)
      Self.checkEveryPrunedCandidate(explorer, depth: 3, limit: 40, tally: &tally)
    }
    #expect(tally.timeSteps > 0 && tally.gestures > 0, "time steps \(tally.timeSteps), gestures \(tally.gestures)")
  }

  @Test func nothingIsPrunedWithoutTheLastStepsChecks() {
    let unchecked = Explorer.PrefixFacts(lastStepChecked: false, isQuiescent: true, isTransitioning: true)
    let checked = Explorer.PrefixFacts(lastStepChecked: true, isQuiescent: true, isTransitioning: false)
    let running = Explorer.PrefixFacts(lastStepChecked: true, isQuiescent: false, isTransitioning: true)
    for step: Step in [.tick, .advance(250), .settle, .user(.back), .user(.dismiss)] {
      #expect(!Explorer.reachesPrefixState(step, after: unchecked))
    }
    #expect(Explorer.reachesPrefixState(.settle, after: checked) && !Explorer.reachesPrefixState(.settle, after: running))
    #expect(Explorer.reachesPrefixState(.user(.swipeBack), after: running) && !Explorer.reachesPrefixState(.user(.swipeBack), after: checked))
    // Program steps and the end of a transition always run.
    #expect(!Explorer.reachesPrefixState(.untilTransitionEnd, after: running))
    #expect(!Explorer.reachesPrefixState(.clear(.root.appending(.slot(0))), after: checked))
    // The root's replay has run no step, so none of its checks: nothing is pruned there, though
    // the fresh world is quiescent.
    let explorer = Explorer(topology: .basic, engine: .default)
    let root = explorer.replayNotingFacts([]).1
    #expect(!root.lastStepChecked && root.isQuiescent)
    #expect(!explorer.expand([]).outcomes.contains(.prefixState))
  }

  @Test func prunedSearchesFindWhatThePlainSearchFinds() {
    for (topology, engine, depth) in [(Topology.valueStack, "state-driven", 2), (.covers, "state-driven", 2), (.stack, "pop-to-self", 3)] {
      var explorer = Explorer(topology: topology, engine: BuiltInEngines.named(engine)!)
      explorer.maxDepth = depth
      explorer.stateLimit = 400
      ExplorerEquivalenceTests.expectSame(explorer)
    }
  }

  /// A head (the first replayed action, tried on a new state's own world when it was found) is
  /// what the expansion of that state from a fresh replay gives first.
  @Test func headsAreWhatAFreshReplayGives() {
    var compared = 0
    for (topology, engine) in [(Topology.basic, "state-driven"), (.stack, "pop-to-self"), (.valueStack, "state-driven")] {
      var explorer = Explorer(topology: topology, engine: BuiltInEngines.named(engine)!)
      explorer.recordsKeys = true
      for prefix in [[]] + explorer.expand([]).steps.prefix(4).map({ [$0] }) {
        let (_, heads) = explorer.expand(prefix, head: nil, wantsHead: { _ in true })
        let steps = explorer.expand(prefix).steps
        for (index, head) in heads.sorted(by: { $0.key < $1.key }) {
          let fresh = explorer.expand(prefix + [steps[index]])
          guard let first = fresh.outcomes.firstIndex(where: { $0 != .prefixState && $0 != .commutes }) else {
            Issue.record("a head where a fresh expansion replays nothing")
            continue
          }
          #expect(head.outcome == fresh.outcomes[first])
          #expect(head.canonicalKey == fresh.canonicalKeys[first])
          // Given the head, the expansion is the same with one world fewer.
          let given = explorer.expand(prefix + [steps[index]], head: head, wantsHead: nil).expansion
          #expect(given.outcomes == fresh.outcomes && given.canonicalKeys == fresh.canonicalKeys)
          #expect(given.replays == fresh.replays - 1 || (fresh.replays == 1 && given.replays == 1))
          compared += 1
        }
      }
    }
    #expect(compared > 20)
  }
}
