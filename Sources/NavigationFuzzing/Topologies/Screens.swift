import Foundation
import HeadlessUIKit
import NavigationReference

/// The harness's screen for a model with slots: an ordinary user of the engine, wired in
/// `viewDidLoad` through the engine adapter, with one piece of non-navigation UI (its title
/// follows the model's unrelated counter).
final class ScreenController: UIViewController {
  let model: ScreenModel
  private weak var world: World?

  init(model: ScreenModel, world: World) {
    self.model = model
    self.world = world
    super.init()
  }

  required init?(coder: NSCoder) { fatalError("made in code") }

  override func viewDidLoad() {
    super.viewDidLoad()
    guard let world else { return }
    let spec = model.spec  // `spec` looks the screen up in the topology: once, not per slot
    // A tab is shown by the tab bar controller the engine builds (`World+Tabs`), not by a slot.
    for (index, slot) in spec.slots.enumerated() where !slot.isAbsent && slot.style != .tab {
      world.engine.wire(world.connection(for: model, slot: index, spec: slot), on: self)
    }
    let name = spec.name
    // The screen's own UI follows the model the way the app's navigation does (the engine's
    // observation, `NavigationEngine.observe(_:on:)`).
    world.engine.observe({ [weak self] in
      guard let self else { return }
      self.title = "\(name) (\(self.model.bumps))"
    }, on: self)
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    // Asked first: every appearance reports, and a write that changes nothing would still move
    // the reference's revision and discard what the runner keeps for it (`ReferenceDerived`).
    // Only a profile whose screens present after appearing has any news: under the others the
    // address is not walked for, nor the reference copied to ask.
    if let world, world.reference.semantics.presentsOnlyAfterAppearing {
      let address = model.address, generation = screenTag?.generation ?? 0
      if world.reference.appearanceIsNews(screen: address, generation: generation) {
        world.reference.appeared(screen: address, generation: generation)
      }
    }
    if let intent = model.spec.onAppear { world?.runIntentFromCallback(intent, on: model) }
  }

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    if let intent = model.spec.onDisappear { world?.runIntentFromCallback(intent, on: model) }
  }
}

/// A screen with no slots (a counter fact, a leaf pushed from a stack element).
final class LeafController: UIViewController {}

extension World {
  /// What the engine needs to wire one slot.
  func connection(for model: ScreenModel, slot index: Int) -> SlotConnection {
    connection(for: model, slot: index, spec: model.spec.slots[index])
  }

  /// `connection(for:slot:)` for a slot whose spec the caller has at hand (a screen wiring all
  /// its slots looks its spec up once). Both closures go through one `SlotCallbacks`: each then
  /// captures a single reference, which Swift passes as the closure's context itself, so a slot
  /// allocates one object for them instead of two closure contexts, each with its own weak
  /// references.
  func connection(for model: ScreenModel, slot index: Int, spec: SlotSpec) -> SlotConnection {
    let callbacks = SlotCallbacks(world: self, model: model, index: index)
    var connection = SlotConnection(
      spec: spec, model: model, index: index,
      content: { item in callbacks.content(for: item) },
      onDismiss: { callbacks.dismissed() })
    connection.appScreens = appScreens
    return connection
  }

  /// Builds the controller a slot shows: a screen (wrapped in a navigation controller when modal
  /// and it has slots of its own), a leaf, or an alert; tagged with what it shows.
  func makeContent(for model: ScreenModel, slot index: Int, item: SlotItem) -> UIViewController {
    let spec = model.spec.slots[index]
    let key = SlotKey(model: model.serial, slot: index)
    let tag = ScreenTag.slot(
      of: model, index: index, key: key, id: spec.isFlag ? nil : item.id.id, generation: item.id.generation)
    let presented: UIViewController
    if spec.style.isAlert {
      let alert = UIAlertController(title: tag.label, message: nil, preferredStyle: spec.style == .dialog ? .actionSheet : .alert)
      // UIKit runs a button's handler once the alert's dismissal has ended.
      let generation = tag.generation
      for intent in spec.buttons {
        alert.addAction(
          UIAlertAction(title: intent, style: .default) { [weak self, weak model] _ in
            guard let self, let model else { return }
            self.noteAlertAction(key: key, generation: generation, on: model, slot: index)
            self.runIntentFromCallback(intent, on: model)
          })
      }
      alert.addAction(UIAlertAction(title: spec.buttons.isEmpty ? "OK" : "Cancel", style: .cancel))
      alert.screenTag = tag
      presented = alert
    } else {
      let screen: UIViewController = item.child.map { ScreenController(model: $0, world: self) } ?? LeafController()
      screen.screenTag = tag
      screen.markBuiltByContent()
      if spec.style == .push { reportPushes(of: screen) }
      if spec.style.isModal {
        let wrapper = item.child != nil ? UINavigationController(rootViewController: screen) : screen
        wrapper.modalPresentationStyle =
          switch spec.style {
          case .cover: .fullScreen
          case .popover: .popover
          default: .pageSheet
          }
        wrapper.popoverPresentationController?.sourceView = UIView()
        presented = wrapper
      } else {
        presented = screen
      }
    }
    countEntry(of: presented, key: key, isPush: spec.style == .push)
    if spec.style.isModal { reportPresentation(of: presented, tag: tag) }
    presented.markBuiltByContent()
    checkTransitionsBringing(presented, tag: tag)
    return presented
  }

  /// Builds the screen of destination `kind` for a path element. The element's model was made for
  /// its own kind when its value joined the path (as an enum case carries its feature's state); a
  /// destination of another kind — an engine that routed the element wrongly — shows a screen of
  /// its own type with a model of its own, which `stack-path-consistency` reports.
  func makeContent(for element: PathElement, as kind: Int) -> UIViewController {
    let type = topology.root.pathDestinations[kind].screen
    let model =
      element.screen.type == type
      ? element.screen
      : ScreenModel(type: type, parent: nil, place: nil, topology: topology, serials: serials)
    let screen = ScreenController(model: model, world: self)
    screen.screenTag = ScreenTag.pathElement(element.screen, value: element.value, generation: element.generation)
    reportPushes(of: screen)
    screen.markBuiltByContent()
    checkTransitionsBringing(screen, tag: screen.screenTag!)
    return screen
  }

  /// Tells the reference when a pushed screen actually joins its stack (UIKit adds it as the push
  /// begins): the order of screens on a stack is the order the engine pushed them in.
  ///
  /// A screen that leaves its stack while another screen of the same incarnation stays on it (an
  /// engine that rebuilt the stack with a new screen for the same element or item, or pushed one
  /// again before the old one's departure was told) has not taken its state off the stack: the
  /// screen still shows it, so no departure is reported — only where it now stands
  /// (`reportReplacement`).
  ///
  /// `isCurrent` (for a controller the app built, which the harness may read again when it
  /// joins again) says whether the hook's reading still stands.
  func reportPushes(of controller: UIViewController, while isCurrent: (@MainActor () -> Bool)? = nil) {
    weak var stackLeft: UINavigationController?
    controller.addLifecycleHook { [weak self] controller, event in
      guard let self, let tag = controller.screenTag, isCurrent?() ?? true else { return }
      if case .willMoveToParent(isNil: true) = event {
        stackLeft = controller.navigationController
        self.noteStackBeforeRemoval(stackLeft)
      }
      if case .didMoveToParent(isNil: true) = event, let stack = stackLeft,
        let replacement = stack.viewControllers.firstIndex(where: { $0 !== controller && $0.screenTag?.generation == tag.generation })
      {
        self.reportReplacement(of: controller, tag: tag, by: replacement, on: stack)
        return
      }
      switch (event, tag.place) {
      case (.willMoveToParent(isNil: false), .slot(let address, _)):
        self.reference.pushed(slot: address, generation: tag.generation)
      case (.willMoveToParent(isNil: false), .pathElement(let index)):
        self.reference.pushed(pathElement: index, generation: tag.generation)
      // Off the stack for good (a cancelled swipe never gets here). After a user's pop the slot is
      // already cleared; after the engine's pop it may be pushed again, on top.
      case (.didMoveToParent(isNil: true), .slot(let address, _)):
        self.reference.leftStack(
          slot: address, generation: tag.generation,
          collateral: self.leftAlongWithOneBelow(controller, tag: tag, stack: stackLeft))
      case (.didMoveToParent(isNil: true), .pathElement(let index)):
        self.pathScreenLeftStack(controller, tag, index: index, remaining: stackLeft)
      default:
        break
      }
    }
  }

  /// Tells the reference when a modal begins to appear (where later modals wait, the one the
  /// engine presented first among those requested together is the one its group shows), and
  /// when the engine dismisses it to present another screen's modal in its navigation group
  /// (`ReferenceMachine.isEviction(slot:generation:)`): decided as the dismissal begins, told as
  /// it ends, when the evicted binding writes nil back. A dismissal removes the controllers below
  /// the one that gets the callbacks too (one hidden under a full-screen cover gets none), so the
  /// one that does looks down the chain it takes. `isCurrent`: for a controller the app built,
  /// whether the tag is still the one the harness gave it.
  func reportPresentation(of controller: UIViewController, tag: ScreenTag, while isCurrent: (@MainActor () -> Bool)? = nil) {
    controller.addLifecycleHook { [weak self] controller, event in
      guard let self, isCurrent?() ?? true else { return }
      switch event {
      case .viewWillAppear where controller.isBeingPresented:
        guard case .slot(let address, _) = tag.place else { return }
        self.reference.presented(slot: address, generation: tag.generation)
      case .viewWillDisappear where controller.isBeingDismissed && !self.userGestureBegins:
        self.noteEvictions(dismissing: controller)
      case .viewDidDisappear where controller.isBeingDismissed:
        self.endEvictions(of: controller)
      default:
        break
      }
    }
  }

  /// Counts a presentation when its controller first enters the hierarchy.
  func countEntry(of controller: UIViewController, key: SlotKey, isPush: Bool, while isCurrent: (@MainActor () -> Bool)? = nil) {
    var counted = false
    controller.addLifecycleHook { [weak self] _, event in
      guard !counted, isCurrent?() ?? true else { return }
      switch event {
      case .viewWillAppear, .didMoveToParent(isNil: false):
        counted = true
        self?.presentations[key, default: PresentationCount()].entered += 1
        self?.presentations[key]?.isPush = isPush
      default:
        break
      }
    }
  }
}

/// What a slot's connection calls back into, held weakly: a world or model gone since shows a
/// leaf and counts nothing.
@MainActor
private final class SlotCallbacks {
  private weak var world: World?
  private weak var model: ScreenModel?
  private let index: Int
  private let key: SlotKey

  init(world: World, model: ScreenModel, index: Int) {
    self.world = world
    self.model = model
    self.index = index
    key = SlotKey(model: model.serial, slot: index)
  }

  func content(for item: SlotItem) -> UIViewController {
    guard let world, let model else { return LeafController() }
    return world.makeContent(for: model, slot: index, item: item)
  }

  func dismissed() {
    world?.presentations[key, default: PresentationCount()].dismissed += 1
    world?.noteOnDismiss(key)
    if let intent = model?.spec.slots[index].onDismiss, let model { world?.runIntentFromCallback(intent, on: model) }
  }
}

/// One slot of one model instance.
struct SlotKey: Hashable, Comparable {
  var model: Int
  var slot: Int
  static func < (lhs: SlotKey, rhs: SlotKey) -> Bool { (lhs.model, lhs.slot) < (rhs.model, rhs.slot) }
}

struct PresentationCount {
  var entered = 0
  var dismissed = 0
  var isPush = false
}

private let builtByContentKey = AssociatedKey<BuiltByContent>()

/// Marks a controller the topology's content built (screens, leaves, alerts, their wrappers).
/// Only its presence is read, so every controller shares one mark.
private final class BuiltByContent: Sendable {
  static let mark = BuiltByContent()
}

extension UIViewController {
  func markBuiltByContent() { setAssociatedObject(BuiltByContent.mark, for: builtByContentKey) }
  /// Whether the topology's content built this controller (not the engine).
  var isBuiltByContent: Bool { associatedObject(for: builtByContentKey) != nil }
}
