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
      faultIsActive(.oneSlotPerController)
      ? UIBindingIdentifier(derivation: .unique(ObjectIdentifier(table))) : item.id
    if faultIsActive(.eagerBindingRead) {
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
      guard let entry = table[key], !faultIsActive(.noDismissOnNil) else { return }
      table[key] = nil
      if let controller = entry.controller { dismissDestination(controller, kind: kind) }
      return
    }
    let presentationID = id(current)
    let existing = table[key]
    if let existing, existing.controller != nil, !faultIsActive(.presentOnEveryObservation) {
      if existing.presentationID == nil || existing.presentationID == presentationID || faultIsActive(.identityIgnored) {
        return  // already showing this item: never present twice
      }
    }
    guard let unwrapped = UIBinding(item) else { return }
    let child = content(unwrapped)
    let replaced = existing?.controller
    table[key] = PresentationTable.Entry(key: key, controller: child, presentationID: presentationID, kind: kind)
    child.onLeavingHierarchy { [weak table] child in
      table?.remove(controller: child)
      let writeBack = {
        if faultIsActive(.noWriteBackOnUserDismissal) || faultIsActive(.strongPresentedReference) { return }
        if let now = item.wrappedValue, faultIsActive(.teardownIgnoresIdentity) || id(now) == presentationID {
          item.wrappedValue = nil
        }
      }
      if child is UIAlertController {
        // After the button's handler, which UIKit runs when the dismissal completes (#201).
        MainQueue.async {
          writeBack()
          onDismiss?()
        }
      } else {
        writeBack()
        onDismiss?()
      }
    }
    switch kind {
    case .modal: presentModalWhenIdle(child, key: key, table: table)
    case .push: pushWhenIdle(child, replacing: replaced, key: key, table: table)
    }
  }

  // MARK: Modal

  /// Presents `child` once the presenter has appeared and no transition involves it, first
  /// dismissing whatever its presentation context shows (a previous identity, or another
  /// binding's presentation, which that binding then clears). Gives up if superseded.
  func presentModalWhenIdle(_ child: UIViewController, key: UIBindingIdentifier, table: PresentationTable) {
    guard table[key]?.controller === child, child.presentingViewController == nil else { return }
    guard table.hasAppeared else {
      table.waitingForAppearance.append { [weak self] in
        guard let self else { return }
        self.presentModalWhenIdle(child, key: key, table: table)
      }
      return
    }
    if let coordinator = modalTransitionCoordinator {
      coordinator.animate(alongsideTransition: nil) { [weak self] in
        guard let self else { return }
        self.presentModalWhenIdle(child, key: key, table: table)
      }
      return
    }
    // A presenter that left the screen while it waited presents nothing.
    guard viewIfLoaded?.window != nil else { return }
    if presentedViewController != nil, !faultIsActive(.presentOnEveryObservation) {
      dismiss(animated: true) { [weak self] in
        guard let self else { return }
        self.presentModalWhenIdle(child, key: key, table: table)
      }
      return
    }
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
    presenter.dismiss(animated: true)
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

  func pushWhenIdle(
    _ child: UIViewController, replacing replaced: UIViewController?, key: UIBindingIdentifier, table: PresentationTable
  ) {
    guard table[key]?.controller === child, child.parent == nil else { return }
    guard table.hasAppeared else {
      table.waitingForAppearance.append { [weak self, weak replaced] in
        guard let self else { return }
        self.pushWhenIdle(child, replacing: replaced, key: key, table: table)
      }
      return
    }
    guard let navigation = navigationController ?? (self as? UINavigationController) else {
      NavigationWarnings.record("Can't present navigation item: navigationController is nil (\(debugName))")
      return
    }
    if let coordinator = navigation.modalTransitionCoordinator {
      coordinator.animate(alongsideTransition: nil) { [weak self, weak replaced] in
        guard let self else { return }
        self.pushWhenIdle(child, replacing: replaced, key: key, table: table)
      }
      return
    }
    if let replaced, replaced.parent === navigation {
      // An identity change: the old screen leaves first, then the new one is pushed.
      popFromViewController(replaced)
      pushWhenIdle(child, replacing: nil, key: key, table: table)
      return
    }
    navigation.pushViewController(child, animated: true)
  }

  /// Pops `child` and everything above it, once its stack is idle.
  func popFromViewController(_ child: UIViewController) {
    if faultIsActive(.pushDismissedNotPopped) {
      child.dismiss(animated: true)
      return
    }
    guard let navigation = child.parent as? UINavigationController else { return }
    if let coordinator = navigation.modalTransitionCoordinator {
      coordinator.animate(alongsideTransition: nil) { [weak child] in
        guard let child else { return }
        child.popFromViewController(child)
      }
      return
    }
    guard let index = navigation.viewControllers.firstIndex(where: { $0 === child }), index > 0 else { return }
    let target = faultIsActive(.popToSelf) ? index : index - 1
    navigation.popToViewController(navigation.viewControllers[target], animated: true)
  }

  private func dismissDestination(_ controller: UIViewController, kind: DestinationKind) {
    switch kind {
    case .modal: dismissModalWhenIdle(controller)
    case .push: popFromViewController(controller)
    }
  }
}

extension UIViewController {
  /// Runs `body` once, when this controller leaves the hierarchy by any means: dismissed (by code
  /// or by the user), or removed from its container (popped, including as an intermediate of a
  /// multi-pop). Stands in for swift-navigation's swizzled `viewDidDisappear`/`didMove(toParent:)`.
  func onLeavingHierarchy(_ body: @escaping @MainActor (UIViewController) -> Void) {
    var fired = false
    addLifecycleHook { controller, event in
      let leaving: Bool
      switch event {
      case .viewDidDisappear: leaving = controller.isBeingDismissed
      case .didMoveToParent(isNil: true): leaving = true
      default: leaving = false
      }
      guard leaving, !fired else { return }
      fired = true
      body(controller)
    }
  }
}

/// Things the engine would log as runtime warnings on iOS.
@MainActor
public enum NavigationWarnings {
  public private(set) static var messages: [String] = []
  static func record(_ message: String) { messages.append(message) }
  public static func reset() { messages.removeAll() }
}
