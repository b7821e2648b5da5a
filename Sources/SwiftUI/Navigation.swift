import HeadlessUIKit

/// A container with a UIKit controller of its own (`NavigationStack`: a navigation controller;
/// `TabView`: a tab bar controller).
@MainActor
protocol ContainerCoordinator: AnyObject {
  var controller: UIViewController { get }
  /// The regions a person sees in it (a stack's screens, the selected tab).
  var visibleRegions: [Region] { get }
  /// Every region it holds, for a dump or a search.
  var allRegions: [Region] { get }
}

/// Where a view is in a stack: which stack, and which screen (0: the root).
struct NavigationContext {
  weak var stack: StackCoordinator?
  var level: Int
}

// MARK: - NavigationPath

/// A type-erased list of path values.
public struct NavigationPath: Equatable {
  var elements: [AnyHashable]

  public init() { elements = [] }
  public init<S: Sequence>(_ elements: S) where S.Element: Hashable {
    var erased: [AnyHashable] = []
    for element in elements { erased.append(AnyHashable(element)) }
    self.elements = erased
  }
  public init(_ codable: CodableRepresentation) { elements = codable.elements }

  public var count: Int { elements.count }
  public var isEmpty: Bool { elements.isEmpty }

  public mutating func append<V: Hashable>(_ value: V) { elements.append(AnyHashable(value)) }

  public mutating func removeLast(_ k: Int = 1) {
    precondition(k <= elements.count, "Can't remove more items from a collection than it contains")
    elements.removeLast(k)
  }

  /// The path as something `Codable`, if every value is (nil otherwise, as in SwiftUI).
  public var codable: CodableRepresentation? {
    guard elements.allSatisfy({ $0.base is any Codable }) else { return nil }
    return CodableRepresentation(elements: elements)
  }

  /// A path encoded as SwiftUI encodes one: type names and JSON, from the last value back.
  public struct CodableRepresentation: Codable, Equatable {
    var elements: [AnyHashable]

    init(elements: [AnyHashable]) { self.elements = elements }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.elements == rhs.elements }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.unkeyedContainer()
      for element in elements.reversed() {
        guard let value = element.base as? any Encodable else { continue }
        try container.encode(_typeName(type(of: value), qualified: true))
        let data = try JSONEncoder().encode(value)
        try container.encode(String(decoding: data, as: UTF8.self))
      }
    }

    public init(from decoder: any Decoder) throws {
      var container = try decoder.unkeyedContainer()
      var decoded: [AnyHashable] = []
      while !container.isAtEnd {
        let name = try container.decode(String.self)
        let json = try container.decode(String.self)
        guard let type = _typeByName(name) as? any (Decodable & Hashable).Type else {
          throw DecodingError.dataCorruptedError(in: container, debugDescription: "no decodable type named \(name)")
        }
        func decode<T: Decodable & Hashable>(_ type: T.Type) throws -> AnyHashable {
          AnyHashable(try JSONDecoder().decode(T.self, from: Data(json.utf8)))
        }
        decoded.append(try decode(type))
      }
      elements = decoded.reversed()
    }
  }
}

/// How a stack reads and writes its path, whatever its type.
struct PathAccess {
  let get: () -> [AnyHashable]
  /// Shortens the path to its first `count` values.
  let truncate: (Int) -> Void
  /// Appends a value; false when the path cannot hold it (a typed path of another type).
  let append: (AnyHashable) -> Bool
}

// MARK: - NavigationStack

/// A stack of screens in a navigation controller: its root in a hosting controller, every path
/// value (and every view a link pushes) in a hosting controller of its own. A person's back and
/// swipe pop through UIKit; the stack writes the shorter path back when the pop has ended.
public struct NavigationStack<Data, Root: View> {
  public typealias Body = Never
  let root: Root
  let path: PathAccess?

  public init(@ViewBuilder root: () -> Root) where Data == NavigationPath {
    self.root = root()
    path = nil
  }

  public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) where Data == NavigationPath {
    self.root = root()
    self.path = PathAccess(
      get: { path.wrappedValue.elements },
      truncate: { count in
        var value = path.wrappedValue
        value.removeLast(value.count - count)
        path.wrappedValue = value
      },
      append: { element in
        path.wrappedValue.elements.append(element)
        return true
      })
  }

  public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
  where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable {
    self.root = root()
    self.path = PathAccess(
      get: {
        var erased: [AnyHashable] = []
        for element in path.wrappedValue { erased.append(AnyHashable(element)) }
        return erased
      },
      truncate: { count in
        var value = path.wrappedValue
        value.removeLast(value.count - count)
        path.wrappedValue = value
      },
      append: { element in
        guard let value = element.base as? Data.Element else { return false }
        path.wrappedValue.append(value)
        return true
      })
  }
}

extension NavigationStack: PrimitiveView {
  @MainActor func update(_ node: ViewNode) {
    if node.environment.navigationContext?.stack != nil {
      // Rule 36: a stack in a stack is not supported; its links use the surrounding stack.
      if node.primitiveState == nil {
        node.primitiveState = NestedStackMarker()
        node.graph.report(
          .nestedNavigationStack,
          "A NavigationStack inside another NavigationStack's content is not supported: its content is shown in place and its links use the surrounding stack.")
      }
      node.setChildren([(.content, root)])
      return
    }
    let coordinator: StackCoordinator
    if let existing = node.primitiveState as? StackCoordinator {
      coordinator = existing
    } else {
      coordinator = StackCoordinator(node: node)
      node.primitiveState = coordinator
      node.teardown.append { [coordinator] in coordinator.tearDown() }
    }
    node.role = .container(coordinator)
    coordinator.path = path ?? coordinator.ownPath(node)
    _ = node.track { coordinator.path.get() }
    coordinator.environment = node.environment
    coordinator.updateRoot(root)
    node.setChildren([])
    if coordinator.hasReconciled {
      coordinator.setNeedsReconcile()
    } else {
      // The first path is the stack's before it is on screen (rule 35): no push, no animation.
      coordinator.reconcile()
    }
    node.region.embedIfNeeded(coordinator)
  }
}

final class NestedStackMarker {}

/// A screen of a stack beyond its root.
@MainActor
final class StackEntry {
  enum Kind {
    /// A path value.
    case value(AnyHashable)
    /// A view a `NavigationLink(destination:)` pushed.
    case view(AnyView)
    /// What a `navigationDestination(isPresented:)` or `(item:)` pushed.
    case destination(DestinationSlot)
  }
  let kind: Kind
  let region: Region
  let controller: UIHostingController<AnyView>

  init(kind: Kind, region: Region, controller: UIHostingController<AnyView>) {
    self.kind = kind
    self.region = region
    self.controller = controller
  }

  var value: AnyHashable? {
    if case .value(let value) = kind { return value }
    return nil
  }
}

/// The navigation controller of one `NavigationStack` and what it shows.
@MainActor
final class StackCoordinator: ContainerCoordinator, UINavigationControllerDelegate {
  unowned let node: ViewNode
  let navigation: SwiftUINavigationController
  let rootRegion: Region
  let rootController: UIHostingController<AnyView>
  var path = PathAccess(get: { [] }, truncate: { _ in }, append: { _ in false })
  var environment = EnvironmentValues()
  private(set) var entries: [StackEntry] = []
  /// Entries taken off the stack whose controllers UIKit may still be animating away.
  private var retiring: [StackEntry] = []
  private var needsReconcile = false
  private(set) var hasReconciled = false
  private var isRefreshing = false
  private var reportedDuplicates = Set<ObjectIdentifier>()
  /// Set while a `dismiss()` pop runs, so its write-back is attributed to it.
  private var popsForDismiss = false

  var controller: UIViewController { navigation }
  var visibleRegions: [Region] { [rootRegion] + entries.map(\.region) }
  var allRegions: [Region] { visibleRegions }

  init(node: ViewNode) {
    self.node = node
    navigation = SwiftUINavigationController()
    rootRegion = Region(graph: node.graph, kind: .stackRoot)
    rootRegion.parentRegion = node.region
    rootController = UIHostingController(region: rootRegion)
    navigation.delegate = self
    navigation.setViewControllers([rootController], animated: false)
  }

  /// The stack's own path, for `NavigationStack(root:)`: kept as state of the stack's identity.
  func ownPath(_ node: ViewNode) -> PathAccess {
    let storage: StateStorage<NavigationPath>
    if let existing = node.storage["path"] as? StateStorage<NavigationPath> {
      storage = existing
    } else {
      storage = StateStorage(NavigationPath(), node: node)
      node.storage["path"] = storage
    }
    return PathAccess(
      get: { storage.value.elements },
      truncate: { [weak storage] count in
        guard let storage else { return }
        storage.value.removeLast(storage.value.count - count)
        storage.node?.graph.noteTransactionOfAWrite()
        storage.node?.invalidate()
      },
      append: { [weak storage] element in
        guard let storage else { return false }
        storage.value.elements.append(element)
        storage.node?.graph.noteTransactionOfAWrite()
        storage.node?.invalidate()
        return true
      })
  }

  func environment(level: Int, dismiss: DismissAction?) -> EnvironmentValues {
    var values = environment
    values.navigationContext = NavigationContext(stack: self, level: level)
    if let dismiss {
      values.dismiss = dismiss
      values.isPresented = true
      values.presentationMode = .constant(PresentationMode(isPresented: true, dismissAction: dismiss))
    }
    return values
  }

  func updateRoot<Root: View>(_ root: Root) {
    rootRegion.setRoot(root, environment: environment(level: 0, dismiss: nil))
  }

  func setNeedsReconcile() {
    guard !needsReconcile, !isRefreshing else { return }
    needsReconcile = true
    node.graph.afterCurrentUpdate { [weak self] in self?.reconcile() }
  }

  // MARK: Path to stack

  /// Makes the navigation controller's stack follow the path: the screens of the unchanged
  /// prefix stay (with their state), every position from the first change on is a new screen,
  /// all in one `setViewControllers` (rules 29, 30, 32).
  func reconcile() {
    needsReconcile = false
    guard node.isAlive else { return }
    let isFirst = !hasReconciled
    hasReconciled = true
    let values = path.get()
    let pathEntries = entries.prefix { $0.value != nil }
    var same = 0
    while same < min(values.count, pathEntries.count), pathEntries[same].value == values[same] { same += 1 }
    if same == values.count, same == pathEntries.count {
      if !values.isEmpty || !entries.isEmpty { node.graph.apply(.unchangedPathIsANoOp) }
      refreshContents()
      return
    }
    node.graph.apply(.positionsAreIdentities)
    if values.count - same > 1 { node.graph.apply(.appendingSeveralPushesOnce) }
    if isFirst { node.graph.apply(.initialPathShownAtOnce) }
    let removed = Array(entries[same...])
    var next = Array(entries[..<same])
    for index in same..<values.count {
      next.append(makeEntry(value: values[index], level: index + 1, below: next))
    }
    entries = next
    retiring.append(contentsOf: removed)
    navigation.setViewControllers(
      [rootController] + entries.map(\.controller), animated: !isFirst && node.graph.animatesChanges)
    refreshContents()
  }

  /// Evaluates every path screen again from its destination, as declared now.
  private func refreshContents() {
    isRefreshing = true
    defer { isRefreshing = false }
    for (index, entry) in entries.enumerated() {
      guard let value = entry.value else { continue }
      let below = Array(entries[..<index])
      let content = destination(for: value, visibleFrom: below)?.make(value) ?? AnyView(EmptyView())
      entry.region.setRoot(content, environment: environment(level: index + 1, dismiss: dismissAction(for: entry)))
    }
  }

  private func makeEntry(value: AnyHashable, level: Int, below: [StackEntry]) -> StackEntry {
    let region = Region(graph: node.graph, kind: .pushed)
    region.parentRegion = node.region
    region.stack = self
    let controller = UIHostingController(region: region)
    let entry = StackEntry(kind: .value(value), region: region, controller: controller)
    let content: AnyView
    if let declaration = destination(for: value, visibleFrom: below) {
      content = declaration.make(value)
    } else {
      node.graph.report(
        .valueWithoutDestination,
        "No navigationDestination for “\(Self.typeName(of: value))” is declared on this stack: the value is pushed as a blank screen.")
      content = AnyView(EmptyView())
    }
    region.setRoot(content, environment: environment(level: level, dismiss: dismissAction(for: entry)))
    return entry
  }

  private func dismissAction(for entry: StackEntry) -> DismissAction {
    DismissAction { [weak self, weak entry] in
      guard let self, let entry else { return }
      self.pop(entry)
    }
  }

  static func typeName(of value: AnyHashable) -> String { String(reflecting: type(of: value.base)) }

  // MARK: Destinations

  /// The declaration for `value`'s type nearest the root among the root and the screens
  /// `below` (rule 37), logging SwiftUI's message when another is declared further up.
  func destination(for value: AnyHashable, visibleFrom below: [StackEntry]) -> DestinationDeclaration? {
    let type = ObjectIdentifier(Swift.type(of: value.base))
    var found: DestinationDeclaration?
    var duplicate = false
    for region in [rootRegion] + below.map(\.region) {
      region.forEachNode { node in
        guard let declaration = node.primitiveState as? DestinationDeclaration, declaration.type == type else { return }
        if found == nil { found = declaration } else { duplicate = true }
      }
    }
    if duplicate, reportedDuplicates.insert(type).inserted {
      node.graph.report(
        .destinationDeclaredEarlier,
        "A navigationDestination for “\(Self.typeName(of: value))” was declared earlier on the stack. Only the destination declared closest to the root view of the stack will be used.")
    } else if duplicate {
      node.graph.apply(.destinationNearestTheRootWins)
    }
    return found
  }

  /// A person's tap on `NavigationLink(value:)` at screen `level`: appends the value if a
  /// destination for its type is visible from the link, else does nothing (rule 39).
  func linkTapped(value: AnyHashable, level: Int) {
    let below = Array(entries.prefix(level))
    guard destination(for: value, visibleFrom: below) != nil else {
      node.graph.report(
        .linkWithoutDestination,
        "A NavigationLink is presenting a value of type “\(Self.typeName(of: value))” but there is no matching navigationDestination declaration visible from the location of the link. The link cannot be activated.\n\nNote: Links search for destinations in any surrounding NavigationStack, then within the same column of a NavigationSplitView.")
      return
    }
    if !path.append(value) {
      node.graph.report(.notModelled, "A NavigationLink value of type “\(Self.typeName(of: value))” does not fit the stack's typed path: nothing is pushed.")
    }
  }

  /// A `NavigationLink(destination:)`: its view pushed above the link's screen.
  func push(view: AnyView, level: Int) {
    node.graph.apply(.viewDestinationLinksPush)
    let region = Region(graph: node.graph, kind: .pushed)
    region.parentRegion = node.region
    region.stack = self
    let controller = UIHostingController(region: region)
    let entry = StackEntry(kind: .view(view), region: region, controller: controller)
    let above = entries.count - level
    if above > 0 {
      retiring.append(contentsOf: entries.suffix(above))
      entries.removeLast(above)
    }
    region.setRoot(view, environment: environment(level: entries.count + 1, dismiss: dismissAction(for: entry)))
    entries.append(entry)
    navigation.setViewControllers([rootController] + entries.map(\.controller), animated: node.graph.animatesChanges)
  }

  /// Pushes what a `navigationDestination(isPresented:/item:)` presents.
  func push(destination slot: DestinationSlot, content: AnyView, level: Int) -> StackEntry {
    let region = Region(graph: node.graph, kind: .pushed)
    region.parentRegion = node.region
    region.stack = self
    let controller = UIHostingController(region: region)
    let entry = StackEntry(kind: .destination(slot), region: region, controller: controller)
    let above = entries.count - level
    if above > 0 {
      retiring.append(contentsOf: entries.suffix(above))
      entries.removeLast(above)
    }
    region.setRoot(content, environment: environment(level: entries.count + 1, dismiss: dismissAction(for: entry)))
    entries.append(entry)
    navigation.setViewControllers([rootController] + entries.map(\.controller), animated: node.graph.animatesChanges)
    return entry
  }

  /// Takes `entry` and what is above it off the stack, through UIKit; the path is written when
  /// the pop has ended, as for a person's back (rule 49).
  func pop(_ entry: StackEntry) {
    guard let index = entries.firstIndex(where: { $0 === entry }) else { return }
    let below: UIViewController = index == 0 ? rootController : entries[index - 1].controller
    popsForDismiss = true
    navigation.popToViewController(below, animated: node.graph.animatesChanges)
  }

  /// Pops what a destination slot pushed (its binding went false or nil).
  func pop(destination slot: DestinationSlot) {
    guard let entry = entries.first(where: { if case .destination(let s) = $0.kind { return s === slot } else { return false } })
    else { return }
    guard let index = entries.firstIndex(where: { $0 === entry }) else { return }
    let below: UIViewController = index == 0 ? rootController : entries[index - 1].controller
    navigation.popToViewController(below, animated: node.graph.animatesChanges)
  }

  // MARK: UIKit's stack to the path

  func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
    let stack = navigationController.viewControllers
    let survivors = entries.filter { entry in stack.contains { $0 === entry.controller } }
    if survivors.count < entries.count {
      // A person's back or swipe (or `dismiss()`) took screens off: the shorter path is written
      // now that the transition has ended (rules 26, 28).
      let removed = entries.filter { entry in !survivors.contains { $0 === entry } }
      entries = survivors
      retiring.append(contentsOf: removed)
      let kept = survivors.prefix { $0.value != nil }.count
      if kept < path.get().count {
        node.graph.apply(.backWritesTheShorterPath)
        node.graph.apply(.pathWritesAfterTheTransition)
        if popsForDismiss { node.graph.apply(.dismissWritesBackLikeTheUser) }
        path.truncate(kept)
        node.graph.noteWriteBack(
          SwiftUIWriteBack(
            what: "the shorter path to the binding of the stack on \(Self.describedTitle(rootController.title))",
            by: popsForDismiss ? "dismiss()" : "a pop", taken: path.get().count == kept, time: node.graph.world.runLoop.now))
      }
      for entry in removed {
        if case .destination(let slot) = entry.kind {
          if popsForDismiss { node.graph.apply(.dismissWritesBackLikeTheUser) }
          slot.poppedByUIKit()
        }
      }
    }
    popsForDismiss = false
    let gone = retiring.filter { entry in !stack.contains { $0 === entry.controller } }
    retiring.removeAll { entry in !stack.contains { $0 === entry.controller } }
    for entry in gone { entry.region.tearDown() }
  }

  func tearDown() {
    for entry in entries + retiring { entry.region.tearDown() }
    entries = []
    retiring = []
    rootRegion.tearDown()
  }
}

/// The navigation controller SwiftUI shows a stack in. Its appearance is the appearance of the
/// region the stack is the whole content of.
final class SwiftUINavigationController: UINavigationController {
  weak var outerRegion: Region?

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    outerRegion?.becameVisible()
  }

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    outerRegion?.becameInvisible()
  }
}

// MARK: - Destinations

/// One `navigationDestination(for:)` declaration: the type it serves and the view it makes.
@MainActor
final class DestinationDeclaration {
  let type: ObjectIdentifier
  var make: (AnyHashable) -> AnyView
  init(type: ObjectIdentifier, make: @escaping (AnyHashable) -> AnyView) {
    self.type = type
    self.make = make
  }
}

struct DestinationForModifier<D: Hashable, C: View> {
  typealias Body = Never
  let destination: (D) -> C

  @MainActor func update(_ node: ViewNode, content: any View) {
    let make: (AnyHashable) -> AnyView = { value in
      guard let value = value.base as? D else { return AnyView(EmptyView()) }
      return AnyView(destination(value))
    }
    if let declaration = node.primitiveState as? DestinationDeclaration {
      declaration.make = make
    } else {
      node.primitiveState = DestinationDeclaration(type: ObjectIdentifier(D.self), make: make)
    }
    node.setChildren([(.content, content)])
    node.environment.navigationContext?.stack?.setNeedsReconcile()
  }
}

extension View {
  /// The screen a path value of type `data` shows on the surrounding stack.
  public func navigationDestination<D: Hashable, C: View>(
    for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
  ) -> some View {
    modifier(DestinationForModifier(destination: destination))
  }
}

// MARK: - NavigationLink

/// What a link pushes.
enum NavigationLinkTarget {
  case value(AnyHashable?)
  case view(AnyView)
}

/// A link: a person's tap pushes its value (through the path, if a destination for its type is
/// visible from it) or its destination view, on the surrounding stack.
public struct NavigationLink<Label: View, Destination: View> {
  public typealias Body = Never
  let label: Label
  let target: NavigationLinkTarget

  public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
    self.label = label()
    target = .view(AnyView(destination()))
  }

  public init(destination: Destination, @ViewBuilder label: () -> Label) {
    self.label = label()
    target = .view(AnyView(destination))
  }
}

extension NavigationLink where Destination == Never {
  public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {
    self.label = label()
    target = .value(erase(value))
  }
}

extension NavigationLink where Label == Text, Destination == Never {
  public init<P: Hashable>(_ titleKey: LocalizedStringKey, value: P?) {
    label = Text(titleKey)
    target = .value(erase(value))
  }
  @_disfavoredOverload
  public init<S: StringProtocol, P: Hashable>(_ title: S, value: P?) {
    label = Text(title)
    target = .value(erase(value))
  }
}

extension NavigationLink where Label == Text {
  public init(_ titleKey: LocalizedStringKey, @ViewBuilder destination: () -> Destination) {
    label = Text(titleKey)
    target = .view(AnyView(destination()))
  }
  public init(_ titleKey: LocalizedStringKey, destination: Destination) {
    label = Text(titleKey)
    target = .view(AnyView(destination))
  }
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, destination: Destination) {
    label = Text(title)
    target = .view(AnyView(destination))
  }
}

extension NavigationLink: PrimitiveView {
  @MainActor func update(_ node: ViewNode) {
    node.role = .link(target)
    node.setChildren([(.content, label)])
  }
}

extension ViewNode {
  /// A person's tap on this link node.
  func activateLink(_ target: NavigationLinkTarget) {
    guard let context = environment.navigationContext, let stack = context.stack else {
      graph.report(.notModelled, "A NavigationLink outside any NavigationStack cannot be activated.")
      if environment.isPresented { graph.apply(.sheetIsItsOwnNavigationContext) }
      return
    }
    switch target {
    case .value(let value):
      guard let value else { return }
      stack.linkTapped(value: value, level: context.level)
    case .view(let view):
      stack.push(view: view, level: context.level)
    }
  }
}

// Conformances in extensions, so the types' initializers are not main-actor isolated (as
// Apple's views may be made anywhere; only their bodies run on the main actor).
extension NavigationStack: View {}
extension DestinationForModifier: ViewModifier, PrimitiveModifier {}
extension NavigationLink: View {}
