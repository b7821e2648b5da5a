import HeadlessUIKit
import NavigationReference

/// One run's world: a fresh simulated UIKit, the topology's models, the engine's controllers, and
/// the reference machine that says what should happen. Nothing is shared with other runs.
@MainActor
final class World {
  let topology: TopologySpec
  let engine: any NavigationEngine
  /// The app's feature code, which performs `app` steps.
  var features: any AppFeatures
  let environment: HeadlessEnvironment
  let window: UIWindow
  private(set) var rootModel: ScreenModel!
  var reference: ReferenceMachine {
    didSet { referenceRevision &+= 1 }
  }
  /// Counts writes to `reference`, in place or whole (a write that changes nothing counts too): the
  /// runner keeps what it computes from the reference alone until this moves (`ReferenceDerived`).
  private(set) var referenceRevision = 0
  /// Whether any slot lacks identity (see `World+SamePresentation`).
  private(set) lazy var slotsWithoutIdentity = SlotsWithoutIdentity(topology: topology, lacksIdentity: hasNoIdentity)
  let serials = SerialCounter()
  var nextGeneration = 1
  /// The world as it was built, for an engine that lets its world be reset (`World+Reset`).
  var pristine: PristineWorld?
  /// Whether a check found a violation in this world's run: such a world is never reset.
  var runFoundViolation = false

  /// Presentations entered and dismissed, per model slot (for `ondismiss-exactly-once`).
  var presentations: [SlotKey: PresentationCount] = [:]
  /// Tags of controllers user gestures removed during the current step.
  var removedByUser: [ScreenTag] = []
  /// While a user's gesture begins: the dismissal it starts is the user's, not the engine's.
  var userGestureBegins = false
  /// The slots each program step since the engine last looked wrote before the one it addressed
  /// (`Step.afterClearing`), in order: work in flight, which the explorer's state key holds.
  var writeOrdersNotSeen: [[Address]] = []
  /// The modals each dismissal under way evicts, or takes along with their screens, by the
  /// controller that gets its callbacks (see `World+Evictions`).
  var dismissalsUnderway: [DismissalUnderway] = []
  /// Slots without identity emptied since the engine last looked (see `World+SamePresentation`).
  var emptiedThisTurn: [SlotSnapshot] = []
  /// Incarnations the user removed: a transition must never bring them back.
  var removedIncarnations: Set<Int> = []
  /// What `no-stale-transition` found since the runner last looked (`drainStaleTransitions`).
  var staleTransitions: [StaleTransition] = []
  /// Path elements equal by value as they last were on the path, by incarnation: their screens may
  /// still be on the stack, and a deep link reuses them by value.
  var pathArchive: [Int: (element: PathElement, expected: ReferencePathElement)] = [:]
  /// The path screens the stack shows when the engine next looks; nil once time has passed.
  var stackSeenByEngine: [Int]?
  /// Each navigation controller's stack as the last change that removed screens from it began
  /// (see `noteStackBeforeRemoval`).
  var stacksBeforeRemoval: [ObjectIdentifier: StackBeforeRemoval] = [:]
  /// The path screen the last cancelled swipe back took, which comes back when it ends.
  var swipeBackCancelled: Int?
  /// The path screens on the root stack when the last user gesture began, by incarnation: where
  /// the user's pop happened, whatever the path did meanwhile.
  var pathPositionsBeforeGesture: [Int] = []
  /// User removals the reference learnt of just before a callback's intent ran (see
  /// `World+CallbackIntents`), and the intents run from callbacks since the runner last looked.
  var removalsBeforeCallbacks: [ScreenTag] = []
  var callbackIntentsRun: [String] = []
  /// Reads the controllers the engine's app builds itself (nil when the engine reads none).
  private(set) var appScreens: AppScreenReader?
  /// The app's own delegate on the root navigation controller, where the topology installs one
  /// (`TopologySpec.appNavigationDelegate`; see `World+AppDelegate`).
  var appNavigationDelegate: AppNavigationDelegate?
  /// Alert taps whose callbacks' order is being watched, and what `alert-callback-order` found
  /// (see `World+CallbackOrder`); what `animated-as-asked` found (see `World+Animation`).
  var alertTapWatches: [AlertTapWatch] = []
  var alertOrderProblems: [String] = []
  var animationProblems: [String] = []
  /// Whether either list of problems has any (read after every step, where it rarely has).
  var hasCallbackOrAnimationProblems = false
  /// Whether the runner is applying a program step: the model's writes then are the program's.
  var isApplyingProgramStep = false

  init(topology: TopologySpec, engine choice: EngineChoice) {
    self.topology = topology
    // A world kept for reuse goes first, while its own UIKit is current (`WorldReuse`).
    WorldReuse.letGo()
    environment = HeadlessEnvironment.reset()
    // A fresh engine for a fresh UIKit: what it keeps in globals of its own, it resets as it is
    // made (`NavigationEngine`); the harness resets only what is its own.
    engine = choice.make()
    features = choice.makeFeatures()
    reference = ReferenceMachine(topology: topology, semantics: choice.semantics)
    window = UIWindow()
    rootModel = ScreenModel(type: 0, parent: nil, place: nil, topology: topology, serials: serials)
    let rootController = ScreenController(model: rootModel, world: self)
    rootController.screenTag = .root
    rootController.markBuiltByContent()
    if let reading = engine.screenReading { appScreens = AppScreenReader(world: self, reading: reading) }
    let rootNavigation: UINavigationController
    if topology.root.hasPath {
      let connection = PathConnection(
        model: rootModel,
        destinations: topology.root.pathDestinations.indices.map { kind in
          { [weak self] element in self?.makeContent(for: element, as: kind) ?? LeafController() }
        }, world: self)
      rootNavigation = engine.makeStack(connection, root: rootController)
    } else {
      rootNavigation = UINavigationController(rootViewController: rootController)
      rootNavigation.markBuiltByContent()
    }
    if topology.appNavigationDelegate { installAppNavigationDelegate(on: rootNavigation) }
    window.rootViewController = topology.hasTabs ? makeTabBar(firstTab: rootNavigation) : rootNavigation
    environment.onNavigationCall = { [weak self] call in self?.noteNavigationCall(call) }
    environment.onUserRemoval = { [weak self] controller in
      if let tag = controller.screenTag {
        self?.removedByUser.append(tag)
        self?.removedIncarnations.insert(tag.generation)
      }
      self?.appScreens?.userRemoved(controller)
    }
    window.makeKeyAndVisible()
    environment.runLoop.settle()
    pristine = PristineWorld(of: self)
  }

  func takeGeneration() -> Int {
    defer { nextGeneration += 1 }
    return nextGeneration
  }

  // MARK: Program actions on the run-time model

  /// The model of the screen holding the slot at `address`, and the slot's index.
  func runtimeSlot(_ address: Address) -> (ScreenModel, Int)? {
    guard case .slot(let index)? = address.last, let model = rootModel.screen(at: address.parent.components[...]) else {
      return nil
    }
    return (model, index)
  }

  func runtimeSet(_ address: Address, id: Int, generation: Int) {
    guard let (model, index) = runtimeSlot(address) else { return }
    if let existing = model.peek(index), existing.id.id == id, !removedIncarnations.contains(existing.id.generation) {
      model[slot: index]!.payload += 1
      return
    }
    if let existing = model.peek(index), !reference.semantics.carriesIdentity(model.spec.slots[index].style),
      !removedIncarnations.contains(existing.id.generation)
    {
      // The pushed screen (or alert) stays with its own state (the reference's rule for slots without identity).
      model[slot: index] = SlotItem(
        id: ItemIdentity(id: id, generation: existing.id.generation), payload: 0, child: existing.child)
      return
    }
    // `if`, not `Optional.map`: a closure made in main-actor code checks the executor when called.
    var child: ScreenModel?
    if let type = model.spec.slots[index].child {
      child = ScreenModel(type: type, parent: model, place: .slot(index), topology: topology, serials: serials)
    }
    model[slot: index] = SlotItem(id: ItemIdentity(id: id, generation: generation), payload: 0, child: child)
  }

  func runtimeToggle(_ address: Address, on: Bool, generation: Int) {
    guard let (model, index) = runtimeSlot(address) else { return }
    if on, model.peek(index) == nil {
      model[slot: index] = SlotItem(
        id: ItemIdentity(id: 0, generation: generation), payload: 0, child: model.flagChild(index))
    } else if !on, model.peek(index) != nil {
      model[slot: index] = nil
    }
  }

  func runtimeMutate(_ address: Address) {
    guard let (model, index) = runtimeSlot(address), model.peek(index) != nil else { return }
    model[slot: index]!.payload += 1
  }

  func runtimeClear(_ address: Address) {
    guard let (model, index) = runtimeSlot(address), model.peek(index) != nil else { return }
    model[slot: index] = nil
  }

  func runtimeBump(_ address: Address) {
    rootModel.screen(at: address.components[...])?.bumps += 1
  }

  func runtimePathAppend(_ value: Int, generation: Int) {
    guard topology.root.pathDestination(for: value) != nil else { return }
    rootModel.path.append(newPathElement(value: value, generation: generation, at: rootModel.peekPath.count))
  }

  /// A new path element with a new screen model, for position `position` of the root path: the
  /// model of the screen its value's kind shows (the value must be one the path takes).
  func newPathElement(value: Int, generation: Int, at position: Int) -> PathElement {
    let kind = topology.root.pathDestination(for: value)!
    let screen = ScreenModel(
      type: topology.root.pathDestinations[kind].screen, parent: rootModel, place: .pathElement(position),
      topology: topology, serials: serials)
    return PathElement(
      value: value, kind: kind, generation: generation, screen: screen,
      isEqualByValue: topology.root.pathEquality == .byValue)
  }

  func runtimePathRemoveLast(_ count: Int) {
    let current = rootModel.peekPath
    rootModel.path = Array(current.dropLast(min(count, current.count)))
  }

  func runtimePathSet(_ values: [Int], generations: [Int]) {
    let current = rootModel.peekPath
    var common = 0
    while common < min(values.count, current.count), current[common].value == values[common] { common += 1 }
    var updated = Array(current[..<common])
    for index in common..<values.count {
      updated.append(newPathElement(value: values[index], generation: generations[index], at: index))
    }
    if updated != current { rootModel.path = updated }
  }

  /// Makes the app's model follow the consequences the reference drew from a program step: the
  /// modals it evicted (rule 2) and the pushes it cascaded (rule 3) on the screen the step
  /// addresses — the reference draws none on other screens, whose models the engine writes back
  /// (`WriteOrder`). An engine sees only the final state of a turn and cannot know the order of
  /// the writes coalesced into it, so the app keeps its model consistent — as one destination
  /// enum, or TCA's `StackState.pop(from:)`, does — and the engine must make the screen follow.
  ///
  /// `before` is the reference before the step: a slot filled there and empty now (or gone with
  /// its screen) is cleared, parents before children. Both trees are walked side by side, so a
  /// step costs the size of the model, not the sum of its addresses' lengths.
  func mirrorConsequences(since before: ReferenceMachine, except declared: [Address] = [], includingPath: Bool = true) {
    var components: [Address.Component] = []
    // A screen of a plain value leaves the path with its state: a deep link may bring it back.
    let pathKeepsItsScreens = topology.root.pathEquality == .byValue
    func walk(_ was: ReferenceScreen, _ now: ReferenceScreen?) {
      // A screen the step did not write below keeps its arrays' storage (copy on write): nothing
      // under it was emptied, and its slots need no walk (`Array.sharesStorage(with:)`).
      if let now, was.slots.sharesStorage(with: now.slots), was.path.sharesStorage(with: now.path) { return }
      for (index, item) in was.slots.enumerated() {
        guard let item else { continue }
        components.append(.slot(index))
        // `if`, not `flatMap`: a closure made in main-actor code checks the executor when called.
        var kept: ReferenceItem?
        if let now, index < now.slots.count { kept = now.slots[index] }
        if kept == nil {
          let address = Address(components)
          if !declared.contains(address) { runtimeClear(address) }
        }
        if let child = item.child { walk(child, kept?.child) }
        components.removeLast()
      }
      for (index, element) in was.path.enumerated() {
        if pathKeepsItsScreens, components.isEmpty, index >= (now?.path.count ?? 0) { continue }
        components.append(.pathElement(index))
        var nowScreen: ReferenceScreen?
        if let now, index < now.path.count { nowScreen = now.path[index].screen }
        walk(element.screen, nowScreen)
        components.removeLast()
      }
    }
    walk(before.root, reference.root)
    let kept = reference.path.count
    if includingPath, rootModel.peekPath.count > kept { rootModel.path = Array(rootModel.peekPath.prefix(kept)) }
  }

  /// Tells the reference what the user removed during the step.
  func applyUserRemovalsToReference() -> [ScreenTag] {
    // Most steps remove nothing (and then nothing below writes the reference).
    guard !removedByUser.isEmpty else { return [] }
    let removed = removedByUser
    removedByUser.removeAll()
    for tag in removed {
      switch tag.place {
      case .root: break
      case .slot(let address, _):
        if userRemovedFromDroppedPathScreen(tag) { continue }
        reference.userRemoved(slot: address, generation: tag.generation)
      case .pathElement where topology.root.pathEquality == .byValue:
        break  // below: one write-back per gesture
      case .pathElement(let index):
        reference.userRemoved(pathElement: index, generation: tag.generation)
      }
    }
    if topology.root.pathEquality == .byValue { applyUserPopOfValues(removed) }
    return removed
  }

  // MARK: Looking at the screen

  /// The content controllers on screen, bottom to top, as trace `expect screen` entries.
  func screenEntries() -> [ScreenEntry] {
    // A loop, not `map`: a closure made in main-actor code checks the executor for each entry.
    var result: [ScreenEntry] = []
    for entry in ScreenSnapshot(window: window).entries {
      let style: String =
        switch entry.placement {
        case .root: "root"
        // Tab 0 is the root screen's navigation controller: its screen is the root.
        case .tab: entry.controller.screenTag?.place == .root ? "root" : "tab"
        case .pushed: "push"
        case .alert(.alert): "alert"
        case .alert(.actionSheet): "dialog"
        case .presented(let modal):
          switch modal {
          case .fullScreen, .overFullScreen, .currentContext, .overCurrentContext: "cover"
          case .popover: "popover"
          default: "sheet"
          }
        }
      let tag = entry.controller.screenTag
      var shown = ScreenEntry(controller: entry.controller, style: style, tag: tag, place: tag?.place)
      if case .slot(let address, _)? = shown.place, let spec = topology.slot(at: address),
        !reference.semantics.carriesIdentity(spec.style)
      {
        shown.showsID = false
      }
      result.append(shown)
    }
    return result
  }

  /// Every controller in the window's hierarchy, containers included (a handful: a `ListLookup`
  /// scans them rather than hashing each into a Set made per check).
  func controllersInHierarchy() -> ListLookup<ObjectIdentifier> {
    var found: [ObjectIdentifier] = []
    func visit(_ controller: UIViewController) {
      found.append(ObjectIdentifier(controller))
      for child in controller.children { visit(child) }
    }
    var current = window.rootViewController
    while let controller = current {
      visit(controller)
      let next = controller.presentedViewController
      current = next === controller ? nil : next
    }
    return ListLookup(found)
  }
}

/// One controller on screen, described for comparison with the reference.
@MainActor
struct ScreenEntry {
  let controller: UIViewController
  let style: String
  let tag: ScreenTag?
  /// Where the tag is now, read once: reading it walks the model up to the root, and the checks
  /// ask for it many times while nothing moves.
  let place: ScreenTag.Place?
  /// False for pushes that carry no identity (the profile compares them without their id).
  var showsID = true

  /// The id the screen shows, as compared with the reference.
  var shownID: Int? { showsID ? tag?.id : nil }

  /// Whether it is the screen of a path element.
  var isPathScreen: Bool {
    if case .pathElement? = place { return true }
    return false
  }

  var description: String {
    guard style != "root" else { return "root" }
    guard let tag, let place else { return "\(style):?" }
    return "\(style):\(tag.label(at: place))" + (shownID.map { "#\($0)" } ?? "")
  }

  /// Whether this is the entry the reference expects, judged from what the two descriptions are
  /// made of: true only when the descriptions are equal (false may still mean equal).
  func isSurely(_ expected: ExpectedEntry) -> Bool {
    guard style == expected.style else { return false }
    if style == "root" { return true }
    guard let tag, tag.isAttached, shownID == expected.id else { return false }
    switch place {
    case .slot(let address, _)?: return address == expected.address
    case .pathElement(let index)?: return expected.address.components == [.pathElement(index)]
    default: return false
    }
  }
}
