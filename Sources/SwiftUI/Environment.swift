import HeadlessUIKit

/// A key for a value in the environment.
public protocol EnvironmentKey {
  associatedtype Value
  static var defaultValue: Value { get }
}

/// The values a view inherits from where it is: set with `.environment(_:_:)`, read with
/// `@Environment`. Also the navigation context a view is in (which stack, how `dismiss` acts).
public struct EnvironmentValues: CustomStringConvertible {
  var values: [ObjectIdentifier: Any] = [:]
  /// `@Observable` objects set with `.environment(_:)` and `ObservableObject`s set with
  /// `.environmentObject(_:)`, by type.
  var objects: [ObjectIdentifier: AnyObject] = [:]

  public init() {}

  public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
    get { values[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
    set { values[ObjectIdentifier(key)] = newValue }
  }

  public var description: String { "EnvironmentValues(\(values.count) values)" }
}

/// Reads a value of the view's environment.
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
  final class Location: @unchecked Sendable {
    var environment: EnvironmentValues?
  }
  enum Source {
    case keyPath(KeyPath<EnvironmentValues, Value>)
    case object(ObjectIdentifier, String)
  }
  let source: Source
  let location = Location()

  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { source = .keyPath(keyPath) }

  /// An `@Observable` object set with `.environment(_:)` on an ancestor.
  public init(_ objectType: Value.Type) where Value: AnyObject & Observable {
    source = .object(ObjectIdentifier(objectType), String(describing: objectType))
  }

  public var wrappedValue: Value {
    let environment = location.environment ?? EnvironmentValues()
    switch source {
    case .keyPath(let keyPath):
      return environment[keyPath: keyPath]
    case .object(let id, let name):
      guard let object = environment.objects[id] as? Value else {
        fatalError("No Observable object of type \(name) found. A View.environment(_:) for \(name) may be missing as an ancestor of this view.")
      }
      return object
    }
  }
}

extension Environment: GraphLinkedProperty {
  func link(to node: ViewNode, name: String) { location.environment = node.environment }
}

// MARK: - ObservableObject

/// The publisher of an `ObservableObject`'s coming changes. There is no Combine on Linux: this is
/// the one publisher SwiftUI needs, and views subscribe to it directly.
public final class ObservableObjectPublisher: @unchecked Sendable {
  private var subscribers: [ObjectIdentifier: Subscriber] = [:]
  private var order: [ObjectIdentifier] = []
  private struct Subscriber {
    weak var node: ViewNode?
  }

  public init() {}

  /// Tells every view that depends on the object that it changes: each is evaluated again on a
  /// later turn of the run loop.
  public func send() {
    MainActor.assumeIsolated {
      for id in order {
        guard let node = subscribers[id]?.node else { continue }
        node.graph.apply(.observableObjectDrivesUpdates)
        node.graph.noteTransactionOfAWrite()
        node.invalidate()
      }
    }
  }

  @MainActor func subscribe(_ node: ViewNode) {
    let id = ObjectIdentifier(node)
    if subscribers[id] == nil { order.append(id) }
    subscribers[id] = Subscriber(node: node)
  }

  @MainActor func unsubscribe(_ node: ViewNode) {
    let id = ObjectIdentifier(node)
    subscribers[id] = nil
    order.removeAll { $0 == id }
  }
}

/// An object whose `@Published` properties announce their changes before they happen.
public protocol ObservableObject: AnyObject {
  var objectWillChange: ObservableObjectPublisher { get }
}

private nonisolated(unsafe) var objectPublishers: [ObjectIdentifier: (object: Weak, publisher: ObservableObjectPublisher)] = [:]
private let objectPublishersLock = NSLock()
private struct Weak { weak var object: AnyObject? }

extension ObservableObject {
  /// The object's publisher, made on first use and kept as long as the object lives.
  public var objectWillChange: ObservableObjectPublisher {
    objectPublishersLock.lock()
    defer { objectPublishersLock.unlock() }
    let id = ObjectIdentifier(self)
    if let entry = objectPublishers[id], entry.object.object === self { return entry.publisher }
    if objectPublishers.count > 256 { objectPublishers = objectPublishers.filter { $0.value.object.object != nil } }
    let publisher = ObservableObjectPublisher()
    objectPublishers[id] = (Weak(object: self), publisher)
    return publisher
  }
}

/// A property of an `ObservableObject` whose every set sends the object's `objectWillChange`
/// first.
@propertyWrapper
public struct Published<Value> {
  var value: Value

  public init(wrappedValue: Value) { value = wrappedValue }
  public init(initialValue: Value) { value = initialValue }

  @available(*, unavailable, message: "@Published is only available on properties of classes")
  public var wrappedValue: Value {
    get { fatalError() }
    set { fatalError() }
  }

  public static subscript<EnclosingSelf: ObservableObject>(
    _enclosingInstance object: EnclosingSelf,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
  ) -> Value {
    get { object[keyPath: storageKeyPath].value }
    set {
      object.objectWillChange.send()
      object[keyPath: storageKeyPath].value = newValue
    }
  }
}

/// An `ObservableObject` the view depends on: its changes evaluate the view again.
@propertyWrapper @dynamicMemberLookup
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
  public var wrappedValue: ObjectType
  public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
  public init(initialValue: ObjectType) { self.wrappedValue = initialValue }
  public var projectedValue: ObservedObject<ObjectType>.Wrapper { Wrapper(object: wrappedValue) }

  public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
    Wrapper(object: wrappedValue)[dynamicMember: keyPath]
  }

  @dynamicMemberLookup
  public struct Wrapper {
    let object: ObjectType
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
      let object = self.object
      return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
  }
}

extension ObservedObject: GraphLinkedProperty {
  func link(to node: ViewNode, name: String) {
    let publisher = wrappedValue.objectWillChange
    node.subscriptions[ObjectIdentifier(publisher)] = publisher
    publisher.subscribe(node)
  }
}

/// An `ObservableObject` owned by a view identity: made once, the first time the identity is
/// evaluated, and kept as long as it lives (as `@State`).
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
  final class Location: @unchecked Sendable {
    let make: () -> ObjectType
    var object: ObjectType?
    init(_ make: @escaping () -> ObjectType) { self.make = make }
  }
  let location: Location

  public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { location = Location(thunk) }

  public var wrappedValue: ObjectType {
    if let object = location.object { return object }
    // Read before the graph linked it (outside a body): SwiftUI makes a throwaway object too.
    let object = location.make()
    location.object = object
    return object
  }

  public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject.Wrapper(object: wrappedValue) }
}

extension StateObject: GraphLinkedProperty {
  func link(to node: ViewNode, name: String) {
    let object: ObjectType
    if let stored = node.storage[name] as? ObjectType {
      object = stored
    } else {
      object = location.object ?? location.make()
      node.storage[name] = object
    }
    location.object = object
    let publisher = object.objectWillChange
    node.subscriptions[ObjectIdentifier(publisher)] = publisher
    publisher.subscribe(node)
  }
}

/// An `ObservableObject` an ancestor set with `.environmentObject(_:)`.
@propertyWrapper @dynamicMemberLookup
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty {
  final class Location: @unchecked Sendable {
    var object: ObjectType?
  }
  let location = Location()
  public init() {}

  public var wrappedValue: ObjectType {
    guard let object = location.object else {
      let name = String(describing: ObjectType.self)
      fatalError("No ObservableObject of type \(name) found. A View.environmentObject(_:) for \(name) may be missing as an ancestor of this view.")
    }
    return object
  }

  public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }

  public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
    Wrapper(object: wrappedValue)[dynamicMember: keyPath]
  }

  @dynamicMemberLookup
  public struct Wrapper {
    let object: ObjectType
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
      let object = self.object
      return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
  }
}

extension EnvironmentObject: GraphLinkedProperty {
  func link(to node: ViewNode, name: String) {
    guard let object = node.environment.objects[ObjectIdentifier(ObjectType.self)] as? ObjectType else { return }
    location.object = object
    let publisher = object.objectWillChange
    node.subscriptions[ObjectIdentifier(publisher)] = publisher
    publisher.subscribe(node)
  }
}

// MARK: - Standard values

private struct IsEnabledKey: EnvironmentKey { static let defaultValue = true }
private struct DismissKey: EnvironmentKey { static var defaultValue: DismissAction { DismissAction(nil) } }
private struct IsPresentedKey: EnvironmentKey { static let defaultValue = false }
private struct NavigationContextKey: EnvironmentKey { static var defaultValue: NavigationContext? { nil } }
private struct EditModeKey: EnvironmentKey { static var defaultValue: Binding<EditMode>? { nil } }
private struct ColorSchemeKey: EnvironmentKey { static let defaultValue = ColorScheme.light }
private struct SizeClassKey: EnvironmentKey { static let defaultValue: UserInterfaceSizeClass? = .compact }
private struct VerticalSizeClassKey: EnvironmentKey { static let defaultValue: UserInterfaceSizeClass? = .regular }
private struct ScenePhaseKey: EnvironmentKey { static let defaultValue = ScenePhase.active }
private struct OpenURLKey: EnvironmentKey { static var defaultValue: OpenURLAction { OpenURLAction(handler: { _ in .systemAction }) } }
private struct LocaleKey: EnvironmentKey { static let defaultValue = Locale(identifier: "en_US") }
private struct PresentationModeKey: EnvironmentKey {
  static var defaultValue: Binding<PresentationMode> {
    .constant(PresentationMode(isPresented: false, dismissAction: DismissAction(nil)))
  }
}

extension EnvironmentValues {
  /// Whether controls take taps: `.disabled(true)` sets it false below.
  public var isEnabled: Bool {
    get { self[IsEnabledKey.self] }
    set { self[IsEnabledKey.self] = newValue }
  }
  /// Dismisses the presentation or pops the pushed view this environment belongs to (rule
  /// `dismiss-acts-where-it-is-read`).
  public var dismiss: DismissAction {
    get { self[DismissKey.self] }
    set { self[DismissKey.self] = newValue }
  }
  /// Whether the view is in presented or pushed content.
  public var isPresented: Bool {
    get { self[IsPresentedKey.self] }
    set { self[IsPresentedKey.self] = newValue }
  }
  /// The legacy spelling of `dismiss` and `isPresented`.
  public var presentationMode: Binding<PresentationMode> {
    get { self[PresentationModeKey.self] }
    set { self[PresentationModeKey.self] = newValue }
  }
  public var editMode: Binding<EditMode>? {
    get { self[EditModeKey.self] }
    set { self[EditModeKey.self] = newValue }
  }
  public var colorScheme: ColorScheme {
    get { self[ColorSchemeKey.self] }
    set { self[ColorSchemeKey.self] = newValue }
  }
  /// Compact, as on an iPhone in portrait: popovers adapt to sheets (rule 18).
  public var horizontalSizeClass: UserInterfaceSizeClass? {
    get { self[SizeClassKey.self] }
    set { self[SizeClassKey.self] = newValue }
  }
  public var verticalSizeClass: UserInterfaceSizeClass? {
    get { self[VerticalSizeClassKey.self] }
    set { self[VerticalSizeClassKey.self] = newValue }
  }
  public var scenePhase: ScenePhase {
    get { self[ScenePhaseKey.self] }
    set { self[ScenePhaseKey.self] = newValue }
  }
  public var openURL: OpenURLAction {
    get { self[OpenURLKey.self] }
    set { self[OpenURLKey.self] = newValue }
  }
  public var locale: Locale {
    get { self[LocaleKey.self] }
    set { self[LocaleKey.self] = newValue }
  }
  /// The stack and screen a view is in, and how `dismiss` acts there.
  var navigationContext: NavigationContext? {
    get { self[NavigationContextKey.self] }
    set { self[NavigationContextKey.self] = newValue }
  }
}

/// `@Environment(\.dismiss)`: call it to dismiss the presentation or pop the pushed view whose
/// environment it was read in; elsewhere it does nothing.
public struct DismissAction {
  let action: (@MainActor () -> Void)?
  init(_ action: (@MainActor () -> Void)?) { self.action = action }
  @MainActor public func callAsFunction() {
    SwiftUIEnvironment.current.apply(.dismissActsWhereItIsRead)
    action?()
  }
}

/// The legacy `presentationMode`.
public struct PresentationMode {
  public let isPresented: Bool
  let dismissAction: DismissAction
  @MainActor public mutating func dismiss() { dismissAction() }
}

public enum EditMode: Hashable, Sendable {
  case inactive, transient, active
  public var isEditing: Bool { self != .inactive }
}

public enum ColorScheme: Hashable, Sendable, CaseIterable { case light, dark }
public enum UserInterfaceSizeClass: Hashable, Sendable { case compact, regular }
public enum ScenePhase: Hashable, Sendable { case background, inactive, active }

/// `@Environment(\.openURL)`: held (the URL is not opened).
public struct OpenURLAction {
  public struct Result: Sendable {
    let kind: Int
    public static let handled = Result(kind: 0)
    public static let discarded = Result(kind: 1)
    public static let systemAction = Result(kind: 2)
    public static func systemAction(_ url: URL) -> Result { .systemAction }
  }
  let handler: (URL) -> Result
  public init(handler: @escaping (URL) -> Result) { self.handler = handler }
  public func callAsFunction(_ url: URL) { _ = handler(url) }
}
