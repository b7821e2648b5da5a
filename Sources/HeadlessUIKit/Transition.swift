/// A transition in flight: an animated presentation, dismissal, push or pop, or a user gesture.
/// While it runs, its participants are busy: UIKit refuses modal calls on them and defers
/// navigation-stack changes.
@MainActor
final class Transition {
  enum Kind {
    case present, dismiss, interactiveDismiss, push, pop, setViewControllers, interactivePop
    var isModal: Bool {
      switch self {
      case .present, .dismiss, .interactiveDismiss: return true
      default: return false
      }
    }
  }

  let kind: Kind
  /// Held strongly while the transition runs, as UIKit's transition context does.
  let participants: [UIViewController]
  let coordinator = UIViewControllerTransitionCoordinator()

  init(_ kind: Kind, participants: [UIViewController]) {
    self.kind = kind
    self.participants = participants
  }

  func finishCoordinator() {
    coordinator.complete()
  }
}

/// What `UIViewController.transitionCoordinator` returns while a transition involving the
/// controller (or an ancestor) is running: a way to run code when it ends.
@MainActor
public final class UIViewControllerTransitionCoordinator {
  private var completions: [@MainActor () -> Void] = []
  public private(set) var isCancelled = false

  /// Runs `completion` when the transition ends (animations are not modelled, so `animation` runs now).
  @discardableResult
  public func animate(
    alongsideTransition animation: (@MainActor () -> Void)?,
    completion: (@MainActor () -> Void)? = nil
  ) -> Bool {
    animation?()
    if let completion { completions.append(completion) }
    return true
  }

  func markCancelled() { isCancelled = true }

  func complete() {
    let pending = completions
    completions.removeAll()
    for completion in pending { completion() }
  }
}
