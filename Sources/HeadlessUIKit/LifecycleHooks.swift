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

/// A hook installed for every controller, and how to take it out again.
public struct UIViewControllerLifecycleHookToken: Hashable, Sendable {
  let id: Int
}

extension UIViewController {
  /// Hooks run by UIKit's own implementation of each lifecycle method, for every controller.
  private static var classLifecycleHooks: [(id: Int, hook: @MainActor (UIViewController, UIViewControllerLifecycleEvent) -> Void)] = []
  private static var nextHookID = 0

  /// Not UIKit API: the Swift stand-in for what UIKit libraries do with Objective-C method
  /// swizzling in `+load` (exchanging `viewDidAppear:`, `viewDidDisappear:`,
  /// `didMoveToParentViewController:` with their own). `hook` runs inside UIKit's implementation
  /// of every lifecycle method, for every controller: so where the swizzled method would, when a
  /// subclass override calls `super.viewDidAppear(_:)`, and not at all when it does not.
  /// Installed for the process, as a swizzle is; hooks run in the order they were installed.
  @discardableResult
  public static func installLifecycleHook(
    _ hook: @escaping @MainActor (UIViewController, UIViewControllerLifecycleEvent) -> Void
  ) -> UIViewControllerLifecycleHookToken {
    nextHookID += 1
    // Appended on a local taken out of the list, so every access to it is instantaneous and the
    // reads at each lifecycle callback need no run-time check (see `takeStoredArray`).
    var hooks = takeStoredArray(&classLifecycleHooks)
    hooks.append((nextHookID, hook))
    classLifecycleHooks = hooks
    return UIViewControllerLifecycleHookToken(id: nextHookID)
  }

  /// Takes out a hook installed with `installLifecycleHook` (tests use it to leave no trace).
  public static func removeLifecycleHook(_ token: UIViewControllerLifecycleHookToken) {
    // The hooks taken out are released after the store, never inside the write (their captures'
    // deinits may install or remove hooks).
    let previous = classLifecycleHooks
    classLifecycleHooks = previous.filter { $0.id != token.id }
    withExtendedLifetime(previous) {}
  }

  func runClassLifecycleHooks(_ event: UIViewControllerLifecycleEvent) {
    guard !Self.classLifecycleHooks.isEmpty else { return }
    for entry in Self.classLifecycleHooks { entry.hook(self, event) }
  }

  /// Runs `hook` after every lifecycle callback this controller receives, after the controller's
  /// own override. Not UIKit API: a per-controller observer (for class-wide hooks that run where a
  /// swizzled method would, see `installLifecycleHook`).
  public func addLifecycleHook(_ hook: @escaping @MainActor (UIViewController, UIViewControllerLifecycleEvent) -> Void) {
    // The engine attaches up to two hooks to a controller: room for both in one allocation.
    // Changed on a local taken out of the property, so its accesses stay instantaneous (see
    // `takeStoredArray`).
    var hooks = takeStoredArray(&lifecycleHooks)
    if hooks.isEmpty { hooks.reserveCapacity(2) }
    hooks.append(hook)
    lifecycleHooks = hooks
  }

  /// Not UIKit API: stands in for `objc_getAssociatedObject`.
  public func associatedObject<Value>(for key: AssociatedKey<Value>) -> Value? {
    let id = ObjectIdentifier(key)
    // Over indices, reading the table in place rather than through a copy of it.
    let count = associatedObjects.count
    var index = 0
    while index < count {
      if associatedObjects[index].key == id {
        let value = associatedObjects[index].value
        // Only `setAssociatedObject` stores under a key, and only a `Value` (the key's type).
        assert(value is Value)
        return unsafeDowncast(value, to: Value.self)
      }
      index += 1
    }
    return nil
  }

  /// Not UIKit API: stands in for `objc_setAssociatedObject` with a strong reference. The value
  /// replaced is released once the controller's table is no longer being changed (its deinit may
  /// read or set this controller's values).
  public func setAssociatedObject<Value>(_ value: Value?, for key: AssociatedKey<Value>) {
    let id = ObjectIdentifier(key)
    // Loops, not closures: a closure made here is main-actor isolated, and Swift checks the
    // executor each time a non-isolated algorithm calls it.
    // The table is changed as a local taken out of the property, so every access to the property
    // is instantaneous (see `takeStoredArray`); `replaced` keeps the value it held alive until the
    // table is back.
    var table = takeStoredArray(&associatedObjects)
    var index = 0
    while index < table.count, table[index].key != id { index += 1 }
    let replaced: AnyObject?
    if index < table.count {
      replaced = table[index].value
      if let value { table[index].value = value } else { table.remove(at: index) }
    } else {
      replaced = nil
      if let value {
        if table.isEmpty { table.reserveCapacity(4) }
        table.append((id, value))
      }
    }
    associatedObjects = table
    extendLifetime(replaced)
  }
}
