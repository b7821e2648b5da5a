import HeadlessUIKit

/// Alerts gone whose nil write-back waits for the button's handler (swift-navigation #201: UIKit
/// runs the handler as the dismissal completes, and the binding is written after it).
///
/// Until it is written the item is still in the state, and a binding that looks meanwhile would
/// show again the alert the user just dismissed: the alert's screen, popped along with a screen
/// below it and pushed back as a new controller, wires its bindings afresh. A presentation of the
/// same binding and identity waits for the write-back instead, then looks at the state again.
@MainActor
final class PendingWriteBacks {
  static let shared = PendingWriteBacks()

  private struct Pending {
    let token: Int
    let key: UIBindingIdentifier
    let presentationID: AnyHashable?
    var waiting: [@MainActor () -> Void] = []
  }

  /// In the order begun: a list, not a dictionary, so nothing depends on hashing order.
  private var pending: [Pending] = []
  /// Whether no write-back of the current world is waiting for a transition to end (`EngineActivity`).
  var isEmpty: Bool { pending.isEmpty || world !== HeadlessEnvironment.current }
  private var nextToken = 0
  /// The world the pending write-backs belong to: one left with write-backs never run leaves them.
  private weak var world: HeadlessEnvironment?

  /// Forgets the current world's write-backs, as a world met for the first time has none: for a
  /// world reset to its first state (`EngineActivity.forgetRun()`), whose alerts they were for are gone.
  func forgetWorld() {
    pending.removeAll()
    world = nil
  }

  /// A write-back of the binding `key`, for the identity `presentationID`, is scheduled.
  func begin(_ key: UIBindingIdentifier, presentationID: AnyHashable?) -> Int {
    if world !== HeadlessEnvironment.current {
      pending.removeAll()
      world = HeadlessEnvironment.current
    }
    nextToken += 1
    pending.append(Pending(token: nextToken, key: key, presentationID: presentationID))
    return nextToken
  }

  /// The write-back `token` ran: what waited for it looks again, once the re-runs it caused have run.
  func end(_ token: Int) {
    guard let index = pending.firstIndex(where: { $0.token == token }) else { return }
    let waiting = pending.remove(at: index).waiting
    for work in waiting { RerunQueue.shared.runAfterDueReruns(work) }
  }

  /// Whether a write-back of `key` for `presentationID` is pending; if so, `work` runs after it.
  func holds(_ key: UIBindingIdentifier, presentationID: AnyHashable?, until work: @escaping @MainActor () -> Void) -> Bool {
    guard !pending.isEmpty, world === HeadlessEnvironment.current,
      let index = pending.lastIndex(where: { $0.key == key && $0.presentationID == presentationID })
    else { return false }
    pending[index].waiting.append(work)
    return true
  }
}
