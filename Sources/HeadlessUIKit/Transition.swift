import Foundation

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
  let coordinator: UIViewControllerTransitionCoordinator
  /// Set as a presentation's end-of-transition callbacks begin (`viewDidAppear`): from then on the
  /// transition no longer makes its participants busy, though it is still being torn down.
  var hasFinishedAnimating = false

  /// `from` and `to` are what the coordinator's `viewController(forKey:)` answers: the controller
  /// going away and the one coming (for a presentation, the presenter and the presented; for a
  /// dismissal, the reverse). `style` is the presented controller's style, `.none` for a stack
  /// change, as UIKit's context reports.
  init(
    _ kind: Kind, participants: [UIViewController], from: UIViewController? = nil, to: UIViewController? = nil,
    animated: Bool = true, style: UIModalPresentationStyle = .none
  ) {
    self.kind = kind
    self.participants = participants
    self.coordinator = UIViewControllerTransitionCoordinator(
      kind: kind, from: from, to: to, isAnimated: animated, presentationStyle: style)
  }

  func finishCoordinator() {
    coordinator.complete()
  }
}

/// What `UIViewController.transitionCoordinator` returns while a transition involving the
/// controller (or an ancestor) is running: a way to run code when it ends. It is its own context,
/// as the context UIKit passes describes the same transition.
@preconcurrency @MainActor
public final class UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
  private var completions: [@MainActor () -> Void] = []
  public var isCancelled: Bool { cancelled }
  private var cancelled = false
  let kind: Transition.Kind
  private var duration: Int { HeadlessEnvironment.current.duration(of: kind) }
  // Weak: an app may keep the coordinator after the transition, and holding them would keep the
  // controllers alive longer than UIKit does.
  private weak var fromViewController: UIViewController?
  private weak var toViewController: UIViewController?

  init(
    kind: Transition.Kind, from: UIViewController?, to: UIViewController?, isAnimated: Bool,
    presentationStyle: UIModalPresentationStyle
  ) {
    self.kind = kind
    self.fromViewController = from
    self.toViewController = to
    self.isAnimated = isAnimated
    self.presentationStyle = presentationStyle
  }

  /// Runs `completion` when the transition ends (animations are not modelled, so `animation` runs now).
  @discardableResult
  public func animate(
    alongsideTransition animation: (@MainActor () -> Void)?,
    completion: (@MainActor () -> Void)? = nil
  ) -> Bool {
    animation?()
    if let completion { addCompletion(completion) }
    return true
  }

  /// UIKit's form: both closures receive the transition's context.
  @discardableResult
  public func animate(
    alongsideTransition animation: (@MainActor (any UIViewControllerTransitionCoordinatorContext) -> Void)?,
    completion: (@MainActor (any UIViewControllerTransitionCoordinatorContext) -> Void)? = nil
  ) -> Bool {
    animation?(self)
    if let completion { addCompletion { [unowned self] in completion(self) } }
    return true
  }

  /// Runs `handler` when an interactive transition finishes (cancelled or not) — here, at its end.
  public func notifyWhenInteractionChanges(
    _ handler: @escaping @MainActor (any UIViewControllerTransitionCoordinatorContext) -> Void
  ) {
    addCompletion { [unowned self] in handler(self) }
  }

  public let isAnimated: Bool
  public var isInteractive: Bool { kind == .interactiveDismiss || kind == .interactivePop }
  /// Whether the transition began as a user's gesture.
  public var initiallyInteractive: Bool { isInteractive }
  /// Held only: nothing here interrupts a transition.
  public let isInterruptible = false
  public var transitionDuration: TimeInterval { Double(duration) / 1000 }
  public let presentationStyle: UIModalPresentationStyle
  /// The controller going away (`.from`) or coming (`.to`), as UIKit's transition context says.
  public func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
    switch key {
    case .from: return fromViewController
    case .to: return toViewController
    default: return nil
    }
  }

  /// Appends on a local taken out of `completions`, so the property's accesses stay instantaneous
  /// (see `takeStoredArray`).
  private func addCompletion(_ completion: @escaping @MainActor () -> Void) {
    var pending = takeStoredArray(&completions)
    pending.append(completion)
    completions = pending
  }

  func markCancelled() { cancelled = true }

  func complete() {
    let pending = takeStoredArray(&completions)
    for completion in pending { completion() }
  }
}

/// What a transition coordinator tells the closures it runs.
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
  var isAnimated: Bool { get }
  var isInteractive: Bool { get }
  var isCancelled: Bool { get }
  var transitionDuration: TimeInterval { get }
  var presentationStyle: UIModalPresentationStyle { get }
  func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
  // The rest of UIKit's context, with defaults (UIViewControllerTransitioning.swift).
  var initiallyInteractive: Bool { get }
  var isInterruptible: Bool { get }
  var percentComplete: CGFloat { get }
  var completionVelocity: CGFloat { get }
  var containerView: UIView { get }
  func view(forKey key: UITransitionContextViewKey) -> UIView?
}
