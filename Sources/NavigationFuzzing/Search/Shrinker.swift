/// Shrinks a failing trace to a short one that fails the same way: delta debugging over the
/// steps (replayed leniently, so steps whose target no longer exists drop out and every remaining
/// step stays valid), then simpler arguments (smaller ids, shorter durations, fewer elements).
@MainActor
public struct Shrinker {
  public let topology: Topology
  public let engine: EngineChoice
  public let target: InvariantID
  /// Replays made while shrinking (the cost).
  public private(set) var attempts = 0
  /// The most replays a shrink makes.
  public let attemptLimit: Int
  /// Asked before every replay and every step of it: false ends the shrink with the shortest
  /// failing steps found so far (Ctrl-C), which `shrink` still returns with their `expect` lines.
  public var keepsGoing: () -> Bool = { true }
  /// Whether `keepsGoing` ended the shrink early.
  public private(set) var wasStopped = false
  /// Told after every replay: how far the shrink is (for a progress line).
  public var progress: (Position) -> Void = { _ in }
  /// The actions the shrink holds now: the shortest failing ones found so far.
  public private(set) var best: [Step] = []

  /// Where a shrink is: what it tries now, the replays made, the length it has reached.
  public struct Position: Sendable {
    public var phase: String
    public var attempts: Int
    public var attemptLimit: Int
    public var bestLength: Int
    public var originalLength: Int
  }
  private var phase = "removing steps"
  private var originalLength = 0

  public init(topology: Topology, engine: EngineChoice, target: InvariantID, attemptLimit: Int = 5_000) {
    self.topology = topology
    self.engine = engine
    self.target = target
    self.attemptLimit = attemptLimit
  }

  /// The steps actually needed to reach the violation, or nil if these steps do not reach it.
  mutating func reproduce(_ steps: [Step]) -> [Step]? {
    guard attempts < attemptLimit, !wasStopped else { return nil }
    guard keepsGoing() else {
      wasStopped = true
      return nil
    }
    attempts += 1
    defer {
      progress(Position(phase: phase, attempts: attempts, attemptLimit: attemptLimit, bestLength: best.count, originalLength: originalLength))
    }
    let trace = Trace(topology: topology.name, steps: steps.filter { !$0.isExpectation })
    let result = try? Replay.run(trace, topology: topology, engine: engine, lenient: true, until: target, keepsGoing: keepsGoing)
    if result?.stoppedEarly == true { wasStopped = true }
    guard let result, !result.stoppedEarly, result.violations.contains(where: { $0.invariant == target }) else { return nil }
    if result.performedSteps.count < best.count { best = result.performedSteps }
    return result.performedSteps
  }

  /// The shrunk actions, ending with `settle` and `expect violation <target>`.
  ///
  /// `exhaustiveBelow`: after delta debugging, search breadth-first for any trace shorter than the
  /// one found, up to this length (delta debugging only removes and simplifies steps, so it can
  /// stop at a local minimum that a different story beats). 0 skips it; it costs seconds.
  ///
  /// Stopped by `keepsGoing`, it returns the shortest failing steps found so far (the steps given
  /// when it got no further), with their `expect` lines all the same: found work is never lost.
  public mutating func shrink(_ steps: [Step], exhaustiveBelow limit: Int = 0, now: () -> Double = { 0 }) -> [Step] {
    originalLength = steps.filter { !$0.isExpectation }.count
    best = steps.filter { !$0.isExpectation }
    guard var current = reproduce(steps) else {
      return wasStopped ? best + Self.expectations(for: best, topology: topology, engine: engine, target: target) : steps
    }
    while !wasStopped {
      let before = current
      phase = "removing steps"
      current = removeChunks(current)
      phase = "simpler arguments"
      current = simplifyArguments(current)
      if current == before { break }
    }
    if limit > 1, current.count > 1, !wasStopped {
      phase = "searching for a shorter trace"
      var explorer = Explorer(topology: topology, engine: engine)
      explorer.maxDepth = min(current.count - 1, limit)
      explorer.target = target
      explorer.stateLimit = 50_000
      let keepsGoing = self.keepsGoing
      let report = progress
      let here = Position(phase: "", attempts: attempts, attemptLimit: attemptLimit, bestLength: current.count, originalLength: originalLength)
      let maxDepth = explorer.maxDepth
      var stopped = false
      let found = explorer.run(now: now, timeLimit: 30) { position in
        var shown = here
        shown.phase = "searching for a shorter trace (depth \(position.depth) of \(maxDepth): \(position.done) of \(position.of) prefixes)"
        report(shown)
        stopped = stopped || !keepsGoing()
        return !stopped
      }
      if stopped { wasStopped = true }
      if let shorter = found.trace?.actions, shorter.count < current.count {
        current = shorter
        best = shorter
      }
    }
    var result = current
    // Stopped: the last reproduction may have been cut; `best` is the shortest that failed.
    if wasStopped { result = best }
    let kept = result
    if result.last != .settle { result.append(.settle) }
    if wasStopped || reproduce(result) == nil { result = kept }
    return result + Self.expectations(for: result, topology: topology, engine: engine, target: target)
  }

  /// `expect violation` lines for every invariant the steps violate (the target first), so the
  /// trace, replayed, passes exactly when it still fails the same way.
  static func expectations(for steps: [Step], topology: Topology, engine: EngineChoice, target: InvariantID) -> [Step] {
    let trace = Trace(topology: topology.name, steps: steps)
    let found = (try? Replay.run(trace, topology: topology, engine: engine))?.violations.map(\.invariant) ?? []
    let others = found.filter { $0 != target }.sorted()
    return ([target] + others).map { .expect(.violation($0)) }
  }

  /// ddmin: remove chunks, halving their size, then single steps.
  private mutating func removeChunks(_ steps: [Step]) -> [Step] {
    var current = steps
    var chunk = max(current.count / 2, 1)
    while chunk >= 1 {
      var start = 0
      var removedAny = false
      while start < current.count {
        var candidate = current
        candidate.removeSubrange(start..<min(start + chunk, current.count))
        if let reduced = reproduce(candidate), reduced.count < current.count {
          current = reduced
          removedAny = true
        } else {
          start += chunk
        }
      }
      if !removedAny { chunk /= 2 }
    }
    return current
  }

  /// Tries simpler arguments, one step at a time.
  private mutating func simplifyArguments(_ steps: [Step]) -> [Step] {
    var current = steps
    var index = 0
    while index < current.count {
      for replacement in simpler(current[index]) {
        var candidate = current
        candidate[index] = replacement
        if let reduced = reproduce(candidate), reduced.count <= current.count {
          current = reduced
          break
        }
      }
      index += 1
    }
    return current
  }

  /// Smaller values a path step may take instead, smallest first: those its path's kinds declare
  /// (a smaller value may be of another kind), or for a path of `[Int]` every smaller whole number.
  private func smallerPathValues(than value: Int) -> [Int] {
    topology.spec.root.declaredPathValues.map { $0.filter { $0 < value }.sorted() } ?? Array(1..<max(value, 1))
  }

  private func simpler(_ step: Step) -> [Step] {
    switch step {
    case .afterClearing(let ordered, let first):
      // Today's order first: a failure that needs no order of its own reads without one.
      return [ordered] + simpler(ordered).map { .afterClearing($0, first) }
    case .set(let address, let id): return (1..<max(id, 1)).map { .set(address, id: $0) }
    case .advance(let milliseconds):
      return [.tick] + generatedDurations.filter { $0 < milliseconds }.map { .advance($0) } + [.settle]
    case .tick: return []
    case .pathAppend(let value): return smallerPathValues(than: value).map { .pathAppend($0) }
    case .pathRemoveLast(let count): return count > 1 ? [.pathRemoveLast(1)] : []
    case .pathSet(let values):
      var options: [Step] = []
      if !values.isEmpty { options.append(.pathSet(Array(values.dropLast()))) }
      options += values.indices.compactMap { index in
        guard let smallest = smallerPathValues(than: values[index]).first else { return nil }
        var smaller = values
        smaller[index] = smallest
        return .pathSet(smaller)
      }
      return options
    case .user(.backTo(let index)): return index > 0 ? [.user(.backTo(0)), .user(.back)] : [.user(.back)]
    case .user(.swipeBack): return [.user(.back)]
    default: return []
    }
  }
}
