/// One prefix of the explorer's search expanded: every action of the alphabet tried from the state
/// it reaches, in alphabet order, each with what it led to. Expansions are independent of one
/// another, so they can be made anywhere — in other processes (`navfuzz explore --jobs`) — and the
/// search merges them in frontier order: the same search whoever made them.
public struct ExplorerExpansion: Sendable, Equatable {
  public enum Outcome: Sendable, Equatable {
    /// The key of the state reached (`Explorer.stateKey`).
    case state(UInt64)
    /// The invariant the step violated (the first the explorer's target accepts): nothing after
    /// it is tried, as the search stops there.
    case violation(InvariantID)
    /// Provably the state the prefix reaches, without a new violation (`Explorer.reachesPrefixState`):
    /// not replayed. The search has seen that state already.
    case prefixState
  }

  public var steps: [Step]
  /// One per step tried: as many as `steps`, fewer after a violation.
  public var outcomes: [Outcome] = []
  /// Worlds built to make it: one per outcome replayed (the prefix's own replay takes the first),
  /// at least one (the replay that gives the alphabet); one fewer when the first came with the
  /// prefix (`ExpansionHead`).
  public var replays: Int
  /// With `Explorer.recordsKeys` (tests): each state's `canonicalKey`.
  var canonicalKeys: [UInt64] = []

  public init(steps: [Step], outcomes: [Outcome] = []) {
    self.steps = steps
    self.outcomes = outcomes
    replays = max(1, outcomes.count(where: { $0 != .prefixState }))
  }
}

/// The outcome of the first action a prefix's expansion replays, found on the prefix's own world
/// right after the search first reached it (when it was a new candidate), so that the expansion
/// at the next depth need not build a world for it. That world is the one a replay of the prefix
/// would build — the same steps on a fresh world — so the outcome is the replay's.
struct ExpansionHead {
  var outcome: ExplorerExpansion.Outcome
  /// With `Explorer.recordsKeys`: the state's `canonicalKey`.
  var canonicalKey: UInt64 = 0
}

extension Explorer {
  /// Expands `prefix`: the replay that gives its alphabet takes the first action it must replay,
  /// and each other such action is tried on a replay of its own; actions that provably end where
  /// the prefix ends (`reachesPrefixState`) are not replayed.
  public func expand(_ prefix: [Step]) -> ExplorerExpansion {
    expand(prefix, head: nil, wantsHead: nil).expansion
  }

  /// `expand(_:)`, taking the first replayed action's outcome from `head` when given, and making
  /// the head of each child whose key `wantsHead` accepts (by index into the alphabet) on the
  /// child's world, before the next world is built (building one lets go of the last one's work).
  func expand(_ prefix: [Step], head: ExpansionHead?, wantsHead: ((UInt64) -> Bool)?)
    -> (expansion: ExplorerExpansion, heads: [Int: ExpansionHead])
  {
    let (replayed, facts) = replayNotingFacts(prefix)
    var parent: Runner? = replayed
    let turn = TurnBoundary(after: prefix)
    var expansion = ExplorerExpansion(steps: alphabet(for: replayed).filter { !noRaces || !turn.needsTick(before: $0) })
    var heads: [Int: ExpansionHead] = [:]
    let prefixKey = recordsKeys ? canonicalKey(replayed) : 0
    var head = head
    var replays = 0
    for (index, step) in expansion.steps.enumerated() {
      if Self.reachesPrefixState(step, after: facts) {
        expansion.outcomes.append(.prefixState)
        if recordsKeys { expansion.canonicalKeys.append(prefixKey) }
        continue
      }
      if let known = head {
        head = nil
        expansion.outcomes.append(known.outcome)
        if case .violation = known.outcome { break }
        if recordsKeys { expansion.canonicalKeys.append(known.canonicalKey) }
        continue
      }
      let runner: Runner
      let childFacts: PrefixFacts
      if let reused = parent {
        runner = reused
        childFacts = perform(step, on: reused, index: prefix.count)
        parent = nil
      } else {
        (runner, childFacts) = replayNotingFacts(prefix + [step])
      }
      replays += 1
      if let violation = runner.violations.first(where: { target == nil || $0.invariant == target }) {
        expansion.outcomes.append(.violation(violation.invariant))
        break
      }
      var childTurn = turn
      childTurn.note(step)
      let key = stateKey(runner, turn: childTurn)
      expansion.outcomes.append(.state(key))
      if recordsKeys { expansion.canonicalKeys.append(canonicalKey(runner)) }
      if let wantsHead, wantsHead(key) {
        heads[index] = self.head(of: runner, after: childFacts, turn: childTurn, depth: prefix.count + 1)
      }
    }
    expansion.replays = max(1, replays)
    return (expansion, heads)
  }

  /// The first action a prefix's expansion replays, taken on `runner` (the prefix's world).
  private func head(of runner: Runner, after facts: PrefixFacts, turn: TurnBoundary, depth: Int) -> ExpansionHead? {
    // The alphabet's first step, when it is a program step (none is ever skipped); else the
    // first the rules do not skip. Under `noRaces`, the first the turn allows.
    let programStepsAllowed = !noRaces || turn.allowsProgramChange
    guard
      let step = (programStepsAllowed ? firstSlotOrIntentStep(runner.reference) : nil)
        ?? alphabet(for: runner).first(where: {
          !Self.reachesPrefixState($0, after: facts) && (!noRaces || !turn.needsTick(before: $0))
        })
    else { return nil }
    _ = perform(step, on: runner, index: depth)
    if let violation = runner.violations.first(where: { target == nil || $0.invariant == target }) {
      return ExpansionHead(outcome: .violation(violation.invariant))
    }
    var after = turn
    after.note(step)
    return ExpansionHead(
      outcome: .state(stateKey(runner, turn: after)), canonicalKey: recordsKeys ? canonicalKey(runner) : 0)
  }

  /// The state's key; under `noRaces`, with what its run-loop turn holds mixed in (it decides what
  /// may follow), so that a state reached with a gesture pending is not taken for one without.
  func stateKey(_ runner: Runner, turn: TurnBoundary) -> UInt64 {
    let key = stateKey(runner)
    guard noRaces, turn.flags != 0 else { return key }
    var hasher = StableHasher()
    hasher.combine(Int(truncatingIfNeeded: key))
    hasher.combine(turn.flags)
    return hasher.value
  }

  // MARK: Between processes

  // A prefix is a line of step lines (docs/TRACES.md) separated by tabs; an expansion is a line of
  // entries separated by tabs, each a step line, a unit separator, then a key in hex, `!` and an
  // invariant, or `=` (the prefix's state). Step lines hold neither character.

  /// The prefixes a worker is to expand, as text.
  public func encode(prefixes: [[Step]]) -> String {
    prefixes.map { prefix in
      prefix.map { TraceFormat.line(for: $0, spec: topology.spec) }.joined(separator: "\t")
    }.joined(separator: "\n") + "\n"
  }

  /// A worker's work: expands each prefix `encode(prefixes:)` wrote, one output line per prefix.
  public func expandEncoded(_ text: String) throws(TraceError) -> String {
    var lines: [String] = []
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().enumerated() {
      let prefix = try line.isEmpty ? [] : line.split(separator: "\t").map { field throws(TraceError) in
        try step(String(field), line: number + 1)
      }
      let expansion = expand(prefix)
      lines.append(
        zip(expansion.steps, expansion.outcomes).map { step, outcome in
          let result: String
          switch outcome {
          case .state(let key): result = String(key, radix: 16)
          case .violation(let invariant): result = "!" + invariant.rawValue
          case .prefixState: result = "="
          }
          return TraceFormat.line(for: step, spec: topology.spec) + "\u{1F}" + result
        }.joined(separator: "\t"))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// What `expandEncoded` wrote, read back.
  public func decodeExpansions(_ text: String) throws(TraceError) -> [ExplorerExpansion] {
    var expansions: [ExplorerExpansion] = []
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().enumerated() {
      var expansion = ExplorerExpansion(steps: [])
      for entry in line.split(separator: "\t") {
        let fields = entry.split(separator: "\u{1F}", omittingEmptySubsequences: false)
        guard fields.count == 2 else { throw TraceError(file: "<expansion>", line: number + 1, message: "malformed entry '\(entry)'") }
        expansion.steps.append(try step(String(fields[0]), line: number + 1))
        if fields[1] == "=" {
          expansion.outcomes.append(.prefixState)
        } else if fields[1].hasPrefix("!"), let invariant = InvariantID(rawValue: String(fields[1].dropFirst())) {
          expansion.outcomes.append(.violation(invariant))
        } else if let key = UInt64(fields[1], radix: 16) {
          expansion.outcomes.append(.state(key))
        } else {
          throw TraceError(file: "<expansion>", line: number + 1, message: "malformed outcome '\(fields[1])'")
        }
      }
      expansions.append(ExplorerExpansion(steps: expansion.steps, outcomes: expansion.outcomes))
    }
    return expansions
  }

  private func step(_ text: String, line: Int) throws(TraceError) -> Step {
    do {
      return try TraceFormat.parseStep(text.split(separator: " ").map(String.init), spec: topology.spec)
    } catch {
      throw TraceError(file: "<expansion>", line: line, message: error.text)
    }
  }
}
