import Foundation
import HeadlessUIKit

/// A tab bar controller driven by a selected-tab binding: the state selects the tab (on the next
/// run-loop turn after it changes, as every observation does), and the user's tap on the bar is
/// written back to the state at once.
///
/// It hears the user through the bar's delegate method, which UIKit calls on the tab bar
/// controller for every tap, rather than by becoming its own `delegate`: the app keeps that for
/// itself (an engine that took it would turn off the app's delegate, swift-navigation #259's
/// trap for navigation controllers).
open class NavigationTabBarController: UITabBarController {
  private let selection: UIBinding<Int>
  private var observation: ObserveToken?

  public init(selectedIndex: UIBinding<Int>, tabs: [UIViewController]) {
    selection = selectedIndex
    super.init()
    setViewControllers(tabs, animated: false)
    observation = observe { [weak self] in self?.followSelection() }
  }

  /// Required by UIKit's `NSCoding`; this controller is only made in code.
  public required init?(coder: NSCoder) {
    fatalError("NavigationTabBarController is made in code, never decoded")
  }

  /// Selects the tab the state selects, if it is another one and exists.
  private func followSelection() {
    let wanted = selection.wrappedValue
    let count = viewControllers?.count ?? 0
    guard wanted != selectedIndex else { return }
    guard wanted >= 0, wanted < count else {
      NavigationWarnings.record("The selected-tab binding selects tab \(wanted), but the tab bar has \(count) tab(s)")
      return
    }
    let outgoing = selectedViewController
    selectedIndex = wanted
    resetIfRebuiltOnSwitch(outgoing)
  }

  /// The user's tap: UIKit selects (or pops the selected tab to its root) in `super`; the tab it
  /// selected is written back.
  open override func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {
    let outgoing = selectedViewController
    super.tabBar(tabBar, didSelect: item)
    if outgoing !== selectedViewController { resetIfRebuiltOnSwitch(outgoing) }
    guard rules.writesTabSelectionBack, selection.wrappedValue != selectedIndex else { return }
    selection.wrappedValue = selectedIndex
  }

  /// Under `EngineRules.keepsTabStacksOnSwitch` off: the tab left goes back to its root, its
  /// pushed screens gone as if popped by the user (what an app that rebuilds a tab on every
  /// switch loses).
  private func resetIfRebuiltOnSwitch(_ tab: UIViewController?) {
    guard !rules.keepsTabStacksOnSwitch, let navigation = tab as? UINavigationController,
      navigation.viewControllers.count > 1
    else { return }
    navigation.setViewControllers([navigation.viewControllers[0]], animated: false)
  }
}
