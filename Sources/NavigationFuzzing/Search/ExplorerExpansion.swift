/// One prefix of the explorer's search expanded: every action of the alphabet tried from the state
/// it reaches, in alphabet order, each with what it led to. Expansions are independent of one
/// another, so they can be made anywhere — in other processes (`navfuzz explore --jobs`) — and the
/// search merges them in frontier order: the same search whoever made them.
package struct ExplorerExpansion: Sendable, Equatable {
  public enum Outcome: Sendable, Equatable {
    /// The key of the state reached (`Explorer.stateKey`).
    case state(UInt64)
    /// The invariant the step violated (the first the explorer's target accepts): nothing after
    /// it is tried, as the search stops there.
    case violation(InvariantID)
    /// Provably the state the prefix reaches, without a new violation (`Explorer.reachesPrefixState`):
    /// not replayed. The search has seen that state already.
    case prefixState
    /// Provably the state of another candidate of the search: the same two commuting program
    /// writes in the other order (`Explorer.commutes`). Not replayed; the search finds that state
    /// at the same depth.
    case commutes
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
  /// The first program write seen to run code of the system under test synchronously while
  /// making it, in words (`SynchronousWork`): the reduction's precondition broken.
  public var synchronousWork: String?

  public init(steps: [Step], outcomes: [Outcome] = []) {
    self.steps = steps
    self.outcomes = outcomes
    replays = max(1, outcomes.count(where: { $0 != .prefixState && $0 != .commutes }))
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
  /// What the step ran synchronously, if it broke the reduction's precondition.
  var synchronousWork: String?
}

extension Explorer {
  /// Expands `prefix`: the replay that gives its alphabet takes the first action it must replay,
  /// and each other such action is tried on a replay of its own; actions that provably end where
  /// the prefix ends (`reachesPrefixState`) are not replayed.
  package func expand(_ prefix: [Step]) -> ExplorerExpansion {
    expand(prefix, head: nil, wantsHead: nil).expansion
  }

  /// `expand(_:)`, taking the first replayed action's outcome from `head` when given, and making
  /// the head of each child whose key `wantsHead` accepts (by index into the alphabet) on the
  /// child's world, before the next world is built (building one lets go of the last one's work).
  func expand(_ prefix: [Step], head: ExpansionHead?, wantsHead: ((UInt64) -> Bool)?)
    -> (expansion: ExplorerExpansion, heads: [Int: ExpansionHead])
  {
    let prefixReplay = replayForExpansion(prefix)
    let (replayed, facts) = (prefixReplay.runner, prefixReplay.facts)
    var parent: Runner? = replayed
    let turn = TurnBoundary(after: prefix)
    var expansion = ExplorerExpansion(steps: alphabet(for: replayed).filter { !noRaces || !turn.needsTick(before: $0) })
    expansion.synchronousWork = prefixReplay.synchronousWork
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
      if let last = prefixReplay.lastWrite, Self.commutes(step, after: last) {
        expansion.outcomes.append(.commutes)
        if recordsKeys { expansion.canonicalKeys.append(0) }
        continue
      }
      if let known = head {
        head = nil
        expansion.outcomes.append(known.outcome)
        if expansion.synchronousWork == nil { expansion.synchronousWork = known.synchronousWork }
        if case .violation = known.outcome { break }
        if recordsKeys { expansion.canonicalKeys.append(known.canonicalKey) }
        continue
      }
      let child: WatchedReplay
      if let reused = parent {
        child = perform(step, on: reused, index: prefix.count, watchedBy: prefixReplay.watch)
        parent = nil
      } else {
        child = replayForExpansion(prefix + [step])
      }
      let runner = child.runner
      replays += 1
      if expansion.synchronousWork == nil { expansion.synchronousWork = child.synchronousWork }
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
        heads[index] = self.head(of: child, turn: childTurn, depth: prefix.count + 1)
      }
    }
    expansion.replays = max(1, replays)
    return (expansion, heads)
  }

  /// The first action a prefix's expansion replays, taken on `replay`'s world (the prefix's).
  private func head(of replay: WatchedReplay, turn: TurnBoundary, depth: Int) -> ExpansionHead? {
    let runner = replay.runner
    let facts = replay.facts
    // The alphabet's first step, when it is a program step (none is ever skipped) that does not
    // commute with the prefix's last; else the first the rules do not skip. Under `noRaces`, the
    // first the turn allows.
    let programStepsAllowed = !noRaces || turn.allowsProgramChange
    func skipped(_ step: Step) -> Bool {
      if let last = replay.lastWrite, Self.commutes(step, after: last) { return true }
      return false
    }
    var first = programStepsAllowed ? firstSlotOrIntentStep(runner.reference) : nil
    if let step = first, skipped(step) { first = nil }
    guard
      let step = first
        ?? alphabet(for: runner).first(where: {
          !Self.reachesPrefixState($0, after: facts) && (!noRaces || !turn.needsTick(before: $0)) && !skipped($0)
        })
    else { return nil }
    let taken = perform(step, on: runner, index: depth, watchedBy: replay.watch)
    if let violation = runner.violations.first(where: { target == nil || $0.invariant == target }) {
      return ExpansionHead(outcome: .violation(violation.invariant), synchronousWork: taken.synchronousWork)
    }
    var after = turn
    after.note(step)
    return ExpansionHead(
      outcome: .state(stateKey(runner, turn: after)), canonicalKey: recordsKeys ? canonicalKey(runner) : 0,
      synchronousWork: taken.synchronousWork)
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
          case .commutes: result = "~"
          }
          return TraceFormat.line(for: step, spec: topology.spec) + "\u{1F}" + result
        }.joined(separator: "\t") + Self.encode(synchronousWork: expansion.synchronousWork))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// What `expandEncoded` wrote, read back.
  package func decodeExpansions(_ text: String) throws(TraceError) -> [ExplorerExpansion] {
    var expansions: [ExplorerExpansion] = []
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().enumerated() {
      var expansion = ExplorerExpansion(steps: [])
      for entry in line.split(separator: "\t") {
        let fields = entry.split(separator: "\u{1F}", omittingEmptySubsequences: false)
        if fields.count == 2, fields[0].isEmpty, fields[1].hasPrefix("?") {
          expansion.synchronousWork = String(fields[1].dropFirst())
          continue
        }
        guard fields.count == 2 else { throw TraceError(file: "<expansion>", line: number + 1, message: "malformed entry '\(entry)'") }
        expansion.steps.append(try step(String(fields[0]), line: number + 1))
        if fields[1] == "=" {
          expansion.outcomes.append(.prefixState)
        } else if fields[1] == "~" {
          expansion.outcomes.append(.commutes)
        } else if fields[1].hasPrefix("!"), let invariant = InvariantID(rawValue: String(fields[1].dropFirst())) {
          expansion.outcomes.append(.violation(invariant))
        } else if let key = UInt64(fields[1], radix: 16) {
          expansion.outcomes.append(.state(key))
        } else {
          throw TraceError(file: "<expansion>", line: number + 1, message: "malformed outcome '\(fields[1])'")
        }
      }
      var decoded = ExplorerExpansion(steps: expansion.steps, outcomes: expansion.outcomes)
      decoded.synchronousWork = expansion.synchronousWork
      expansions.append(decoded)
    }
    return expansions
  }

  /// A broken precondition as a last entry with no step: `?` and the words, which never hold a
  /// tab, a newline or a unit separator (they are replaced); nothing when there is none.
  private static func encode(synchronousWork: String?) -> String {
    guard let synchronousWork else { return "" }
    let words = String(synchronousWork.map { $0 == "\t" || $0 == "\n" || $0 == "\u{1F}" ? " " : $0 })
    return "\t\u{1F}?" + words
  }

  private func step(_ text: String, line: Int) throws(TraceError) -> Step {
    do {
      return try TraceFormat.parseStep(text.split(separator: " ").map(String.init), spec: topology.spec)
    } catch {
      throw TraceError(file: "<expansion>", line: line, message: error.text)
    }
  }
}
