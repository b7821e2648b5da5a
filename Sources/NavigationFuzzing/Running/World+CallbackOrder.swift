import HeadlessUIKit
import NavigationReference

/// An alert the user tapped a button of, and what followed, in order: the button's action (its
/// intent, run by the handler), the nil written back to the alert's slot, and its `onDismiss`.
struct AlertTapWatch {
  let key: SlotKey
  let generation: Int
  let label: String
  /// Whether the tapped button runs an action: the harness's alerts give each intent a button, then
  /// a Cancel (or OK) one with none.
  let hasAction: Bool
  var events: [AlertCallback] = []
  /// Whether a violation was already reported for it.
  var reported = false
}

enum AlertCallback: String {
  case action = "the button's action"
  case writeBack = "the nil write-back"
  case onDismiss = "onDismiss"
}

/// `alert-callback-order`: the profile prescribes the order of an alert button's action, the nil
/// write-back and `onDismiss` (docs/SEMANTICS.md §3, "alert-write-back-before-action"): swift-navigation
/// delays the write-back and `onDismiss` until the action has run (PR #201) — TCA emits its warning
/// for an action that reaches a presentation already gone from that order — while SwiftUI writes
/// the binding when the button is tapped. `onDismiss` comes last in every profile.
extension World {
  /// What watching a tap on button `index` of the alert on top would watch (nil: no alert the
  /// harness built is on top).
  func alertTapWatch(_ index: Int) -> AlertTapWatch? {
    guard let alert = window.topmostViewController as? UIAlertController, let tag = alert.screenTag,
      let key = tag.key, alert.actions.indices.contains(index)
    else { return nil }
    return AlertTapWatch(
      key: key, generation: tag.generation, label: tag.label, hasAction: alert.actions[index].style != .cancel)
  }

  /// The user tapped the button: its alert's callbacks are watched from now on.
  func watch(_ tap: AlertTapWatch) {
    alertTapWatches.append(tap)
    serials.onSlotEmptied = { [weak self] model, index, old in self?.noteSlotEmptied(model, slot: index, held: old) }
  }

  /// An alert's button handler is about to run its intent on `model`.
  func noteAlertAction(key: SlotKey, generation: Int, on model: ScreenModel, slot index: Int) {
    note(.action, key: key) { $0.generation == generation }
  }

  /// A presentation's `onDismiss` ran.
  func noteOnDismiss(_ key: SlotKey) {
    note(.onDismiss, key: key) { !$0.events.contains(.onDismiss) }
  }

  private func noteSlotEmptied(_ model: ScreenModel, slot index: Int, held: SlotItem) {
    guard !isApplyingProgramStep else { return }  // the program's write, not a write-back
    let key = SlotKey(model: model.serial, slot: index)
    note(.writeBack, key: key) { $0.generation == held.id.generation && !$0.events.contains(.writeBack) }
  }

  private func note(_ callback: AlertCallback, key: SlotKey, where matches: (AlertTapWatch) -> Bool) {
    guard let position = alertTapWatches.firstIndex(where: { $0.key == key && matches($0) }) else { return }
    alertTapWatches[position].events.append(callback)
    checkOrder(of: position)
  }

  /// Reports a callback that comes after one the profile puts after it. Only callbacks that both
  /// ran are compared: one that never runs (a write-back an engine forgets, or owes no more because
  /// the action showed another alert) is another invariant's business.
  private func checkOrder(of position: Int) {
    let watch = alertTapWatches[position]
    guard !watch.reported, let arrived = watch.events.last else { return }
    let order: [AlertCallback] =
      reference.semantics.alertWritesBackBeforeAction ? [.writeBack, .action, .onDismiss] : [.action, .writeBack, .onDismiss]
    guard let rank = order.firstIndex(of: arrived),
      let early = watch.events.dropLast().first(where: { (order.firstIndex(of: $0) ?? 0) > rank })
    else { return }
    alertTapWatches[position].reported = true
    let expected = order.filter { $0 != .action || watch.hasAction }
    var problem = "'\(watch.label)': \(early.rawValue) ran before \(arrived.rawValue) (\(reference.semantics.name): "
    problem += expected.map(\.rawValue).joined(separator: ", then ") + ")"
    if arrived == .action, early == .writeBack {
      problem += "; the action reaches a presentation whose state is already gone"
    }
    alertOrderProblems.append(problem)
    hasCallbackOrAnimationProblems = true
  }

  /// What `alert-callback-order` found since the runner last looked.
  func drainAlertOrderProblems() -> [String] {
    defer { alertOrderProblems.removeAll() }
    return alertOrderProblems
  }

  /// At a quiescent point every watched tap has had its callbacks: nothing is watched any more.
  func endAlertTapWatches() {
    guard !alertTapWatches.isEmpty else { return }
    alertTapWatches.removeAll()
    serials.onSlotEmptied = nil
  }
}
