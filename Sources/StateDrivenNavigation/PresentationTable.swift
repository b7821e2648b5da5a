import HeadlessUIKit

/// One presenter's presentations, keyed by the binding that drives each, in the order they were
/// first made (an array, not a dictionary, so nothing depends on hash order).
@MainActor
final class PresentationTable {
  @MainActor
  final class Entry {
    let key: UIBindingIdentifier
    weak var controller: UIViewController?
    /// Set only under rules that hold presented controllers strongly.
    var strongController: UIViewController?
    /// The presented item's identity; nil for presentations that never re-present.
    let presentationID: AnyHashable?
    let kind: DestinationKind
    /// Reads the binding now: whether it still holds the item this entry shows. A presentation or
    /// push waiting for its turn is made only if it does — the state may have moved on before the
    /// observation re-ran.
    var isStillWanted: @MainActor () -> Bool = { true }
    /// Clears the binding this entry shows: the modal makes way for a newer one of another
    /// binding (`ModalComebacks`).
    var makeWay: @MainActor () -> Void = {}

    init(
      key: UIBindingIdentifier, controller: UIViewController, presentationID: AnyHashable?, kind: DestinationKind,
      holdsStrongly: Bool = false
    ) {
      self.key = key
      self.controller = controller
      self.presentationID = presentationID
      self.kind = kind
      if holdsStrongly { strongController = controller }
    }
  }

  private(set) var entries: [Entry] = []
  /// Whether the presenter's view has appeared once: presentations wait for it.
  var hasAppeared = false
  /// Work waiting for the presenter to appear (or, where later modals wait, for the modal its
  /// context shows to go), by the binding it shows. What runs too early looks again and waits
  /// again.
  private(set) var waitingForAppearance: [(key: UIBindingIdentifier, work: @MainActor () -> Void)] = []

  func waitForAppearance(_ key: UIBindingIdentifier, _ work: @escaping @MainActor () -> Void) {
    waitingForAppearance.append((key, work))
  }

  func releaseWaiting() {
    let waiting = waitingForAppearance
    waitingForAppearance.removeAll()
    for (_, work) in waiting { work() }
  }

  func dropWaiting() { waitingForAppearance.removeAll() }

  /// Setting an entry (a new item, or none) drops what the binding's previous entry still waited
  /// to show: a controller superseded before it could appear is let go.
  // Loops, not closures: a closure made in main-actor code checks the executor each time a
  // standard-library algorithm calls it, and these run for every slot at every re-run.
  subscript(key: UIBindingIdentifier) -> Entry? {
    get {
      for entry in entries where entry.key == key { return entry }
      return nil
    }
    set {
      var index = 0
      while index < entries.count {
        if entries[index].key == key { entries.remove(at: index) } else { index += 1 }
      }
      index = 0
      while index < waitingForAppearance.count {
        if waitingForAppearance[index].key == key { waitingForAppearance.remove(at: index) } else { index += 1 }
      }
      if let newValue { entries.append(newValue) }
    }
  }

  func remove(controller: UIViewController) {
    var index = 0
    while index < entries.count {
      if entries[index].controller === controller { entries.remove(at: index) } else { index += 1 }
    }
  }
}

/// How a destination is shown.
enum DestinationKind {
  case modal
  case push
}

private let tableKey = AssociatedKey<PresentationTable>()

extension UIViewController {
  /// This presenter's table, created (with its lifecycle hooks) on first use.
  var presentationTable: PresentationTable {
    if let table = associatedObject(for: tableKey) { return table }
    let table = PresentationTable()
    setAssociatedObject(table, for: tableKey)
    if isVisible { table.hasAppeared = true }
    addLifecycleHook { [weak table] presenter, event in
      guard let table else { return }
      switch event {
      case .viewDidAppear:
        guard !table.hasAppeared else { return }
        table.hasAppeared = true
        table.releaseWaiting()
      case .didMoveToParent(isNil: false):
        // Joined a hierarchy without appearing (a screen deep-linked below the top of a stack):
        // it can present and push now.
        if rules.presentsOnceInHierarchy, presenter.isInWindowHierarchyOrHiddenTab { table.releaseWaiting() }
      case .didMoveToParent(isNil: true):
        table.dropWaiting()  // it will not appear again
        presenter.dismissPresentationsOfDepartedPresenter(table)
      default:
        break
      }
    }
    return table
  }

  /// A presenter popped off its stack takes its modals with it (swift-navigation #192); its
  /// pushed destinations are popped with it by UIKit already.
  func dismissPresentationsOfDepartedPresenter(_ table: PresentationTable) {
    guard rules.dismissesModalsOfDepartedPresenter else { return }
    for entry in table.entries where entry.kind == .modal {
      guard let controller = entry.controller, controller.parent == nil else { continue }
      // A presenter popped only as collateral comes back; so do its modals, so they write nothing.
      if isCollateralRemoval {
        // The modals it presents, and the screens pushed inside them, go with it and come back
        // with it too: their state stays.
        var going: UIViewController? = controller
        while let modal = going {
          modal.markCollateralWithItsChildren()
          going = modal.presentedViewController === modal ? nil : modal.presentedViewController
        }
      }
      if !rules.runsOnDismissWhenPresenterLeaves { controller.setAssociatedObject(SkipsOnDismiss(), for: skipsOnDismissKey) }
      dismissModalWhenIdle(controller)
    }
  }
}

extension UIViewController {
  fileprivate func markCollateralWithItsChildren() {
    setAssociatedObject(CollateralRemoval(), for: collateralRemovalKey)
    for child in children { child.markCollateralWithItsChildren() }
  }
}

let skipsOnDismissKey = AssociatedKey<SkipsOnDismiss>()

/// Marks a controller whose `onDismiss` is skipped (`EngineRules.runsOnDismissWhenPresenterLeaves`,
/// `EngineRules.runsOnDismissOnReplacement`).
final class SkipsOnDismiss: Sendable {}
