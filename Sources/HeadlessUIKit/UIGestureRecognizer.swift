/// A gesture recognizer: held only, except a navigation controller's
/// `interactivePopGestureRecognizer`, whose `isEnabled` and `delegate` decide whether the user's
/// swipe back begins. The simulator's gestures are the window's `user…` methods. It exists so
/// code (and packages such as swift-custom-dump) that names it compiles.
@preconcurrency @MainActor
open class UIGestureRecognizer: UIResponder {
  public enum State: Int, Sendable {
    case possible, began, changed, ended, cancelled, failed
    public static let recognized = State.ended
  }

  public internal(set) var state = State.possible
  public var isEnabled = true
  public weak var view: UIView?
  /// Asked whether the gesture may begin. Weak, as in UIKit.
  public weak var delegate: (any UIGestureRecognizerDelegate)?
}

/// What a gesture recognizer asks before it begins. Every method is optional, as in UIKit.
@preconcurrency @MainActor
public protocol UIGestureRecognizerDelegate: AnyObject {
  func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
  func gestureRecognizer(
    _ gestureRecognizer: UIGestureRecognizer,
    shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool
}

extension UIGestureRecognizerDelegate {
  public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
  public func gestureRecognizer(
    _ gestureRecognizer: UIGestureRecognizer,
    shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
  ) -> Bool { false }
}
