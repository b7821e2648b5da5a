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
}
