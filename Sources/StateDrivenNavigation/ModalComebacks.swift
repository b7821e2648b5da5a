import HeadlessUIKit

/// Modals that went with a presenter popped as collateral and will come back with it.
///
/// A presenter popped only because a screen below it was popped comes back as a new controller,
/// whose bindings show their state afresh: its modals come back too (their state was never
/// cleared). But they were written before anything asked for while they were away: a modal of
/// another binding shown meanwhile in the same presentation context, or asked for and waiting
/// for its turn, is the newer one, and the last writer wins (rule 2). So a modal coming back
/// that finds such a modal makes way for it — its binding writes nil, as an evicted one's does —
/// instead of evicting it. Without this the older modal, presented last, evicted the newer one.
/// A modal of another binding shown in its context since it went is newer too, even if it is
/// gone again by the time the presenter is back: the last writer won while it was away.
@MainActor
final class ModalComebacks {
  static let shared = ModalComebacks()

  /// In the order they went: a list, not a set, so nothing depends on hashing order.
  private var gone: [Gone] = []
  /// Modals asked for and not shown yet, in the order asked for: a modal coming back makes way
  /// for these too, as they are newer.
  private var asked: [Asked] = []
  /// Modals shown while some gone modal is away, in the order shown: only those since the
  /// oldest still away are kept.
  private var shownWhileAway: [Shown] = []
  /// Counts goings and showings: what was shown after a modal went is newer than it.
  private var clock = 0
  /// The world the modals belong to: one left with modals that never came back leaves them.
  private weak var world: HeadlessEnvironment?
  /// Whether no modal of the current world is waiting to come back or asked about (`EngineActivity`).
  var isEmpty: Bool {
    world !== HeadlessEnvironment.current
      || (gone.allSatisfy { $0.isStale() } && asked.allSatisfy { $0.presenter.value == nil || !$0.isStillWanted() })
  }

  /// Forgets the current world's modals, as a world met for the first time has none: for a world
  /// reset to its first state (`EngineActivity.forgetRun()`), whose screens they were about are gone.
  func forgetWorld() {
    gone.removeAll()
    asked.removeAll()
    shownWhileAway.removeAll()
    world = nil
  }

  private struct Gone {
    let key: UIBindingIdentifier
    let presentationID: AnyHashable?
    /// Whether it can no longer come back: its binding no longer holds the item (set again, it
    /// is a new write), or the object its binding derives from is gone (a binding equal by `key`
    /// then derives from a new object at the same address).
    let isStale: @MainActor () -> Bool
    /// When it went (`clock`).
    let time: Int
    /// Whether its presentation has waited a turn already (`comeback(_:presentationID:)`).
    var hasWaitedATurn = false
  }

  private struct Shown {
    let key: UIBindingIdentifier
    /// The presentation context it was shown in (`presentationContextRoot`).
    let context: Weak<UIViewController>
    let time: Int
  }

  private struct Asked {
    let key: UIBindingIdentifier
    /// The presenter asked: an ask dies with it (a new presenter of the same screen asks again).
    let presenter: Weak<UIViewController>
    /// Whether its binding still holds the item asked for.
    let isStillWanted: @MainActor () -> Bool
  }

  /// What a modal about to be presented is, as far as coming back goes.
  enum Comeback {
    /// Not a modal coming back with its presenter.
    case none
    /// One coming back, whose presentation should wait one run-loop turn first: the screens that
    /// came back with its presenter ask for their own modals in this turn, in any order, and
    /// those are newer.
    case waitATurn
    /// One coming back, that has waited its turn: it is no longer one either way, since it is
    /// shown or cleared now.
    case comesBack
    /// One coming back, that has waited its turn, in whose context another binding's modal has
    /// been shown since it went: it makes way for that newer one.
    case superseded
  }

  /// The modal of binding `key` showing `presentationID` went with its presenter, popped as
  /// collateral; its state still asks for it.
  func wentWithItsPresenter(
    _ key: UIBindingIdentifier, presentationID: AnyHashable?, isStale: @escaping @MainActor () -> Bool
  ) {
    enterCurrentWorld()
    gone.removeAll { $0.isStale() }
    clock += 1
    gone.append(Gone(key: key, presentationID: presentationID, isStale: isStale, time: clock))
  }

  /// Whether the modal of binding `key` showing `presentationID`, asked of `presenter`, is one
  /// coming back with its presenter, and whether it has waited its turn.
  func comeback(_ key: UIBindingIdentifier, presentationID: AnyHashable?, of presenter: UIViewController) -> Comeback {
    guard !gone.isEmpty, world === HeadlessEnvironment.current else { return .none }
    gone.removeAll { $0.isStale() }
    guard let index = gone.lastIndex(where: { $0.key == key && $0.presentationID == presentationID }) else {
      forgetShownBeforeEveryGone()
      return .none
    }
    if !gone[index].hasWaitedATurn {
      gone[index].hasWaitedATurn = true
      return .waitATurn
    }
    let went = gone.remove(at: index).time
    let context = presenter.presentationContextRoot
    let superseded = shownWhileAway.contains { $0.key != key && $0.time > went && $0.context.value === context }
    forgetShownBeforeEveryGone()
    return superseded ? .superseded : .comesBack
  }

  /// `presenter` is asked to show the modal of binding `key`, now or once it may.
  func asked(_ key: UIBindingIdentifier, of presenter: UIViewController, isStillWanted: @escaping @MainActor () -> Bool) {
    enterCurrentWorld()
    // What waits no longer goes first, so the list holds only what live presenters still wait
    // to show (a long run asks for thousands of modals).
    var index = 0
    while index < asked.count {
      if asked[index].key == key || asked[index].presenter.value == nil { asked.remove(at: index) } else { index += 1 }
    }
    asked.append(Asked(key: key, presenter: Weak(presenter), isStillWanted: isStillWanted))
  }

  /// The modal of binding `key` is shown by `presenter`: it waits no longer, and it is newer than
  /// every modal away from its context.
  func shown(_ key: UIBindingIdentifier, by presenter: UIViewController) {
    if !gone.isEmpty, world === HeadlessEnvironment.current {
      clock += 1
      shownWhileAway.append(Shown(key: key, context: Weak(presenter.presentationContextRoot), time: clock))
    }
    guard !asked.isEmpty else { return }
    var index = 0
    while index < asked.count {
      if asked[index].key == key { asked.remove(at: index) } else { index += 1 }
    }
  }

  /// Whether another binding than `key` has asked for a modal in the presentation context of
  /// `presenter` that is not shown yet and that it still wants.
  func anotherModalWaits(besides key: UIBindingIdentifier, inContextOf presenter: UIViewController) -> Bool {
    guard !asked.isEmpty, world === HeadlessEnvironment.current else { return false }
    let context = presenter.presentationContextRoot
    var waits = false
    var index = 0
    while index < asked.count {
      guard let other = asked[index].presenter.value, asked[index].isStillWanted() else {
        asked.remove(at: index)  // its presenter or its item is gone: it waits no longer
        continue
      }
      if asked[index].key != key, other.presentationContextRoot === context { waits = true }
      index += 1
    }
    return waits
  }

  /// Keeps only the showings some gone modal may still be superseded by.
  private func forgetShownBeforeEveryGone() {
    guard !shownWhileAway.isEmpty else { return }
    guard let oldest = gone.map(\.time).min() else {
      shownWhileAway.removeAll()
      return
    }
    shownWhileAway.removeAll { $0.time < oldest || $0.context.value == nil }
  }

  private func enterCurrentWorld() {
    guard world !== HeadlessEnvironment.current else { return }
    gone.removeAll()
    asked.removeAll()
    shownWhileAway.removeAll()
    world = HeadlessEnvironment.current
  }
}

/// A weak reference kept in a list.
struct Weak<Object: AnyObject> {
  weak var value: Object?
  init(_ value: Object) { self.value = value }
}

extension UIViewController {
  /// The container at the top of this controller's containment chain: presenters under one
  /// share a presentation context (a navigation controller's screens, a tab bar's tabs).
  var presentationContextRoot: UIViewController {
    var top = self
    while let parent = top.parent { top = parent }
    return top
  }
}
