import HeadlessUIKit

// MARK: - Buttons

/// What a button does for a dialog or alert (`.cancel`, `.destructive`) — acted on there.
public struct ButtonRole: Equatable, Hashable, Sendable {
  let name: String
  public static let cancel = ButtonRole(name: "cancel")
  public static let destructive = ButtonRole(name: "destructive")
}

/// A button: a person's tap (`UIWindow.userTap(_:)`) runs its action, unless it is disabled.
public struct Button<Label: View> {
  public typealias Body = Never
  let role: ButtonRole?
  let action: @MainActor () -> Void
  let label: Label

  public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
    role = nil
    self.action = action
    self.label = label()
  }

  public init(role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
    self.role = role
    self.action = action
    self.label = label()
  }
}

extension Button where Label == Text {
  public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {
    self.init(action: action) { Text(titleKey) }
  }
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
    self.init(action: action) { Text(title) }
  }
  public init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping @MainActor () -> Void) {
    self.init(role: role, action: action) { Text(titleKey) }
  }
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void) {
    self.init(role: role, action: action) { Text(title) }
  }
}

extension Button where Label == SwiftUI.Label<Text, Image> {
  public init(_ titleKey: LocalizedStringKey, systemImage: String, action: @escaping @MainActor () -> Void) {
    self.init(action: action) { SwiftUI.Label(titleKey, systemImage: systemImage) }
  }
  public init(_ titleKey: LocalizedStringKey, systemImage: String, role: ButtonRole?, action: @escaping @MainActor () -> Void) {
    self.init(role: role, action: action) { SwiftUI.Label(titleKey, systemImage: systemImage) }
  }
}

extension Button: PrimitiveView {
  @MainActor func update(_ node: ViewNode) {
    node.role = .button(role, action: action)
    node.setChildren([(.content, label)])
  }
}

/// A link to a URL (held: tapping it opens nothing).
public struct Link<Label: View> {
  public typealias Body = Never
  let label: Label
  public init(destination: URL, @ViewBuilder label: () -> Label) { self.label = label() }
}

extension Link where Label == Text {
  public init(_ titleKey: LocalizedStringKey, destination: URL) { label = Text(titleKey) }
}

extension Link: PrimitiveView {
  @MainActor func update(_ node: ViewNode) { node.setChildren([(.content, label)]) }
}

// MARK: - Labels and images

/// A title with an icon; its title is its text.
public struct Label<Title: View, Icon: View> {
  public typealias Body = Never
  let title: Title
  let icon: Icon
  public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
    self.title = title()
    self.icon = icon()
  }
}

extension Label where Title == Text, Icon == Image {
  public init(_ titleKey: LocalizedStringKey, systemImage name: String) {
    title = Text(titleKey)
    icon = Image(systemName: name)
  }
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, systemImage name: String) {
    self.title = Text(title)
    icon = Image(systemName: name)
  }
  public init(_ titleKey: LocalizedStringKey, image name: String) {
    title = Text(titleKey)
    icon = Image(name)
  }
}

extension Label: PrimitiveView {
  @MainActor func update(_ node: ViewNode) { node.setChildren([(.named("title"), title), (.named("icon"), icon)]) }
}

/// An image (held: its name only).
public struct Image: Hashable {
  public typealias Body = Never
  let name: String
  public init(systemName: String) { name = systemName }
  public init(_ name: String) { self.name = name }
  public init(_ name: String, bundle: Bundle?) { self.name = name }
  public init(uiImage: UIImage) { name = "uiImage" }
  public func resizable() -> Image { self }
  public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image { self }
  public func renderingMode(_ mode: TemplateRenderingMode?) -> Image { self }
  public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> Image { self }
  public func interpolation(_ interpolation: Interpolation) -> Image { self }
  public enum ResizingMode: Hashable, Sendable { case tile, stretch }
  public enum TemplateRenderingMode: Hashable, Sendable { case template, original }
  public enum Interpolation: Hashable, Sendable { case none, low, medium, high }
}

extension Image: PrimitiveView {
  @MainActor func update(_ node: ViewNode) { node.setChildren([]) }
}

public struct SymbolRenderingMode: Hashable, Sendable {
  let name: String
  public static let monochrome = SymbolRenderingMode(name: "monochrome")
  public static let multicolor = SymbolRenderingMode(name: "multicolor")
  public static let hierarchical = SymbolRenderingMode(name: "hierarchical")
  public static let palette = SymbolRenderingMode(name: "palette")
}

// MARK: - Controls (held: they keep their binding; a person cannot change them yet)

/// A text field: held (it shows its binding's text).
public struct TextField<Label: View> {
  public typealias Body = Never
  let title: String
  let text: Binding<String>
}

extension TextField where Label == Text {
  public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
    title = titleKey.key
    self.text = text
  }
  public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?) {
    title = titleKey.key
    self.text = text
  }
  public init(_ titleKey: LocalizedStringKey, text: Binding<String>, axis: Axis) {
    title = titleKey.key
    self.text = text
  }
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
    self.title = String(title)
    self.text = text
  }
}

extension TextField: PrimitiveView {
  @MainActor func update(_ node: ViewNode) {
    node.role = .field(title, value: node.track { text.wrappedValue })
    node.setChildren([])
  }
}

public struct SecureField<Label: View> {
  public typealias Body = Never
  let title: String
  let text: Binding<String>
}

extension SecureField where Label == Text {
  public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
    title = titleKey.key
    self.text = text
  }
}

extension SecureField: PrimitiveView {
  @MainActor func update(_ node: ViewNode) {
    node.role = .field(title, value: String(repeating: "•", count: text.wrappedValue.count))
    node.setChildren([])
  }
}

public struct Toggle<Label: View> {
  public typealias Body = Never
  let isOn: Binding<Bool>
  let label: Label
  public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
    self.isOn = isOn
    self.label = label()
  }
}

extension Toggle where Label == Text {
  public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {
    self.isOn = isOn
    label = Text(titleKey)
  }
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
    self.isOn = isOn
    label = Text(title)
  }
}

extension Toggle: PrimitiveView {
  @MainActor func update(_ node: ViewNode) {
    node.role = .control("toggle", value: node.track { isOn.wrappedValue } ? "on" : "off")
    node.setChildren([(.content, label)])
  }
}

public struct Picker<Label: View, SelectionValue: Hashable, Content: View> {
  public typealias Body = Never
  let selection: Binding<SelectionValue>
  let label: Label
  let content: Content
  public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
    self.selection = selection
    self.content = content()
    self.label = label()
  }
  public init(selection: Binding<SelectionValue>, label: Label, @ViewBuilder content: () -> Content) {
    self.selection = selection
    self.label = label
    self.content = content()
  }
}

extension Picker where Label == Text {
  public init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
    self.selection = selection
    label = Text(titleKey)
    self.content = content()
  }
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
    self.selection = selection
    label = Text(title)
    self.content = content()
  }
}

extension Picker: PrimitiveView {
  @MainActor func update(_ node: ViewNode) {
    node.role = .control("picker", value: String(describing: node.track { selection.wrappedValue }))
    // The options are not on screen until the picker opens; only the label is.
    node.setChildren([(.content, label)])
  }
}

public struct Stepper<Label: View> {
  public typealias Body = Never
  let label: Label
  let value: String
  public init<V: Strideable>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label) {
    self.label = label()
    self.value = String(describing: value.wrappedValue)
  }
  public init<V: Strideable>(value: Binding<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label) {
    self.label = label()
    self.value = String(describing: value.wrappedValue)
  }
}

extension Stepper where Label == Text {
  public init<V: Strideable>(_ titleKey: LocalizedStringKey, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1) {
    label = Text(titleKey)
    self.value = String(describing: value.wrappedValue)
  }
  public init<V: Strideable>(_ titleKey: LocalizedStringKey, value: Binding<V>, step: V.Stride = 1) {
    label = Text(titleKey)
    self.value = String(describing: value.wrappedValue)
  }
}

extension Stepper: PrimitiveView {
  @MainActor func update(_ node: ViewNode) {
    node.role = .control("stepper", value: value)
    node.setChildren([(.content, label)])
  }
}

public struct Slider<Label: View> {
  public typealias Body = Never
  let value: String
  public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1)
  where Label == EmptyView, V.Stride: BinaryFloatingPoint {
    self.value = String(describing: value.wrappedValue)
  }
  public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride)
  where Label == EmptyView, V.Stride: BinaryFloatingPoint {
    self.value = String(describing: value.wrappedValue)
  }
}

extension Slider: PrimitiveView {
  @MainActor func update(_ node: ViewNode) {
    node.role = .control("slider", value: value)
    node.setChildren([])
  }
}

public struct DatePicker<Label: View> {
  public typealias Body = Never
  let label: Label
  public typealias Components = DatePickerComponents
}

public struct DatePickerComponents: OptionSet, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  public static let date = DatePickerComponents(rawValue: 1)
  public static let hourAndMinute = DatePickerComponents(rawValue: 2)
}

extension DatePicker where Label == Text {
  public init(_ titleKey: LocalizedStringKey, selection: Binding<Date>, displayedComponents: Components = [.date, .hourAndMinute]) {
    label = Text(titleKey)
  }
  public init(_ titleKey: LocalizedStringKey, selection: Binding<Date>, in range: ClosedRange<Date>, displayedComponents: Components = [.date, .hourAndMinute]) {
    label = Text(titleKey)
  }
}

extension DatePicker: PrimitiveView {
  @MainActor func update(_ node: ViewNode) { node.setChildren([(.content, label)]) }
}

public struct ProgressView<Label: View> {
  public typealias Body = Never
  let label: Label?
}

extension ProgressView where Label == EmptyView {
  public init() { label = nil }
  public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) { label = nil }
}

extension ProgressView where Label == Text {
  public init(_ titleKey: LocalizedStringKey) { label = Text(titleKey) }
  public init<V: BinaryFloatingPoint>(_ titleKey: LocalizedStringKey, value: V?, total: V = 1.0) { label = Text(titleKey) }
}

extension ProgressView: PrimitiveView {
  @MainActor func update(_ node: ViewNode) { node.setChildren(label.map { [(.content, $0)] } ?? []) }
}

/// A menu: its label is on screen; its content is not until it opens (held: it does not open).
public struct Menu<Label: View, Content: View> {
  public typealias Body = Never
  let label: Label
  let content: Content
  public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
    self.content = content()
    self.label = label()
  }
}

extension Menu where Label == Text {
  public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
    self.content = content()
    label = Text(titleKey)
  }
}

extension Menu where Label == SwiftUI.Label<Text, Image> {
  public init(_ titleKey: LocalizedStringKey, systemImage: String, @ViewBuilder content: () -> Content) {
    self.content = content()
    label = SwiftUI.Label(titleKey, systemImage: systemImage)
  }
}

extension Menu: PrimitiveView {
  @MainActor func update(_ node: ViewNode) {
    node.role = .control("menu", value: "")
    node.setChildren([(.content, label)])
  }
}

/// A label and a value.
public struct LabeledContent<Label: View, Content: View> {
  public typealias Body = Never
  let label: Label
  let content: Content
  public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
    self.content = content()
    self.label = label()
  }
}

extension LabeledContent where Label == Text, Content == Text {
  @_disfavoredOverload
  public init<S: StringProtocol>(_ titleKey: LocalizedStringKey, value: S) {
    label = Text(titleKey)
    content = Text(value)
  }
}

extension LabeledContent where Label == Text {
  public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
    label = Text(titleKey)
    self.content = content()
  }
}

extension LabeledContent: PrimitiveView {
  @MainActor func update(_ node: ViewNode) { node.setChildren([(.named("label"), label), (.content, content)]) }
}

/// The empty state of a screen.
public struct ContentUnavailableView<Label: View, Description: View, Actions: View> {
  public typealias Body = Never
  let label: Label
  let description: Description
  let actions: Actions
  public init(
    @ViewBuilder label: () -> Label, @ViewBuilder description: () -> Description = { EmptyView() },
    @ViewBuilder actions: () -> Actions = { EmptyView() }
  ) {
    self.label = label()
    self.description = description()
    self.actions = actions()
  }
}

extension ContentUnavailableView where Label == SwiftUI.Label<Text, Image>, Description == Text?, Actions == EmptyView {
  public init(_ titleKey: LocalizedStringKey, systemImage name: String, description: Text? = nil) {
    label = SwiftUI.Label(titleKey, systemImage: name)
    self.description = description
    actions = EmptyView()
  }
}

extension ContentUnavailableView: PrimitiveView {
  @MainActor func update(_ node: ViewNode) {
    node.setChildren([(.named("label"), label), (.named("description"), description), (.named("actions"), actions)])
  }
}

public enum Axis: Hashable, Sendable {
  case horizontal, vertical
  public struct Set: OptionSet, Sendable {
    public let rawValue: Int8
    public init(rawValue: Int8) { self.rawValue = rawValue }
    public static let horizontal = Set(rawValue: 1)
    public static let vertical = Set(rawValue: 2)
  }
}

// Conformances in extensions, so the types' initializers are not main-actor isolated (as
// Apple's views may be made anywhere; only their bodies run on the main actor).
extension Button: View {}
extension Link: View {}
extension Label: View {}
extension Image: View {}
extension TextField: View {}
extension SecureField: View {}
extension Toggle: View {}
extension Picker: View {}
extension Stepper: View {}
extension Slider: View {}
extension DatePicker: View {}
extension ProgressView: View {}
extension Menu: View {}
extension LabeledContent: View {}
extension ContentUnavailableView: View {}
