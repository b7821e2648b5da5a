import HeadlessUIKit

/// Navigation driven by optional state: the public API. Each call observes its binding for as long
/// as the controller lives; keep the returned token only to stop early.
extension UIViewController {
  /// Presents `content` modally while `item` is non-nil; a new `id` dismisses the old screen,
  /// calls `onDismiss`, then presents the new one. Writes nil back when the user dismisses it.
  @discardableResult
  public func present<Item: Identifiable>(
    item: UIBinding<Item?>,
    onDismiss: (@MainActor () -> Void)? = nil,
    content: @escaping @MainActor (UIBinding<Item>) -> UIViewController
  ) -> ObserveToken {
    // A closure, not `\.id`: a key path literal in a generic function is instantiated at run
    // time on every call, which cost more than the rest of wiring a slot.
    destination(item: item, id: { AnyHashable($0.id) }, kind: .modal, onDismiss: onDismiss, content: content)
  }

  /// As `present(item:)`, with the item's identity at `id`.
  @discardableResult
  public func present<Item, ID: Hashable>(
    item: UIBinding<Item?>,
    id: KeyPath<Item, ID>,
    onDismiss: (@MainActor () -> Void)? = nil,
    content: @escaping @MainActor (UIBinding<Item>) -> UIViewController
  ) -> ObserveToken {
    destination(
      item: item, id: { AnyHashable($0[keyPath: id]) }, kind: .modal, onDismiss: onDismiss, content: content)
  }

  /// Presents `content` modally while `isPresented` is true; writes false back on user dismissal.
  @discardableResult
  public func present(
    isPresented: UIBinding<Bool>,
    onDismiss: (@MainActor () -> Void)? = nil,
    content: @escaping @MainActor () -> UIViewController
  ) -> ObserveToken {
    destination(
      item: isPresented.presence, id: { _ in AnyHashable(0) }, kind: .modal, onDismiss: onDismiss,
      content: { _ in content() })
  }

  /// Pushes `content` onto the enclosing navigation controller while `item` is non-nil; pops it
  /// (and everything above it) when `item` becomes nil; writes nil back when the user pops it.
  /// A new `id` pops the old screen and pushes the new one (SwiftUI's behaviour).
  @discardableResult
  public func navigationDestination<Item: Identifiable>(
    item: UIBinding<Item?>,
    onDismiss: (@MainActor () -> Void)? = nil,
    content: @escaping @MainActor (UIBinding<Item>) -> UIViewController
  ) -> ObserveToken {
    destination(item: item, id: { AnyHashable($0.id) }, kind: .push, onDismiss: onDismiss, content: content)
  }

  /// Pushes `content` while `isPresented` is true; writes false back when the user pops it.
  @discardableResult
  public func navigationDestination(
    isPresented: UIBinding<Bool>,
    onDismiss: (@MainActor () -> Void)? = nil,
    content: @escaping @MainActor () -> UIViewController
  ) -> ObserveToken {
    destination(
      item: isPresented.presence, id: { _ in AnyHashable(0) }, kind: .push, onDismiss: onDismiss,
      content: { _ in content() })
  }
}

extension UIBinding where Value == Bool {
  /// `true` as a present value, `false` as nil: lets Bool presentations share the item machinery.
  ///
  /// The base is held in one `PresenceSource` that both closures capture alone: a closure whose
  /// only capture is one object uses that object as its context, so the binding allocates one
  /// object instead of two closure contexts each holding a copy of the base.
  var presence: UIBinding<Bool?> {
    let source = PresenceSource(self)
    return UIBinding<Bool?>(
      id: .member(id.derivation, \Bool.self), anchor: anchor, get: { source.value }, set: { source.value = $0 })
  }
}

/// A Bool binding read as `true` or nil, and written back as `false` for nil (see `presence`).
@MainActor
final class PresenceSource {
  private let base: UIBinding<Bool>

  init(_ base: UIBinding<Bool>) { self.base = base }

  var value: Bool? {
    get { base.wrappedValue ? true : nil }
    set { base.wrappedValue = newValue ?? false }
  }
}
