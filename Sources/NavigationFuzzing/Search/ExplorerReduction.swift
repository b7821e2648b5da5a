import NavigationReference

/// The explorer's partial-order reduction: of two program writes in one run-loop turn that
/// commute, only one order is replayed.
///
/// Most of the explorer's candidates end in a state seen before, most of them the same program
/// steps in another order within a turn: `set presentedChild 1` then `toggle isPushed on` ends
/// where the other order does, because the engine learns of neither until the next turn (its
/// observations' re-runs coalesce onto it) and then sees only the turn's final state. So a
/// candidate `P'·a·b` whose last two steps are independent program writes, `b` addressing a slot
/// that comes before `a`'s (`Address.<`), is not replayed: `P'·b·a` reaches its state, and the
/// search finds that state at the same depth (docs/EXPLORING.md, "Commuting writes", has the
/// argument; `ExplorerReductionTests` compares both searches state by state).
///
/// It is sound only while a program write runs no code of the system under test synchronously.
/// That is checked on every program write the search performs (`SynchronousWork`): an engine that
/// breaks it gets no reduction — the search starts again without it (`reductionRefused` says why),
/// or, where the reduction was required, stops and says so.
extension Explorer {
  /// A program write that may commute: a `set`, `clear` or `toggle` whose write reaches one
  /// binding (no `after-clearing` order: a write reaching several bindings is tried in every
  /// order, `WriteOrder`, and never reordered here).
  static func commutingSlot(of step: Step) -> Address? {
    WriteOrder.addressedSlot(of: step)
  }

  /// What the expansion of a prefix needs to know of the prefix's last step to skip candidates
  /// that commute with it: the step, and the reference just before it.
  struct LastWrite {
    var step: Step
    var slot: Address
    /// The reference before the step, and after it (the prefix's).
    var before: ReferenceMachine
    var after: ReferenceMachine
    /// Whether the step's write reaches one binding (`WriteOrder.slotsCleared` empty): both
    /// rules need it, so it is judged once per prefix rather than once per candidate.
    var reachesOneBinding: Bool
  }

  /// `last` (a prefix's last step, with the reference before it), when the reduction may use it:
  /// the reduction is on, and it was a commuting write that ran to the end of its checks. The
  /// caller has seen it run no code of the system under test.
  func lastWrite(_ last: Step, before: ReferenceMachine, after: ReferenceMachine, facts: PrefixFacts) -> LastWrite? {
    guard reducesCommutingWrites, facts.lastStepChecked, let slot = Self.commutingSlot(of: last) else { return nil }
    return LastWrite(
      step: last, slot: slot, before: before, after: after,
      reachesOneBinding: WriteOrder.slotsCleared(by: last, in: before).isEmpty)
  }

  /// Whether candidate `step`, taken after the prefix's last write `last`, is skipped, because
  /// another candidate of the search reaches its state:
  /// - it is a commuting write to a slot before `last`'s, and the two are independent where the
  ///   prefix without `last` ends (`independent(_:_:at:after:)`): the other order reaches it;
  /// - or it overwrites `last` (`overwrites(_:_:at:after:)`): the prefix without `last`, then
  ///   `step`, reaches it, one step shorter.
  static func commutes(_ step: Step, after last: LastWrite) -> Bool {
    guard last.reachesOneBinding, let slot = commutingSlot(of: step) else { return false }
    if slot < last.slot, independent(step, last.step, at: last.before, after: last.after) { return true }
    return overwrites(step, last.step, at: last.before, after: last.after)
  }

  /// Whether write `b`, taken right after write `a` (from `before`, giving `after`) in one turn,
  /// leaves nothing of `a`: `b` writes `a`'s slot again, or clears it along (a slot of the same
  /// screen), or empties a slot `a`'s is inside; `b` is a step the search tries from `before`
  /// too (the alphabet offers it there: `set` on a slot that exists, `toggle on` on an empty one,
  /// `clear` on a filled one); and `a` then `b` give the reference `b` alone gives. The engine
  /// learns of neither before the next turn, and then sees what `b` alone would have left; the
  /// harness writes into the app's model what the reference holds. So the prefix without `a`,
  /// then `b`, reaches the candidate's state, at a lower depth. (`a` must reach one binding:
  /// `commutes` checks it once per prefix, `LastWrite.reachesOneBinding`.)
  static func overwrites(_ b: Step, _ a: Step, at before: ReferenceMachine, after: ReferenceMachine) -> Bool {
    guard let slotB = commutingSlot(of: b), let slotA = commutingSlot(of: a) else { return false }
    guard slotB == slotA || slotB.parent == slotA.parent || slotA.components.starts(with: slotB.components) else {
      return false
    }
    guard let spec = before.topology.slot(at: slotB), spec.style != .tab, before.slotExists(slotB) else { return false }
    switch b {
    case .set: guard !spec.isFlag else { return false }
    case .toggle(_, let on): guard on, spec.isFlag, before.item(at: slotB) == nil else { return false }
    case .clear: guard before.item(at: slotB) != nil else { return false }
    default: return false
    }
    var alone = before
    var both = after
    guard apply(b, to: &alone), apply(b, to: &both) else { return false }
    return alone.stableHash == both.stableHash
  }

  /// Whether writes `b` and `a` (`a` taken from `before`, giving `after`) commute from `before`:
  ///
  /// - neither slot is the other's or inside the other's screen (their subtrees of the model
  ///   are disjoint: the harness writes each into its own screen's model);
  /// - each reaches one binding in either order (`WriteOrder.slotsCleared` empty): no write order
  ///   to try, and nothing else on its screen cleared;
  /// - they are not both modals of one navigation group: the reference orders a group's modals
  ///   by when they were set (where later modals wait, that order says which presents first),
  ///   which its stable hash leaves out. Pushes are ordered by when they were set too, but only
  ///   until the engine pushes them: a push's order is stamped again when its screen goes on the
  ///   stack (`ReferenceMachine.pushed`), and only screens on the stack are ordered against one
  ///   another (`removeFromStack`), so two pushes written in one turn keep no trace of their order;
  /// - each slot exists in either order, and both orders give the same reference (stable hash).
  ///
  /// Generations differ between the orders (each write takes the next); nothing compares them
  /// but for equality, and the state key leaves them out, as it does for every replay.
  static func independent(_ b: Step, _ a: Step, at before: ReferenceMachine, after: ReferenceMachine) -> Bool {
    guard let slotB = commutingSlot(of: b), let slotA = commutingSlot(of: a), slotA != slotB else { return false }
    guard !slotA.components.starts(with: slotB.components), !slotB.components.starts(with: slotA.components) else { return false }
    let spec = before.topology
    guard let styleA = spec.slot(at: slotA)?.style, let styleB = spec.slot(at: slotB)?.style, styleA != .tab, styleB != .tab else {
      return false
    }
    if styleA.isModal, styleB.isModal, group(of: slotA, in: spec) == group(of: slotB, in: spec) { return false }
    guard before.slotExists(slotB), after.slotExists(slotB) else { return false }
    guard WriteOrder.slotsCleared(by: a, in: before).isEmpty, WriteOrder.slotsCleared(by: b, in: before).isEmpty,
      WriteOrder.slotsCleared(by: b, in: after).isEmpty
    else { return false }
    var bFirst = before
    guard apply(b, to: &bFirst), bFirst.slotExists(slotA), WriteOrder.slotsCleared(by: a, in: bFirst).isEmpty else { return false }
    var aFirst = after
    guard apply(b, to: &aFirst), apply(a, to: &bFirst) else { return false }
    return aFirst.stableHash == bFirst.stableHash
  }

  /// The screen at the base of the navigation group `slot` is in: its screen's address without
  /// the pushes, path elements and tabs it is reached through (a tab's modals present from the
  /// root's context). Coarser than the reference's own groups, which only makes fewer pairs
  /// independent.
  static func group(of slot: Address, in spec: TopologySpec) -> Address {
    var components = slot.parent.components
    while let last = components.last {
      if case .slot = last, spec.slot(at: Address(components))?.style.isModal == true { break }
      components.removeLast()
    }
    return Address(components)
  }

  /// Applies a commuting write to a reference (generation 0: the stable hash leaves it out).
  private static func apply(_ step: Step, to reference: inout ReferenceMachine) -> Bool {
    switch step {
    case .set(let address, let id): reference.set(address, id: id, generation: 0)
    case .clear(let address): reference.clear(address)
    case .toggle(let address, let on): reference.toggle(address, on: on, generation: 0)
    default: false
    }
  }
}

/// A world replayed for an expansion, watched for synchronous work (`SynchronousWork`): what
/// `reachesPrefixState` and `commutes` need about where it ends.
@MainActor
struct WatchedReplay {
  var runner: Runner
  var watch: SynchronousWork
  var facts: Explorer.PrefixFacts
  /// The last step, when the reduction may skip candidates that commute with it.
  var lastWrite: Explorer.LastWrite?
  /// The first commuting write of the replay that ran code of the system under test, in words.
  var synchronousWork: String?
}

extension Explorer {
  /// Replays `steps` on a fresh world, watching each write.
  func replayForExpansion(_ steps: [Step]) -> WatchedReplay {
    let runner = Runner(topology: topology, engine: engine)
    let watch = SynchronousWork(watching: runner.world)
    var replay = WatchedReplay(
      runner: runner, watch: watch,
      facts: PrefixFacts(
        lastStepChecked: false, isQuiescent: runner.environment.isQuiescent,
        isTransitioning: runner.environment.isTransitioning))
    for (index, step) in steps.enumerated() {
      let taken = perform(step, on: runner, index: index, watchedBy: watch)
      replay.facts = taken.facts
      replay.lastWrite = taken.lastWrite
      if replay.synchronousWork == nil { replay.synchronousWork = taken.synchronousWork }
    }
    return replay
  }

  /// Performs one step of a replay (`perform(_:on:index:)`), watching it: a commuting write that
  /// runs code of the system under test breaks the reduction's precondition — unless the profile
  /// let a running transition end first (`programWaitsForTransitions`), which is the harness
  /// running the run loop, not the write; such a write is only not reordered.
  func perform(_ step: Step, on runner: Runner, index: Int, watchedBy watch: SynchronousWork) -> WatchedReplay {
    guard Self.commutingSlot(of: step) != nil else {
      return WatchedReplay(runner: runner, watch: watch, facts: perform(step, on: runner, index: index))
    }
    let before = runner.reference
    let waitsFirst = before.semantics.programWaitsForTransitions && runner.environment.isTransitioning
    let mark = watch.mark()
    let facts = perform(step, on: runner, index: index)
    let ran = watch.ran(since: mark)
    var replay = WatchedReplay(runner: runner, watch: watch, facts: facts)
    if let ran, !waitsFirst {
      replay.synchronousWork =
        "engine '\(engine.name)' ran code during the program write '\(TraceFormat.line(for: step, spec: topology.spec))' (step \(index + 1)): \(ran)"
    }
    if ran == nil || !checksReductionPrecondition, !waitsFirst {
      replay.lastWrite = lastWrite(step, before: before, after: runner.reference, facts: facts)
    }
    return replay
  }
}
