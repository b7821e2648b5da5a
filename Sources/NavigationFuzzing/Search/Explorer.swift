import HeadlessUIKit
import NavigationReference

/// Breadth-first search over action sequences, as model checkers do (TLC, Spin): every sequence of
/// length 1, then 2, …, skipping any that reaches a state already seen. The first violation it
/// finds has a globally shortest trace — the yardstick for the shrinker — and the number of
/// distinct states says how big the space is.
@MainActor
public struct Explorer {
  public struct Result: Sendable {
    public var statesPerDepth: [Int] = []
    public var statesVisited = 0
    public var replays = 0
    /// The first violation found and its (shortest) trace.
    public var violation: Violation?
    public var trace: Trace?
    /// Why the search stopped before `maxDepth`, if it did.
    public var cutShort: String?
  }

  public let topology: Topology
  public let engine: EngineChoice
  public var maxDepth = 6
  public var stateLimit = 200_000
  /// Stop at a violation of this invariant (nil: any).
  public var target: InvariantID?

  public init(topology: Topology, engine: EngineChoice) {
    self.topology = topology
    self.engine = engine
  }

  /// The actions tried from a state: program steps on slots that exist (ids 1 and 2), path steps,
  /// every user gesture on what is on screen, and three ways for time to pass (four while a
  /// transition runs: up to its end).
  func alphabet(for runner: Runner) -> [Step] {
    var steps: [Step] = []
    for address in runner.reference.filledSlots() {
      steps.append(.clear(address))
    }
    for address in existingSlots(runner.reference) {
      guard let slot = topology.spec.slot(at: address) else { continue }
      if slot.isFlag {
        if runner.reference.item(at: address) == nil { steps.append(.toggle(address, on: true)) }
      } else {
        steps.append(.set(address, id: 1))
        steps.append(.set(address, id: 2))
      }
    }
    for screen in existingScreens(runner.reference) {
      guard let type = topology.spec.screenType(at: screen) else { continue }
      for intent in topology.spec.screens[type].intents { steps.append(.app(screen, intent: intent.name)) }
    }
    if topology.spec.root.pathElementScreen != nil {
      steps.append(.pathAppend(1))
      if !runner.reference.path.isEmpty { steps.append(.pathRemoveLast(1)) }
      // Deep links that reorder and duplicate what is on the stack: where screens are reused by value.
      let values = runner.reference.path.map(\.value)
      if values.count >= 2 { steps.append(.pathSet(values.reversed())) }
      if let first = values.first { steps.append(.pathSet([first] + values)) }
    }
    let window = runner.world.window
    if let top = window.topmostViewController, top !== window.rootViewController {
      if let alert = top as? UIAlertController {
        steps += alert.actions.indices.map { .user(.alertTap($0)) }
      } else {
        steps += [.user(.dismiss), .user(.dismissCancel)]
      }
    }
    if (window.topmostNavigationController?.viewControllers.count ?? 0) > 1 {
      steps += [.user(.back), .user(.swipeBack), .user(.swipeBackCancel)]
    }
    // The end of a running transition, before the next turn: where next-tick write-backs land.
    if runner.environment.isTransitioning { steps.append(.untilTransitionEnd) }
    return steps + [.tick, .advance(250), .settle]
  }

  private func existingScreens(_ reference: ReferenceMachine) -> [Address] {
    var result: [Address] = [.root]
    for address in reference.filledSlots() where reference.item(at: address)?.child != nil { result.append(address) }
    for index in reference.path.indices { result.append(Address.root.appending(.pathElement(index))) }
    return result
  }

  private func existingSlots(_ reference: ReferenceMachine) -> [Address] {
    var result: [Address] = []
    func walk(_ screen: ReferenceScreen, at address: Address) {
      for (index, item) in screen.slots.enumerated() {
        let slotAddress = address.appending(.slot(index))
        result.append(slotAddress)
        if let child = item?.child { walk(child, at: slotAddress) }
      }
      for (index, element) in screen.path.enumerated() { walk(element.screen, at: address.appending(.pathElement(index))) }
    }
    walk(reference.root, at: .root)
    return result
  }

  /// Replays `steps` on a fresh world.
  private func replay(_ steps: [Step]) -> Runner {
    let runner = Runner(topology: topology, engine: engine)
    for (index, step) in steps.enumerated() { _ = try? runner.perform(step, index: index) }
    return runner
  }

  /// A canonical state: the model, the screen and what is still in flight.
  private func stateKey(_ runner: Runner) -> UInt64 {
    var hasher = StableHasher()
    hasher.combine(Int(truncatingIfNeeded: runner.reference.stableHash))
    let text =
      runner.world.rootModel.stateDescription(detailed: true).joined(separator: ";") + "|"
      + runner.world.screenEntries().map(\.description).joined(separator: ";") + "|"
      + "\(runner.environment.runLoop.pendingCount),\(runner.environment.isTransitioning)"
    for byte in text.utf8 { hasher.combine(Int(byte)) }
    return hasher.value
  }

  /// Where a search is within a depth, for a progress line: `done` of `of` prefixes expanded.
  public struct Position: Sendable {
    public var depth: Int
    public var done: Int
    public var of: Int
    public var statesSeen: Int
  }

  /// Searches; `progress` is told before each prefix is expanded and returns false to stop early
  /// (the result then says so in `cutShort`).
  public func run(now: () -> Double, timeLimit: Double = 60, progress: (Position) -> Bool = { _ in true }) -> Result {
    var result = Result()
    let started = now()
    var seen: Set<UInt64> = [stateKey(replay([]))]
    var frontier: [[Step]] = [[]]
    for depth in 1...maxDepth {
      var next: [[Step]] = []
      for (done, prefix) in frontier.enumerated() {
        guard progress(Position(depth: depth, done: done, of: frontier.count, statesSeen: seen.count)) else {
          result.cutShort = "stopped at depth \(depth) (\(done) of \(frontier.count) prefixes expanded)"
          result.statesPerDepth.append(next.count)
          result.statesVisited = seen.count
          return result
        }
        let parent = replay(prefix)
        result.replays += 1
        for step in alphabet(for: parent) {
          let candidate = prefix + [step]
          let runner = replay(candidate)
          result.replays += 1
          if let violation = runner.violations.first(where: { target == nil || $0.invariant == target }) {
            result.violation = violation
            result.trace = Trace(topology: topology.name, engine: engine.name, steps: candidate + [.expect(.violation(violation.invariant))])
            result.statesPerDepth.append(next.count)
            result.statesVisited = seen.count
            return result
          }
          guard seen.insert(stateKey(runner)).inserted else { continue }
          next.append(candidate)
          if seen.count >= stateLimit {
            result.cutShort = "state limit \(stateLimit) reached at depth \(depth)"
          } else if now() - started > timeLimit {
            result.cutShort = "time limit \(Int(timeLimit)) s reached at depth \(depth)"
          }
          if result.cutShort != nil {
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
}
