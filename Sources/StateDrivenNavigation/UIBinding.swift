/// A read-write reference to a piece of state that navigation is driven by.
///
/// A binding reads its source on every access, so observation tracking sees every read: it never
/// caches a value in a way that would hide a change (the seeds' "binding caches its value" pitfall).
/// Its `id` says how it was derived, so presenters can key presentations by binding.
@MainActor
@dynamicMemberLookup
public struct UIBinding<Value> {
  private let read: @MainActor () -> Value
  private let write: @MainActor (Value) -> Void
  public let id: UIBindingIdentifier
  /// The source of the root object this binding derives from, which holds that object weakly:
  /// `id` names the object by address only, and a new object may take a freed one's address.
  @usableFromInline let anchor: (any BindingAnchor)?

  @usableFromInline
  init(
    id: UIBindingIdentifier.Derivation,
    anchor: (any BindingAnchor)?,
    get read: @escaping @MainActor () -> Value,
    set write: @escaping @MainActor (Value) -> Void
  ) {
    self.read = read
    self.write = write
    self.id = UIBindingIdentifier(derivation: id)
    self.anchor = anchor
  }

  /// Whether the object this binding derives from is gone (never, for a binding with no root):
  /// then a binding equal to it by `id` derives from another object.
  var isDetached: Bool { anchor.map { !$0.rootIsAlive } ?? false }

  public var wrappedValue: Value {
    get { read() }
    nonmutating set { write(newValue) }
  }

  /// A binding to `root[keyPath:]`. The root is held weakly: once it is gone the binding keeps
  /// returning the last value it read and drops writes.
  public init<Root: AnyObject>(root: Root, keyPath: ReferenceWritableKeyPath<Root, Value>) {
    self.init(root: root, keyPath: keyPath, get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 })
  }

  /// The binding `init(root:keyPath:)` makes — same identity, same weak root, same last value —
  /// reading and writing through `get` and `set`, which must do what `keyPath` does.
  ///
  /// A fast path for code that wires many bindings: every access through a key path goes through
  /// the key-path runtime (a projection of the path's components, a generic buffer), which costs
  /// more than a direct call to the property it names; a binding is read on every re-run of the
  /// observation that shows it. Inlinable so that it is specialized where it is called: the
  /// accessors are then kept as they are instead of being wrapped for a generic caller.
  @_spi(Accessors)
  @inlinable
  public init<Root: AnyObject>(
    root: Root,
    keyPath: ReferenceWritableKeyPath<Root, Value>,
    get: @escaping @MainActor (Root) -> Value,
    set: @escaping @MainActor (Root, Value) -> Void
  ) {
    let source = WeakSource(root: root, get: get, set: set)
    self.init(id: .root(ObjectIdentifier(root), keyPath), anchor: source, get: { source.read() }, set: { source.write($0) })
  }

  /// A binding that holds its own value; every constant binding has its own identity.
  public static func constant(_ value: Value) -> UIBinding<Value> {
    let box = ValueBox(value)
    return UIBinding(id: .unique(ObjectIdentifier(box)), anchor: nil, get: { box.value }, set: { box.value = $0 })
  }

  /// A binding to a member of the value.
  public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> UIBinding<Member> {
    let base = self
    return UIBinding<Member>(
      id: .member(id.derivation, keyPath), anchor: anchor,
      get: { base.wrappedValue[keyPath: keyPath] },
      set: { newValue in
        var value = base.wrappedValue
        value[keyPath: keyPath] = newValue
        base.wrappedValue = value
      }
    )
  }

  /// Unwraps an optional binding, or fails when it holds nil. The result keeps returning the last
  /// non-nil value after the source becomes nil (a screen animating away still has its state) and
  /// drops writes made while the source is nil.
  public init?(_ base: UIBinding<Value?>) {
    guard let initial = base.wrappedValue else { return nil }
    let source = UnwrappedSource(base: base, last: initial)
    self.init(id: .unwrapped(base.id.derivation), anchor: base.anchor, get: { source.read() }, set: { source.write($0) })
  }

  /// Reads and writes through a case of an enum: nil when the value is in another case, and
  /// writes ignored once the case has changed.
  public subscript<Member>(case enumCase: EnumCase<Value, Member>) -> UIBinding<Member>? {
    guard let initial = enumCase.extract(wrappedValue) else { return nil }
    let base = self
    let last = ValueBox(initial)
    return UIBinding<Member>(
      id: .enumCase(id.derivation, enumCase.name), anchor: anchor,
      get: {
        if let member = enumCase.extract(base.wrappedValue) { last.value = member }
        return last.value
      },
      set: { newValue in
        guard enumCase.extract(base.wrappedValue) != nil else { return }
        base.wrappedValue = enumCase.embed(newValue)
      }
    )
  }
}

extension UIBinding {
  /// `true` while the optional holds a value; writing `false` sets it to nil. Writing `true` is
  /// meaningless (there is no value to make up) and is ignored.
  public func isPresent<Wrapped>() -> UIBinding<Bool> where Value == Wrapped? {
    let base = self
    return UIBinding<Bool>(
      id: .isPresent(id.derivation), anchor: anchor,
      get: { base.wrappedValue != nil },
      set: { newValue in if !newValue { base.wrappedValue = nil } }
    )
  }

  /// A case of an optional enum: nil when the enum is nil or in another case. Non-nil writes land
  /// only while the enum is still in that case; writing nil clears the whole enum.
  public subscript<Enum, Member>(case enumCase: EnumCase<Enum, Member>) -> UIBinding<Member?> where Value == Enum? {
    let base = self
    return UIBinding<Member?>(
      id: .enumCase(id.derivation, enumCase.name), anchor: anchor,
      get: { base.wrappedValue.flatMap(enumCase.extract) },
      set: { newValue in
        guard let current = base.wrappedValue, enumCase.extract(current) != nil else { return }
        base.wrappedValue = newValue.map(enumCase.embed)
      }
    )
  }
}

extension UIBinding: Equatable {
  nonisolated public static func == (lhs: UIBinding, rhs: UIBinding) -> Bool { lhs.id == rhs.id }
}

extension UIBinding: Hashable {
  nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// How to look into one case of an enum, written out by hand (no macro, so no swift-syntax build).
public struct EnumCase<Enum, Member>: Sendable {
  public let name: String
  public let extract: @Sendable (Enum) -> Member?
  public let embed: @Sendable (Member) -> Enum

  public init(_ name: String, extract: @escaping @Sendable (Enum) -> Member?, embed: @escaping @Sendable (Member) -> Enum) {
    self.name = name
    self.extract = extract
    self.embed = embed
  }
}

@MainActor
final class ValueBox<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}

/// What an unwrapped binding reads and writes through: its base, and the last non-nil value read
/// from it. One object holds both, so each of the binding's closures captures a single reference
/// and needs no context of its own (two closures capturing the base and a box would make three
/// allocations per binding instead of one).
@MainActor
final class UnwrappedSource<Value> {
  private let base: UIBinding<Value?>
  private var last: Value

  init(base: UIBinding<Value?>, last: Value) {
    self.base = base
    self.last = last
  }

  func read() -> Value {
    if let value = base.wrappedValue { last = value }
    return last
  }

  /// Dropped while the base is nil.
  func write(_ newValue: Value) {
    guard base.wrappedValue != nil else { return }
    last = newValue
    base.wrappedValue = newValue
  }
}

/// What tells whether a binding's root object is still there.
@MainActor
@usableFromInline
protocol BindingAnchor: AnyObject {
  var rootIsAlive: Bool { get }
}

/// The root of a binding made from an object: held weakly, with the last value read from it
/// (what the binding returns once the root is gone).
@MainActor
@usableFromInline
final class WeakSource<Root: AnyObject, Value>: BindingAnchor {
  @usableFromInline weak var root: Root?
  @usableFromInline var last: Value
  @usableFromInline let get: @MainActor (Root) -> Value
  @usableFromInline let set: @MainActor (Root, Value) -> Void

  @inlinable
  init(root: Root, get: @escaping @MainActor (Root) -> Value, set: @escaping @MainActor (Root, Value) -> Void) {
    self.root = root
    self.last = get(root)
    self.get = get
    self.set = set
  }

  @usableFromInline var rootIsAlive: Bool { root != nil }

  @inlinable
  func read() -> Value {
    guard let root else { return last }
    let value = get(root)
    last = value
    return value
  }

  /// Dropped once the root is gone.
  @inlinable
  func write(_ newValue: Value) {
    guard let root else { return }
    set(root, newValue)
  }
}
