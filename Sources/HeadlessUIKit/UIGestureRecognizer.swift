/// A gesture recognizer, held only: the simulator's gestures are the window's `user…` methods.
/// It exists so code (and packages such as swift-custom-dump) that names it compiles.
@preconcurrency @MainActor
open class UIGestureRecognizer: UIResponder {
  public enum State: Int, Sendable {
    case possible, began, changed, ended, cancelled, failed
    public static let recognized = State.ended
  }

  public internal(set) var state = State.possible
  public var isEnabled = true
  public weak var view: UIView?
}
