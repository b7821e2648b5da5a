import HeadlessUIKit
import NavigationReference

/// Tags the controllers an app builds itself as the harness tags those it builds (`ScreenTag`),
/// from what the engine's `ScreenReading` says each one shows, the moment it begins to join the
/// screen. From then on the checks, the reference, the explorer and the reports cannot tell an
/// app's controller from the harness's: the same hooks report its pushes, presentations and
/// departures, and a screen that hosts slots has them wired by the engine, as the harness's own
/// screens do in `viewDidLoad`.
///
/// It listens to every controller's lifecycle (UIKit's own implementation of each callback runs
/// the hook, as a swizzle would), only in worlds whose engine reads screens: the built-in engines
/// pay nothing for it.
@MainActor
final class AppScreenReader {
  private weak var world: World?
  private let reading: ScreenReading
  private var hook: UIViewControllerLifecycleHookToken?
  /// Controllers read as a slot's screen that began joining a stack: `willMove(toParent:)` does
  /// not say which stack, so they are tagged at their next callback, when they are on it.
  private var joiningStacks: [WeakController] = []
  /// Path screens that began leaving their stack and have not left (or come back): their elements
  /// are free for the screens that replace them.
  private var leaving: [ObjectIdentifier] = []
  /// Alerts the app built whose button the user tapped: the button's intent, on the screen
  /// holding the slot, reaches the reference when the alert has gone.
  private var tappedButtons: [(alert: WeakController, intent: String, model: ScreenModel)] = []
  /// `AppSlot`s, by the slot they drive: told when the screen read for their slot leaves. Held
  /// weakly: an `AppSlot` lives as long as the controller it observes through, and holds this.
  private var appSlots: [WeakAppSlot] = []
  /// The controller read for each slot's incarnation, for `AppSlot.dismissScreen`.
  private var shownForSlot: [(key: SlotKey, presented: WeakController)] = []

  /// Observes the model for the adapter kit with the world's engine (`NavigationEngine.observe(_:on:)`).
  func observe(_ apply: @escaping @MainActor () -> Void, on controller: UIViewController) {
    if let world { world.engine.observe(apply, on: controller) } else { ModelObservation.observe(apply, on: controller) }
  }

  init(world: World, reading: ScreenReading) {
    self.world = world
    self.reading = reading
    hook = UIViewController.installLifecycleHook { [weak self] controller, event in
      self?.handle(event, of: controller)
    }
  }

  isolated deinit {
    if let hook { UIViewController.removeLifecycleHook(hook) }
  }

  // MARK: Hearing controllers

  private func handle(_ event: UIViewControllerLifecycleEvent, of controller: UIViewController) {
    guard let world, world.environment === HeadlessEnvironment.current else { return }
    switch event {
    case .willMoveToParent(isNil: false):
      stopLeaving(controller)
      guard isReadable(controller) else { return }
      switch reading.read(controller) {
      case .pathElement(let value)?: readPathScreen(controller, value: value)
      case .slot?: joiningStacks.append(WeakController(controller))
      case nil: return
      }
    case .willMoveToParent(isNil: true):
      if case .pathElement? = controller.screenTag?.place { leaving.append(ObjectIdentifier(controller)) }
    case .didMoveToParent(isNil: true), .viewDidAppear:
      stopLeaving(controller)
      if case .viewDidAppear = event, controller.isReadFromApp { appeared(controller) }
    case .viewWillAppear where controller.isBeingPresented:
      readPresented(controller)
    case .viewWillAppear, .didMoveToParent(isNil: false):
      stopLeaving(controller)
      if let index = joiningStacks.firstIndex(where: { $0.controller === controller }) {
        joiningStacks.remove(at: index)
        readPushedSlotScreen(controller)
      }
    case .viewDidDisappear where controller.isReadFromApp:
      if let model = controller.screenTag?.shownModel, let intent = model.spec.onDisappear {
        world.runIntentFromCallback(intent, on: model, performsFeatures: false)
      }
    default:
      break
    }
  }

  private func stopLeaving(_ controller: UIViewController) {
    if !leaving.isEmpty { leaving.removeAll { $0 == ObjectIdentifier(controller) } }
  }

  /// Not a controller the harness built (read again each time it joins, if the app's).
  private func isReadable(_ controller: UIViewController) -> Bool {
    controller.screenTag == nil || controller.isReadFromApp
  }

  // MARK: Path screens

  /// A path screen showing `value` joins the root stack: it shows the first element with that
  /// value that no other path screen staying on the stack shows; none left, it shows something
  /// the path does not hold (an incarnation of its own, which `no-stale-transition` and
  /// `stack-path-consistency` then report).
  private func readPathScreen(_ controller: UIViewController, value: Int) {
    guard let world else { return }
    var shown: [Int] = []
    if let stack = world.window.rootViewController as? UINavigationController {
      for child in stack.children where child !== controller && !leaving.contains(ObjectIdentifier(child)) {
        if let tag = child.screenTag, case .pathElement = tag.place { shown.append(tag.generation) }
      }
    }
    let tag: ScreenTag
    if let element = world.rootModel.peekPath.first(where: { $0.value == value && !shown.contains($0.generation) }) {
      tag = .pathElement(element.screen, value: value, generation: element.generation)
    } else {
      let destinations = world.topology.root.pathDestinations
      let kind = world.topology.root.pathDestination(for: value) ?? 0
      let screen = ScreenModel(
        type: destinations.isEmpty ? 0 : destinations[kind].screen, parent: nil, place: nil, topology: world.topology,
        serials: world.serials)
      tag = .pathElement(screen, value: value, generation: world.takeGeneration())
    }
    let isCurrent = adopt(controller, tag: tag)
    world.reportPushes(of: controller, while: isCurrent)
    world.checkTransitionsBringing(controller, tag: tag, while: isCurrent)
    wireSlots(of: tag.shownModel, on: controller, while: isCurrent)
  }

  // MARK: Slot screens

  /// A presented controller begins to appear: its content (a navigation controller's root) is
  /// read as a slot of a screen below its presenter.
  private func readPresented(_ presented: UIViewController) {
    let content = (presented as? UINavigationController)?.viewControllers.first ?? presented
    guard isReadable(content), case .slot(let name, let id, let host)? = reading.read(content),
      let presenter = presented.presentingViewController
    else { return }
    var hosts: [UIViewController] = []
    if let host {
      hosts = [host]
    } else if let stack = presenter as? UINavigationController {
      hosts = stack.viewControllers.reversed()
    } else {
      hosts = [presenter]
      if let stack = presenter.navigationController, let index = stack.viewControllers.firstIndex(where: { $0 === presenter }) {
        hosts += stack.viewControllers[..<index].reversed()
      }
    }
    readSlotScreen(content, presented: presented, slot: name, id: id, hosts: hosts, pushed: false)
  }

  /// A controller read as a slot's screen is on a stack now: it shows a slot of a screen below it.
  /// The root of a stack is no push: it is read when its navigation controller is presented.
  private func readPushedSlotScreen(_ controller: UIViewController) {
    guard isReadable(controller), let stack = controller.parent as? UINavigationController,
      let index = stack.viewControllers.firstIndex(where: { $0 === controller }), index > 0,
      case .slot(let name, let id, let host)? = reading.read(controller)
    else { return }
    readSlotScreen(
      controller, presented: controller, slot: name, id: id, hosts: host.map { [$0] } ?? stack.viewControllers[..<index].reversed(),
      pushed: true)
  }

  /// Tags `content` as the screen of slot `name` of the first of `hosts` (top down) whose screen
  /// has such a slot, filled — else of the first that has it empty, as a screen the model does not
  /// hold; watches `presented` as `makeContent` watches what it builds.
  private func readSlotScreen(
    _ content: UIViewController, presented: UIViewController, slot name: String, id: Int?, hosts: [UIViewController],
    pushed: Bool
  ) {
    guard let world else { return }
    var emptySlot: (model: ScreenModel, index: Int)?
    var found: (model: ScreenModel, index: Int, item: SlotItem)?
    for host in hosts {
      guard let model = (host as? ScreenController)?.model ?? host.screenTag?.shownModel,
        let index = model.spec.slotIndex(named: name)
      else { continue }
      if let item = model.peek(index) {
        found = (model, index, item)
        break
      }
      if emptySlot == nil { emptySlot = (model, index) }
    }
    guard let (model, index) = found.map({ ($0.model, $0.index) }) ?? emptySlot else {
      EngineWarnings.report(
        "the screen reading says \(content.debugName) shows slot '\(name)', but no screen below it has such a slot")
      return
    }
    let spec = model.spec.slots[index]
    let key = SlotKey(model: model.serial, slot: index)
    let shownID = spec.isFlag ? nil : id ?? found?.item.id.id
    let generation: Int
    if let item = found?.item, spec.isFlag || shownID == item.id.id {
      generation = item.id.generation
    } else {
      generation = world.takeGeneration()  // an item the slot does not hold
    }
    let tag = ScreenTag.slot(of: model, index: index, key: key, id: shownID, generation: generation)
    let isCurrent = adopt(content, tag: tag)
    if presented !== content { presented.markBuiltByContent() }
    world.countEntry(of: presented, key: key, isPush: spec.style == .push, while: isCurrent)
    if spec.style.isModal { world.reportPresentation(of: presented, tag: tag, while: isCurrent) }
    world.checkTransitionsBringing(presented, tag: tag, while: isCurrent)
    if pushed {
      // It joined its stack at its last callback, unheard: what the hooks would have said then.
      world.reportPushes(of: content, while: isCurrent)
      if case .slot(let address, _) = tag.place, spec.style == .push {
        world.reference.pushed(slot: address, generation: generation)
      }
      world.checkModelHolds(tag, pushing: content)
    }
    shownForSlot.removeAll { $0.key == key || $0.presented.controller == nil }
    shownForSlot.append((key, WeakController(presented)))
    if let appSlot = appSlots.first(where: { $0.key == key && $0.slot != nil })?.slot {
      watchDeparture(of: presented, isCurrent: isCurrent) { [weak appSlot] in appSlot?.screenLeft(generation: generation) }
    }
    wireSlots(of: tag.shownModel, on: content, while: isCurrent)
  }

  // MARK: Tagging

  /// Tags `controller` and marks it as the app's; returns whether a hook made now still speaks
  /// for its current reading.
  private func adopt(_ controller: UIViewController, tag: ScreenTag) -> @MainActor () -> Bool {
    controller.screenTag = tag
    controller.markReadFromApp()
    controller.markBuiltByContent()  // its leaks are the app's leaks
    return { [weak controller, weak tag] in tag != nil && controller?.screenTag === tag }
  }

  /// Wires the slots of the screen `controller` shows onto it, as the harness's own screens wire
  /// theirs: in `viewDidLoad` (now, if its view is loaded already).
  private func wireSlots(of model: ScreenModel?, on controller: UIViewController, while isCurrent: @escaping @MainActor () -> Bool) {
    guard let model, !model.spec.slots.isEmpty else { return }
    guard controller.viewIfLoaded == nil else { return wire(model, on: controller) }
    controller.addLifecycleHook { [weak self] controller, event in
      if case .viewDidLoad = event, isCurrent() { self?.wire(model, on: controller) }
    }
  }

  private func wire(_ model: ScreenModel, on controller: UIViewController) {
    guard let world else { return }
    let spec = model.spec
    for (index, slot) in spec.slots.enumerated() where !slot.isAbsent {
      world.engine.wire(world.connection(for: model, slot: index, spec: slot), on: controller)
    }
  }

  /// Reports the appearance of a screen the app built, as `ScreenController` reports its own; its
  /// `onAppear` intent reaches the reference (the app's code has done its work).
  private func appeared(_ controller: UIViewController) {
    guard let world, let tag = controller.screenTag, let model = tag.shownModel else { return }
    let address = model.address
    if world.reference.appearanceIsNews(screen: address, generation: tag.generation) {
      world.reference.appeared(screen: address, generation: tag.generation)
    }
    if let intent = model.spec.onAppear { world.runIntentFromCallback(intent, on: model, performsFeatures: false) }
  }

  // MARK: Alerts the app built

  /// The user tapped button `index` of `alert` (on top when the tap began): for an alert the app
  /// built, the declared buttons are its actions that are not `.cancel`, in order.
  func buttonTapped(_ index: Int, on alert: UIViewController?) {
    guard let alert = alert as? UIAlertController, alert.isReadFromApp, let tag = alert.screenTag,
      let (model, slot) = tag.slot
    else { return }
    var declared = 0
    for position in alert.actions.indices where alert.actions[position].style != .cancel {
      if position == index {
        let buttons = model.spec.slots[slot].buttons
        if declared < buttons.count { tappedButtons.append((WeakController(alert), buttons[declared], model)) }
        return
      }
      declared += 1
    }
  }

  /// The user removed `controller` (UIKit says so as the removal ends, before any handler runs).
  func userRemoved(_ controller: UIViewController) {
    guard !tappedButtons.isEmpty, let index = tappedButtons.firstIndex(where: { $0.alert.controller === controller }) else {
      return
    }
    let tapped = tappedButtons.remove(at: index)
    world?.runIntentFromCallback(tapped.intent, on: tapped.model, performsFeatures: false)
  }

  // MARK: For AppSlot

  func register(_ slot: AppSlot, for key: SlotKey) {
    appSlots.removeAll { $0.slot == nil }
    appSlots.append(WeakAppSlot(key: key, slot: slot))
  }

  /// The controller on screen for the slot, as read (the presented one: a navigation controller
  /// around the slot's screen).
  func presentedController(for key: SlotKey) -> UIViewController? {
    shownForSlot.first { $0.key == key }?.presented.controller
  }

  /// Calls `left` once, when `presented` leaves the screen: its dismissal ends, or it leaves its
  /// stack.
  private func watchDeparture(
    of presented: UIViewController, isCurrent: @escaping @MainActor () -> Bool, _ left: @escaping @MainActor () -> Void
  ) {
    var done = false
    presented.addLifecycleHook { controller, event in
      guard !done, isCurrent() else { return }
      switch event {
      case .viewDidDisappear where controller.isBeingDismissed, .didMoveToParent(isNil: true):
        done = true
        left()
      default:
        return
      }
    }
  }
}

/// An `AppSlot` held weakly, in a list.
@MainActor
private struct WeakAppSlot {
  let key: SlotKey
  weak var slot: AppSlot?
}

/// A controller held weakly, in a list.
@MainActor
struct WeakController {
  weak var controller: UIViewController?
  init(_ controller: UIViewController) { self.controller = controller }
}

private let readFromAppKey = AssociatedKey<ReadFromApp>()

/// Marks a controller the app built and the engine's reading tagged.
private final class ReadFromApp: Sendable {
  static let mark = ReadFromApp()
}

extension UIViewController {
  fileprivate func markReadFromApp() { setAssociatedObject(ReadFromApp.mark, for: readFromAppKey) }
  /// Whether the app built this controller and the harness read what it shows.
  var isReadFromApp: Bool { associatedObject(for: readFromAppKey) != nil }
}
