import HeadlessUIKit
import NavigationReference

/// The checks of tabs and of an app's own delegates (docs/SEMANTICS.md §4): `selected-tab`,
/// `tab-switch-keeps-screens` (in `checkQuiescent`, beside `observe-idempotence`) and
/// `delegate-forwarding`.
extension Runner {
  /// The user taps tab `index`: UIKit selects it (or, already selected, pops its stack to the
  /// root, which it reports as the user's removals), and the reference learns of it.
  func userTapTab(_ index: Int) -> UserGestureOutcome {
    let reselects = world.tabBarController?.selectedIndex == index
    let outcome = world.window.userTapTab(index)
    guard case .performed = outcome else { return outcome }
    world.reference.userSelectedTab(index)
    lastUserTab = index
    if reselects { navigationChangedSinceQuiescence = true } else { tabSwitchedSinceQuiescence = true }
    return outcome
  }

  /// `selected-tab` and `delegate-forwarding`, at a quiescent point.
  func checkTabsAndDelegates(report: (InvariantID, String) -> Void) {
    if optionShapes.tabCount > 0 {
      checked(.selectedTab)
      let model = world.rootModel.peekSelectedTab, expected = world.reference.selectedTab
      let shown = world.tabBarController?.selectedIndex
      if model != expected {
        report(
          .selectedTab,
          lastUserTab == expected
            ? "the user tapped tab \(expected), but the model still selects tab \(model)"
            : "the model selects tab \(model), but the reference tab \(expected)")
      } else if shown != model {
        report(.selectedTab, "the model selects tab \(model), but the tab bar shows tab \(shown.map(String.init) ?? "none")")
      }
      lastUserTab = nil
    }
    if let delegate = world.appNavigationDelegate {
      checked(.delegateForwarding)
      let top = world.rootNavigationController?.topViewController
      if !delegate.hasHeard(top: top) {
        let what = top?.screenTag.map { $0.label.isEmpty ? "root" : "'\($0.label)'" } ?? top?.debugName ?? "nothing"
        report(
          .delegateForwarding,
          "the app's navigation delegate never heard didShow(\(what)), on top of its navigation controller (it heard \(delegate.callsHeard) call(s))")
      }
    }
  }

  /// The tab a controller on screen belongs to: its slot's (a modal too: its presenter's tab), 0
  /// for the root screen, its path and anything the harness did not build.
  func tab(of entry: ScreenEntry) -> Int {
    guard case .slot(let address, _)? = entry.place else { return 0 }
    return topology.spec.tab(containing: address)
  }

  /// The first tab whose expected screens are the same at both points but whose controllers on
  /// screen (serials, in order) are not.
  func tabWhoseControllersChanged(
    from before: (serials: [Int], tabs: [Int], expected: [ExpectedEntry]),
    to after: (serials: [Int], tabs: [Int], expected: [ExpectedEntry])
  ) -> Int? {
    let spec = topology.spec
    func serials(_ point: (serials: [Int], tabs: [Int], expected: [ExpectedEntry]), in tab: Int) -> [Int] {
      var result: [Int] = []
      for (serial, entryTab) in zip(point.serials, point.tabs) where entryTab == tab { result.append(serial) }
      return result
    }
    func expected(_ entries: [ExpectedEntry], in tab: Int) -> [ExpectedEntry] {
      var result: [ExpectedEntry] = []
      for entry in entries where spec.tab(containing: entry.address) == tab { result.append(entry) }
      return result
    }
    for tab in 0..<spec.tabCount where expected(before.expected, in: tab) == expected(after.expected, in: tab) {
      if serials(before, in: tab) != serials(after, in: tab) { return tab }
    }
    return nil
  }

  /// The checks `checkTabsAndDelegates` counts, counted again by a repeated clean check.
  func countTabAndDelegateChecks() {
    if optionShapes.tabCount > 0 {
      checked(.tabSwitchKeepsScreens)
      checked(.selectedTab)
    }
    if world.appNavigationDelegate != nil { checked(.delegateForwarding) }
  }
}

extension UserGesture {
  var isTabTap: Bool {
    if case .tab = self { return true }
    return false
  }
}
