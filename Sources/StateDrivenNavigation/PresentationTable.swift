import HeadlessUIKit

/// One presenter's presentations, keyed by the binding that drives each, in the order they were
/// first made (an array, not a dictionary, so nothing depends on hash order).
@MainActor
final class PresentationTable {
  @MainActor
  final class Entry {
    let key: UIBindingIdentifier
    weak var controller: UIViewController?
    /// Only for the strong-reference fault.
    var strongController: UIViewController?
    /// The presented item's identity; nil for presentations that never re-present.
    let presentationID: AnyHashable?
    let kind: DestinationKind
    /// Reads the binding now: whether it still holds the item this entry shows. A presentation or
    /// push waiting for its turn is made only if it does — the state may have moved on before the
    /// observation re-ran.
    var isStillWanted: @MainActor () -> Bool = { true }

    init(key: UIBindingIdentifier, controller: UIViewController, presentationID: AnyHashable?, kind: DestinationKind) {
      self.key = key
      self.controller = controller
      self.presentationID = presentationID
      self.kind = kind
      if faultIsActive(.strongPresentedReference) { strongController = controller }
    }
  }

  private(set) var entries: [Entry] = []
  /// Whether the presenter's view has appeared once: presentations wait for it.
  var hasAppeared = false
  var waitingForAppearance: [@MainActor () -> Void] = []

  func releaseWaiting() {
    let waiting = waitingForAppearance
    waitingForAppearance.removeAll()
    for work in waiting { work() }
  }

  subscript(key: UIBindingIdentifier) -> Entry? {
    get { entries.first { $0.key == key } }
    set {
      entries.removeAll { $0.key == key }
      if let newValue { entries.append(newValue) }
    }
  }

  func remove(controller: UIViewController) {
    entries.removeAll { $0.controller === controller }
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
        if presenter.viewIfLoaded?.window != nil { table.releaseWaiting() }
      case .didMoveToParent(isNil: true):
        table.waitingForAppearance.removeAll()  // it will not appear again
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
    for entry in table.entries where entry.kind == .modal {
      guard let controller = entry.controller, controller.parent == nil else { continue }
      // A presenter popped only as collateral comes back; so do its modals, so they write nothing.
      if isCollateralRemoval { controller.setAssociatedObject(CollateralRemoval(), for: collateralRemovalKey) }
      dismissModalWhenIdle(controller)
    }
  }
}
