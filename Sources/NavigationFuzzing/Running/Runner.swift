import HeadlessUIKit
import NavigationReference

/// Drives one world step by step: applies each step to the model and to the reference, lets the
/// simulated UIKit and the engine react, and checks the invariants after every step.
@MainActor
public final class Runner {
  let world: World
  public let topology: Topology
  public let engine: EngineChoice
  public private(set) var violations: [Violation] = []
  /// What the run did; the checks made are counted apart (see `checked`) and added in here.
  public var statistics: RunStatistics {
    var result = counted
    for invariant in InvariantID.allCases where checkCounts[invariant.ordinal] > 0 {
      result.checks[invariant, default: 0] += checkCounts[invariant.ordinal]
    }
    let kinds = ActionKind.allCases
    var counts = [Int](repeating: 0, count: kinds.count)
    var pairs = [Int](repeating: 0, count: kinds.count * kinds.count)
    var previous: Int?
    for ordinal in kindsRun.lazy.map(Int.init) {
      counts[ordinal] += 1
      if let previous { pairs[previous * kinds.count + ordinal] += 1 }
      previous = ordinal
    }
    for depth in depthCounts.indices where depthCounts[depth] > 0 {
      result.depthHistogram[depth, default: 0] += depthCounts[depth]
    }
    for kind in kinds where counts[kind.ordinal] > 0 { result.actionCounts[kind, default: 0] += counts[kind.ordinal] }
    for first in kinds {
      for second in kinds where pairs[first.ordinal * kinds.count + second.ordinal] > 0 {
        result.actionPairs[RunStatistics.ActionPair(first: first, second: second), default: 0] +=
          pairs[first.ordinal * kinds.count + second.ordinal]
      }
    }
    return result
  }
  /// Everything `statistics` says but the checks made, the kinds of steps run and the depths seen.
  var counted = RunStatistics()
  /// The kind of each step run (`ActionKind.ordinal`), counted by kind and by pair of kinds only
  /// when `statistics` is read: counting them in dictionaries after every step cost more than
  /// some of the checks, and tables of every pair cost more to make than a short run's steps.
  private var kindsRun: [UInt8] = []
  /// Checks made, by `InvariantID.ordinal`: a dozen are counted after every step, and counting
  /// them in a dictionary cost more than some of the checks.
  private var checkCounts = [Int](repeating: 0, count: InvariantID.allCases.count)
  /// Quiescent checks by screen depth (controllers on screen), added into `statistics` when it is
  /// read: a dictionary written at every check cost a hash and, early in each run, a resize.
  private var depthCounts: [Int] = []
  /// Stop recording after the first violation (campaigns); replays record every invariant once.
  let stopsAtFirstViolation: Bool

  private var diagnosticsSeen = 0
  /// User removals not yet confirmed written back (checked at the next quiescent point).
  var unverifiedRemovals: [ScreenTag] = []
  /// Slots whose identity the program changed since the last quiescent point.
  var identityChanges: [(address: Address, generation: Int)] = []
  var lastQuiescentScreen: [Int]?
  var navigationChangedSinceQuiescence = true
  /// A tab switch (the program's or the user's) since the last quiescent point; the tab the user
  /// last tapped, until a quiescent point checks it was written back (see `TabChecks`).
  var tabSwitchedSinceQuiescence = false
  var lastUserTab: Int?
  /// The tab of each controller on screen at the last quiescent point, and what the reference
  /// expected on screen then (with tabs): a switch keeps the controllers of every tab whose
  /// expected screens it does not change.
  var lastQuiescentTabs: [Int] = []
  var lastQuiescentExpected: [ExpectedEntry] = []
  /// What the generator and the quiescent checks compute from the reference alone, kept while the
  /// reference is not written (see `ReferenceDerived`).
  var optionCounts = ReferenceDerived<OptionCounts>()
  var expectedScreen = ReferenceDerived<[ExpectedEntry]>()
  /// The spec's screens as the generator's option walk reads them: a constant, not a lazy
  /// property, because the generator reads it at every step and a lazy one checks exclusive
  /// access and whether it was made at each read. Made after the world, as the lazy one was:
  /// made before, it moved the world's objects on the heap, and Observation's key-path lookups
  /// then cost 4 M instructions more over `bench --runs 200` (callgrind).
  let optionShapes: OptionShapes
  /// The reference revision whose stable hash is in `counted.distinctStates` already.
  var revisionCounted = -1
  /// What the last quiescent check saw, when it found nothing and no step since could have
  /// changed what it reads (see `repeatsCleanQuiescentCheck`); nil otherwise.
  var lastCleanCheck: CleanQuiescentCheck?
  /// Off in tests that compare the shortcut with the full checks.
  var repeatsCleanQuiescentChecks = true
  /// Quiescent checks answered by repeating the last clean one (tests show they were exercised).
  var quiescentChecksRepeated = 0
  /// Violations counted so far, recorded or not: a check that counted none found nothing.
  private(set) var violationsCounted = 0

  public convenience init(topology: Topology, engine: EngineChoice, stopsAtFirstViolation: Bool = false) {
    self.init(
      world: World(topology: topology.spec, engine: engine), topology: topology, engine: engine,
      stopsAtFirstViolation: stopsAtFirstViolation)
  }

  /// A runner on `world`, fresh or reset (`Runner+WorldReuse`).
  init(world: World, topology: Topology, engine: EngineChoice, stopsAtFirstViolation: Bool) {
    self.topology = topology
    self.engine = engine
    self.stopsAtFirstViolation = stopsAtFirstViolation
    self.world = world
    optionShapes = OptionShapes(topology.spec)
    diagnosticsSeen = world.environment.diagnostics.count
  }

  public var reference: ReferenceMachine { world.reference }
  public var hasViolation: Bool { !violations.isEmpty }
  var environment: HeadlessEnvironment { world.environment }

  /// Applies one step, then checks. Throws when the step addresses something that does not exist.
  @discardableResult
  public func perform(_ step: Step, index: Int) throws(InvalidStep) -> StepOutcome {
    // A write order (`Step.afterClearing`) changes only which of the step's writes comes first.
    var step = step, clearingFirst: [Address] = []
    if case .afterClearing(let ordered, let first) = step { (step, clearingFirst) = (ordered, first) }
    let mayRepeatCheck = runsNothing(step)
    if !mayRepeatCheck { lastCleanCheck = nil }
    switch step {
    case .tick, .advance, .settle, .untilTransitionEnd: world.engineLooks()
    default: break
    }
    if step.isProgram, world.reference.semantics.programWaitsForTransitions { letTransitionsEnd(stepIndex: index) }
    if step.isProgram { world.archiveValuePath() }
    var withoutIdentityBefore = step.isProgram ? world.filledWithoutIdentity() : []
    let referenceBefore = step.isProgram ? world.reference : nil
    let stackTransition = world.rootStackTransition
    // The program's writes, and the consequences the harness mirrors into the model, are not an
    // engine's write-backs (`World+CallbackOrder`).
    world.isApplyingProgramStep = step.isProgram
    defer { world.isApplyingProgramStep = false }
    let outcome = try apply(step, clearingFirst: clearingFirst, since: referenceBefore, refreshing: &withoutIdentityBefore)
    switch step {
    case .tick, .advance, .settle, .untilTransitionEnd:
      // A stack busy with one same transition all along has not looked at its path yet.
      if stackTransition == nil || stackTransition !== world.rootStackTransition { world.stackSeenByEngine = nil }
    default: break
    }
    if step.isProgram {
      if case .app(let screen, let intent) = step {
        // The app's feature code must do what the intent declares itself: only the consequences
        // the reference drew from it (evictions, cascades) are the model's, not its effects.
        let type = referenceBefore!.screen(at: screen)?.type
        let declared = type.flatMap { topology.spec.screens[$0].intent(named: intent) }
        world.mirrorConsequences(
          since: referenceBefore!, except: declared.map { world.declaredTargets(of: $0, at: screen, type: type!) } ?? [],
          includingPath: false)
      } else {
        world.mirrorConsequences(since: referenceBefore!)
      }
      world.keepSamePresentations(emptied: withoutIdentityBefore)
    }
    counted.steps += 1
    kindsRun.append(UInt8(step.kind.ordinal))
    if case .skipped(let reason) = outcome { counted.skipReasons[reason, default: 0] += 1 }
    world.reportPathScreenOrder()
    let removed = world.applyUserRemovalsToReference()
    noteCallbackIntents()
    if !removed.isEmpty { unverifiedRemovals += removed }
    // A tap on a tab changes navigation only when it pops the selected tab (`userTapTab`).
    if case .user(let gesture) = step, case .performed = outcome, !gesture.isTabTap { navigationChangedSinceQuiescence = true }
    checkDiagnostics(stepIndex: index)
    if environment.isQuiescent, !(mayRepeatCheck && repeatsCleanQuiescentCheck()) { checkQuiescent(stepIndex: index) }
    return outcome
  }

  /// Settles the world and checks everything once more: the end of every run.
  public func finish(stepIndex: Int) {
    let mayRepeatCheck = runsNothing(.settle)
    if !mayRepeatCheck { lastCleanCheck = nil }
    if !environment.runLoop.settle() {
      record(.quiescence, stepIndex, "the world did not settle within \(environment.runLoop.turnLimit) run-loop turns")
    }
    world.reportPathScreenOrder()
    _ = world.applyUserRemovalsToReference()
    noteCallbackIntents()
    checkDiagnostics(stepIndex: stepIndex)
    if !(mayRepeatCheck && repeatsCleanQuiescentCheck()) { checkQuiescent(stepIndex: stepIndex) }
  }

  // MARK: Applying steps

  private func apply(
    _ step: Step, clearingFirst: [Address], since before: ReferenceMachine?,
    refreshing withoutIdentityBefore: inout [World.SlotSnapshot]
  ) throws(InvalidStep) -> StepOutcome {
    /// The slots of the addressed screen the step clears and its write order puts first.
    func writeFirst(_ address: Address) {
      if let before { world.clearFirst(clearingFirst, addressed: address, since: before) }
    }
    let spec = topology.spec
    func requireSlot(_ address: Address) throws(InvalidStep) {
      guard world.reference.slotExists(address) else {
        if let screen = world.reference.screen(at: address.parent) {
          // An element of a path with several kinds has its own kind's slots only.
          throw InvalidStep(reason: "'\(spec.describe(address))' does not exist now: its screen is a \(spec.screens[screen.type].name), which has no such slot")
        }
        throw InvalidStep(reason: "'\(spec.describe(address))' does not exist now: its screen is not in the model")
      }
    }
    // A value no destination shows: SwiftUI would warn and drop it; the trace format rejects it.
    func requireKind(of values: [Int]) throws(InvalidStep) {
      guard spec.root.hasPath else { throw InvalidStep(reason: "topology '\(spec.name)' has no path") }
      if let value = values.first(where: { spec.root.pathDestination(for: $0) == nil }) {
        throw InvalidStep(reason: "the path takes no value \(value) (\(spec.root.describeDestinations))")
      }
    }
    // A tab is always there: the program selects it, never sets or clears it.
    func isTab(_ address: Address) -> Bool {
      optionShapes.tabCount > 0 && address.components.count == 1 && spec.slot(at: address)?.style == .tab
    }
    func programChanged() {
      navigationChangedSinceQuiescence = true
      unverifiedRemovals.removeAll()
    }
    switch step {
    case .pathAppend(let value): try requireKind(of: [value])
    case .pathSet(let values): try requireKind(of: values)
    default: break
    }
    switch step {
    case .set(let address, _) where isTab(address), .clear(let address) where isTab(address),
      .mutate(let address) where isTab(address), .toggle(let address, _) where isTab(address):
      throw InvalidStep(reason: "'\(spec.describe(address))' is a tab, always there: select it with 'select-tab'")
    case .set(let address, let id):
      try requireSlot(address)
      let generation = world.takeGeneration()
      let before = world.reference.item(at: address)
      world.reference.set(address, id: id, generation: generation)
      writeFirst(address)
      world.runtimeSet(address, id: id, generation: generation)
      programChanged()
      identityChanges.removeAll { $0.address == address }
      if let before, before.id != id { identityChanges.append((address, generation)) }
    case .mutate(let address):
      try requireSlot(address)
      guard world.reference.item(at: address) != nil else {
        throw InvalidStep(reason: "'\(spec.describe(address))' is empty: there is nothing to mutate")
      }
      world.reference.mutate(address)
      world.runtimeMutate(address)
    case .clear(let address):
      try requireSlot(address)
      world.reference.clear(address)
      writeFirst(address)
      world.runtimeClear(address)
      programChanged()
      identityChanges.removeAll { $0.address == address }
    case .toggle(let address, let on):
      try requireSlot(address)
      world.toggle(address, on: on) { writeFirst(address) }
      programChanged()
    case .bump(let address):
      guard world.reference.screen(at: address) != nil else {
        throw InvalidStep(reason: "screen '\(address.isRoot ? "root" : spec.describe(address))' does not exist now")
      }
      world.reference.bump(address)
      world.runtimeBump(address)
    case .pathAppend where spec.root.pathEquality == .byValue, .pathRemoveLast where spec.root.pathEquality == .byValue,
      .pathSet where spec.root.pathEquality == .byValue:
      try setValuePath(after: step)
      programChanged()
    case .pathAppend(let value):
      let generation = world.takeGeneration()
      guard world.reference.pathAppend(value, generation: generation) else {
        throw InvalidStep(reason: "topology '\(spec.name)' has no path")
      }
      world.runtimePathAppend(value, generation: generation)
      programChanged()
    case .pathRemoveLast(let count):
      guard count <= world.reference.path.count else {
        throw InvalidStep(reason: "cannot remove \(count) element(s) from a path of \(world.reference.path.count)")
      }
      world.reference.pathRemoveLast(count)
      world.runtimePathRemoveLast(count)
      programChanged()
    case .pathSet(let values):
      let generations = values.map { _ in world.takeGeneration() }
      guard world.reference.pathSet(values, generations: generations) else {
        throw InvalidStep(reason: "topology '\(spec.name)' has no path")
      }
      world.runtimePathSet(values, generations: generations)
      programChanged()
    case .selectTab(let tab):
      guard tab < spec.tabCount else {
        throw InvalidStep(reason: spec.hasTabs ? "there is no tab \(tab) (its tabs: \(spec.describeTabs))" : "topology '\(spec.name)' has no tabs")
      }
      world.reference.selectTab(tab)
      world.runtimeSelectTab(tab)
      tabSwitchedSinceQuiescence = true
      lastUserTab = nil
    case .app(let address, let intent):
      let label = address.isRoot ? "root" : topology.spec.describe(address)
      guard let screen = world.reference.screen(at: address) else {
        throw InvalidStep(reason: "screen '\(label)' does not exist now")
      }
      // An element of a path with several kinds offers its own kind's intents only.
      guard let spec = topology.spec.screens[screen.type].intent(named: intent) else {
        throw InvalidStep(reason: "screen '\(label)' is a \(topology.spec.screens[screen.type].name), which has no intent '\(intent)'")
      }
      let generations = (0..<world.reference.generationsNeeded(for: intent, screenType: screen.type)).map { _ in
        world.takeGeneration()
      }
      world.performInReference(intent, at: address, generations: generations, refreshing: &withoutIdentityBefore)
      if let model = world.rootModel.screen(at: address.components[...]) {
        world.features.perform(spec, on: model, in: AppContext(world: world, generations: generations))
      }
      programChanged()
    case .user(let gesture):
      let window = world.window
      // The path screen a cancelled swipe takes comes back: an engine reusing screens by value sees it.
      // A skipped gesture leaves them as they were: a swipe may still be running.
      let (cancelledBefore, positionsBefore) = (world.swipeBackCancelled, world.pathPositionsBeforeGesture)
      if gesture == .swipeBackCancel { world.swipeBackCancelled = world.topPathGeneration }
      world.notePathPositionsBeforeGesture()
      world.userGestureBegins = true
      defer { world.userGestureBegins = false }
      // An alert the app built runs its own handlers: the harness notes which button was tapped.
      let alertOnTop = world.appScreens != nil ? window.topmostViewController : nil
      var alertTap: AlertTapWatch?
      if case .alertTap(let index) = gesture { alertTap = world.alertTapWatch(index) }
      let outcome: UserGestureOutcome =
        switch gesture {
        case .dismiss: window.userSwipeToDismiss()
        case .dismissCancel: window.userSwipeToDismiss(cancelled: true)
        case .alertTap(let index): window.userTapAlertButton(index)
        case .back: window.userTapBack()
        case .backTo(let index): window.userPopBack(toIndex: index)
        case .swipeBack: window.userSwipeBack()
        case .swipeBackCancel: window.userSwipeBack(cancelled: true)
        case .tab(let index): userTapTab(index)
        }
      if case .skipped(let reason) = outcome {
        (world.swipeBackCancelled, world.pathPositionsBeforeGesture) = (cancelledBefore, positionsBefore)
        return .skipped(reason)
      }
      if case .alertTap(let index) = gesture { world.appScreens?.buttonTapped(index, on: alertOnTop) }
      if let alertTap { world.watch(alertTap) }
    case .tick:
      environment.runLoop.tick()
    case .advance(let milliseconds):
      if !environment.runLoop.advance(by: milliseconds) {
        record(.quiescence, counted.steps, "advancing \(milliseconds) ms ran into the run-loop turn limit")
      }
    case .settle:
      if !environment.runLoop.settle() {
        record(.quiescence, counted.steps, "the world did not settle within \(environment.runLoop.turnLimit) run-loop turns")
      }
    case .untilTransitionEnd:
      guard environment.isTransitioning else { return .skipped("no transition is running") }
      var turns = 0
      while environment.isTransitioning, environment.runLoop.hasPendingWork {
        environment.runLoop.moveToNextEvent()
        environment.runLoop.tick()
        turns += 1
        if turns >= environment.runLoop.turnLimit {
          record(.quiescence, counted.steps, "a transition did not end within \(turns) run-loop turns")
          break
        }
      }
    case .expect, .afterClearing:
      break
    }
    return .performed
  }

  /// Under profiles where the app changes state only between transitions: time passes until no
  /// transition is in flight.
  private func letTransitionsEnd(stepIndex: Int) {
    let runLoop = environment.runLoop
    guard environment.isTransitioning else { return }
    while environment.isTransitioning, let next = runLoop.nextEventTime {
      if !runLoop.advance(by: max(next - runLoop.now, 0)) {
        record(.quiescence, stepIndex, "waiting for transitions ran into the run-loop turn limit")
        break
      }
    }
    // Time passed: the engine looked — at its stack too, whose transitions all ended: a path of
    // plain values is resolved against the stack it shows now — and what the user removed
    // meanwhile is the reference's now.
    world.engineLooks()
    world.stackSeenByEngine = nil
    unverifiedRemovals += world.applyUserRemovalsToReference()
  }

  /// Intents run from UIKit callbacks during the step are program changes: the removals the user
  /// made before them need not show written back (the app changed state since), those after do.
  private func noteCallbackIntents() {
    // Most steps run no intent from a callback: then nothing is written here.
    let before = world.removalsBeforeCallbacks
    if !before.isEmpty { world.removalsBeforeCallbacks.removeAll() }
    guard !world.callbackIntentsRun.isEmpty else {
      if !before.isEmpty { unverifiedRemovals += before }
      return
    }
    counted.callbackIntents += world.callbackIntentsRun.count
    world.callbackIntentsRun.removeAll()
    navigationChangedSinceQuiescence = true
    unverifiedRemovals.removeAll()
    identityChanges.removeAll()
  }

  // MARK: Recording

  func record(
    _ invariant: InvariantID, _ stepIndex: Int, _ explanation: String,
    expectedModel: [String] = [], actualModel: [String] = [], expectedScreen: [String] = [], actualScreen: [String] = []
  ) {
    counted.violations[invariant, default: 0] += 1
    violationsCounted += 1
    world.runFoundViolation = true
    if engine.contract.allows(invariant) { return }  // accepted, with a reason every report shows
    guard !violations.contains(where: { $0.invariant == invariant }) else { return }
    if stopsAtFirstViolation && !violations.isEmpty { return }
    violations.append(
      Violation(
        invariant: invariant, stepIndex: stepIndex, explanation: explanation, expectedModel: expectedModel,
        actualModel: actualModel, expectedScreen: expectedScreen, actualScreen: actualScreen,
        restsOnInferredRules: environment.appliedRules.inferredIDs))
  }

  /// Whether `record` would keep a violation of `invariant` now (else it only counts it), so its
  /// details need not be made.
  func willRecord(_ invariant: InvariantID) -> Bool {
    if engine.contract.allows(invariant) || violations.contains(where: { $0.invariant == invariant })
      || (stopsAtFirstViolation && !violations.isEmpty)
    {
      counted.violations[invariant, default: 0] += 1
      violationsCounted += 1
      world.runFoundViolation = true
      return false
    }
    return true
  }

  /// A quiescent check saw `depth` controllers on screen (`RunStatistics.depthHistogram`).
  func countDepth(_ depth: Int) {
    if depth >= depthCounts.count { depthCounts += repeatElement(0, count: depth + 1 - depthCounts.count) }
    depthCounts[depth] += 1
  }

  func checked(_ invariant: InvariantID) {
    checkCounts[invariant.ordinal] += 1
  }

  // MARK: Checks after every step

  private func checkDiagnostics(stepIndex: Int) {
    checked(.engineWarning)
    for message in EngineWarnings.drain() { record(.engineWarning, stepIndex, "engine warning: \(message)") }
    checked(.noStaleTransition)
    for stale in world.drainStaleTransitions() { record(.noStaleTransition, stepIndex, stale) }
    checked(.alertCallbackOrder)
    checked(.animatedAsAsked)
    if world.hasCallbackOrAnimationProblems {  // most steps have none
      world.hasCallbackOrAnimationProblems = false
      for problem in world.drainAlertOrderProblems() { record(.alertCallbackOrder, stepIndex, problem) }
      for problem in world.drainAnimationProblems() { record(.animatedAsAsked, stepIndex, problem) }
    }
    let diagnostics = environment.diagnostics
    guard diagnosticsSeen < diagnostics.count else {
      checked(.uikitRules)
      checked(.noDoublePresentation)
      return
    }
    for diagnostic in diagnostics[diagnosticsSeen...] {
      switch diagnostic.kind {
      case .presentWhileTransitioning where !engine.contract.waitsForTransitions:
        break  // not checked: the engine does not wait for transitions (the summary says so)
      case .presentWhileAlreadyPresenting, .presentWhileTransitioning, .presentActiveController:
        record(.noDoublePresentation, stepIndex, "UIKit: \(diagnostic.message)")
      case .navigationOperationDeferred:
        counted.deferredStackChanges += 1
      case .runLoopDidNotSettle:
        record(.quiescence, stepIndex, diagnostic.message)
      case _ where diagnostic.kind.severity == .information:
        break  // not wrong in itself (a dismissal that waits for the one in progress)
      case _ where diagnostic.kind.severity == .warning && !engine.contract.avoidsUIKitWarnings:
        counted.uikitWarnings += 1  // not checked, counted: the summary says so
      default:
        record(.uikitRules, stepIndex, "UIKit \(diagnostic.kind.severity.rawValue): \(diagnostic.message)")
      }
    }
    diagnosticsSeen = diagnostics.count
    checked(.uikitRules)
    checked(.noDoublePresentation)
  }
}

extension Runner {
  /// A path step on a path of plain values, as the deep link to the values it leaves.
  fileprivate func setValuePath(after step: Step) throws(InvalidStep) {
    var values = world.reference.path.map(\.value)
    switch step {
    case .pathAppend(let value): values.append(value)
    case .pathRemoveLast(let count):
      guard count <= values.count else {
        throw InvalidStep(reason: "cannot remove \(count) element(s) from a path of \(values.count)")
      }
      values.removeLast(count)
    case .pathSet(let newValues): values = newValues
    default: return
    }
    world.setValuePath(values, generations: values.map { _ in world.takeGeneration() })
  }
}
