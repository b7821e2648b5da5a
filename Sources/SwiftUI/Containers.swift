import HeadlessUIKit

// Containers hold their content: nothing is laid out, scrolled or made lazy; the content's
// identity is structural, as in SwiftUI.

public struct HorizontalAlignment: Hashable, Sendable {
  let name: String
  public static let leading = HorizontalAlignment(name: "leading")
  public static let center = HorizontalAlignment(name: "center")
  public static let trailing = HorizontalAlignment(name: "trailing")
}

public struct VerticalAlignment: Hashable, Sendable {
  let name: String
  public static let top = VerticalAlignment(name: "top")
  public static let center = VerticalAlignment(name: "center")
  public static let bottom = VerticalAlignment(name: "bottom")
  public static let firstTextBaseline = VerticalAlignment(name: "firstTextBaseline")
  public static let lastTextBaseline = VerticalAlignment(name: "lastTextBaseline")
}

public struct Alignment: Hashable, Sendable {
  public var horizontal: HorizontalAlignment
  public var vertical: VerticalAlignment
  public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
    self.horizontal = horizontal
    self.vertical = vertical
  }
  public static let center = Alignment(horizontal: .center, vertical: .center)
  public static let leading = Alignment(horizontal: .leading, vertical: .center)
  public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
  public static let top = Alignment(horizontal: .center, vertical: .top)
  public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
  public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
  public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
  public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
  public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

/// The shared shape of the containers below: a content view, evaluated in place.
@MainActor
protocol ContentContainer: PrimitiveView {
  associatedtype Content: View
  var content: Content { get }
}

extension ContentContainer {
  @MainActor func update(_ node: ViewNode) { node.setChildren([(.content, content)]) }
}

public struct VStack<Content: View> {
  public typealias Body = Never
  let content: Content
  public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
    self.content = content()
  }
}

public struct HStack<Content: View> {
  public typealias Body = Never
  let content: Content
  public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
    self.content = content()
  }
}

public struct ZStack<Content: View> {
  public typealias Body = Never
  let content: Content
  public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) { self.content = content() }
}

public struct LazyVStack<Content: View> {
  public typealias Body = Never
  let content: Content
  public init(
    alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
    @ViewBuilder content: () -> Content
  ) { self.content = content() }
}

public struct LazyHStack<Content: View> {
  public typealias Body = Never
  let content: Content
  public init(
    alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
    @ViewBuilder content: () -> Content
  ) { self.content = content() }
}

public struct PinnedScrollableViews: OptionSet, Sendable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }
  public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
  public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

public struct GridItem: Sendable {
  public enum Size: Sendable {
    case fixed(CGFloat)
    case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
    case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
  }
  public var size: Size
  public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) { self.size = size }
}

public struct LazyVGrid<Content: View> {
  public typealias Body = Never
  let content: Content
  public init(
    columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
    pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
  ) { self.content = content() }
}

public struct LazyHGrid<Content: View> {
  public typealias Body = Never
  let content: Content
  public init(
    rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
    pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
  ) { self.content = content() }
}

public struct ScrollView<Content: View> {
  public typealias Body = Never
  let content: Content
  public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
    self.content = content()
  }
}

/// A list: its rows are on screen (all of them: nothing scrolls).
public struct List<SelectionValue: Hashable, Content: View> {
  public typealias Body = Never
  let content: Content

  public init(@ViewBuilder content: () -> Content) where SelectionValue == Never { self.content = content() }
  public init(selection: Binding<SelectionValue?>?, @ViewBuilder content: () -> Content) { self.content = content() }
  public init(selection: Binding<Set<SelectionValue>>?, @ViewBuilder content: () -> Content) { self.content = content() }

  public init<Data: RandomAccessCollection, RowContent: View>(
    _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
  ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable, SelectionValue == Never {
    content = ForEach(data, content: rowContent)
  }

  public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
    _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
  ) where Content == ForEach<Data, ID, RowContent>, SelectionValue == Never {
    content = ForEach(data, id: id, content: rowContent)
  }
}

public struct Form<Content: View> {
  public typealias Body = Never
  let content: Content
  public init(@ViewBuilder content: () -> Content) { self.content = content() }
}

/// A section of a list or form, with an optional header and footer (on screen).
public struct Section<Parent: View, Content: View, Footer: View> {
  public typealias Body = Never
  let header: Parent
  let content: Content
  let footer: Footer

  public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) {
    self.header = header
    self.footer = footer
    self.content = content()
  }

  public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {
    self.content = content()
    self.header = header()
    self.footer = footer()
  }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
  public init(@ViewBuilder content: () -> Content) {
    header = EmptyView()
    footer = EmptyView()
    self.content = content()
  }
}

extension Section where Footer == EmptyView {
  public init(header: Parent, @ViewBuilder content: () -> Content) {
    self.header = header
    footer = EmptyView()
    self.content = content()
  }
  public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
    self.content = content()
    self.header = header()
    footer = EmptyView()
  }
}

extension Section where Parent == EmptyView {
  public init(footer: Footer, @ViewBuilder content: () -> Content) {
    header = EmptyView()
    self.footer = footer
    self.content = content()
  }
  public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {
    self.content = content()
    header = EmptyView()
    self.footer = footer()
  }
}

extension Section where Parent == Text, Footer == EmptyView {
  public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
    header = Text(titleKey)
    footer = EmptyView()
    self.content = content()
  }
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
    header = Text(title)
    footer = EmptyView()
    self.content = content()
  }
}

extension Section: PrimitiveView {
  @MainActor func update(_ node: ViewNode) {
    node.setChildren([(.named("header"), header), (.content, content), (.named("footer"), footer)])
  }
}

/// Space (held).
public struct Spacer {
  public typealias Body = Never
  public init(minLength: CGFloat? = nil) {}
  @MainActor func update(_ node: ViewNode) { node.setChildren([]) }
}

public struct Divider {
  public typealias Body = Never
  public init() {}
  @MainActor func update(_ node: ViewNode) { node.setChildren([]) }
}

/// The size of the container (held: always zero).
public struct GeometryProxy {
  public var size: CGSize { .zero }
  public var safeAreaInsets: EdgeInsets { EdgeInsets() }
}

public struct GeometryReader<Content: View> {
  public typealias Body = Never
  let content: (GeometryProxy) -> Content
  public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { self.content = content }
}

extension GeometryReader: PrimitiveView {
  @MainActor func update(_ node: ViewNode) { node.setChildren([(.content, content(GeometryProxy()))]) }
}

public struct EdgeInsets: Hashable, Sendable {
  public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
  public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }
}

public enum Edge: Int8, Hashable, Sendable, CaseIterable {
  case top, leading, bottom, trailing
  public struct Set: OptionSet, Sendable {
    public let rawValue: Int8
    public init(rawValue: Int8) { self.rawValue = rawValue }
    public init(_ edge: Edge) { rawValue = 1 << edge.rawValue }
    public static let top = Set(.top), leading = Set(.leading), bottom = Set(.bottom), trailing = Set(.trailing)
    public static let all: Set = [.top, .leading, .bottom, .trailing]
    public static let horizontal: Set = [.leading, .trailing]
    public static let vertical: Set = [.top, .bottom]
  }
}

// MARK: - Colours and shapes (held)

public struct Color: Hashable, Sendable, ShapeStyle {
  public typealias Body = Never
  let name: String
  public init(_ name: String) { self.name = name }
  public init(red: Double, green: Double, blue: Double, opacity: Double = 1) { name = "rgb(\(red),\(green),\(blue))" }
  public init(white: Double, opacity: Double = 1) { name = "white(\(white))" }
  public init(uiColor: UIColor) { name = "uiColor" }
  public init(_ uiColor: UIColor) { name = "uiColor" }
  public static let clear = Color("clear"), black = Color("black"), white = Color("white"), gray = Color("gray")
  public static let red = Color("red"), green = Color("green"), blue = Color("blue"), orange = Color("orange")
  public static let yellow = Color("yellow"), pink = Color("pink"), purple = Color("purple"), primary = Color("primary")
  public static let secondary = Color("secondary"), accentColor = Color("accentColor"), mint = Color("mint")
  public static let teal = Color("teal"), cyan = Color("cyan"), indigo = Color("indigo"), brown = Color("brown")
  public func opacity(_ opacity: Double) -> Color { self }
}

extension Color: PrimitiveView {
  @MainActor func update(_ node: ViewNode) { node.setChildren([]) }
}

/// Something a shape or text can be filled with (held).
public protocol ShapeStyle: Sendable {}

extension ShapeStyle where Self == Color {
  public static var tint: Color { .accentColor }
}

public struct HierarchicalShapeStyle: ShapeStyle {
  let level: Int
  public static let primary = HierarchicalShapeStyle(level: 0)
  public static let secondary = HierarchicalShapeStyle(level: 1)
  public static let tertiary = HierarchicalShapeStyle(level: 2)
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
  public static var secondary: HierarchicalShapeStyle { .secondary }
  public static var tertiary: HierarchicalShapeStyle { .tertiary }
}

public protocol Shape: View {}

extension Shape {
  public func fill<S: ShapeStyle>(_ content: S) -> some View { self }
  public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> some View { self }
}

public struct Circle {
  public typealias Body = Never
  public init() {}
  @MainActor func update(_ node: ViewNode) { node.setChildren([]) }
}

public struct Capsule {
  public typealias Body = Never
  public init() {}
  @MainActor func update(_ node: ViewNode) { node.setChildren([]) }
}

public struct Rectangle {
  public typealias Body = Never
  public init() {}
  @MainActor func update(_ node: ViewNode) { node.setChildren([]) }
}

public struct RoundedRectangle {
  public typealias Body = Never
  public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {}
  @MainActor func update(_ node: ViewNode) { node.setChildren([]) }
}

public enum RoundedCornerStyle: Hashable, Sendable { case circular, continuous }

// Conformances in extensions, so the types' initializers are not main-actor isolated (as
// Apple's views may be made anywhere; only their bodies run on the main actor).
extension VStack: View, ContentContainer {}
extension HStack: View, ContentContainer {}
extension ZStack: View, ContentContainer {}
extension LazyVStack: View, ContentContainer {}
extension LazyHStack: View, ContentContainer {}
extension LazyVGrid: View, ContentContainer {}
extension LazyHGrid: View, ContentContainer {}
extension ScrollView: View, ContentContainer {}
extension List: View, ContentContainer {}
extension Form: View, ContentContainer {}
extension Section: View {}
extension Spacer: View, PrimitiveView {}
extension Divider: View, PrimitiveView {}
extension GeometryReader: View {}
extension Color: View {}
extension Circle: Shape, PrimitiveView {}
extension Capsule: Shape, PrimitiveView {}
extension Rectangle: Shape, PrimitiveView {}
extension RoundedRectangle: Shape, PrimitiveView {}
