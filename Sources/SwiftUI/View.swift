/// A piece of user interface: a value whose `body` says what it is made of, as in SwiftUI.
///
/// The graph (ViewGraph.swift) evaluates `body` inside an Observation tracking scope, links the
/// view's `@State`, `@StateObject`, `@Environment`… to the storage of its identity first, and
/// evaluates it again when something it read changes — on the virtual run loop's next turn,
/// never synchronously. Primitive views (`Text`, `Button`, stacks, modifiers) have `Body == Never`.
@MainActor @preconcurrency
public protocol View {
  associatedtype Body: View
  @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
  public typealias Body = Never
  public var body: Never { fatalError("Never has no body") }
}

/// What the graph does with a view that is not made of other views: it says what its children are
/// (with their identities) and what it is on screen. Internal: app code never sees it.
@MainActor
protocol PrimitiveView {
  @MainActor func update(_ node: ViewNode)
}

extension View where Body == Never {
  /// Primitive views have no body; asking for it traps, as in SwiftUI.
  public var body: Never { fatalError("\(Self.self) is a primitive view: it has no body") }
}

// MARK: - ViewBuilder

/// Builds views from closures: every `if`, `switch`, `if #available` and sequence of views, with
/// the structural identity SwiftUI gives each (position, branch).
@resultBuilder
public enum ViewBuilder {
  public static func buildBlock() -> EmptyView { EmptyView() }
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
    TupleView((repeat each content))
  }
  public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
  public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
  public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }
  public static func buildEither<TrueContent: View, FalseContent: View>(
    first: TrueContent
  ) -> _ConditionalContent<TrueContent, FalseContent> {
    _ConditionalContent(storage: .trueContent(first))
  }
  public static func buildEither<TrueContent: View, FalseContent: View>(
    second: FalseContent
  ) -> _ConditionalContent<TrueContent, FalseContent> {
    _ConditionalContent(storage: .falseContent(second))
  }
  public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
  public static func buildFinalResult<Content: View>(_ content: Content) -> Content { content }
}

// MARK: - Structural views

/// No view at all.
public struct EmptyView {
  public typealias Body = Never
  public init() {}
}

extension EmptyView: PrimitiveView {
  @MainActor func update(_ node: ViewNode) { node.setChildren([]) }
}

/// A fixed sequence of views, each with its position as its identity.
public struct TupleView<T> {
  public typealias Body = Never
  public var value: T
  public init(_ value: T) { self.value = value }
}

extension TupleView: PrimitiveView {
  @MainActor func update(_ node: ViewNode) {
    node.setChildren(TupleView.elements(of: value).enumerated().map { (.index($0.offset), $0.element) })
  }

  /// The tuple's views, in order. Reflection: a tuple of any arity, built by `buildBlock`'s pack.
  static func elements(of value: T) -> [any View] {
    Mirror(reflecting: value).children.compactMap { $0.value as? any View }
  }
}

/// One of two views, as an `if`/`else` or a `switch` gives: each branch its own identity.
public struct _ConditionalContent<TrueContent: View, FalseContent: View> {
  public typealias Body = Never
  public enum Storage {
    case trueContent(TrueContent)
    case falseContent(FalseContent)
  }
  public let storage: Storage
  public init(storage: Storage) { self.storage = storage }
}

extension _ConditionalContent: PrimitiveView {
  @MainActor func update(_ node: ViewNode) {
    switch storage {
    case .trueContent(let content): node.setChildren([(.trueBranch, content)])
    case .falseContent(let content): node.setChildren([(.falseBranch, content)])
    }
  }
}

extension Optional: View where Wrapped: View {
  public typealias Body = Never
}

extension Optional: PrimitiveView where Wrapped: View {
  @MainActor func update(_ node: ViewNode) {
    if let self { node.setChildren([(.some, self)]) } else { node.setChildren([]) }
  }
}

/// A view of any type: a change of the wrapped type is a change of identity (its state resets).
public struct AnyView {
  public typealias Body = Never
  let view: any View
  public init<V: View>(_ view: V) {
    if let any = view as? AnyView { self.view = any.view } else { self.view = view }
  }
  public init<V: View>(erasing view: V) { self.init(view) }
}

extension AnyView: PrimitiveView {
  @MainActor func update(_ node: ViewNode) { node.setChildren([(.content, view)]) }
}

/// Views grouped without a container of their own.
public struct Group<Content> {
  let content: Content
}

extension Group: View where Content: View {
  public typealias Body = Never
  public init(@ViewBuilder content: () -> Content) { self.content = content() }
}

extension Group: PrimitiveView where Content: View {
  @MainActor func update(_ node: ViewNode) { node.setChildren([(.content, content)]) }
}

// MARK: - ForEach

/// Views made from a collection, each identified by its element's id: a row keeps its state as
/// long as its id stays in the data, wherever it moves.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
  public var data: Data
  public var content: (Data.Element) -> Content
  let id: (Data.Element) -> ID
}

extension ForEach: View where Content: View {
  public typealias Body = Never

  public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
    self.data = data
    self.id = { $0[keyPath: id] }
    self.content = content
  }
}

extension ForEach where Content: View, ID == Data.Element.ID, Data.Element: Identifiable {
  public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
    self.data = data
    self.id = { $0.id }
    self.content = content
  }
}

extension ForEach where Content: View, Data == Range<Int>, ID == Int {
  /// A constant range: the offset is the identity.
  public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
    self.data = data
    self.id = { $0 }
    self.content = content
  }
}

extension ForEach: PrimitiveView where Content: View {
  @MainActor func update(_ node: ViewNode) {
    node.setChildren(data.map { element in (.element(AnyHashable(id(element))), content(element) as any View) })
  }
}

extension ForEach: DynamicViewContent where Content: View {}

/// A view made from a collection (`ForEach`): the place `onDelete` and `onMove` attach.
public protocol DynamicViewContent: View {}

// Conformances in extensions, so the types' initializers are not main-actor isolated (as
// Apple's views may be made anywhere; only their bodies run on the main actor).
extension EmptyView: View {}
extension TupleView: View {}
extension _ConditionalContent: View {}
extension AnyView: View {}

/// `value` as an `AnyHashable`, without a closure (a closure made in main-actor code that captures
/// a generic metatype is a Sendable warning).
func erase<T: Hashable>(_ value: T?) -> AnyHashable? {
  guard let value else { return nil }
  return AnyHashable(value)
}
