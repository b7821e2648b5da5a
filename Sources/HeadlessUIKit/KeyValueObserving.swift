import Foundation

// Darwin's Foundation has key-value observing of its own (the Objective-C runtime's): this stand-in
// is Linux's only.
#if !canImport(Darwin)

/// Key-value observing, for the UIKit properties that post it: Swift's `observe(\.keyPath)` on an
/// `NSObject`, which Foundation on Linux lacks (it needs the Objective-C runtime's setter
/// swizzling). Here the properties that UIKit code observes (a control's value, a text field's
/// text and selection) announce their changes themselves, and each observation re-reads its key
/// path: its handler runs when the value it reads changed (for `Equatable` values) or whenever an
/// announced property was set (for other values).
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let new = NSKeyValueObservingOptions(rawValue: 1 << 0)
  public static let old = NSKeyValueObservingOptions(rawValue: 1 << 1)
  public static let initial = NSKeyValueObservingOptions(rawValue: 1 << 2)
  public static let prior = NSKeyValueObservingOptions(rawValue: 1 << 3)
}

/// What changed, as an observation's handler receives it. `newValue`/`oldValue` are filled when
/// the options asked for them.
public struct NSKeyValueObservedChange<Value> {
  public typealias Kind = NSKeyValueChange
  public let kind: Kind
  public let newValue: Value?
  public let oldValue: Value?
  public let indexes: IndexSet?
  public let isPrior: Bool
}

public enum NSKeyValueChange: UInt, Sendable {
  case setting = 1, insertion, removal, replacement
}

/// A live observation: it stops when invalidated or released, as Foundation's does.
public final class NSKeyValueObservation: @unchecked Sendable {
  fileprivate var notify: (@MainActor () -> Void)?

  fileprivate init() {}

  /// Stops the observation; its handler never runs again.
  public func invalidate() { notify = nil }

  deinit { notify = nil }
}

/// What `observe(_:options:changeHandler:)` hangs on: every `NSObject`, as in Foundation.
public protocol _KeyValueCodingAndObserving {}
extension NSObject: _KeyValueCodingAndObserving {}

extension _KeyValueCodingAndObserving where Self: NSObject {
  /// Observes `keyPath` of this object. Only the properties UIKit documents as observable and this
  /// simulator announces (see `KeyValueObservers`) ever notify; others never do.
  @MainActor
  public func observe<Value>(
    _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
    changeHandler: @escaping @MainActor (Self, NSKeyValueObservedChange<Value>) -> Void
  ) -> NSKeyValueObservation {
    let observation = NSKeyValueObservation()
    var last = self[keyPath: keyPath]
    if options.contains(.initial) {
      changeHandler(self, NSKeyValueObservedChange(
        kind: .setting, newValue: options.contains(.new) ? last : nil, oldValue: nil, indexes: nil, isPrior: false))
    }
    observation.notify = { [weak self] in
      guard let self else { return }
      let current = self[keyPath: keyPath]
      if let unchanged = isEqualIfEquatable(last, current), unchanged { return }
      let old = last
      last = current
      changeHandler(self, NSKeyValueObservedChange(
        kind: .setting, newValue: options.contains(.new) ? current : nil,
        oldValue: options.contains(.old) ? old : nil, indexes: nil, isPrior: false))
    }
    KeyValueObservers.add(observation, to: self)
    return observation
  }
}

/// The observations of each object, held weakly (the caller holds its `NSKeyValueObservation`).
@MainActor
enum KeyValueObservers {
  private final class Entries {
    var observations: [Weak] = []
  }

  private struct Weak {
    weak var observation: NSKeyValueObservation?
  }

  nonisolated(unsafe) private static var key: UInt8 = 0

  static func add(_ observation: NSKeyValueObservation, to object: AnyObject) {
    let entries = objc_getAssociatedObject(object, &key) as? Entries ?? Entries()
    entries.observations.removeAll { $0.observation == nil }
    entries.observations.append(Weak(observation: observation))
    objc_setAssociatedObject(object, &key, entries, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
  }

  /// Called by an observable property's setter, after the store: every observation of `object`
  /// re-reads its key path, in the order they were made.
  static func announceChange(of object: AnyObject) {
    guard let entries = objc_getAssociatedObject(object, &key) as? Entries else { return }
    for entry in entries.observations { entry.observation?.notify?() }
  }
}

/// `a == b` when the values are `Equatable`; nil when they are not.
private func isEqualIfEquatable<Value>(_ a: Value, _ b: Value) -> Bool? {
  guard let a = a as? any Equatable else { return nil }
  return a.isEqual(to: b)
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
#endif
