import NavigationFuzzing
@_spi(Rules) import StateDrivenNavigation

extension Mutant {
  /// The built-in engine with one of pointfreeco/swift-navigation's reported defects put back
  /// (written from the issues' descriptions, not from the library's code). The defects are not
  /// choices of the library, so the built-in engine's own profile judges them.
  static let ofReportedBugs: [Mutant] = [
    // swift-navigation #183: A presents B, B presents C, A's item changes: `B.dismiss()` only
    // took C away.
    Mutant(
      "dismisses-through-the-modal",
      "takes a modal away by asking the modal itself to dismiss: when it presents another, only that one goes",
      caughtBy: .stateUIConsistency
    ) { $0.dismissesThroughPresenter = false },
    // swift-navigation #323/#324: `popToViewController` left the intermediate screens' items set;
    // the fix hooked `didMove(toParent: nil)`.
    Mutant(
      "teardown-on-disappear-only",
      "notices a screen leaving only in viewDidDisappear: screens a multi-pop removes from the middle keep their state",
      caughtBy: .stateUIConsistency
    ) { $0.leavesOnRemovalFromContainer = false },
    // swift-navigation #192: a presented controller stayed when the controller that presented it
    // went away.
    Mutant(
      "modal-outlives-presenter", "a modal stays on screen when the screen that presented it is popped",
      caughtBy: .stateUIConsistency
    ) { $0.dismissesModalsOfDepartedPresenter = false },
    // swift-navigation #257, #303, #308: `onDismiss` was never called for alerts.
    Mutant(
      "alert-no-ondismiss", "never runs an alert's onDismiss: what the app does when it goes never happens",
      caughtBy: .onDismissExactlyOnce
    ) { $0.runsOnDismissForAlerts = false },
    // swift-navigation PR #238 (declined): no `onDismiss` for a screen a new identity replaces.
    Mutant(
      "no-ondismiss-on-replacement",
      "a screen replaced by a new identity goes without its onDismiss: what the app does when it goes never happens",
      caughtBy: .onDismissExactlyOnce
    ) { $0.runsOnDismissOnReplacement = false },
  ]
}
