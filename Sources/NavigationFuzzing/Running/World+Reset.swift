import HeadlessUIKit
import NavigationReference

/// A world brought back to where it stood once built, for the next run, instead of a new one.
///
/// Building a world wires its root screen to its model (an observation per slot) and showing it
/// settles a run loop: for a short run — a libFuzzer input, an explored prefix — about as much as
/// its steps. A world whose engine offers it (`ResettableEngine`) is put back instead: the harness
/// writes every model back to its first values and lets the engine take the screens back as it
/// takes them back in any run, then checks the result *is* the world as built — the same
/// controllers alive, the same ones on screen, the same model, nothing under way in UIKit or the
/// engine — before it rewinds the counters (HeadlessUIKit's `rewind(to:)`, the model serials, the
/// generations) and the harness's own records, and hands the world out again. Whatever does not
/// come back makes `reset(for:)` refuse, and the caller builds a fresh world, so a reset run is
/// always the run a fresh world would have made: the same trace, state key, controllers and report
/// (`WorldResetTests`).
///
/// A stored property added to `World` that a run changes must be brought back here too (in
/// `HarnessRecords`); `WorldResetTests` compares reset and fresh worlds over every built-in topology
/// to catch one that is not.
extension World {
  /// Puts this world back to how it was built, for another run of `choice`, the engine and
  /// profile it was built with (its app's feature code is made afresh). False when it cannot (see the extension's summary):
  /// the world is then in no state to be used, and the caller lets it go and builds a fresh one.
  func reset(for choice: EngineChoice) -> Bool {
    guard let pristine, let engine = engine as? any ResettableEngine, environment === HeadlessEnvironment.current
    else { return false }
    // Callbacks while the screens go back (an appearance, a dismissal) write to a reference and
    // records that are replaced below.
    pristine.restoreModels(of: self)
    guard environment.runLoop.settle() else { return false }
    // What the engine warned of while going back belongs to no run.
    _ = EngineWarnings.drain()
    guard pristine.holdsTheSameModels(as: self), pristine.hierarchy == PristineWorld.hierarchy(of: self),
      environment.rewind(to: pristine.checkpoint), engine.forgetRun()
    else { return false }
    for model in pristine.models { model.keptChildren = Array(repeating: nil, count: model.keptChildren.count) }
    serials.value = pristine.lastSerial
    serials.onSlotEmptied = nil
    nextGeneration = pristine.nextGeneration
    features = choice.makeFeatures()
    reference = pristine.reference
    pristine.records.restore(in: self)
    // The app's delegate keeps what it heard: a new one, as a fresh world installs.
    if appNavigationDelegate != nil, let navigation = rootNavigationController {
      installAppNavigationDelegate(on: navigation)
    }
    return true
  }
}

/// A world as it stood once built: what `World.reset(for:)` brings it back to and checks it against.
@MainActor
struct PristineWorld {
  let checkpoint: HeadlessEnvironment.Checkpoint
  /// The controllers in the window's hierarchy, containers included, and whether each has loaded
  /// its view: a screen wires its slots when it loads (a tab not yet shown has not), so one loaded
  /// in the last run but not in a fresh world would act on state a fresh one ignores.
  let hierarchy: [ControllerState]

  struct ControllerState: Equatable {
    let controller: ObjectIdentifier
    let isViewLoaded: Bool
  }

  static func hierarchy(of world: World) -> [ControllerState] {
    var states: [ControllerState] = []
    func visit(_ controller: UIViewController) {
      states.append(ControllerState(controller: ObjectIdentifier(controller), isViewLoaded: controller.isViewLoaded))
      for child in controller.children { visit(child) }
    }
    var current = world.window.rootViewController
    while let controller = current {
      visit(controller)
      let next = controller.presentedViewController
      current = next === controller ? nil : next
    }
    return states
  }
  /// The root model and, where the topology has tabs, each tab's: the models a world is built
  /// with, which stay (the others come and go with their items).
  let models: [ScreenModel]
  /// Those models in `expect state` form, with payloads and bumps.
  let modelDescription: [String]
  let selectedTabs: [Int]
  let reference: ReferenceMachine
  let lastSerial: Int
  let nextGeneration: Int
  let records: HarnessRecords

  /// Nil when the world cannot be reset: its engine does not offer it or has something under way
  /// or recorded already, it reads screens the app builds itself (the reader's records are not brought back), or it did not settle.
  init?(of world: World) {
    guard let engine = world.engine as? any ResettableEngine, engine.isAtRest, world.appScreens == nil,
      world.serials.onSlotEmptied == nil, let checkpoint = world.environment.checkpoint()
    else { return nil }
    self.checkpoint = checkpoint
    hierarchy = Self.hierarchy(of: world)
    var models: [ScreenModel] = []
    func collect(_ model: ScreenModel) {
      models.append(model)
      for (index, slot) in model.spec.slots.enumerated() where slot.style == .tab {
        if let child = model.peek(index)?.child { collect(child) }
      }
    }
    collect(world.rootModel)
    self.models = models
    modelDescription = world.rootModel.stateDescription(detailed: true)
    selectedTabs = models.map(\.peekSelectedTab)
    reference = world.reference
    lastSerial = world.serials.value
    nextGeneration = world.nextGeneration
    records = HarnessRecords(of: world)
  }

  /// Writes every model back to its first values, as the app would: the engine sees ordinary
  /// changes of state and takes its screens back. Only what differs is written.
  func restoreModels(of world: World) {
    for (model, selectedTab) in zip(models, selectedTabs) {
      for (index, slot) in model.spec.slots.enumerated() where slot.style != .tab && model.peek(index) != nil {
        model[slot: index] = nil
      }
      if !model.peekPath.isEmpty { model.path = [] }
      if model.peekBumps != 0 { model.bumps = 0 }
      if model.peekSelectedTab != selectedTab { model.selectedTab = selectedTab }
    }
  }

  /// Whether the world's models are back to their first values (an intent run from a callback
  /// while the screens went back may have written them again).
  func holdsTheSameModels(as world: World) -> Bool {
    for (model, selectedTab) in zip(models, selectedTabs) {
      guard model.peekPath.isEmpty, model.peekSelectedTab == selectedTab else { return false }
    }
    return world.rootModel.stateDescription(detailed: true) == modelDescription
  }
}

/// The harness's records of a run that live in the world (`World`'s stored properties besides the
/// simulated app), as they were once the world was built.
@MainActor
struct HarnessRecords {
  let presentations: [SlotKey: PresentationCount]
  let removedByUser: [ScreenTag]
  let userGestureBegins: Bool
  let writeOrdersNotSeen: [[Address]]
  let dismissalsUnderway: [DismissalUnderway]
  let emptiedThisTurn: [World.SlotSnapshot]
  let removedIncarnations: Set<Int>
  let staleTransitions: [StaleTransition]
  let pathArchive: [Int: (element: PathElement, expected: ReferencePathElement)]
  let stackSeenByEngine: [Int]?
  let stacksBeforeRemoval: [ObjectIdentifier: StackBeforeRemoval]
  let swipeBackCancelled: Int?
  let pathPositionsBeforeGesture: [Int]
  let removalsBeforeCallbacks: [ScreenTag]
  let callbackIntentsRun: [String]
  let alertTapWatches: [AlertTapWatch]
  let alertOrderProblems: [String]
  let animationProblems: [String]
  let hasCallbackOrAnimationProblems: Bool
  let isApplyingProgramStep: Bool

  init(of world: World) {
    presentations = world.presentations
    removedByUser = world.removedByUser
    userGestureBegins = world.userGestureBegins
    writeOrdersNotSeen = world.writeOrdersNotSeen
    dismissalsUnderway = world.dismissalsUnderway
    emptiedThisTurn = world.emptiedThisTurn
    removedIncarnations = world.removedIncarnations
    staleTransitions = world.staleTransitions
    pathArchive = world.pathArchive
    stackSeenByEngine = world.stackSeenByEngine
    stacksBeforeRemoval = world.stacksBeforeRemoval
    swipeBackCancelled = world.swipeBackCancelled
    pathPositionsBeforeGesture = world.pathPositionsBeforeGesture
    removalsBeforeCallbacks = world.removalsBeforeCallbacks
    callbackIntentsRun = world.callbackIntentsRun
    alertTapWatches = world.alertTapWatches
    alertOrderProblems = world.alertOrderProblems
    animationProblems = world.animationProblems
    hasCallbackOrAnimationProblems = world.hasCallbackOrAnimationProblems
    isApplyingProgramStep = world.isApplyingProgramStep
  }

  func restore(in world: World) {
    world.presentations = presentations
    world.removedByUser = removedByUser
    world.userGestureBegins = userGestureBegins
    world.writeOrdersNotSeen = writeOrdersNotSeen
    world.dismissalsUnderway = dismissalsUnderway
    world.emptiedThisTurn = emptiedThisTurn
    world.removedIncarnations = removedIncarnations
    world.staleTransitions = staleTransitions
    world.pathArchive = pathArchive
    world.stackSeenByEngine = stackSeenByEngine
    world.stacksBeforeRemoval = stacksBeforeRemoval
    world.swipeBackCancelled = swipeBackCancelled
    world.pathPositionsBeforeGesture = pathPositionsBeforeGesture
    world.removalsBeforeCallbacks = removalsBeforeCallbacks
    world.callbackIntentsRun = callbackIntentsRun
    world.alertTapWatches = alertTapWatches
    world.alertOrderProblems = alertOrderProblems
    world.animationProblems = animationProblems
    world.hasCallbackOrAnimationProblems = hasCallbackOrAnimationProblems
    world.isApplyingProgramStep = isApplyingProgramStep
  }
}
