/// The invariants the harness checks, by their stable ids (used in traces, reports and corpora).
/// docs/SEMANTICS.md defines each one.
public enum InvariantID: String, CaseIterable, Sendable, Hashable, Comparable, Codable {
  case noDoublePresentation = "no-double-presentation"
  case stateUIConsistency = "state-ui-consistency"
  case dismissalWritesBack = "dismissal-writes-back"
  case identityRebinding = "identity-rebinding"
  case stackPathConsistency = "stack-path-consistency"
  case referenceAgreement = "reference-agreement"
  case noLeaks = "no-leaks"
  case uikitRules = "uikit-rules"
  case quiescence = "quiescence"
  case observeIdempotence = "observe-idempotence"
  case onDismissExactlyOnce = "ondismiss-exactly-once"
  /// A runtime warning the engine reported (what `reportIssue` or a log call would say).
  case engineWarning = "engine-warning"
  case noStaleTransition = "no-stale-transition"
  /// An invariant of the app's own, from its feature code.
  case userInvariant = "user-invariant"
  case selectedTab = "selected-tab"
  case tabSwitchKeepsScreens = "tab-switch-keeps-screens"
  case alertCallbackOrder = "alert-callback-order"
  case animatedAsAsked = "animated-as-asked"
  case delegateForwarding = "delegate-forwarding"
  /// An app's link or path value with no destination for its type in sight, or a destination
  /// declared twice (an app under test, `AppUnderTest`).
  case destinationLookup = "destination-lookup"

  public static func < (lhs: InvariantID, rhs: InvariantID) -> Bool {
    lhs.ordinal < rhs.ordinal
  }

  /// The position in `allCases`, without searching it: the runner counts a check per invariant
  /// after every step, into an array indexed by this.
  var ordinal: Int {
    switch self {
    case .noDoublePresentation: 0
    case .stateUIConsistency: 1
    case .dismissalWritesBack: 2
    case .identityRebinding: 3
    case .stackPathConsistency: 4
    case .referenceAgreement: 5
    case .noLeaks: 6
    case .uikitRules: 7
    case .quiescence: 8
    case .observeIdempotence: 9
    case .onDismissExactlyOnce: 10
    case .engineWarning: 11
    case .noStaleTransition: 12
    case .userInvariant: 13
    case .selectedTab: 14
    case .tabSwitchKeepsScreens: 15
    case .alertCallbackOrder: 16
    case .animatedAsAsked: 17
    case .delegateForwarding: 18
    case .destinationLookup: 19
    }
  }

  /// One line, for `navfuzz list` and reports.
  public var summary: String {
    switch self {
    case .noDoublePresentation: "UIKit is never asked to present on a busy presenter; no screen is shown twice"
    case .stateUIConsistency: "once settled, a slot holds an item iff exactly one on-screen controller shows it"
    case .dismissalWritesBack: "a screen the user removed leaves its slot empty (unless re-set since)"
    case .identityRebinding: "after an identity change the new item is shown and kept"
    case .stackPathConsistency: "once settled, the path's elements are the stack's path screens, in order"
    case .referenceAgreement: "once settled, model and screen equal the reference state machine's"
    case .noLeaks: "once settled, every live controller is on screen"
    case .uikitRules: "UIKit never raises an exception or refuses a call"
    case .quiescence: "the world settles: nothing re-schedules itself forever"
    case .observeIdempotence: "a change navigation does not depend on changes nothing on screen"
    case .onDismissExactlyOnce: "onDismiss runs exactly once per presentation that went away"
    case .engineWarning: "the engine reports no runtime warning (EngineWarnings.report)"
    case .noStaleTransition: "a push or presentation starts only for what the model holds then, never for what the user removed"
    case .userInvariant: "the app's own invariants over its models (AppFeatures.violatedInvariants) hold"
    case .selectedTab: "once settled, the tab bar shows the tab the model selects, and the user's tap is written back"
    case .tabSwitchKeepsScreens: "a tab switch changes no controller on screen: every tab keeps its screens and state"
    case .alertCallbackOrder:
      "an alert button's action, the nil write-back and onDismiss run in the profile's order; no action reaches a presentation already gone"
    case .animatedAsAsked: "every navigation call an engine makes on screen animates as the change asked (the default: animated)"
    case .delegateForwarding: "an app's own navigation delegate hears every transition of its navigation controller"
    case .destinationLookup: "every link and path value of an app finds exactly one destination for its type"
    }
  }
}
