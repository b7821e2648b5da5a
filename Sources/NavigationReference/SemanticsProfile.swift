/// A named set of rule switches the reference follows: the contract an engine is judged by.
///
/// NavFuzz's own rules (`navfuzz`) are strict choices; a real library documents others. Judging
/// an engine by the profile of the library it implements separates the documented differences
/// from the defects. docs/SEMANTICS.md §3 documents every switch with its source.
public struct SemanticsProfile: Hashable, Sendable {
  public let name: String
  /// One line, for `navfuzz list` and reports.
  public let summary: String

  /// A pushed screen the engine pops only because it popped one below it writes its state back
  /// (cleared), instead of coming back while its state still asks for it.
  public var collateralPopsWriteBack: Bool
  /// A new id in a push slot pops the old screen and pushes a new one; when false the pushed
  /// screen stays (with its screen's state) and only the slot's id changes.
  public var pushesCarryIdentity: Bool
  /// The app changes navigation state only while no transition runs: the harness holds a program
  /// step until every transition in flight has ended. For engines that neither wait nor retry.
  public var programWaitsForTransitions: Bool
  /// A screen presents and pushes nothing before it has appeared once (a screen deep-linked below
  /// the top of a stack waits until the user reaches it).
  public var presentsOnlyAfterAppearing: Bool
  /// A new id in a shown alert (or dialog) re-presents it; when false the alert stays, showing
  /// what it showed, and only the slot's id changes (a button still clears the slot).
  public var alertsCarryIdentity: Bool
  /// A modal set while its navigation group already shows another one waits — its state stays
  /// set and nothing shows — until the shown one goes, instead of evicting it (last writer wins).
  public var laterModalsWait: Bool
  /// When the user taps an alert's button, its binding is written back (nil) before the button's
  /// action runs; when false, after it. `onDismiss` comes last either way.
  public var alertWritesBackBeforeAction: Bool

  public init(
    name: String, summary: String, collateralPopsWriteBack: Bool = false, pushesCarryIdentity: Bool = true,
    programWaitsForTransitions: Bool = false, presentsOnlyAfterAppearing: Bool = false, alertsCarryIdentity: Bool = true,
    laterModalsWait: Bool = false, alertWritesBackBeforeAction: Bool = false
  ) {
    self.name = name
    self.summary = summary
    self.collateralPopsWriteBack = collateralPopsWriteBack
    self.pushesCarryIdentity = pushesCarryIdentity
    self.programWaitsForTransitions = programWaitsForTransitions
    self.presentsOnlyAfterAppearing = presentsOnlyAfterAppearing
    self.alertsCarryIdentity = alertsCarryIdentity
    self.laterModalsWait = laterModalsWait
    self.alertWritesBackBeforeAction = alertWritesBackBeforeAction
  }

  /// Whether a new id in a filled slot of this style is a new presentation (a new incarnation).
  public func carriesIdentity(_ style: SlotStyle) -> Bool {
    if style == .push { return pushesCarryIdentity }
    if style.isAlert { return alertsCarryIdentity }
    return true
  }

  /// NavFuzz's own rules: only the user's removals write back, pushes re-push on a new identity,
  /// and the engine, not the app, waits for transitions.
  public static let navfuzz = SemanticsProfile(
    name: "navfuzz", summary: "NavFuzz's own rules: only user removals write back, pushes carry identity, the engine waits for transitions")

  /// pointfreeco/swift-navigation's UIKitNavigation, as it documents and behaves.
  public static let swiftNavigation = SemanticsProfile(
    name: "swift-navigation",
    summary: "UIKitNavigation: every removal it did not ask for writes back, pushes carry no identity, the app waits for transitions, screens present once they appeared",
    collateralPopsWriteBack: true, pushesCarryIdentity: false, programWaitsForTransitions: true,
    presentsOnlyAfterAppearing: true)

  /// SwiftUI's `sheet(item:)`, `fullScreenCover`, `navigationDestination(item:)` and
  /// `NavigationStack(path:)`.
  public static let swiftUI = SemanticsProfile(
    name: "swiftui",
    summary:
      "SwiftUI: every removal writes its binding back, pushes carry identity, alerts do not, the app waits for transitions, a second modal waits for the first to go",
    collateralPopsWriteBack: true, pushesCarryIdentity: true, programWaitsForTransitions: true, alertsCarryIdentity: false,
    laterModalsWait: true, alertWritesBackBeforeAction: true)

  public static let all: [SemanticsProfile] = [.navfuzz, .swiftNavigation, .swiftUI]

  public static func named(_ name: String) -> SemanticsProfile? {
    all.first { $0.name == name }
  }

  /// The switches, by name, with this profile's values (for `navfuzz list` and reports).
  public var switches: [(name: String, value: Bool)] {
    [
      ("collateral-pops-write-back", collateralPopsWriteBack),
      ("pushes-carry-identity", pushesCarryIdentity),
      ("program-waits-for-transitions", programWaitsForTransitions),
      ("presents-only-after-appearing", presentsOnlyAfterAppearing),
      ("alerts-carry-identity", alertsCarryIdentity),
      ("later-modals-wait", laterModalsWait),
      ("alert-write-back-before-action", alertWritesBackBeforeAction),
    ]
  }
}
