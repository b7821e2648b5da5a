/// Tabs: a tab bar at the root, each tab its own navigation stack and its own screen state.
///
/// Tab 0 is the root screen itself (with its slots, and its path if it has one); every further tab
/// is a slot of the root screen with style `tab`, always filled, whose child screen is the tab's
/// screen. So every address keeps its form (`inbox.detail` is slot `detail` of the `inbox` tab's
/// screen), the root path keeps its steps (`path append 1` is tab 0's stack), and a topology
/// without tabs is unchanged. docs/SEMANTICS.md §3, "Tabs".
extension TopologySpec {
  public var hasTabs: Bool { !tabSlotIndices.isEmpty }

  /// How many tabs the tab bar has (0 without tabs).
  public var tabCount: Int { hasTabs ? tabSlotIndices.count + 1 : 0 }

  /// The tab a root slot index is (nil when the slot is not a tab).
  public func tab(ofRootSlot index: Int) -> Int? {
    tabSlotIndices.firstIndex(of: index).map { $0 + 1 }
  }

  /// The root slot of tab `tab` (nil for tab 0, the root screen, and tabs that do not exist).
  public func rootSlot(ofTab tab: Int) -> Int? {
    tab >= 1 && tab <= tabSlotIndices.count ? tabSlotIndices[tab - 1] : nil
  }

  /// The address of tab `tab`'s screen: the root for tab 0.
  public func screenAddress(ofTab tab: Int) -> Address {
    rootSlot(ofTab: tab).map { Address([.slot($0)]) } ?? .root
  }

  /// The tab an address is in: the tab whose slot it starts with, else 0 (the root screen's).
  public func tab(containing address: Address) -> Int {
    guard hasTabs, case .slot(let index)? = address.components.first else { return 0 }
    return tab(ofRootSlot: index) ?? 0
  }

  /// Tab `tab`'s name: its slot's, or the root screen's for tab 0.
  public func tabName(_ tab: Int) -> String {
    rootSlot(ofTab: tab).map { root.slots[$0].name } ?? root.name
  }

  /// The tabs for messages: `0 home, 1 inbox, 2 profile`.
  public var describeTabs: String {
    (0..<tabCount).map { "\($0) \(tabName($0))" }.joined(separator: ", ")
  }

  /// The incarnation of tab `tab`'s item: fixed, and never one a run hands out (those are positive).
  public static func tabGeneration(_ tab: Int) -> Int { -tab }

  /// What is wrong with a topology's tabs, if anything: a tab slot on another screen than the root,
  /// one with no screen or a Bool one, or a tab screen with a path (only the root screen, tab 0,
  /// may have one).
  public static func tabsProblem(in screens: [ScreenSpec]) -> String? {
    let rootHasTabs = screens.first?.slots.contains { $0.style == .tab } ?? false
    for (type, screen) in screens.enumerated() {
      if rootHasTabs, let slot = screen.slots.first(where: { $0.child == 0 }) {
        return "slot '\(slot.name)' of '\(screen.name)' shows the root screen, which holds the tabs"
      }
      if rootHasTabs, screen.pathDestinations.contains(where: { $0.screen == 0 }) {
        return "the path of '\(screen.name)' shows the root screen, which holds the tabs"
      }
      for slot in screen.slots where slot.style == .tab {
        guard type == 0 else { return "slot '\(slot.name)' of '\(screen.name)' is a tab: only the root screen has tabs" }
        guard let child = slot.child, screens.indices.contains(child) else {
          return "tab '\(slot.name)' shows no screen (a tab needs its screen)"
        }
        if slot.isFlag { return "tab '\(slot.name)' cannot be a Bool slot" }
        if screens[child].hasPath {
          return "tab '\(slot.name)' shows '\(screens[child].name)', which has a path: only the first tab (the root screen) may have one"
        }
        if slot.onDismiss != nil { return "tab '\(slot.name)' has an onDismiss: a tab is never dismissed" }
      }
    }
    return nil
  }
}
