import Foundation
import Testing
import UIKit

/// A value attached to a control whose teardown needs the main actor, as swift-navigation's binding
/// token does (it removes the control's action inside `MainActor.assumeIsolated`, which traps
/// anywhere else).
private final class MainActorTeardown {
  let done: @Sendable () -> Void
  init(done: @escaping @Sendable () -> Void) { self.done = done }
  deinit {
    let done = done
    MainActor.assumeIsolated { done() }
  }
}

/// Holds the last reference, so another thread can let it go.
private final class LastReference: @unchecked Sendable {
  var field: UITextField?
}

private final class Flag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  func set() { lock.withLock { value = true } }
  var isSet: Bool { lock.withLock { value } }
}

private nonisolated(unsafe) var teardownKey: UInt8 = 0

@MainActor
@Suite struct ResponderTeardownTests {
  /// A text field whose last reference goes on another thread is torn down on the main actor, as
  /// UIKit's views are (swift-navigation's `UIControlTests.testDeinitIsolation`; without it this
  /// test traps in `MainActor.assumeIsolated`).
  @Test func aResponderReleasedOffTheMainActorIsTornDownOnIt() async {
    _ = UIKitWorld()
    let tornDown = Flag()
    let holder = LastReference()
    holder.field = UITextField()
    objc_setAssociatedObject(
      holder.field!, &teardownKey, MainActorTeardown { tornDown.set() }, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    await Task.detached { holder.field = nil }.value
    for _ in 0..<1000 where !tornDown.isSet { await Task.yield() }
    #expect(tornDown.isSet)
  }
}
