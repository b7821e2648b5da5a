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
    /// With `symmetry`: each count is of classes of states equal up to swapping ids 1 and 2.
    public var symmetric = false
    /// With `recordsKeys` (tests): the key of each new state's class (`canonicalKey`), per depth.
    var keysPerDepth: [[UInt64]] = []
    /// Candidates not replayed because they commute with their prefix's last write
    /// (`reducesCommutingWrites`).
    public var candidatesCommuted = 0
    /// Why the partial-order reduction was refused (the engine ran code during a program write),
    /// if it was: the search was then made without it, or, where it was required, not finished.
    public var reductionRefused: String?
  }

  public let topology: Topology
  public let engine: EngineChoice
  public var maxDepth = 6
  public var stateLimit = 200_000
  /// Stop at a violation of this invariant (nil: any).
  public var target: InvariantID?
  /// Counts and expands one state of each pair that differs only by swapping item ids 1 and 2
  /// (see `symmetryIsSound` and docs/EXPLORING.md).
  public var symmetry = false
  /// Never a user gesture in the run-loop turn of a program change (`--no-races`): such steps are
  /// left out of the alphabet (`TurnBoundary`), and a state's key says what its turn holds.
  public var noRaces = false
  /// Skips candidates that are two commuting program writes of one run-loop turn in the order the
  /// search also tries the other way round (`ExplorerReduction`; `--no-reduction` turns it off).
  /// Refused, and the search made again without it, for an engine seen to run code during a write.
  public var reducesCommutingWrites = true
  /// With `reducesCommutingWrites`: a refusal stops the search (`reductionRefused`, `cutShort`)
  /// instead of making it again without the reduction (`explore --reduction`).
  public var requiresReduction = false
  /// Off only in tests that show what the reduction would do to an engine that breaks its
  /// precondition: writes that ran code are then reordered, and nothing is refused.
  var checksReductionPrecondition = true
  /// Keeps the canonical key of every new state in the result (tests compare searches by them).
  var recordsKeys = false
  /// Expands prefixes `batchSize` at a time elsewhere (other processes), returning their
  /// expansions in order; nil expands each here, one by one. Either way the search is the same.
  package var expandsBatch: (([[Step]]) -> [ExplorerExpansion])?
  public var batchSize = 512

  public init(topology: Topology, engine: EngineChoice) {
    self.topology = topology
    self.engine = engine
  }

  /// The actions tried from a state: program steps on slots that exist (ids 1 and 2), path steps,
  /// every user gesture on what is on screen, and three ways for time to pass (four while a
  /// transition runs: up to its end).
  ///
  /// In this order: a clear for each filled slot, then for each slot that exists a toggle on (an
  /// empty flag) or sets to ids 1 and 2, both in the order of `ReferenceMachine.filledSlots()` (a
  /// screen's slots by index, each followed by what its item shows, then its path's elements);
  /// then the intents of the root, of each filled slot's screen (that order again) and of the
  /// root path's elements; then path steps, gestures and time. One walk of the reference makes
  /// the first three lists, reading each slot's spec from its screen's type (the spec
  /// `TopologySpec.slot(at:)` finds, without walking its address), and makes an address only for
  /// what it returns: this ran once per state explored, and once more per new state's head.
  /// `ExplorerFastPathTests` holds it to the plain form (a walk per list, look-ups by address).
  ///
  /// A clear, toggle or set that clears other slots of its screen (`WriteOrder`) is followed by
  /// the same step in each other order its writes may take: the first one, two, … of those slots
  /// written before the addressed one.
  func alphabet(for runner: Runner) -> [Step] {
    let reference = runner.reference
    return Self.inEveryWriteOrder(slotAndIntentSteps(reference), reference: reference)
      + pathGestureAndTimeSteps(runner, reference: reference)
  }

  /// `steps`, each followed by its other write orders (see `alphabet(for:)`).
  static func inEveryWriteOrder(_ steps: [Step], reference: ReferenceMachine) -> [Step] {
    var result: [Step] = []
    for step in steps {
      result.append(step)
      let cleared = WriteOrder.slotsCleared(by: step, in: reference)
      for count in cleared.indices { result.append(WriteOrder.step(step, clearingFirst: count + 1, of: cleared)) }
    }
    return result
  }

  /// The alphabet's clears, toggles, sets and intents (see `alphabet(for:)`).
  func slotAndIntentSteps(_ reference: ReferenceMachine) -> [Step] {
    let spec = topology.spec
    var clears: [Step] = []
    var slotSteps: [Step] = []
    var intents: [Step] = []
    var components: [Address.Component] = []
    func addIntents(of type: Int) {
      let declared = spec.screens[type].intents
      guard !declared.isEmpty else { return }
      let address = Address(components)
      for intent in declared { intents.append(.app(address, intent: intent.name)) }
    }
    // `exists`: no slot on the way here is absent from its screen's kind (those that are hold
    // nothing, but the plain walk of existing slots would not look inside one that did).
    func walk(_ screen: ReferenceScreen, exists: Bool) {
      let slotSpecs = spec.screens[screen.type].slots
      for (index, item) in screen.slots.enumerated() {
        if slotSpecs[index].style == .tab, let child = item?.child {
          // A tab is no step of its own: only what its screen offers.
          components.append(.slot(index))
          addIntents(of: child.type)
          walk(child, exists: exists)
          components.removeLast()
          continue
        }
        let slotExists = exists && !slotSpecs[index].isAbsent
        guard item != nil || slotExists else { continue }
        components.append(.slot(index))
        let address = Address(components)
        if item != nil { clears.append(.clear(address)) }
        if slotExists {
          if slotSpecs[index].isFlag {
            if item == nil { slotSteps.append(.toggle(address, on: true)) }
          } else {
            slotSteps.append(.set(address, id: 1))
            slotSteps.append(.set(address, id: 2))
          }
        }
        if let child = item?.child {
          addIntents(of: child.type)
          walk(child, exists: slotExists)
        }
        components.removeLast()
      }
      for (index, element) in screen.path.enumerated() {
        components.append(.pathElement(index))
        walk(element.screen, exists: exists)
        components.removeLast()
      }
    }
    addIntents(of: reference.root.type)
    walk(reference.root, exists: true)
    for (index, element) in reference.path.enumerated() {
      components = [.pathElement(index)]
      addIntents(of: element.screen.type)
    }
    return clears + slotSteps + intents
  }

  /// `slotAndIntentSteps(reference).first`, found without listing the rest: what a new state's
  /// head tries (`head(of:after:depth:)`), where the whole list was made to read its first step.
  /// The list begins with the clears, so with the first filled slot the walk meets (a screen's
  /// slots by index, then its path's elements; a slot's own screen comes after the slot), if
  /// any. With nothing filled, the walk meets only the root's slots and its path's elements'
  /// screens: the first slot there that exists gives the first toggle or set; else the root's
  /// intents come first, then those of its path's elements. `ExplorerFastPathTests` holds it to
  /// the list's first step.
  func firstSlotOrIntentStep(_ reference: ReferenceMachine) -> Step? {
    let spec = topology.spec
    // Tabs hold screens whose slots the walk meets between the root's: read the list.
    if spec.hasTabs { return slotAndIntentSteps(reference).first }
    // The first slot `isWanted` accepts in walk order over the slots a screen and its path's
    // elements (recursively) hold directly — the walk entering no slot — and its screen's type.
    func first(in screen: ReferenceScreen, _ isWanted: (ReferenceScreen, Int) -> Bool) -> (components: [Address.Component], type: Int)? {
      // A tab's slot is no step of its own (and in a topology with tabs the walk's order is not
      // this one's: the list is read instead).
      if let index = screen.slots.indices.first(where: { spec.screens[screen.type].slots[$0].style != .tab && isWanted(screen, $0) }) {
        return ([.slot(index)], screen.type)
      }
      for (index, element) in screen.path.enumerated() {
        if let found = first(in: element.screen, isWanted) { return ([.pathElement(index)] + found.components, found.type) }
      }
      return nil
    }
    if let filled = first(in: reference.root, { screen, index in screen.slots[index] != nil }) {
      return .clear(Address(filled.components))
    }
    if let existing = first(in: reference.root, { screen, index in !spec.screens[screen.type].slots[index].isAbsent }) {
      let address = Address(existing.components)
      guard case .slot(let index)? = existing.components.last else { return nil }
      return spec.screens[existing.type].slots[index].isFlag ? .toggle(address, on: true) : .set(address, id: 1)
    }
    if let intent = spec.screens[reference.root.type].intents.first { return .app(.root, intent: intent.name) }
    for (index, element) in reference.path.enumerated() {
      if let intent = spec.screens[element.screen.type].intents.first {
        return .app(Address.root.appending(.pathElement(index)), intent: intent.name)
      }
    }
    return nil
  }

  /// The alphabet's path steps, gestures and ways for time to pass (see `alphabet(for:)`).
  private func pathGestureAndTimeSteps(_ runner: Runner, reference: ReferenceMachine) -> [Step] {
    let spec = topology.spec
    var steps: [Step] = []
    if spec.root.hasPath {
      // One element of each kind (`[Int]`: the value 1).
      for destination in spec.root.pathDestinations { steps.append(.pathAppend(destination.values?.first ?? 1)) }
      if !reference.path.isEmpty { steps.append(.pathRemoveLast(1)) }
      // Deep links that reorder and duplicate what is on the stack: where screens are reused by value.
      let values = reference.path.map(\.value)
      if values.count >= 2 { steps.append(.pathSet(values.reversed())) }
      if let first = values.first { steps.append(.pathSet([first] + values)) }
    }
    let window = runner.world.window
    // Every tab: selected by the program, and tapped by the user while the tab bar shows.
    for tab in 0..<spec.tabCount { steps.append(.selectTab(tab)) }
    if window.topmostViewController is UITabBarController {
      for tab in 0..<spec.tabCount { steps.append(.user(.tab(tab))) }
    }
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

  /// Replays `steps` on a fresh world (or one reset to be as fresh: `Runner.reusingWorld`).
  func replay(_ steps: [Step]) -> Runner {
    let runner = Runner.reusingWorld(topology: topology, engine: engine)
    for (index, step) in steps.enumerated() { _ = try? runner.perform(step, index: index) }
    return runner
  }

  /// Whether swapping item ids 1 and 2 maps every run to a run: true when the app has no feature
  /// code (no intents, the standard features without invariants of their own), the only code that
  /// can name an id. The alphabet offers both ids wherever it offers one; the reference, the
  /// built-in engines and the checks only ever compare item ids for equality; path values are
  /// another namespace and keep theirs.
  public static func symmetryIsSound(topology: Topology, engine: EngineChoice) -> Bool {
    topology.spec.screens.allSatisfy(\.intents.isEmpty) && engine.makeFeatures() is StandardFeatures
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
    let result = search(now: now, timeLimit: timeLimit, progress: progress)
    guard let refused = result.reductionRefused, !requiresReduction else { return result }
    // Skipped candidates may have hidden states: the whole search again, every candidate replayed
    // (here: the batches' expander was made for the reduced search).
    var unreduced = self
    unreduced.reducesCommutingWrites = false
    unreduced.expandsBatch = nil
    var again = unreduced.run(now: now, timeLimit: timeLimit, progress: progress)
    again.reductionRefused = refused
    return again
  }

  /// The search `run` makes, stopping where the reduction is refused.
  private func search(now: () -> Double, timeLimit: Double, progress: (Position) -> Bool) -> Result {
    var result = Result()
    result.symmetric = symmetry
    let started = now()
    var seen: Set<UInt64> = [stateKey(replay([]))]
    var frontier: [[Step]] = [[]]
    // Expanded here, one by one: each new state's first replayed action is tried on its world as
    // soon as the state is found (`ExpansionHead`), by index into `frontier`.
    var heads: [Int: ExpansionHead] = [:]
    for depth in 1...maxDepth {
      // The last depth's states are counted, never expanded: their traces are not kept.
      var next: [[Step]] = []
      var nextHeads: [Int: ExpansionHead] = [:]
      var found = 0
      if recordsKeys { result.keysPerDepth.append([]) }
      func stop(_ reason: String?) -> Result {
        result.cutShort = reason ?? result.cutShort
        result.statesPerDepth.append(found)
        result.statesVisited = seen.count
        return result
      }
      var done = 0
      while done < frontier.count {
        guard progress(Position(depth: depth, done: done, of: frontier.count, statesSeen: seen.count)) else {
          return stop("stopped at depth \(depth) (\(done) of \(frontier.count) prefixes expanded)")
        }
        let batch = Array(frontier[done..<min(done + (expandsBatch == nil ? 1 : batchSize), frontier.count)])
        done += batch.count
        let expansions: [ExplorerExpansion]
        var childHeads: [Int: ExpansionHead] = [:]
        if batch.count > 1 {
          expansions = expandsBatch!(batch)
        } else {
          // A child gets a head when the search will expand it: new, and not at the last depth.
          // (A key found twice among the children gets two; only the first child is kept.)
          let made = expand(
            batch[0], head: heads.removeValue(forKey: done - 1),
            wantsHead: depth < maxDepth ? { !seen.contains($0) } : nil)
          expansions = [made.expansion]
          childHeads = made.heads
        }
        for (prefix, expansion) in zip(batch, expansions) {
          result.replays += expansion.replays
          if reducesCommutingWrites, checksReductionPrecondition, let work = expansion.synchronousWork {
            result.reductionRefused = work
            return stop("the partial-order reduction was refused: \(work)")
          }
          for (index, (step, outcome)) in zip(expansion.steps, expansion.outcomes).enumerated() {
            let candidate = prefix + [step]
            let key: UInt64
            switch outcome {
            case .violation:
              // Found elsewhere, perhaps: the full violation comes from a replay here.
              guard let violation = replay(candidate).violations.first(where: { target == nil || $0.invariant == target }) else {
                continue
              }
              result.violation = violation
              result.trace = Trace(
                topology: topology.name, engine: engine.name, steps: candidate + [.expect(.violation(violation.invariant))])
              return stop(nil)
            case .state(let reached):
              key = reached
            case .prefixState:
              // The prefix's state, seen when the prefix entered the frontier.
              continue
            case .commutes:
              // Another candidate's state, found at this depth by that candidate.
              result.candidatesCommuted += 1
              continue
            }
            guard seen.insert(key).inserted else { continue }
            found += 1
            if recordsKeys, index < expansion.canonicalKeys.count {
              result.keysPerDepth[depth - 1].append(expansion.canonicalKeys[index])
            }
            if depth < maxDepth {
              if let head = childHeads[index] { nextHeads[next.count] = head }
              next.append(candidate)
            }
            if seen.count >= stateLimit {
              return stop("state limit \(stateLimit) reached at depth \(depth)")
            } else if now() - started > timeLimit {
              return stop("time limit \(Int(timeLimit)) s reached at depth \(depth)")
            }
          }
        }
      }
      result.statesPerDepth.append(found)
      frontier = next
      heads = nextHeads
    }
    result.statesVisited = seen.count
    return result
  }
}
