import HeadlessUIKit

/// Modals that went with a presenter popped as collateral and will come back with it.
///
/// A presenter popped only because a screen below it was popped comes back as a new controller,
/// whose bindings show their state afresh: its modals come back too (their state was never
/// cleared). But they were written before anything set while they were away: a modal of another
/// binding presented meanwhile in the same presentation context is the newer one, and the last
/// writer wins (rule 2). So a modal coming back that finds another binding's modal in its context
/// makes way for it — its binding writes nil, as an evicted one does — instead of evicting it.
/// Without this the older modal, presented last, evicted the newer one.
@MainActor
final class ModalComebacks {
  static let shared = ModalComebacks()

  /// In the order they went: a list, not a set, so nothing depends on hashing order.
  private var gone: [(key: UIBindingIdentifier, presentationID: AnyHashable?)] = []
  /// The world the modals belong to: one left with modals that never came back leaves them.
  private weak var world: HeadlessEnvironment?

  /// The modal of binding `key` showing `presentationID` went with its presenter, popped as
  /// collateral; its state still asks for it.
  func wentWithItsPresenter(_ key: UIBindingIdentifier, presentationID: AnyHashable?) {
    if world !== HeadlessEnvironment.current {
      gone.removeAll()
      world = HeadlessEnvironment.current
    }
    gone.append((key, presentationID))
  }

  /// Whether the modal of binding `key` showing `presentationID` is one coming back with its
  /// presenter; it is no longer one either way, since it is shown or cleared now.
  func takeComeback(_ key: UIBindingIdentifier, presentationID: AnyHashable?) -> Bool {
    guard !gone.isEmpty, world === HeadlessEnvironment.current,
      let index = gone.lastIndex(where: { $0.key == key && $0.presentationID == presentationID })
    else { return false }
    gone.remove(at: index)
    return true
  }
}
