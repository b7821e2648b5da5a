import NavigationFuzzing
@_spi(Rules) import StateDrivenNavigation

extension Mutant {
  /// The built-in engine with a tab bar bug put back, or one of the defects the harness could not
  /// see before it checked tabs, an alert's callback order, animation and an app's own delegate
  /// (docs/SEMANTICS.md §2). Judged by the engine's own profile.
  static let ofTabsAndBlindSpots: [Mutant] = [
    Mutant(
      "tab-tap-not-written-back",
      "the user's tap on a tab is not written back: the model keeps selecting the tab left",
      caughtBy: .selectedTab
    ) { $0.writesTabSelectionBack = false },
    Mutant(
      "tab-rebuilt-on-switch",
      "a tab switch resets the tab left to its root: its pushed screens and their state are lost",
      caughtBy: .tabSwitchKeepsScreens
    ) { $0.keepsTabStacksOnSwitch = false },
    Mutant(
      "pop-to-root-not-heard",
      "a pop that lands on the stack's root (the user tapping the selected tab again, or backing out) is not written back to the path",
      caughtBy: .stackPathConsistency
    ) { $0.stackWritesBackPopsToRoot = false },
    // swift-navigation PR #201: `onDismiss` (and the nil write-back) ran before the tapped
    // button's action.
    Mutant(
      "alert-teardown-before-action",
      "an alert's nil write-back and onDismiss run before the tapped button's action, which reaches a presentation already gone",
      caughtBy: .alertCallbackOrder
    ) { $0.alertTeardownWaitsForHandler = false },
    // swift-navigation PR #222: `popViewController(animated: transaction.uiKit.disablesAnimations)`.
    Mutant(
      "pops-not-animated", "the stack pops path screens without animation when the change asked for the default",
      caughtBy: .animatedAsAsked
    ) { $0.stackPopsAnimateAsAsked = false },
    // swift-navigation #259: an app's own delegate on a NavigationStackController.
    Mutant(
      "drops-app-delegate",
      "the stack keeps its own delegate and never forwards the app's: the app never hears of its stack",
      caughtBy: .delegateForwarding
    ) { $0.forwardsNavigationDelegate = false },
  ]
}
