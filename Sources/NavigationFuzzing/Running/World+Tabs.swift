import HeadlessUIKit
import NavigationReference

/// Tabs in the harness: the root screen's navigation controller is tab 0; every further tab is a
/// screen of its own in its own navigation controller, made with the world; the engine builds the
/// tab bar controller over them and binds it to the root model's selected tab.
extension World {
  /// The tab bar controller the engine builds over `firstTab` and one navigation controller per
  /// further tab, each with its screen at the root.
  func makeTabBar(firstTab: UINavigationController) -> UITabBarController {
    firstTab.tabBarItem = UITabBarItem(title: topology.tabName(0), image: nil, tag: 0)
    var tabs: [UIViewController] = [firstTab]
    for tab in 1..<topology.tabCount {
      let slot = topology.rootSlot(ofTab: tab)!
      let generation = TopologySpec.tabGeneration(tab)
      let model = ScreenModel(
        type: topology.root.slots[slot].child!, parent: rootModel, place: .slot(slot), topology: topology, serials: serials)
      rootModel[slot: slot] = SlotItem(id: ItemIdentity(id: 0, generation: generation), payload: 0, child: model)
      let screen = ScreenController(model: model, world: self)
      screen.screenTag = .slot(
        of: rootModel, index: slot, key: SlotKey(model: rootModel.serial, slot: slot), id: nil, generation: generation)
      screen.markBuiltByContent()
      // UIKit loads a tab's view the first time the tab is selected: from then on, what its screen
      // holds is expected on screen.
      screen.addLifecycleHook { [weak self] _, event in
        guard case .viewDidLoad = event, let self, self.reference.tabLoadIsNews(tab) else { return }
        self.reference.tabLoaded(tab)
      }
      let navigation = UINavigationController(rootViewController: screen)
      navigation.markBuiltByContent()
      navigation.tabBarItem = UITabBarItem(title: topology.tabName(tab), image: nil, tag: tab)
      tabs.append(navigation)
    }
    return engine.makeTabs(TabConnection(model: rootModel, tabs: tabs))
  }

  /// The tab bar controller at the root of the window, in a topology with tabs.
  var tabBarController: UITabBarController? { window.rootViewController as? UITabBarController }

  /// The program selects tab `tab`, in the reference and in the app's model.
  func runtimeSelectTab(_ tab: Int) {
    if rootModel.peekSelectedTab != tab { rootModel.selectedTab = tab }
  }
}
