import Foundation

/// The root of UIKit's responder classes, an `NSObject` as in UIKit: controllers, views and windows
/// compare and hash by identity, so `viewControllers.firstIndex(of:)` and `==` work as on iOS.
///
/// Every class of the simulated world is `@preconcurrency @MainActor`, as UIKit's are imported: code
/// in the Swift 5 language mode may call it from non-isolated types (an `NSObject` coordinator, a
/// delegate) as it does against Apple's UIKit, and code in the Swift 6 mode gets the same errors.
@preconcurrency @MainActor
open class UIResponder: NSObject {
  /// UIKit inherits these from `NSObject`'s accessibility informal protocol; they are only held.
  public var accessibilityLabel: String?
  public var accessibilityIdentifier: String?
  public var isAccessibilityElement = false
  /// Values attached with `objc_setAssociatedObject`: they live as long as this object does.
  /// Not isolated, as the Objective-C runtime functions are not; the world is single-threaded.
  nonisolated(unsafe) var associations = Associations()

  public override init() {
    super.init()
  }

  /// Responders are torn down on the main actor, wherever their last reference goes (UIKit's views
  /// and controllers deallocate on the main thread): teardown that touches UIKit — an associated
  /// observation token that removes a control's action — then runs where UIKit code may run.
  @MainActor deinit {}

  // MARK: The responder chain (rules in FirstResponder.swift)

  /// The next responder: a controller's view answers its controller; a view, its superview; a
  /// controller, its view's superview, else its parent, else the controller presenting it; a
  /// window, the application.
  open var next: UIResponder? { defaultNextResponder }

  /// Whether this responder can take focus: false unless a subclass says so (a text field does).
  open var canBecomeFirstResponder: Bool { false }
  open var canResignFirstResponder: Bool { true }
  /// Whether this responder has the focus in the current world.
  open var isFirstResponder: Bool { FirstResponder.current === self }

  /// Takes the focus (see FirstResponder.swift for when UIKit refuses).
  @discardableResult
  open func becomeFirstResponder() -> Bool { FirstResponder.make(self) }

  /// Gives the focus up.
  @discardableResult
  open func resignFirstResponder() -> Bool { FirstResponder.resign(self) }

  // MARK: Handoff and state restoration (held)

  /// The activity this responder advertises (held: nothing is handed off).
  open var userActivity: NSUserActivity?
  open func updateUserActivityState(_ activity: NSUserActivity) {}
  open func restoreUserActivityState(_ activity: NSUserActivity) {}
}
