import Foundation

// Custom and interactive transitions, held: the simulator runs its own transitions on virtual
// durations and never asks a delegate for an animator or an interaction controller, so these
// protocols and `UIPercentDrivenInteractiveTransition` exist for code that implements or drives
// them (a test can drive one with a context of its own).

/// Which view of a transition (`view(forKey:)`).
public struct UITransitionContextViewKey: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromView")
  public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToView")
}

extension UIViewControllerTransitionCoordinatorContext {
  public var initiallyInteractive: Bool { isInteractive }
  public var isInterruptible: Bool { false }
  /// How far the transition got when the gesture ended: 1 once it completes, 0 if cancelled.
  public var percentComplete: CGFloat { isCancelled ? 0 : 1 }
  public var completionVelocity: CGFloat { 1 }
  /// A fresh, empty container: nothing is drawn.
  public var containerView: UIView { UIView() }
  public func view(forKey key: UITransitionContextViewKey) -> UIView? {
    switch key {
    case .from: viewController(forKey: .from)?.viewIfLoaded
    case .to: viewController(forKey: .to)?.viewIfLoaded
    default: nil
    }
  }
}

extension UIViewControllerContextTransitioning {
  public var presentationStyle: UIModalPresentationStyle { .custom }
  public func view(forKey key: UITransitionContextViewKey) -> UIView? {
    switch key {
    case .from: viewController(forKey: .from)?.viewIfLoaded
    case .to: viewController(forKey: .to)?.viewIfLoaded
    default: nil
    }
  }
  public func initialFrame(for viewController: UIViewController) -> CGRect { .zero }
  public func finalFrame(for viewController: UIViewController) -> CGRect { .zero }
  public func updateInteractiveTransition(_ percentComplete: CGFloat) {}
  public func finishInteractiveTransition() {}
  public func cancelInteractiveTransition() {}
  public func pauseInteractiveTransition() {}
}

extension UIViewControllerAnimatedTransitioning {
  public func animationEnded(_ transitionCompleted: Bool) {}
}

extension UIViewControllerInteractiveTransitioning {
  public var completionSpeed: CGFloat { 1 }
  public var wantsInteractiveStart: Bool { true }
}

/// An interaction controller driven by a percentage, as a gesture handler drives it: `update(_:)`
/// while the finger moves, then `finish()` or `cancel()`. Each call is passed on to the context
/// the transition started with (`startInteractiveTransition(_:)`).
@preconcurrency @MainActor
open class UIPercentDrivenInteractiveTransition: NSObject, UIViewControllerInteractiveTransitioning {
  /// The transition's duration, from the animator (held: 0 until a transition starts).
  public private(set) var duration: CGFloat = 0
  /// The last percentage given to `update(_:)`, in 0...1.
  public private(set) var percentComplete: CGFloat = 0
  public var completionSpeed: CGFloat = 1
  public var wantsInteractiveStart = true
  private var context: (any UIViewControllerContextTransitioning)?

  public override init() { super.init() }

  open func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {
    context = transitionContext
    percentComplete = 0
  }

  open func update(_ percentComplete: CGFloat) {
    self.percentComplete = min(max(percentComplete, 0), 1)
    context?.updateInteractiveTransition(self.percentComplete)
  }

  open func pause() { context?.pauseInteractiveTransition() }

  open func finish() {
    context?.finishInteractiveTransition()
    context = nil
  }

  open func cancel() {
    context?.cancelInteractiveTransition()
    context = nil
  }
}
