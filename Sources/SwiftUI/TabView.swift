import HeadlessUIKit

/// Tabs in a tab bar controller: each tab's content in a controller of its own (a stack at the
/// root of a tab is that tab's navigation controller). A person's tap on a tab writes its tag to
/// the selection (rule 53); a tap on the selected tab writes the same value and pops nothing
/// (rule 54).
public struct TabView<SelectionValue: Hashable, Content: View> {
  public typealias Body = Never
  let selection: Binding<SelectionValue>?
  let content: Content

  public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {
    self.selection = selection
    self.content = content()
  }
}

extension TabView where SelectionValue == Int {
  public init(@ViewBuilder content: () -> Content) {
    selection = nil
    self.content = content()
  }
}

/// An iOS 18 tab: a title, an image and a value, with its content.
public struct Tab<Value: Hashable, Content: View> {
  public typealias Body = Never
  let title: String
  let value: Value?
  let content: Content

  public init(_ titleKey: LocalizedStringKey, systemImage: String, value: Value, @ViewBuilder content: () -> Content) {
    title = titleKey.key
    self.value = value
    self.content = content()
  }
}

extension Tab where Value == Never {
  public init(_ titleKey: LocalizedStringKey, systemImage: String, @ViewBuilder content: () -> Content) {
    title = titleKey.key
    value = nil
    self.content = content()
  }
}

extension Tab: PrimitiveView {
  @MainActor func update(_ node: ViewNode) {
    let preference = ScreenPreference()
    preference.tag = erase(value)
    preference.tabItem = AnyView(Text(title))
    node.primitiveState = preference
    node.setChildren([(.content, content)])
  }
}

extension TabView: PrimitiveView {
  @MainActor func update(_ node: ViewNode) {
    let coordinator: TabCoordinator
    if let existing = node.primitiveState as? TabCoordinator {
      coordinator = existing
    } else {
      coordinator = TabCoordinator(node: node)
      node.primitiveState = coordinator
      node.teardown.append { [coordinator] in coordinator.tearDown() }
    }
    node.role = .container(coordinator)
    if let selection {
      coordinator.selection = (
        get: { AnyHashable(selection.wrappedValue) },
        set: { value in if let value = value.base as? SelectionValue { selection.wrappedValue = value } }
      )
    } else {
      coordinator.selection = nil
    }
    _ = node.track { selection?.wrappedValue }
    coordinator.update(tabs: TabCoordinator.tabViews(in: content), environment: node.environment)
    node.setChildren([])
    node.region.embedIfNeeded(coordinator)
  }
}

/// The tab bar controller of one `TabView`.
@MainActor
final class TabCoordinator: ContainerCoordinator {
  unowned let node: ViewNode
  let tabBarController = SwiftUITabBarController()
  var selection: (get: () -> AnyHashable, set: (AnyHashable) -> Void)?
  /// The tab view's own selection, without a binding: the index.
  private var ownSelection = 0
  private(set) var tabs: [(region: Region, controller: UIViewController)] = []

  var controller: UIViewController { tabBarController }
  var visibleRegions: [Region] {
    let index = tabBarController.selectedIndex
    return tabs.indices.contains(index) ? [tabs[index].region] : []
  }
  var allRegions: [Region] { tabs.map(\.region) }

  init(node: ViewNode) {
    self.node = node
    tabBarController.coordinator = self
  }

  /// The views that are tabs: the top-level views of the content (sequences, groups and
  /// `ForEach` flattened).
  static func tabViews(in content: any View) -> [any View] {
    if let tuple = content as? TupleViewElements { return tuple.elementViews.flatMap { tabViews(in: $0) } }
    if let group = content as? GroupContent { return tabViews(in: group.groupedContent) }
    if let each = content as? ForEachContent { return each.elementViews.flatMap { tabViews(in: $0) } }
    return [content]
  }

  func update(tabs views: [any View], environment: EnvironmentValues) {
    var environment = environment
    environment.navigationContext = nil
    if tabs.isEmpty {
      // The tabs are made once; their content is evaluated every update.
      for view in views {
        let region = Region(graph: node.graph, kind: .tab)
        region.parentRegion = node.region
        region.setRoot(view, environment: environment)
        let controller = region.makeController()
        tabs.append((region, controller))
      }
      for (index, tab) in tabs.enumerated() {
        tab.controller.tabBarItem = UITabBarItem(title: title(of: tab.region) ?? "Tab \(index)", image: nil, tag: index)
      }
      tabBarController.setViewControllers(tabs.map(\.controller), animated: false)
    } else {
      for (index, view) in views.enumerated() where index < tabs.count {
        tabs[index].region.setRoot(view, environment: environment)
      }
    }
    selectFromBinding()
  }

  /// The tab whose tag the selection holds is the selected one (a write in code switches tabs).
  func selectFromBinding() {
    let index: Int
    if let selection {
      let value = selection.get()
      guard let found = tabs.firstIndex(where: { tag(of: $0.region) == value }) else { return }
      index = found
    } else {
      index = ownSelection
    }
    if tabBarController.selectedIndex != index, tabs.indices.contains(index) { tabBarController.selectedIndex = index }
  }

  /// A person tapped tab `index` (UIKit already selected it, unless it was selected): its tag is
  /// written to the selection, the same value too.
  func userSelected(_ index: Int, wasSelected: Bool) {
    node.graph.apply(.tabTapsWriteTheSelection)
    if wasSelected { node.graph.apply(.retappingATabDoesNotPop) } else { node.graph.apply(.tabsKeepTheirStacks) }
    if let selection {
      if let tag = tag(of: tabs[index].region) { selection.set(tag) }
    } else {
      ownSelection = index
    }
  }

  private func tag(of region: Region) -> AnyHashable? {
    var found: AnyHashable?
    region.forEachNode { node in
      if found == nil, let tag = node.preference?.tag { found = tag }
    }
    return found
  }

  private func title(of region: Region) -> String? {
    var found: String?
    region.forEachNode { node in
      if found == nil, let item = node.preference?.tabItem {
        let labelRegion = Region(graph: node.graph, kind: .detached)
        labelRegion.setRoot(item, environment: node.environment)
        found = labelRegion.rootNode.labelText
        labelRegion.tearDown()
      }
    }
    return found
  }

  func tearDown() {
    for tab in tabs { tab.region.tearDown() }
  }
}

/// The tab bar controller SwiftUI shows a `TabView` in: a person's tap selects through UIKit and
/// writes the selection; a tap on the selected tab pops nothing (rule 54).
final class SwiftUITabBarController: UITabBarController {
  weak var coordinator: TabCoordinator?
  weak var outerRegion: Region?

  override func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {
    guard let index = (viewControllers ?? []).firstIndex(where: { $0.tabBarItem === item }) else { return }
    let wasSelected = index == selectedIndex
    if !wasSelected { super.tabBar(tabBar, didSelect: item) }
    coordinator?.userSelected(index, wasSelected: wasSelected)
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    outerRegion?.becameVisible()
  }

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    outerRegion?.becameInvisible()
  }
}

// Structural views a tab view looks through to find its tabs.
@MainActor protocol TupleViewElements { var elementViews: [any View] { get } }
@MainActor protocol GroupContent { var groupedContent: any View { get } }
@MainActor protocol ForEachContent { var elementViews: [any View] { get } }

extension TupleView: TupleViewElements {
  var elementViews: [any View] { TupleView.elements(of: value) }
}

extension Group: GroupContent where Content: View {
  var groupedContent: any View { content }
}

extension ForEach: ForEachContent where Content: View {
  var elementViews: [any View] { data.map { content($0) as any View } }
}

// Conformances in extensions, so the types' initializers are not main-actor isolated (as
// Apple's views may be made anywhere; only their bodies run on the main actor).
extension TabView: View {}
extension Tab: View {}
