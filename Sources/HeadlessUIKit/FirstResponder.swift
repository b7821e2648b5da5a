/// The focus: which responder gets typing, one per world.
///
/// UIKit's rules, as documented for `becomeFirstResponder()`: a responder that cannot become first
/// responder (`canBecomeFirstResponder` false) is refused; a view that is not in a window is
/// refused ("never call this method on a view that is not part of an active view hierarchy" —
/// UIKit returns false); the responder that has the focus is asked to resign first and, if it
/// refuses (`canResignFirstResponder` false), keeps it. Subclasses add their own steps around these
/// (a text field asks its delegate and sends its editing events: UITextField.swift).
@MainActor
enum FirstResponder {
  private final class Focus {
    weak var responder: UIResponder?
    weak var world: HeadlessEnvironment?
  }

  nonisolated(unsafe) private static var key: UInt8 = 0

  /// Kept on the world itself, so a new world starts with no focus.
  private static var focus: Focus {
    let world = HeadlessEnvironment.current
    if let focus = objc_getAssociatedObject(world, &key) as? Focus { return focus }
    let focus = Focus()
    focus.world = world
    objc_setAssociatedObject(world, &key, focus, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    return focus
  }

  static var current: UIResponder? { focus.responder }

  static func make(_ responder: UIResponder) -> Bool {
    if focus.responder === responder { return true }
    guard responder.canBecomeFirstResponder else { return false }
    if let view = responder as? UIView, view.window == nil { return false }
    if let holder = focus.responder {
      guard holder.canResignFirstResponder, holder.resignFirstResponder() else { return false }
    }
    focus.responder = responder
    return true
  }

  static func resign(_ responder: UIResponder) -> Bool {
    guard focus.responder === responder else { return true }
    guard responder.canResignFirstResponder else { return false }
    focus.responder = nil
    return true
  }
}

extension UIResponder {
  var defaultNextResponder: UIResponder? {
    switch self {
    case let window as UIWindow:
      return window.windowScene ?? UIApplication.shared
    case let view as UIView:
      if let owner = view.owner, owner.viewIfLoaded === view { return owner }
      return view.superview
    case let controller as UIViewController:
      if let superview = controller.viewIfLoaded?.superview { return superview }
      return controller.parent ?? controller.presentingViewController
    default:
      return nil
    }
  }
}
