import HeadlessUIKit

/// The state machine every presentation API shares: observe an optional item; when it becomes
/// non-nil, build and show a controller for it (once per identity); when it becomes nil, take the
/// controller away; when the user takes it away, write nil back — unless the item has changed
/// identity since. UIKit calls are made only when UIKit would accept them: while a transition
/// involving the presenter runs, the engine waits for it to end instead of being refused.
extension UIViewController {
  func destination<Item>(
    item: UIBinding<Item?>,
    id: @escaping @MainActor (Item) -> AnyHashable?,
    kind: DestinationKind,
    onDismiss: (@MainActor () -> Void)?,
    content: @escaping @MainActor (UIBinding<Item>) -> UIViewController
  ) -> ObserveToken {
    let table = presentationTable
    let key: UIBindingIdentifier =
      rules.keysPresentationsByBinding ? item.id : UIBindingIdentifier(derivation: .unique(ObjectIdentifier(table)))
    if !rules.observesBinding {
      let snapshot = item.wrappedValue
      let frozen = UIBinding<Item?>.constant(snapshot)
      return observe { [weak self] in
        self?.reconcileDestination(
          key: key, table: table, item: frozen, current: snapshot, id: id, kind: kind, onDismiss: onDismiss,
          content: content)
      }
    }
    return observe { [weak self] in
      let current = item.wrappedValue
      self?.reconcileDestination(
        key: key, table: table, item: item, current: current, id: id, kind: kind, onDismiss: onDismiss,
        content: content)
    }
  }

  private func reconcileDestination<Item>(
    key: UIBindingIdentifier,
    table: PresentationTable,
    item: UIBinding<Item?>,
    current: Item?,
    id: @escaping @MainActor (Item) -> AnyHashable?,
    kind: DestinationKind,
    onDismiss: (@MainActor () -> Void)?,
    content: @escaping @MainActor (UIBinding<Item>) -> UIViewController
  ) {
    guard let current else {
      guard let entry = table[key], rules.dismissesOnNil else { return }
      table[key] = nil
      if let controller = entry.controller { dismissOwnDestination(controller, kind: kind) }
      return
    }
    let rules = EngineRules.inEffect  // once: the rules in effect cannot change during a reconcile
    var presentationID = kind == .push && !rules.pushesCarryIdentity ? nil : id(current)
    let existing = table[key]
    if let existing, existing.controller != nil, rules.checksWhatIsPresented {
      if existing.presentationID == nil || existing.presentationID == presentationID
        || !rules.representsOnIdentityChange
      {
        return  // already showing this item: never present twice
      }
    }
    guard let unwrapped = UIBinding(item) else { return }
    let child = content(unwrapped)
    // An alert without identity: shown once while the item is set, whatever its id becomes.
    if child is UIAlertController && !rules.alertsCarryIdentity { presentationID = nil }
    child.recordBindingPresenter(self)
    child.setAssociatedObject(ShownByBinding(key), for: shownByBindingKey)
    let replaced = rules.checksWhatIsPresented ? existing?.controller : nil
    let entry = PresentationTable.Entry(
      key: key, controller: child, presentationID: presentationID, kind: kind,
      holdsStrongly: !rules.tearsDownWhenControllerLeaves)
    // Without identity (pushes, where they carry none) any item still set is the one wanted.
    entry.isStillWanted = {
      // `if`, not `Optional.map`: a closure made in main-actor code checks the executor each time it is called.
      guard let now = item.wrappedValue else { return false }
      return presentationID == nil || id(now) == presentationID
    }
    entry.makeWay = { item.wrappedValue = nil }
    table[key] = entry
    if kind == .modal { ModalComebacks.shared.asked(key, of: self, isStillWanted: entry.isStillWanted) }
    if rules.tearsDownWhenControllerLeaves {
      installTeardown(
        on: child, key: key, table: table, item: item, presentationID: presentationID, id: id, kind: kind,
        onDismiss: onDismiss, content: content)
    }
    // An identity change: the old screen goes whether or not the new one ever shows (it may be
    // superseded while it waits), then the new one comes.
    if let replaced {
      if !rules.runsOnDismissOnReplacement { replaced.setAssociatedObject(SkipsOnDismiss(), for: skipsOnDismissKey) }
      dismissOwnDestination(replaced, kind: kind)
    }
    // Showing waits until every re-run of this turn has run, so every removal decided in the turn
    // starts first: a pop decided later in the turn must not take a screen pushed earlier along.
    RerunQueue.shared.runAfterRerunsOfThisTurn { [weak self] in
      guard let self else { return }
      switch kind {
      case .modal: self.presentModalWhenIdle(child, key: key, table: table)
      case .push: self.pushWhenIdle(child, key: key, table: table)
      }
    }
  }

  /// When `child` leaves the hierarchy: forget it, write nil back if the user (not the engine)
  /// removed the item it shows, and call `onDismiss` — or, for a collateral removal, show it
  /// again if its state still wants it.
  private func installTeardown<Item>(
    on child: UIViewController,
    key: UIBindingIdentifier,
    table: PresentationTable,
    item: UIBinding<Item?>,
    presentationID: AnyHashable?,
    id: @escaping @MainActor (Item) -> AnyHashable?,
    kind: DestinationKind,
    onDismiss: (@MainActor () -> Void)?,
    content: @escaping @MainActor (UIBinding<Item>) -> UIViewController
  ) {
    child.onLeavingHierarchy { [weak self, weak table] child in
      table?.remove(controller: child)
      if child.isCollateralRemoval, !child.isEvicted, rules.collateralRemoval == .comesBack {
        // Not the user's doing: show it again if its state still asks for it (from a presenter
        // that is itself still on screen; one that left is replaced by a new controller).
        if let self, let table, self.isStillShown {
          self.reconcileDestination(
            key: key, table: table, item: item, current: item.wrappedValue, id: id, kind: kind, onDismiss: onDismiss,
            content: content)
        } else if kind == .modal {
          ModalComebacks.shared.wentWithItsPresenter(key, presentationID: presentationID) {
            guard !item.isDetached, let now = item.wrappedValue else { return true }
            return presentationID != nil && id(now) != presentationID
          }
        }
        onDismiss?()
        return
      }
      // The binding itself asked for this dismissal (nil, or a new identity): the state already
      // says what it wants. (A Bool slot turned off and on again has the same identity, so
      // comparing identities alone would clear it.)
      let dismissedByItsBinding = child.associatedObject(for: dismissedByBindingKey) != nil
      let presentedIdentityIsThere = {
        guard !dismissedByItsBinding, let now = item.wrappedValue else { return false }
        return presentationID == nil || id(now) == presentationID
      }
      let comparedEarly = rules.writeBack == .comparedBeforeHandlers && presentedIdentityIsThere()
      let writeBack = {
        switch rules.writeBack {
        case .never:
          return
        case .always:
          item.wrappedValue = nil
        case .userRemovalsOfPresentedIdentity:
          if presentedIdentityIsThere() { item.wrappedValue = nil }
        case .comparedBeforeHandlers:
          if comparedEarly { item.wrappedValue = nil }
        }
      }
      let runOnDismiss = {
        if child.associatedObject(for: skipsOnDismissKey) != nil { return }
        if child is UIAlertController, !rules.runsOnDismissForAlerts { return }
        onDismiss?()
        if !rules.runsOnDismissOnce { onDismiss?() }
      }
      if child is UIAlertController, !rules.alertsCarryIdentity {
        // Without identity nothing tells the item the handler may set from the one dismissed: the
        // binding is written now, before the handler runs (as SwiftUI's `isPresented` is written
        // when a button is tapped); `onDismiss` still comes after the handler.
        writeBack()
        MainQueue.async { runOnDismiss() }
      } else if child is UIAlertController, rules.alertTeardownWaitsForHandler, !child.isEvictedByTheEngine {
        // After the button's handler, which UIKit runs when the dismissal completes (#201). Until
        // then the same alert is not shown again (`PendingWriteBacks`). An alert the engine
        // dismissed to evict it had no button tapped: nothing to wait for, and a screen pushed back
        // in this turn must not find it still set and show it again.
        let pending = dismissedByItsBinding ? nil : PendingWriteBacks.shared.begin(key, presentationID: presentationID)
        MainQueue.async {
          writeBack()
          runOnDismiss()
          if let pending { PendingWriteBacks.shared.end(pending) }
        }
      } else {
        writeBack()
        runOnDismiss()
      }
    }
  }

  // MARK: Modal

  /// Presents `child` once the presenter has appeared and no transition involves it, first
  /// dismissing whatever its presentation context shows (a previous identity, or another
  /// binding's presentation, which that binding then clears). Gives up if superseded.
  func presentModalWhenIdle(_ child: UIViewController, key: UIBindingIdentifier, table: PresentationTable) {
    guard let entry = table[key], entry.controller === child, child.presentingViewController == nil else { return }
    guard entry.isStillWanted() else { return }
    // The user's dismissal of this very alert is not written back yet: showing it would bring it back.
    if PendingWriteBacks.shared.holds(key, presentationID: entry.presentationID, until: { [weak self] in
      self?.presentModalWhenIdle(child, key: key, table: table)
    }) {
      return
    }
    if waitsWhileDeparting({ [weak self] in self?.presentModalWhenIdle(child, key: key, table: table) }) { return }
    if let coordinator = modalTransitionCoordinator {
      // Another binding's modal going while this one waits for its context makes way for it,
      // whoever dismisses it: evicted, as if this one had (its state is cleared, it does not
      // come back with a presenter popped as collateral). Not while the user swipes it: a swipe
      // may be cancelled, and one that is not is the user's removal, written back as such.
      if let presented = presentedViewController, presented.isBeingDismissed, presented.bindingKey != key,
        !rules.laterModalsWait, !coordinator.isInteractive
      {
        presented.setAssociatedObject(Eviction(dismissedByTheEngine: false), for: evictionKey)
      }
      coordinator.animate(alongsideTransition: nil) { [weak self] in
        guard let self else { return }
        self.presentModalWhenIdle(child, key: key, table: table)
      }
      return
    }
    // Not yet (or no longer) in the window, and nothing in flight that would put it there: wait
    // until it appears or joins the window's hierarchy.
    guard table.hasAppeared || (rules.presentsOnceInHierarchy && isInWindowHierarchyOrHiddenTab) else {
      table.waitForAppearance(key) { [weak self, weak table] in
        guard let self, let table else { return }
        self.presentModalWhenIdle(child, key: key, table: table)
      }
      return
    }
    // A presenter that left the screen while it waited presents nothing. One in a tab not selected
    // presents: UIKit presents on the tab bar controller, which is on screen.
    guard isInWindowHierarchyOrHiddenTab else { return }
    let comeback = ModalComebacks.shared.comeback(key, presentationID: entry.presentationID, of: self)
    if comeback == .waitATurn {
      // After the re-runs due then: state written in the turn waited (the presenter's own screen
      // cleared) is looked at first, or the modal would show for a moment over a screen going.
      MainQueue.async {
        RerunQueue.shared.runAfterDueReruns { [weak self] in self?.presentModalWhenIdle(child, key: key, table: table) }
      }
      return
    }
    let comesBack = comeback == .comesBack || comeback == .superseded
    // A modal coming back is older than one another binding has shown in its context since it
    // went, or asked for meanwhile and waiting for its turn: it makes way for that one
    // (`ModalComebacks`).
    if comesBack, !rules.laterModalsWait,
      comeback == .superseded || ModalComebacks.shared.anotherModalWaits(besides: key, inContextOf: self)
    {
      table[key] = nil
      entry.makeWay()
      return
    }
    if let presented = presentedViewController, rules.checksWhatIsPresented {
      if rules.laterModalsWait, presented.associatedObject(for: dismissedByBindingKey) == nil {
        // Another binding's modal, still wanted: wait for it to go instead of evicting it. The
        // table holds what waits, so an item superseded meanwhile is let go with its entry.
        table.waitForAppearance(key) { [weak self, weak table] in
          guard let self, let table else { return }
          self.presentModalWhenIdle(child, key: key, table: table)
        }
        presented.whenGone { [weak table] in table?.releaseWaiting() }
        return
      }
      // A modal coming back with its presenter is older than another binding's shown meanwhile:
      // it makes way for that one instead (`ModalComebacks`).
      if comesBack, !rules.laterModalsWait, presented.bindingKey != key, !presented.isBeingDismissed {
        table[key] = nil
        entry.makeWay()
        return
      }
      // Another binding's modal is evicted: the later modal wins, so the evicted one's binding
      // writes nil back, even where it was going anyway along with its presenter's collateral pop
      // — its state would otherwise bring it back with that presenter, for a moment, before it is
      // evicted again. (The same binding's modal, left by a presenter popped and pushed back, is
      // that collateral removal: it comes back, from here.)
      if presented.bindingKey != key {
        presented.setAssociatedObject(Eviction(dismissedByTheEngine: true), for: evictionKey)
      }
      dismiss(animated: true) { [weak self] in
        guard let self else { return }
        self.presentModalWhenIdle(child, key: key, table: table)
      }
      return
    }
    ModalComebacks.shared.shown(key, by: self)
    present(child, animated: true)
  }

  /// Dismisses `child` (and anything it presents) once no transition involves it.
  func dismissModalWhenIdle(_ child: UIViewController) {
    guard let presenter = child.presentingViewController else { return }
    if let coordinator = child.transitionCoordinator ?? presenter.modalTransitionCoordinator {
      coordinator.animate(alongsideTransition: nil) { [weak child] in
        guard let child else { return }
        child.dismissModalWhenIdle(child)
      }
      return
    }
    // Asked of the presenter: asked of `child`, UIKit would dismiss only what `child` presents,
    // if it presents anything.
    (rules.dismissesThroughPresenter ? presenter : child).dismiss(animated: true)
  }

  /// A transition that a modal call on this presenter would collide with: one involving its
  /// presentation context or anything presented above it.
  var modalTransitionCoordinator: UIViewControllerTransitionCoordinator? {
    if let coordinator = transitionCoordinator { return coordinator }
    var presented = presentedViewController
    while let current = presented {
      if let coordinator = current.transitionCoordinator { return coordinator }
      let next = current.presentedViewController
      presented = next === current ? nil : next
    }
    return nil
  }

  // MARK: Push

  func pushWhenIdle(_ child: UIViewController, key: UIBindingIdentifier, table: PresentationTable) {
    guard let entry = table[key], entry.controller === child, child.parent == nil, entry.isStillWanted() else { return }
    if waitsWhileDeparting({ [weak self] in self?.pushWhenIdle(child, key: key, table: table) }) { return }
    guard let navigation = navigationController ?? (self as? UINavigationController) else {
      if isInWindowHierarchyOrHiddenTab {
        NavigationWarnings.record("Can't present navigation item: navigationController is nil (\(debugName))")
      }
      return
    }
    if let coordinator = navigation.modalTransitionCoordinator {
      coordinator.animate(alongsideTransition: nil) { [weak self] in
        self?.pushWhenIdle(child, key: key, table: table)
      }
      return
    }
    guard table.hasAppeared || (rules.presentsOnceInHierarchy && isInWindowHierarchyOrHiddenTab) else {
      table.waitForAppearance(key) { [weak self, weak table] in
        guard let self, let table else { return }
        self.pushWhenIdle(child, key: key, table: table)
      }
      return
    }
    // Removals decided earlier go first: a push must not land above a screen about to be popped,
    // or the pop would take it along.
    let removals = navigation.pendingRemovals
    if removals.count > 0 {
      removals.waiting.append { [weak self] in self?.pushWhenIdle(child, key: key, table: table) }
      return
    }
    // A presenter that left the screen while it waited pushes nothing.
    guard isStillShown else { return }
    child.loadsViewOnJoiningStack()
    navigation.pushViewController(child, animated: true)
  }

  /// UIKit loads a pushed view only when its stack shows it: under a full-screen cover, not until
  /// the cover goes. A pushed screen's own state must drive it as soon as it is on its stack (as
  /// for screens deep-linked below the top of a path), so its view loads when it joins the stack
  /// — not before, since UIKit may defer the push behind a running transition.
  func loadsViewOnJoiningStack() {
    addLifecycleHook { controller, event in
      if case .didMoveToParent(isNil: false) = event { controller.loadViewIfNeeded() }
    }
  }

  /// Pops `child` and everything above it, once its stack is idle.
  func popFromViewController(_ child: UIViewController) {
    guard rules.popsPushedDestinations else {
      child.dismiss(animated: true)
      return
    }
    guard let navigation = child.parent as? UINavigationController else { return }
    if let coordinator = navigation.modalTransitionCoordinator {
      let removals = navigation.pendingRemovals
      removals.count += 1
      coordinator.animate(alongsideTransition: nil) { [weak child] in
        removals.count -= 1
        if let child { child.popFromViewController(child) }
        removals.releaseIfDone()
      }
      return
    }
    let popped = !rules.popsFromThePushedController && presentedViewController != nil && parent === navigation ? self : child
    guard let index = navigation.viewControllers.firstIndex(where: { $0 === popped }), index > 0 else { return }
    let target = rules.popTarget == .controllerBelow ? index - 1 : index
    // UIKit pops everything above too. Those screens are collateral: the engine, not the user,
    // removed them, so their state is not written back; if it still wants them, they come back.
    for above in navigation.viewControllers[(index + 1)...] {
      above.setAssociatedObject(CollateralRemoval(), for: collateralRemovalKey)
    }
    navigation.popToViewController(navigation.viewControllers[target], animated: true)
  }

  /// Dismisses a controller its own binding no longer wants, marking it so its teardown does
  /// not write back.
  private func dismissOwnDestination(_ controller: UIViewController, kind: DestinationKind) {
    controller.markDeparting()
    switch kind {
    case .modal: dismissModalWhenIdle(controller)
    case .push: popFromViewController(controller)
    }
  }
}

extension UIViewController {
  /// Runs `body` once, when this controller leaves the hierarchy by any means: dismissed (by code
  /// or by the user, itself or a container or presenter of it), or removed from its container
  /// (popped, including as an intermediate of a multi-pop). Stands in for swift-navigation's
  /// swizzled `viewDidDisappear`/`didMove(toParent:)`. A controller that leaves takes the screens
  /// inside it along: they get no callbacks of their own (a dismissed navigation controller's
  /// non-top children see nothing), so their hooks fire with it.
  func onLeavingHierarchy(_ body: @escaping @MainActor (UIViewController) -> Void) {
    let hook = LeavingHook(body)
    setAssociatedObject(hook, for: leavingHookKey)
    addLifecycleHook { controller, event in
      switch event {
      case .viewWillDisappear where controller.isBeingDismissedWithAncestors:
        controller.noteControllersDismissedBelow()
      case .viewDidDisappear where controller.isBeingDismissedWithAncestors:
        controller.fireLeavingHooks()
        controller.fireLeavingHooksOfControllersDismissedBelow()
      case .viewDidDisappear where controller.isMovingFromParent && !rules.leavesOnRemovalFromContainer:
        controller.fireLeavingHooks()
      case .didMoveToParent(isNil: true) where rules.leavesOnRemovalFromContainer: controller.fireLeavingHooks()
      default: break
      }
    }
  }

  /// A dismissal removes every controller presented above the one dismissed, but only those still
  /// on screen get disappear callbacks: one already hidden under a full-screen cover has
  /// disappeared before and gets none (appearance callbacks come in balanced pairs). So the top of
  /// the dismissed chain notes, while its presenter is still known, the controllers dismissed
  /// along below it, and they leave with it.
  private func noteControllersDismissedBelow() {
    var below: [UIViewController] = []
    var presenter = presentingViewController
    while let current = presenter, current.isBeingDismissedWithAncestors {
      var container = current
      while let parent = container.parent { container = parent }
      below.append(container)
      presenter = container.presentingViewController
    }
    setAssociatedObject(DismissedAlong(below), for: dismissedAlongKey)
  }

  private func fireLeavingHooksOfControllersDismissedBelow() {
    guard let along = associatedObject(for: dismissedAlongKey) else { return }
    setAssociatedObject(nil, for: dismissedAlongKey)
    for controller in along.controllers { controller?.fireLeavingHooks() }
  }

  /// Fires this controller's leaving hook and those of every controller contained in it, and
  /// lets what waited for it go on, on the next turn (its dismissal's transition is over then).
  private func fireLeavingHooks() {
    associatedObject(for: leavingHookKey)?.fire(self)
    if let waiting = associatedObject(for: waitingForItKey) {
      setAssociatedObject(nil, for: waitingForItKey)
      for work in waiting.work { MainQueue.async { RerunQueue.shared.runAfterDueReruns(work) } }
    }
    for child in children { child.fireLeavingHooks() }
  }

  /// Runs `work` on the turn after this controller leaves the hierarchy (a modal waiting for the
  /// one its context shows), after the re-runs due then: a change made meanwhile (the waiting
  /// modal's screen replaced) is seen first. Only controllers the engine showed report leaving.
  func whenGone(_ work: @escaping @MainActor () -> Void) {
    let waiting = associatedObject(for: waitingForItKey) ?? WaitingForIt()
    waiting.work.append(work)
    setAssociatedObject(waiting, for: waitingForItKey)
  }
}

private let waitingForItKey = AssociatedKey<WaitingForIt>()

/// What waits for a controller to leave.
@MainActor
private final class WaitingForIt {
  var work: [@MainActor () -> Void] = []
}

private let leavingHookKey = AssociatedKey<LeavingHook>()
private let dismissedAlongKey = AssociatedKey<DismissedAlong>()

/// The controllers a dismissal removes below the one that gets the disappear callbacks.
/// Held weakly: a cancelled swipe gets no `viewDidDisappear`, and must keep nothing alive.
@MainActor
private final class DismissedAlong {
  private struct Weak { weak var controller: UIViewController? }
  private let references: [Weak]
  init(_ controllers: [UIViewController]) { references = controllers.map { Weak(controller: $0) } }
  var controllers: [UIViewController?] { references.map(\.controller) }
}

@MainActor
private final class LeavingHook {
  private var body: (@MainActor (UIViewController) -> Void)?
  init(_ body: @escaping @MainActor (UIViewController) -> Void) { self.body = body }
  func fire(_ controller: UIViewController) {
    guard let body else { return }
    self.body = nil
    body(controller)
  }
}

extension UIViewController {
  /// Marks the controller as no longer wanted by the state that showed it: it writes nothing back
  /// when it goes, and nothing it still waited to show is shown.
  func markDeparting() {
    setAssociatedObject(DismissedByBinding(), for: dismissedByBindingKey)
  }

  /// Records `presenter` as the screen whose binding showed this controller: this controller
  /// departs when it does, or when it is gone.
  func recordBindingPresenter(_ presenter: UIViewController) {
    setAssociatedObject(BindingPresenter(presenter), for: bindingPresenterKey)
  }

  /// Takes the mark back: the state wants the controller again (a path element equal by value
  /// that left the path and came back before its screen was popped). What it held back while
  /// departing is shown now.
  func unmarkDeparting() {
    guard associatedObject(for: dismissedByBindingKey) != nil else { return }
    setAssociatedObject(nil, for: dismissedByBindingKey)
    guard let held = associatedObject(for: heldWhileDepartingKey) else { return }
    setAssociatedObject(nil, for: heldWhileDepartingKey)
    for work in held.work { work() }
  }

  /// While this controller (or a container or presenter of it) departs, what it would show is
  /// held back — dropped when it goes, shown if it is wanted again. Returns whether it was held
  /// (or dropped, when the screen whose state showed it no longer exists).
  private func waitsWhileDeparting(_ work: @escaping @MainActor () -> Void) -> Bool {
    markPathScreenLeftItsPath()
    switch departure {
    case nil:
      return false
    case .presenterGone:
      return true
    case .marked(let departing):
      let held = departing.associatedObject(for: heldWhileDepartingKey) ?? HeldWhileDeparting()
      held.work.append(work)
      departing.setAssociatedObject(held, for: heldWhileDepartingKey)
      return true
    }
  }

  /// Marks departing the path screen this controller belongs to (itself, a container, or the
  /// screen whose state showed it) when its element has left its stack's path, before the stack
  /// has looked at the path again: a tab switch can show a hidden stack's screens in between, and
  /// what they waited to show until they appeared is stale. The stack marks or unmarks its screens
  /// again when it looks.
  private func markPathScreenLeftItsPath() {
    guard DepartureLedger.pathStacks > 0 else { return }  // no stack, no path screen
    var candidate: UIViewController? = self
    while let current = candidate {
      if current.parent is UINavigationController, let stack = current.parent as? any PathScreenStack {
        if !stack.pathStillHasElement(of: current) { current.markDeparting() }
        return
      }
      if let link = current.associatedObject(for: bindingPresenterKey) {
        candidate = link.controller
      } else {
        candidate = current.parent ?? current.presentingViewController
      }
    }
  }

  /// Whether the binding that showed this controller, or one of its containers or presenters, has
  /// asked for it to go: what it still wants to show is stale and must not be shown.
  var isDeparting: Bool { departure != nil }

  /// Why this controller is on its way out, walking up from it through the screens whose state
  /// showed it (`bindingPresenter`), its containers and its presenters: one of them is marked
  /// departing, or the screen whose binding showed one of them no longer exists. The second
  /// matters because a modal is presented on its presenter's presentation context, not on the
  /// presenter: a path screen that was marked and popped is released while the sheet its state
  /// showed is still up, and the mark goes with it — yet that sheet (and everything it would
  /// still present) belongs to state the model no longer holds. While nothing anywhere is marked
  /// or orphaned (`DepartureLedger`), the walk could find nothing and is skipped.
  private var departure: Departure? {
    guard !DepartureLedger.nothingDeparts else { return nil }
    var candidate: UIViewController? = self
    while let current = candidate {
      if current.associatedObject(for: dismissedByBindingKey) != nil { return .marked(current) }
      if let link = current.associatedObject(for: bindingPresenterKey) {
        guard let presenter = link.controller else { return .presenterGone }
        candidate = presenter
      } else {
        candidate = current.parent ?? current.presentingViewController
      }
    }
    return nil
  }

  /// Whether this controller is in the window's hierarchy and not on its way out of its stack.
  /// UIKit removes popped controllers from `viewControllers` at once but detaches them one by one
  /// when the pop ends — at once under a full-screen cover, where the stack is off screen — so a
  /// controller popped with others still has its parent while the ones above it are detached.
  var isStillShown: Bool {
    guard isInWindowHierarchyOrHiddenTab else { return false }
    guard let navigation = parent as? UINavigationController else { return true }
    for controller in navigation.viewControllers where controller === self { return true }
    return false
  }

  /// Whether this controller is in the window's hierarchy, its tab selected or not: its own view is
  /// in the window, or it is in a tab bar controller's tab whose view is out of the window while
  /// another tab is selected. A screen of such a tab still drives its state: UIKit changes a stack
  /// nobody sees without a transition, and presents its modals on the tab bar controller, which is
  /// on screen (docs/SEMANTICS.md, "Tabs").
  var isInWindowHierarchyOrHiddenTab: Bool {
    if viewIfLoaded?.window != nil { return true }
    guard tabBarController != nil else { return false }
    var outermost: UIViewController = self
    while let parent = outermost.parent { outermost = parent }
    return outermost.viewIfLoaded?.window != nil
  }

  /// Whether this controller or a container of it is being dismissed (UIKit's `isBeingDismissed`
  /// is false for the children of a dismissed navigation controller).
  var isBeingDismissedWithAncestors: Bool {
    var candidate: UIViewController? = self
    while let current = candidate {
      if current.isBeingDismissed { return true }
      candidate = current.parent
    }
    return false
  }
}

/// Things the engine would log as runtime warnings on iOS.
@MainActor
public enum NavigationWarnings {
  public private(set) static var messages: [String] = []
  /// Called with each warning as it is recorded (a harness forwards them to its own channel).
  public static var onWarning: (@MainActor (String) -> Void)?
  static func record(_ message: String) {
    messages.append(message)
    onWarning?(message)
  }
  public static func reset() { messages.removeAll() }
}

private let dismissedByBindingKey = AssociatedKey<DismissedByBinding>()
private let heldWhileDepartingKey = AssociatedKey<HeldWhileDeparting>()
private let bindingPresenterKey = AssociatedKey<BindingPresenter>()

/// The controller whose binding showed a controller. A modal is presented on its presenter's
/// presentation context (the navigation controller), so `presentingViewController` does not say
/// which screen's state it belongs to; a screen leaving takes what its state showed along.
@MainActor
private final class BindingPresenter {
  weak var controller: UIViewController?
  /// The presenter's lifetime, for `DepartureLedger`: nil once the presenter is released.
  private weak var presenterLifetime: PresenterLifetime?

  init(_ controller: UIViewController) {
    self.controller = controller
    let lifetime = controller.associatedObject(for: presenterLifetimeKey) ?? PresenterLifetime()
    controller.setAssociatedObject(lifetime, for: presenterLifetimeKey)
    lifetime.links += 1
    presenterLifetime = lifetime
  }

  isolated deinit {
    if let presenterLifetime {
      presenterLifetime.links -= 1
    } else {
      DepartureLedger.orphanedLinks -= 1
    }
  }
}

private let presenterLifetimeKey = AssociatedKey<PresenterLifetime>()

/// Why a controller presents and pushes nothing for now (see `UIViewController.departure`).
private enum Departure {
  /// This controller (a container or presenter of it): marked departing, holding back what waits.
  case marked(UIViewController)
  /// The screen whose binding showed it (or a container or presenter of it) no longer exists.
  case presenterGone
}

/// Presentations and pushes a departing controller held back.
@MainActor
private final class HeldWhileDeparting {
  var work: [@MainActor () -> Void] = []
}
let collateralRemovalKey = AssociatedKey<CollateralRemoval>()

/// Marks a controller popped only because the engine popped one below it.
final class CollateralRemoval: Sendable {}

extension UIViewController {
  var isCollateralRemoval: Bool { associatedObject(for: collateralRemovalKey) != nil }
}

private let evictionKey = AssociatedKey<Eviction>()
private let shownByBindingKey = AssociatedKey<ShownByBinding>()

/// The binding whose item a controller shows: a presenter's screen popped and pushed back shows
/// the same state through a new controller, with a binding equal to its predecessor's.
final class ShownByBinding: Sendable {
  let key: UIBindingIdentifier
  init(_ key: UIBindingIdentifier) { self.key = key }
}

/// Marks a modal dismissed to make way for another binding's: its state is cleared, whatever
/// else also took it away (a collateral pop of its presenter, which on its own brings it back).
final class Eviction: Sendable {
  /// The engine asked for the dismissal (no user's gesture, so no alert button's handler to come).
  let dismissedByTheEngine: Bool
  init(dismissedByTheEngine: Bool) { self.dismissedByTheEngine = dismissedByTheEngine }
}

extension UIViewController {
  var isEvicted: Bool { associatedObject(for: evictionKey) != nil }
  var isEvictedByTheEngine: Bool { associatedObject(for: evictionKey)?.dismissedByTheEngine == true }
  /// The binding whose item this controller shows, if the engine showed it.
  var bindingKey: UIBindingIdentifier? { associatedObject(for: shownByBindingKey)?.key }
}

/// Marks a controller whose own binding dismissed it (counted in `DepartureLedger` while alive).
@MainActor
private final class DismissedByBinding {
  init() { DepartureLedger.marks += 1 }
  isolated deinit { DepartureLedger.marks -= 1 }
}

private let pendingRemovalsKey = AssociatedKey<PendingRemovals>()

/// Pops a navigation controller's engine has decided on but not yet made (waiting for a
/// transition), and the pushes waiting for them.
@MainActor
final class PendingRemovals {
  var count = 0
  var waiting: [@MainActor () -> Void] = []

  func releaseIfDone() {
    guard count == 0, !waiting.isEmpty else { return }
    let released = waiting
    waiting.removeAll()
    for work in released { work() }
  }
}

extension UINavigationController {
  var pendingRemovals: PendingRemovals {
    if let removals = associatedObject(for: pendingRemovalsKey) { return removals }
    let removals = PendingRemovals()
    setAssociatedObject(removals, for: pendingRemovalsKey)
    return removals
  }
}
