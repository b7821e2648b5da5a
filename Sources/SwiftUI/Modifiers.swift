import HeadlessUIKit

/// A modifier: `body(content:)` wraps the content it is applied to.
@MainActor @preconcurrency
public protocol ViewModifier {
  associatedtype Body: View
  typealias Content = _ViewModifier_Content<Self>
  @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
}

extension ViewModifier where Body == Never {
  public func body(content: Content) -> Never { fatalError("\(Self.self) is a primitive modifier") }
}

/// The content a custom modifier wraps, as its `body(content:)` sees it.
public struct _ViewModifier_Content<Modifier: ViewModifier> {
  public typealias Body = Never
  let view: any View
}

extension _ViewModifier_Content: PrimitiveView {
  @MainActor func update(_ node: ViewNode) { node.setChildren([(.content, view)]) }
}

/// A view with a modifier applied.
public struct ModifiedContent<Content, Modifier> {
  public var content: Content
  public var modifier: Modifier
  public init(content: Content, modifier: Modifier) {
    self.content = content
    self.modifier = modifier
  }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
  public typealias Body = Never
}

/// A modifier the graph carries out itself (a presentation, a lifecycle hook, an environment
/// write); other modifiers are evaluated through their `body(content:)`.
@MainActor
protocol PrimitiveModifier {
  @MainActor func update(_ node: ViewNode, content: any View)
}

extension ModifiedContent: PrimitiveView where Content: View, Modifier: ViewModifier {
  @MainActor func update(_ node: ViewNode) {
    if let primitive = modifier as? PrimitiveModifier {
      primitive.update(node, content: content)
      return
    }
    // A custom modifier: as a composite view, its properties linked and its body tracked.
    DynamicPropertyLinker.link(modifier, to: node)
    let graph = node.graph
    let reference = NodeReference(node: node, generation: node.generation)
    let wrapped = _ViewModifier_Content<Modifier>(view: content)
    graph.evaluatingBodies += 1
    let body = withObservationTracking {
      modifier.body(content: wrapped) as any View
    } onChange: {
      SwiftUIEnvironment.observedChange(reference)
    }
    graph.evaluatingBodies -= 1
    node.setChildren([(.body, body)])
  }
}

extension View {
  public func modifier<M>(_ modifier: M) -> ModifiedContent<Self, M> {
    ModifiedContent(content: self, modifier: modifier)
  }
}

// MARK: - Held modifiers

/// A modifier kept with its name and arguments and otherwise ignored (layout, styling, drawing).
public struct _HeldModifier {
  public typealias Body = Never
  let name: String
  @MainActor func update(_ node: ViewNode, content: any View) { node.setChildren([(.content, content)]) }
}

extension View {
  func held(_ name: String) -> ModifiedContent<Self, _HeldModifier> { modifier(_HeldModifier(name: name)) }

  public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { held("padding") }
  public func padding(_ length: CGFloat) -> some View { held("padding") }
  public func padding(_ insets: EdgeInsets) -> some View { held("padding") }
  public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
    held("frame")
  }
  public func frame(
    minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
    idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
  ) -> some View { held("frame") }
  public func font(_ font: Font?) -> some View { held("font") }
  public func fontWeight(_ weight: Font.Weight?) -> some View { held("fontWeight") }
  public func bold(_ isActive: Bool = true) -> some View { held("bold") }
  public func foregroundColor(_ color: Color?) -> some View { held("foregroundColor") }
  public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { held("foregroundStyle") }
  public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle>(_ primary: S1, _ secondary: S2) -> some View {
    held("foregroundStyle")
  }
  public func background<S: ShapeStyle>(_ style: S) -> some View { held("background") }
  public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
    held("background")
  }
  public func background<V: View>(_ view: V, alignment: Alignment = .center) -> some View { held("background") }
  public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
    held("overlay")
  }
  public func overlay<V: View>(_ view: V, alignment: Alignment = .center) -> some View { held("overlay") }
  public func tint(_ tint: Color?) -> some View { held("tint") }
  public func opacity(_ opacity: Double) -> some View { held("opacity") }
  public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View { held("cornerRadius") }
  public func clipShape<S: Shape>(_ shape: S) -> some View { held("clipShape") }
  public func shadow(color: Color = .black, radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> some View {
    held("shadow")
  }
  public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { held("multilineTextAlignment") }
  public func lineLimit(_ number: Int?) -> some View { held("lineLimit") }
  public func imageScale(_ scale: Image.Scale) -> some View { held("imageScale") }
  public func listRowBackground<V: View>(_ view: V?) -> some View { held("listRowBackground") }
  public func listRowSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> some View {
    held("listRowSeparator")
  }
  public func listStyle<S: ListStyle>(_ style: S) -> some View { held("listStyle") }
  public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View { held("buttonStyle") }
  public func labelStyle<S: LabelStyle>(_ style: S) -> some View { held("labelStyle") }
  public func pickerStyle<S: PickerStyle>(_ style: S) -> some View { held("pickerStyle") }
  public func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> some View { held("progressViewStyle") }
  public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> some View { held("textFieldStyle") }
  public func toggleStyle<S: ToggleStyle>(_ style: S) -> some View { held("toggleStyle") }
  public func navigationBarTitleDisplayMode(_ displayMode: NavigationBarItem.TitleDisplayMode) -> some View {
    held("navigationBarTitleDisplayMode")
  }
  public func presentationDetents(_ detents: Set<PresentationDetent>) -> some View { held("presentationDetents") }
  public func presentationDragIndicator(_ visibility: Visibility) -> some View { held("presentationDragIndicator") }
  public func badge(_ count: Int) -> some View { held("badge") }
  public func badge(_ label: Text?) -> some View { held("badge") }
  public func searchable(text: Binding<String>, prompt: Text? = nil) -> some View { held("searchable") }
  public func searchable(text: Binding<String>, prompt: LocalizedStringKey) -> some View { held("searchable") }
  public func refreshable(action: @escaping @Sendable () async -> Void) -> some View { held("refreshable") }
  public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View {
    held("textInputAutocapitalization")
  }
  public func autocorrectionDisabled(_ disable: Bool = true) -> some View { held("autocorrectionDisabled") }
  public func keyboardType(_ type: UIKeyboardType) -> some View { held("keyboardType") }
  public func submitLabel(_ submitLabel: SubmitLabel) -> some View { held("submitLabel") }
  public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> some View {
    held("onSubmit")
  }
  public func contentShape<S: Shape>(_ shape: S) -> some View { held("contentShape") }
  public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View {
    held("ignoresSafeArea")
  }
  public func scrollContentBackground(_ visibility: Visibility) -> some View { held("scrollContentBackground") }
  public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { held("animation") }
  public func transition(_ transition: AnyTransition) -> some View { held("transition") }
  public func swipeActions<T: View>(
    edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true, @ViewBuilder content: () -> T
  ) -> some View { held("swipeActions") }
  public func contextMenu<M: View>(@ViewBuilder menuItems: () -> M) -> some View { held("contextMenu") }
  public func accessibilityLabel(_ label: Text) -> some View { held("accessibilityLabel") }
  public func accessibilityLabel(_ label: LocalizedStringKey) -> some View { held("accessibilityLabel") }
  public func accessibilityHint(_ hint: Text) -> some View { held("accessibilityHint") }
  public func focused(_ condition: FocusState<Bool>.Binding) -> some View { held("focused") }
  public func focused<Value: Hashable>(_ binding: FocusState<Value>.Binding, equals value: Value) -> some View {
    held("focused")
  }
  public func preferredColorScheme(_ colorScheme: ColorScheme?) -> some View { held("preferredColorScheme") }
  public func toolbarBackground(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View {
    held("toolbarBackground")
  }
  public func toolbar(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View { held("toolbar") }
}

extension DynamicViewContent {
  /// Held: a person cannot delete rows yet.
  public func onDelete(perform action: ((IndexSet) -> Void)?) -> some DynamicViewContent { self }
  public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> some DynamicViewContent { self }
}

public enum TextAlignment: Hashable, Sendable { case leading, center, trailing }
public enum Visibility: Hashable, Sendable { case automatic, visible, hidden }
public enum HorizontalEdge: Hashable, Sendable { case leading, trailing }
public enum VerticalEdge: Hashable, Sendable {
  case top, bottom
  public struct Set: OptionSet, Sendable {
    public let rawValue: Int8
    public init(rawValue: Int8) { self.rawValue = rawValue }
    public static let top = Set(rawValue: 1), bottom = Set(rawValue: 2), all: Set = [.top, .bottom]
  }
}
public struct SafeAreaRegions: OptionSet, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  public static let container = SafeAreaRegions(rawValue: 1), keyboard = SafeAreaRegions(rawValue: 2)
  public static let all: SafeAreaRegions = [.container, .keyboard]
}
public struct TextInputAutocapitalization: Sendable {
  let name: String
  public static let never = TextInputAutocapitalization(name: "never"), words = TextInputAutocapitalization(name: "words")
  public static let sentences = TextInputAutocapitalization(name: "sentences")
  public static let characters = TextInputAutocapitalization(name: "characters")
}
public struct SubmitLabel: Sendable {
  let name: String
  public static let done = SubmitLabel(name: "done"), go = SubmitLabel(name: "go"), next = SubmitLabel(name: "next")
  public static let search = SubmitLabel(name: "search"), send = SubmitLabel(name: "send"), `return` = SubmitLabel(name: "return")
}
public struct SubmitTriggers: OptionSet, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  public static let text = SubmitTriggers(rawValue: 1), search = SubmitTriggers(rawValue: 2)
}
public struct AnyTransition: Sendable {
  let name: String
  public static let opacity = AnyTransition(name: "opacity"), slide = AnyTransition(name: "slide")
  public static let scale = AnyTransition(name: "scale"), identity = AnyTransition(name: "identity")
  public static func move(edge: Edge) -> AnyTransition { AnyTransition(name: "move") }
  public func combined(with other: AnyTransition) -> AnyTransition { self }
}
extension Image {
  public enum Scale: Hashable, Sendable { case small, medium, large }
}
public struct PresentationDetent: Hashable, Sendable {
  let name: String
  public static let medium = PresentationDetent(name: "medium"), large = PresentationDetent(name: "large")
  public static func fraction(_ fraction: CGFloat) -> PresentationDetent { PresentationDetent(name: "fraction(\(fraction))") }
  public static func height(_ height: CGFloat) -> PresentationDetent { PresentationDetent(name: "height(\(height))") }
}
public enum NavigationBarItem {
  public enum TitleDisplayMode: Hashable, Sendable { case automatic, inline, large }
}
public struct ToolbarPlacement: Hashable, Sendable {
  let name: String
  public static let navigationBar = ToolbarPlacement(name: "navigationBar"), tabBar = ToolbarPlacement(name: "tabBar")
  public static let bottomBar = ToolbarPlacement(name: "bottomBar"), automatic = ToolbarPlacement(name: "automatic")
}

// Styles (held).
public protocol ListStyle: Sendable {}
public struct _ListStyle: ListStyle { let name: String }
extension ListStyle where Self == _ListStyle {
  public static var plain: _ListStyle { _ListStyle(name: "plain") }
  public static var grouped: _ListStyle { _ListStyle(name: "grouped") }
  public static var insetGrouped: _ListStyle { _ListStyle(name: "insetGrouped") }
  public static var inset: _ListStyle { _ListStyle(name: "inset") }
  public static var sidebar: _ListStyle { _ListStyle(name: "sidebar") }
  public static var automatic: _ListStyle { _ListStyle(name: "automatic") }
}
public protocol PrimitiveButtonStyle: Sendable {}
public struct _ButtonStyle: PrimitiveButtonStyle { let name: String }
extension PrimitiveButtonStyle where Self == _ButtonStyle {
  public static var plain: _ButtonStyle { _ButtonStyle(name: "plain") }
  public static var bordered: _ButtonStyle { _ButtonStyle(name: "bordered") }
  public static var borderedProminent: _ButtonStyle { _ButtonStyle(name: "borderedProminent") }
  public static var borderless: _ButtonStyle { _ButtonStyle(name: "borderless") }
  public static var automatic: _ButtonStyle { _ButtonStyle(name: "automatic") }
}
public protocol LabelStyle: Sendable {}
public struct _LabelStyle: LabelStyle { let name: String }
extension LabelStyle where Self == _LabelStyle {
  public static var iconOnly: _LabelStyle { _LabelStyle(name: "iconOnly") }
  public static var titleOnly: _LabelStyle { _LabelStyle(name: "titleOnly") }
  public static var titleAndIcon: _LabelStyle { _LabelStyle(name: "titleAndIcon") }
}
public protocol PickerStyle: Sendable {}
public struct _PickerStyle: PickerStyle { let name: String }
extension PickerStyle where Self == _PickerStyle {
  public static var segmented: _PickerStyle { _PickerStyle(name: "segmented") }
  public static var menu: _PickerStyle { _PickerStyle(name: "menu") }
  public static var wheel: _PickerStyle { _PickerStyle(name: "wheel") }
  public static var inline: _PickerStyle { _PickerStyle(name: "inline") }
  public static var navigationLink: _PickerStyle { _PickerStyle(name: "navigationLink") }
}
public protocol ProgressViewStyle: Sendable {}
public struct _ProgressViewStyle: ProgressViewStyle { let name: String }
extension ProgressViewStyle where Self == _ProgressViewStyle {
  public static var circular: _ProgressViewStyle { _ProgressViewStyle(name: "circular") }
  public static var linear: _ProgressViewStyle { _ProgressViewStyle(name: "linear") }
}
public protocol TextFieldStyle: Sendable {}
public struct _TextFieldStyle: TextFieldStyle { let name: String }
extension TextFieldStyle where Self == _TextFieldStyle {
  public static var roundedBorder: _TextFieldStyle { _TextFieldStyle(name: "roundedBorder") }
  public static var plain: _TextFieldStyle { _TextFieldStyle(name: "plain") }
}
public protocol ToggleStyle: Sendable {}
public struct _ToggleStyle: ToggleStyle { let name: String }
extension ToggleStyle where Self == _ToggleStyle {
  public static var `switch`: _ToggleStyle { _ToggleStyle(name: "switch") }
  public static var button: _ToggleStyle { _ToggleStyle(name: "button") }
}

/// Focus (held: nothing takes the focus).
@propertyWrapper
public struct FocusState<Value: Hashable>: DynamicProperty {
  final class Box: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
  }
  let box: Box
  public init() where Value == Bool { box = Box(false) }
  public init<T: Hashable>() where Value == T? { box = Box(nil) }
  public var wrappedValue: Value {
    get { box.value }
    nonmutating set { box.value = newValue }
  }
  public var projectedValue: Binding { Binding(box: box) }
  @propertyWrapper
  public struct Binding {
    let box: Box
    public var wrappedValue: Value {
      get { box.value }
      nonmutating set { box.value = newValue }
    }
    public var projectedValue: Binding { self }
  }
}

// MARK: - Identity and environment

struct IdentityModifier {
  typealias Body = Never
  let id: AnyHashable
  @MainActor func update(_ node: ViewNode, content: any View) { node.setChildren([(.explicit(id), content)]) }
}

struct EnvironmentWritingModifier {
  typealias Body = Never
  let transform: (inout EnvironmentValues) -> Void
  @MainActor func update(_ node: ViewNode, content: any View) {
    var environment = node.environment
    transform(&environment)
    node.setChildren([(.content, content)], environment: environment)
  }
}

/// Something a modifier says about the screen it is on (title, back button, swipe-down): the
/// region reads them after every update (`Region.refreshPreferences`).
final class ScreenPreference {
  var title: String?
  var hidesBackButton: Bool?
  var interactiveDismissDisabled: Bool?
  var accessibilityIdentifier: String?
  var tag: AnyHashable?
  var tabItem: AnyView?
}

struct PreferenceModifier {
  typealias Body = Never
  let set: (ScreenPreference) -> Void
  @MainActor func update(_ node: ViewNode, content: any View) {
    let preference = ScreenPreference()
    set(preference)
    node.primitiveState = preference
    node.setChildren([(.content, content)])
    let region = node.region
    node.graph.afterCurrentUpdate { region.refreshPreferences() }
  }
}

extension View {
  /// A new identity for the content whenever `id` changes: its state resets.
  public func id<ID: Hashable>(_ id: ID) -> some View { modifier(IdentityModifier(id: AnyHashable(id))) }

  public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
    modifier(EnvironmentWritingModifier { $0[keyPath: keyPath] = value })
  }

  /// Puts an `@Observable` object in the environment, for `@Environment(Type.self)`.
  public func environment<T: AnyObject & Observable>(_ object: T?) -> some View {
    modifier(EnvironmentWritingModifier { $0.objects[ObjectIdentifier(T.self)] = object })
  }

  public func environmentObject<T: ObservableObject>(_ object: T) -> some View {
    modifier(EnvironmentWritingModifier { $0.objects[ObjectIdentifier(T.self)] = object })
  }

  /// Disabled controls do not take taps.
  public func disabled(_ disabled: Bool) -> some View {
    modifier(EnvironmentWritingModifier { $0.isEnabled = $0.isEnabled && !disabled })
  }

  /// How a person's tap finds this view (`UIWindow.userTap(_:)`), besides its label.
  public func accessibilityIdentifier(_ identifier: String) -> some View {
    modifier(PreferenceModifier { $0.accessibilityIdentifier = identifier })
  }

  public func navigationTitle(_ title: Text) -> some View { modifier(PreferenceModifier { $0.title = title.string }) }
  public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View {
    modifier(PreferenceModifier { $0.title = titleKey.key })
  }
  @_disfavoredOverload
  public func navigationTitle<S: StringProtocol>(_ title: S) -> some View {
    modifier(PreferenceModifier { $0.title = String(title) })
  }

  /// Hides the back button of the screen, and with it the swipe back (acted on: UIKit's).
  public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> some View {
    modifier(PreferenceModifier { $0.hidesBackButton = hidesBackButton })
  }

  /// Whether a person may swipe the sheet (or popover) this view is in away (rule
  /// `interactive-dismiss-disabled-blocks-swipe`: UIKit's `isModalInPresentation`).
  public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View {
    modifier(PreferenceModifier { $0.interactiveDismissDisabled = isDisabled })
  }

  /// The value a `TabView(selection:)` (or a `Picker`) selects this view by.
  public func tag<V: Hashable>(_ tag: V) -> some View { modifier(PreferenceModifier { $0.tag = AnyHashable(tag) }) }

  /// The item a `TabView` shows for this tab.
  public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View {
    let item = AnyView(label())
    return modifier(PreferenceModifier { $0.tabItem = item })
  }
}

extension ViewNode {
  /// The preference this node's modifier states, if it is a preference modifier.
  var preference: ScreenPreference? { primitiveState as? ScreenPreference }
}

extension Region {
  /// Applies what the region's modifiers say about its screen to its controller: title, hidden
  /// back button, disabled swipe-down (the latter read up to the presented region).
  func refreshPreferences() {
    guard let controller else { return }
    var title: String?
    var hidesBackButton = false
    forEachNode { node in
      guard let preference = node.preference else { return }
      if title == nil, let value = preference.title { title = value }
      if let value = preference.hidesBackButton { hidesBackButton = value }
    }
    if !(controller is UINavigationController) && !(controller is UITabBarController) {
      controller.title = title
      controller.navigationItem.hidesBackButton = hidesBackButton
    }
    presentationRoot?.refreshInteractiveDismissal()
  }

  /// The presented region this region is shown in (itself, or the sheet its stack is in).
  var presentationRoot: Region? {
    var region: Region? = self
    while let current = region {
      if current.kind == .presented { return current }
      region = current.parentRegion
    }
    return nil
  }

  /// Sets the presented controller's `isModalInPresentation` from `interactiveDismissDisabled`
  /// anywhere in its content (the visible screens of a stack in it too).
  func refreshInteractiveDismissal() {
    guard let controller else { return }
    var disabled = false
    forEachNodeDeep { node in
      if let value = node.preference?.interactiveDismissDisabled, value { disabled = true }
    }
    controller.isModalInPresentation = disabled
  }

  /// Every node of this region and of the regions of the containers in it (a stack's screens,
  /// the selected tab).
  func forEachNodeDeep(_ body: (ViewNode) -> Void) {
    forEachNode { node in
      body(node)
      if case .container(let coordinator)? = node.role {
        for region in coordinator.visibleRegions { region.forEachNodeDeep(body) }
      }
    }
  }
}

// MARK: - Lifecycle

/// The hooks of one lifecycle modifier node: `onAppear`, `onDisappear`, `task`.
@MainActor
final class LifecycleRecord {
  var onAppear: (@MainActor () -> Void)?
  var onDisappear: (@MainActor () -> Void)?
  var task: (@Sendable () async -> Void)?
  var taskID: AnyHashable?
  var running: Task<Void, Never>?
  var hasAppeared = false

  static func appear(_ node: ViewNode) {
    guard let record = node.primitiveState as? LifecycleRecord, !record.hasAppeared, node.isAlive else { return }
    record.hasAppeared = true
    node.graph.apply(.appearAtTheStartDisappearAtTheEnd)
    record.onAppear?()
    record.startTask()
  }

  static func disappear(_ node: ViewNode) {
    guard let record = node.primitiveState as? LifecycleRecord else { return }
    record.disappear(graph: node.graph)
  }

  func disappear(graph: SwiftUIEnvironment) {
    guard hasAppeared else { return }
    hasAppeared = false
    graph.apply(.appearAtTheStartDisappearAtTheEnd)
    onDisappear?()
    if let running {
      graph.apply(.taskCancelledOnDisappear)
      running.cancel()
      self.running = nil
    }
  }

  func startTask() {
    guard let task else { return }
    running?.cancel()
    // Started at once, so work before its first suspension runs in this turn, deterministically.
    running = Task.immediate { await task() }
  }
}

struct LifecycleModifier {
  typealias Body = Never
  var onAppear: (@MainActor () -> Void)?
  var onDisappear: (@MainActor () -> Void)?
  var task: (@Sendable () async -> Void)?
  var taskID: AnyHashable?

  @MainActor func update(_ node: ViewNode, content: any View) {
    let isNew = node.primitiveState == nil
    let record = (node.primitiveState as? LifecycleRecord) ?? LifecycleRecord()
    node.primitiveState = record
    let idChanged = !isNew && record.taskID != taskID
    record.onAppear = onAppear
    record.onDisappear = onDisappear
    record.task = task
    record.taskID = taskID
    if isNew {
      node.teardown.append { [weak record, graph = node.graph] in
        guard let record else { return }
        graph.afterCurrentUpdate { record.disappear(graph: graph) }
      }
    }
    node.setChildren([(.content, content)])
    if isNew, node.region.isVisible {
      node.graph.afterCurrentUpdate { LifecycleRecord.appear(node) }
    } else if idChanged, record.hasAppeared {
      record.startTask()
    }
  }
}

struct ChangeModifier<Value: Equatable> {
  typealias Body = Never
  let value: Value
  let initial: Bool
  let action: @MainActor (Value, Value) -> Void

  final class Record {
    var value: Value
    init(_ value: Value) { self.value = value }
  }

  @MainActor func update(_ node: ViewNode, content: any View) {
    if let record = node.primitiveState as? Record {
      if record.value != value {
        let old = record.value
        record.value = value
        let new = value
        let action = self.action
        node.graph.afterCurrentUpdate { action(old, new) }
      }
    } else {
      node.primitiveState = Record(value)
      if initial {
        let action = self.action, value = self.value
        node.graph.afterCurrentUpdate { action(value, value) }
      }
    }
    node.setChildren([(.content, content)])
  }
}

/// `onOpenURL`: a person's `UIWindow.userOpenURL(_:)` reaches every handler on screen.
final class OpenURLRecord {
  var action: @MainActor (URL) -> Void
  init(_ action: @escaping @MainActor (URL) -> Void) { self.action = action }
}

struct OpenURLModifier {
  typealias Body = Never
  let action: @MainActor (URL) -> Void
  @MainActor func update(_ node: ViewNode, content: any View) {
    node.primitiveState = OpenURLRecord(action)
    node.setChildren([(.content, content)])
  }
}

extension View {
  /// Runs when the view's screen begins to appear, or when the view joins a screen on screen.
  public func onAppear(perform action: (@MainActor () -> Void)? = nil) -> some View {
    modifier(LifecycleModifier(onAppear: action))
  }

  /// Runs when the view's screen has disappeared, or when the view leaves a screen on screen.
  public func onDisappear(perform action: (@MainActor () -> Void)? = nil) -> some View {
    modifier(LifecycleModifier(onDisappear: action))
  }

  /// Starts `action` when the view appears (at once, up to its first suspension) and cancels it
  /// when it disappears.
  public func task(priority: TaskPriority = .userInitiated, _ action: @escaping @Sendable () async -> Void) -> some View {
    modifier(LifecycleModifier(task: action))
  }

  /// As `task(priority:_:)`, restarted whenever `id` changes.
  public func task<T: Equatable & Hashable>(
    id value: T, priority: TaskPriority = .userInitiated, _ action: @escaping @Sendable () async -> Void
  ) -> some View {
    modifier(LifecycleModifier(task: action, taskID: AnyHashable(value)))
  }

  /// Runs after an update in which `value` changed.
  public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping @MainActor (V, V) -> Void) -> some View {
    modifier(ChangeModifier(value: value, initial: initial, action: action))
  }

  public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping @MainActor () -> Void) -> some View {
    modifier(ChangeModifier(value: value, initial: initial) { _, _ in action() })
  }

  @available(iOS, deprecated: 17.0, message: "Use `onChange` with a two or zero parameter action closure instead.")
  public func onChange<V: Equatable>(of value: V, perform action: @escaping @MainActor (V) -> Void) -> some View {
    modifier(ChangeModifier(value: value, initial: false) { _, new in action(new) })
  }

  /// Runs when a person opens a URL the app handles (`UIWindow.userOpenURL(_:)`).
  public func onOpenURL(perform action: @escaping @MainActor (URL) -> Void) -> some View {
    modifier(OpenURLModifier(action: action))
  }
}

// Conformances in extensions, so the types' initializers are not main-actor isolated (as
// Apple's views may be made anywhere; only their bodies run on the main actor).
extension _ViewModifier_Content: View {}
extension _HeldModifier: ViewModifier, PrimitiveModifier {}
extension IdentityModifier: ViewModifier, PrimitiveModifier {}
extension EnvironmentWritingModifier: ViewModifier, PrimitiveModifier {}
extension PreferenceModifier: ViewModifier, PrimitiveModifier {}
extension LifecycleModifier: ViewModifier, PrimitiveModifier {}
extension ChangeModifier: ViewModifier, PrimitiveModifier {}
extension OpenURLModifier: ViewModifier, PrimitiveModifier {}
