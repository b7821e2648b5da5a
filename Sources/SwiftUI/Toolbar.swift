import HeadlessUIKit

/// Content of a toolbar: items whose views are on the screen's bars (and tappable).
@MainActor @preconcurrency
public protocol ToolbarContent {
  associatedtype Body: ToolbarContent
  @ToolbarContentBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: ToolbarContent {}

extension ToolbarContent where Body == Never {
  public var body: Never { fatalError("\(Self.self) is primitive toolbar content") }
}

/// Toolbar content that lists its views.
@MainActor
protocol PrimitiveToolbarContent {
  @MainActor var itemViews: [any View] { get }
}

@MainActor
enum ToolbarResolver {
  static func views(of content: any ToolbarContent) -> [any View] {
    if let primitive = content as? PrimitiveToolbarContent { return primitive.itemViews }
    func body<C: ToolbarContent>(_ content: C) -> any ToolbarContent { content.body }
    return views(of: body(content))
  }
}

public struct ToolbarItemPlacement: Hashable, Sendable {
  let name: String
  public static let automatic = ToolbarItemPlacement(name: "automatic")
  public static let primaryAction = ToolbarItemPlacement(name: "primaryAction")
  public static let secondaryAction = ToolbarItemPlacement(name: "secondaryAction")
  public static let confirmationAction = ToolbarItemPlacement(name: "confirmationAction")
  public static let cancellationAction = ToolbarItemPlacement(name: "cancellationAction")
  public static let destructiveAction = ToolbarItemPlacement(name: "destructiveAction")
  public static let navigation = ToolbarItemPlacement(name: "navigation")
  public static let principal = ToolbarItemPlacement(name: "principal")
  public static let status = ToolbarItemPlacement(name: "status")
  public static let bottomBar = ToolbarItemPlacement(name: "bottomBar")
  public static let keyboard = ToolbarItemPlacement(name: "keyboard")
  public static let topBarLeading = ToolbarItemPlacement(name: "topBarLeading")
  public static let topBarTrailing = ToolbarItemPlacement(name: "topBarTrailing")
  public static let navigationBarLeading = ToolbarItemPlacement(name: "navigationBarLeading")
  public static let navigationBarTrailing = ToolbarItemPlacement(name: "navigationBarTrailing")
}

public struct ToolbarItem<ID, Content: View> {
  public typealias Body = Never
  let content: Content
  @MainActor var itemViews: [any View] { [content] }
}

extension ToolbarItem where ID == () {
  public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
    self.content = content()
  }
}

public struct ToolbarItemGroup<Content: View> {
  public typealias Body = Never
  let content: Content
  public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
    self.content = content()
  }
  @MainActor var itemViews: [any View] { [content] }
}

public struct _TupleToolbarContent<T> {
  public typealias Body = Never
  let value: T
  @MainActor var itemViews: [any View] {
    Mirror(reflecting: value).children.flatMap { child -> [any View] in
      guard let content = child.value as? any ToolbarContent else { return [] }
      return ToolbarResolver.views(of: content)
    }
  }
}

public struct _OptionalToolbarContent<Content: ToolbarContent> {
  public typealias Body = Never
  let content: Content?
  @MainActor var itemViews: [any View] { content.map { ToolbarResolver.views(of: $0) } ?? [] }
}

public struct _ConditionalToolbarContent<T: ToolbarContent, F: ToolbarContent> {
  public typealias Body = Never
  let first: T?
  let second: F?
  @MainActor var itemViews: [any View] {
    if let first { return ToolbarResolver.views(of: first) }
    if let second { return ToolbarResolver.views(of: second) }
    return []
  }
}

@resultBuilder
public enum ToolbarContentBuilder {
  public static func buildBlock<C: ToolbarContent>(_ content: C) -> C { content }
  public static func buildBlock<each C: ToolbarContent>(_ content: repeat each C) -> _TupleToolbarContent<(repeat each C)> {
    _TupleToolbarContent(value: (repeat each content))
  }
  public static func buildExpression<C: ToolbarContent>(_ content: C) -> C { content }
  public static func buildOptional<C: ToolbarContent>(_ content: C?) -> _OptionalToolbarContent<C> {
    _OptionalToolbarContent(content: content)
  }
  public static func buildIf<C: ToolbarContent>(_ content: C?) -> _OptionalToolbarContent<C> {
    _OptionalToolbarContent(content: content)
  }
  public static func buildEither<T: ToolbarContent, F: ToolbarContent>(first: T) -> _ConditionalToolbarContent<T, F> {
    _ConditionalToolbarContent(first: first, second: nil)
  }
  public static func buildEither<T: ToolbarContent, F: ToolbarContent>(second: F) -> _ConditionalToolbarContent<T, F> {
    _ConditionalToolbarContent(first: nil, second: second)
  }
}

/// A toolbar item's view on screen.
struct ToolbarItemView {
  typealias Body = Never
  let content: any View
  @MainActor func update(_ node: ViewNode) {
    node.role = .toolbarItem
    node.setChildren([(.content, content)])
  }
}

struct ToolbarModifier {
  typealias Body = Never
  let items: [any View]
  @MainActor func update(_ node: ViewNode, content: any View) {
    var children: [(ChildKey, any View)] = [(.content, content)]
    for (index, item) in items.enumerated() { children.append((.named("toolbar-\(index)"), ToolbarItemView(content: item))) }
    node.setChildren(children)
  }
}

extension View {
  /// Toolbar items: their buttons are on the screen and a person can tap them.
  public func toolbar<Content: ToolbarContent>(@ToolbarContentBuilder content: () -> Content) -> some View {
    modifier(ToolbarModifier(items: ToolbarResolver.views(of: content())))
  }

  public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View {
    modifier(ToolbarModifier(items: [content()]))
  }
}

// Conformances in extensions, so the types' initializers are not main-actor isolated (as
// Apple's views may be made anywhere; only their bodies run on the main actor).
extension ToolbarItem: ToolbarContent, PrimitiveToolbarContent {}
extension ToolbarItemGroup: ToolbarContent, PrimitiveToolbarContent {}
extension _TupleToolbarContent: ToolbarContent, PrimitiveToolbarContent {}
extension _OptionalToolbarContent: ToolbarContent, PrimitiveToolbarContent {}
extension _ConditionalToolbarContent: ToolbarContent, PrimitiveToolbarContent {}
extension ToolbarItemView: View, PrimitiveView {}
extension ToolbarModifier: ViewModifier, PrimitiveModifier {}
