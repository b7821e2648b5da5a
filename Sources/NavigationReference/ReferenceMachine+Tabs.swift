/// Tabs in the reference (docs/SEMANTICS.md §3, "Tabs"):
/// - the selected tab is state: the program selects one (`selectTab`), the user's tap on the bar
///   selects one too, and must be written back (`userSelectedTab`);
/// - every tab keeps its own screens, stack and state whichever tab is selected: a switch changes
///   nothing else;
/// - each tab is its own navigation stack (rule 3's cascades stay in it), but all tabs share one
///   presentation context, the tab bar controller's: a modal set in any tab evicts a modal of any
///   other (rule 2), and it is on screen whichever tab is selected;
/// - what a tab's screen holds is expected on screen once its view has loaded, which UIKit does
///   the first time the tab is selected (the harness reports it: `tabLoaded`).
extension ReferenceMachine {
  /// The selected tab (0 without tabs).
  public var selectedTab: Int { tabSelection }

  /// The program selects tab `tab`; false (nothing changes) when there is no such tab.
  @discardableResult
  public mutating func selectTab(_ tab: Int) -> Bool {
    guard tab >= 0, tab < topology.tabCount else { return false }
    if tabSelection != tab { tabSelection = tab }
    return true
  }

  /// The user tapped tab `tab`: it is the selected one from now on (the engine must write it back).
  /// Tapping the selected tab again pops its stack to the root, which UIKit reports as the user's
  /// removals of the screens it pops.
  public mutating func userSelectedTab(_ tab: Int) {
    selectTab(tab)
  }

  /// Tab `tab`'s screen has loaded (UIKit loads it the first time the tab is selected): what it
  /// holds is expected on screen from now on.
  public mutating func tabLoaded(_ tab: Int) {
    guard tabLoadIsNews(tab) else { return }
    loadedTabs |= 1 << tab
  }

  /// Whether `tabLoaded(_:)` would change anything (see `appearanceIsNews`).
  public func tabLoadIsNews(_ tab: Int) -> Bool {
    tab > 0 && tab < topology.tabCount && loadedTabs & (1 << tab) == 0
  }

  /// Whether the tab a screen address is in has loaded its screen (always, for tab 0 and without tabs).
  func isTabLoaded(containing address: Address) -> Bool {
    guard case .slot(let index)? = address.components.first, let tab = topology.tab(ofRootSlot: index) else { return true }
    return loadedTabs & (1 << tab) != 0
  }

  /// Whether `address` is a tab's own slot.
  func isTabSlot(_ address: Address) -> Bool {
    guard address.components.count == 1, case .slot(let index) = address.components[0] else { return false }
    return topology.tab(ofRootSlot: index) != nil
  }

  /// The base of the group whose modals share a presentation context with a screen's: its
  /// navigation group's base, or the root for a screen in a tab (every tab presents on the tab bar
  /// controller).
  func modalGroupBase(of screenAddress: Address) -> Address {
    let base = groupBase(of: screenAddress)
    return isTabSlot(base) ? .root : base
  }

  /// Fills the root's tab slots: each always holds its screen, of a fixed incarnation (not loaded
  /// until its tab is first selected: `loadedTabs`).
  mutating func placeTabs() {
    for (position, index) in topology.tabSlotIndices.enumerated() {
      guard let type = topology.root.slots[index].child else { continue }
      let screen = ReferenceScreen(type: type, in: topology)
      let item = ReferenceItem(
        id: 0, payload: 0, generation: TopologySpec.tabGeneration(position + 1), order: 0, isOnStack: true, child: screen)
      modifyScreen(at: .root) { $0.slots[index] = item }
    }
  }
}
