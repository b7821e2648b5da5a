import Foundation

// Darwin has the Objective-C runtime, whose associated objects these stand in for on Linux; the
// side table below is HeadlessUIKit's own on every platform.
#if !canImport(Darwin)
/// How an associated value is held (the Objective-C runtime's policies). `assign` holds weakly
/// here (Objective-C would hold an unretained pointer); the others hold strongly. Copying is not
/// modelled: values are Swift values or references.
public enum objc_AssociationPolicy: UInt, Sendable {
  case OBJC_ASSOCIATION_ASSIGN = 0
  case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
  case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
  case OBJC_ASSOCIATION_RETAIN = 769
  case OBJC_ASSOCIATION_COPY = 771
}

/// The Objective-C runtime's associated objects, for libraries that attach state to controllers.
/// Values attached to a `UIResponder` (controllers, views) live in the object and go when it goes,
/// as on iOS; values attached to other objects live in a side table entry that is dropped once the
/// object is gone. Keys are compared by address, as in Objective-C.
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? {
  AssociationTable.shared.value(for: object as AnyObject, key: key)
}

public func objc_setAssociatedObject(
  _ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy
) {
  AssociationTable.shared.set(value, policy: policy, for: object as AnyObject, key: key)
}

public func objc_removeAssociatedObjects(_ object: Any) {
  AssociationTable.shared.removeAll(for: object as AnyObject)
}
#endif

/// One associated value, held as its policy says.
struct Association {
  private let strong: Any?
  private weak var weakObject: AnyObject?

  init(_ value: Any, policy: objc_AssociationPolicy) {
    if policy == .OBJC_ASSOCIATION_ASSIGN, type(of: value) is AnyClass {
      strong = nil
      weakObject = value as AnyObject
    } else {
      strong = value
      weakObject = nil
    }
  }

  var value: Any? { strong ?? weakObject }
}

/// The side table. The simulated world is single-threaded, but the functions are callable from
/// anywhere (as Objective-C's are), so the table takes a lock.
/// One object's associated values, in the order they were first set. An array, not a dictionary:
/// when the object goes, its values are released in that order — never in hash order, which would
/// make the deinits they trigger (a library's teardown) differ from run to run.
struct Associations {
  private var pairs: [(key: UnsafeRawPointer, association: Association)] = []

  subscript(key: UnsafeRawPointer) -> Association? {
    pairs.first { $0.key == key }?.association
  }

  /// Stores `association` (in the key's place if it had one), returning what it replaced.
  mutating func set(_ association: Association?, for key: UnsafeRawPointer) -> Association? {
    guard let index = pairs.firstIndex(where: { $0.key == key }) else {
      if let association { pairs.append((key, association)) }
      return nil
    }
    let replaced = pairs[index].association
    if let association { pairs[index].association = association } else { pairs.remove(at: index) }
    return replaced
  }
}

final class AssociationTable: @unchecked Sendable {
  static let shared = AssociationTable()

  private struct Entry {
    weak var owner: AnyObject?
    var values = Associations()
  }

  private let lock = NSLock()
  private var entries: [ObjectIdentifier: Entry] = [:]
  private var purgeThreshold = 64

  func value(for object: AnyObject, key: UnsafeRawPointer) -> Any? {
    if let responder = object as? UIResponder { return responder.associations[key]?.value }
    lock.lock()
    defer { lock.unlock() }
    guard let entry = entries[ObjectIdentifier(object)], entry.owner === object else { return nil }
    return entry.values[key]?.value
  }

  /// Replaced values are released only once the new one is stored and the table is no longer
  /// being changed (the Objective-C runtime releases them after updating its map, outside its
  /// lock): a value's `deinit` may read or set the same object's associations — swift-navigation's
  /// `Presented.deinit` dismisses a controller, whose lifecycle hooks read associated state.
  func set(_ value: Any?, policy: objc_AssociationPolicy, for object: AnyObject, key: UnsafeRawPointer) {
    let association = value.map { Association($0, policy: policy) }
    let replaced: Association?
    if let responder = object as? UIResponder {
      replaced = responder.associations.set(association, for: key)
    } else {
      lock.lock()
      let id = ObjectIdentifier(object)
      var entry = entries[id].flatMap { $0.owner === object ? $0 : nil } ?? Entry(owner: object)
      replaced = entry.values.set(association, for: key)
      entries[id] = entry
      if entries.count >= purgeThreshold {
        entries = entries.filter { $0.value.owner != nil }
        purgeThreshold = max(64, entries.count * 2)
      }
      lock.unlock()
    }
    withExtendedLifetime(replaced) {}
  }

  func removeAll(for object: AnyObject) {
    let removed: Associations
    if let responder = object as? UIResponder {
      removed = responder.associations
      responder.associations = Associations()
    } else {
      lock.lock()
      removed = entries.removeValue(forKey: ObjectIdentifier(object))?.values ?? Associations()
      lock.unlock()
    }
    withExtendedLifetime(removed) {}
  }
}
