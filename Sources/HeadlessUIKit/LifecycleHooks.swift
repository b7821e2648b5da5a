/// A lifecycle callback a controller received.
public enum UIViewControllerLifecycleEvent: Equatable, Sendable {
  case viewDidLoad
  case viewWillAppear
  case viewDidAppear
  case viewWillDisappear
  case viewDidDisappear
  case willMoveToParent(isNil: Bool)
  case didMoveToParent(isNil: Bool)
}

/// A key for a value attached to a controller from outside.
public final class AssociatedKey<Value: AnyObject>: Sendable {
  public init() {}
}

extension UIViewController {
  /// Runs `hook` after every lifecycle callback this controller receives, after the controller's
  /// own override. Not UIKit API: this stands in for the method swizzling that UIKit navigation
  /// libraries install (swift-navigation's shim swizzles `viewDidAppear`, `viewDidDisappear` and
  /// `didMove(toParent:)`), which Swift on Linux has no runtime for.
  public func addLifecycleHook(_ hook: @escaping @MainActor (UIViewController, UIViewControllerLifecycleEvent) -> Void) {
    lifecycleHooks.append(hook)
  }

  /// Not UIKit API: stands in for `objc_getAssociatedObject`.
  public func associatedObject<Value>(for key: AssociatedKey<Value>) -> Value? {
    associatedObjects[ObjectIdentifier(key)] as? Value
  }

  /// Not UIKit API: stands in for `objc_setAssociatedObject` with a strong reference.
  public func setAssociatedObject<Value>(_ value: Value?, for key: AssociatedKey<Value>) {
    associatedObjects[ObjectIdentifier(key)] = value
  }
}
