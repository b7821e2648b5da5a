import HeadlessUIKit

/// A property the graph updates before a body is evaluated (`@State`, `@Environment`, …, and a
/// custom struct made of them). The graph finds them by reflection; `update()` is not called.
public protocol DynamicProperty {
  mutating func update()
}

extension DynamicProperty {
  public mutating func update() {}
}

// MARK: - State

/// The storage of one `@State` of one view identity: created with the initial value the first
/// time the identity is evaluated, kept while it lives, dropped when it leaves.
final class StateStorage<Value>: @unchecked Sendable {
  var value: Value
  weak var node: ViewNode?
  init(_ value: Value, node: ViewNode) {
    self.value = value
    self.node = node
  }
}

/// Where a `State` value reads and writes: its own initial value until the graph links it to its
/// identity's storage. Shared by every copy of one `State`, so linking a copy links them all.
final class StateLocation<Value>: @unchecked Sendable {
  let initialValue: Value
  var storage: AnyObject?
  init(_ value: Value) { initialValue = value }
}

/// A value owned by a view identity: it survives re-evaluations of the body and resets when the
/// identity goes (a branch switched, a `ForEach` row removed, `.id` changed) — rule
/// `state-lives-as-long-as-its-identity`. A write invalidates the owner on the next turn.
@propertyWrapper
public struct State<Value>: DynamicProperty {
  let location: StateLocation<Value>

  public init(wrappedValue value: Value) { location = StateLocation(value) }
  public init(initialValue value: Value) { location = StateLocation(value) }
  public init() where Value: ExpressibleByNilLiteral { location = StateLocation(nil) }

  public var wrappedValue: Value {
    get { read() }
    nonmutating set { write(newValue) }
  }

  public var projectedValue: Binding<Value> {
    let location = self.location
    return Binding(
      get: { State(location: location).read() },
      set: { value, transaction in State(location: location).write(value, transaction: transaction) })
  }

  init(location: StateLocation<Value>) { self.location = location }

  func read() -> Value {
    (location.storage as? StateStorage<Value>)?.value ?? location.initialValue
  }

  /// Stores the value, then invalidates the owner (on the main actor: the simulated world is
  /// single-threaded, as SwiftUI's state is main-thread state).
  func write(_ value: Value, transaction: Transaction? = nil) {
    guard let storage = location.storage as? StateStorage<Value> else { return }
    storage.value = value
    let explicit = transaction.map { TransactionBox($0) }
    MainActor.assumeIsolated {
      guard let node = storage.node else { return }
      let graph = node.graph
      if let explicit, !explicit.transaction.isDefault { graph.pendingTransaction = explicit.transaction } else { graph.noteTransactionOfAWrite() }
      node.invalidate()
    }
  }
}

extension State: GraphLinkedProperty {
  func link(to node: ViewNode, name: String) {
    if let existing = node.storage[name] as? StateStorage<Value> {
      location.storage = existing
    } else {
      let storage = StateStorage(location.initialValue, node: node)
      node.storage[name] = storage
      location.storage = storage
      if node.isAlive, node.generation > 1 || node.parent != nil { node.graph.apply(.stateLivesAsLongAsItsIdentity) }
    }
  }
}

// MARK: - Binding

/// A read and write of a value stored elsewhere.
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
  let getter: () -> Value
  let setter: (Value, Transaction) -> Void
  public var transaction = Transaction()

  public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
    getter = get
    setter = { value, _ in set(value) }
  }

  public init(get: @escaping () -> Value, set: @escaping (Value, Transaction) -> Void) {
    getter = get
    setter = set
  }

  public init(projectedValue: Binding<Value>) { self = projectedValue }

  public static func constant(_ value: Value) -> Binding<Value> {
    Binding(get: { value }, set: { _ in })
  }

  public var wrappedValue: Value {
    get { getter() }
    nonmutating set { setter(newValue, transaction) }
  }

  public var projectedValue: Binding<Value> { self }

  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
    let base = self
    var binding = Binding<Subject>(
      get: { base.wrappedValue[keyPath: keyPath] },
      set: { value, transaction in
        var whole = base.getter()
        whole[keyPath: keyPath] = value
        base.setter(whole, transaction)
      })
    binding.transaction = transaction
    return binding
  }

  /// This binding, its writes carrying `animation` (held: only whether changes animate matters).
  public func animation(_ animation: Animation? = .default) -> Binding<Value> {
    var copy = self
    copy.transaction.animation = animation
    return copy
  }

  public func transaction(_ transaction: Transaction) -> Binding<Value> {
    var copy = self
    copy.transaction = transaction
    return copy
  }
}

extension Binding {
  /// A binding to an optional made from a binding to a value.
  public init<V>(_ base: Binding<V>) where Value == V? {
    self.init(get: { base.wrappedValue }, set: { value, transaction in if let value { base.setter(value, transaction) } })
  }

  /// A binding to the value of a binding to an optional, if it is not nil now.
  public init?(_ base: Binding<Value?>) {
    guard let value = base.wrappedValue else { return nil }
    var last = value
    self.init(
      get: {
        if let current = base.wrappedValue { last = current }
        return last
      },
      set: { value, transaction in base.setter(value, transaction) })
  }
}

extension Binding: Identifiable where Value: Identifiable {
  public var id: Value.ID { wrappedValue.id }
}

extension Binding: Sequence where Value: MutableCollection, Value.Index: Hashable {
  public typealias Element = Binding<Value.Element>
  public typealias Iterator = IndexingIterator<Binding<Value>>
  public typealias SubSequence = Slice<Binding<Value>>
}

extension Binding: Collection where Value: MutableCollection, Value.Index: Hashable {
  public typealias Index = Value.Index
  public typealias Indices = Value.Indices
  public var startIndex: Index { wrappedValue.startIndex }
  public var endIndex: Index { wrappedValue.endIndex }
  public var indices: Value.Indices { wrappedValue.indices }
  public func index(after i: Index) -> Index { wrappedValue.index(after: i) }
  public subscript(position: Index) -> Binding<Value.Element> {
    let base = self
    return Binding<Value.Element>(
      get: { base.wrappedValue[position] },
      set: { value, transaction in
        var whole = base.getter()
        whole[position] = value
        base.setter(whole, transaction)
      })
  }
}

extension Binding: BidirectionalCollection where Value: BidirectionalCollection & MutableCollection, Value.Index: Hashable {
  public func index(before i: Index) -> Index { wrappedValue.index(before: i) }
}

extension Binding: RandomAccessCollection where Value: RandomAccessCollection & MutableCollection, Value.Index: Hashable {}

extension Binding: DynamicProperty {}

// MARK: - Bindable

/// Bindings to the properties of an `@Observable` object.
@propertyWrapper @dynamicMemberLookup
public struct Bindable<Value> {
  public var wrappedValue: Value
  public var projectedValue: Bindable<Value> { self }

  public init(wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }
  public init(_ wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }
  public init(projectedValue: Bindable<Value>) { self = projectedValue }

  public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject>
  where Value: AnyObject {
    let object = wrappedValue
    return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
  }
}

extension Bindable: DynamicProperty {}

// MARK: - Transactions and animation

struct TransactionBox: @unchecked Sendable {
  let transaction: Transaction
  init(_ transaction: Transaction) { self.transaction = transaction }
}

/// How a change is carried out. Only `disablesAnimations` is acted on (whether presentations and
/// pushes animate); the animation is held.
public struct Transaction {
  public var animation: Animation?
  public var disablesAnimations = false
  public var isContinuous = false
  public init() {}
  public init(animation: Animation?) { self.animation = animation }
  var isDefault: Bool { animation == nil && !disablesAnimations && !isContinuous }
}

/// An animation curve: held (nothing is drawn).
public struct Animation: Hashable, Sendable {
  let name: String
  public static let `default` = Animation(name: "default")
  public static let linear = Animation(name: "linear")
  public static let easeIn = Animation(name: "easeIn")
  public static let easeOut = Animation(name: "easeOut")
  public static let easeInOut = Animation(name: "easeInOut")
  public static let spring = Animation(name: "spring")
  public static let bouncy = Animation(name: "bouncy")
  public static let smooth = Animation(name: "smooth")
  public static let snappy = Animation(name: "snappy")
  public static func linear(duration: Double) -> Animation { Animation(name: "linear(\(duration))") }
  public static func easeInOut(duration: Double) -> Animation { Animation(name: "easeInOut(\(duration))") }
  public static func easeIn(duration: Double) -> Animation { Animation(name: "easeIn(\(duration))") }
  public static func easeOut(duration: Double) -> Animation { Animation(name: "easeOut(\(duration))") }
  public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation {
    Animation(name: "spring")
  }
  public static func spring(duration: Double, bounce: Double = 0) -> Animation { Animation(name: "spring") }
  public func delay(_ delay: Double) -> Animation { self }
  public func speed(_ speed: Double) -> Animation { self }
  public func repeatForever(autoreverses: Bool = true) -> Animation { self }
}

/// Runs `body`; the changes it makes carry `animation` (held) in their transaction.
@MainActor @discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
  try withTransaction(Transaction(animation: animation), body)
}

/// Runs `body`; the changes it makes carry `transaction`: with `disablesAnimations`, what they
/// present, dismiss, push or pop does so without animation.
@MainActor @discardableResult
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
  let graph = SwiftUIEnvironment.current
  let outer = graph.openTransaction
  graph.openTransaction = transaction
  defer { graph.openTransaction = outer }
  return try body()
}

@MainActor @discardableResult
public func withTransaction<Result, Value>(
  _ keyPath: WritableKeyPath<Transaction, Value>, _ value: Value, _ body: () throws -> Result
) rethrows -> Result {
  var transaction = Transaction()
  transaction[keyPath: keyPath] = value
  return try withTransaction(transaction, body)
}
