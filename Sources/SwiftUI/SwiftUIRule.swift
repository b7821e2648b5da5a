import HeadlessUIKit

/// A rule of SwiftUI that this module follows, with a stable id (docs/SEMANTICS.md, "SwiftUI",
/// tags each rule with it), how we know it, and its source. Rules numbered in
/// shared research (swiftui-navigation.md §1) carry that number. Every run records the rules that
/// decided something in it (`SwiftUIEnvironment.appliedRules`), as HeadlessUIKit records UIKit's.
public enum SwiftUIRule: Int, Sendable, CaseIterable, CustomStringConvertible {
  // The graph
  case stateLivesAsLongAsItsIdentity
  case observationDrivesUpdates
  case updatesOnTheRunLoop
  case observableObjectDrivesUpdates
  case modifyingStateDuringUpdate
  // Sheets, covers, popovers
  case sheetFollowsItsBool
  case sheetFollowsItsItem
  case itemIdentityChangeRepresents
  case sameIdentityUpdatesInPlace
  case swipeDownWritesBackAtTheEnd
  case cancelledSwipeWritesNothing
  case interactiveDismissDisabledBlocksSwipe
  case onDismissAfterTheDismissal
  case onePresentationPerHost
  case simultaneousRequestsInDeclarationOrder
  case presenterGoneDropsItsSheet
  case fullScreenCoverHasNoSwipe
  case popoverIsASheetInCompactWidth
  case sheetIsItsOwnNavigationContext
  // Alerts and dialogs
  case alertButtonsWriteFalse
  case alertWriteBackOrder
  case presentedAlertIgnoresChanges
  case alertPresentingNeedsData
  case dialogHasABuiltInCancel
  // Stacks and paths
  case backWritesTheShorterPath
  case pathWritesAfterTheTransition
  case appendingSeveralPushesOnce
  case positionsAreIdentities
  case unchangedPathIsANoOp
  case initialPathShownAtOnce
  case nestedStackIsTheSurroundingStack
  // Destinations
  case destinationNearestTheRootWins
  case linkWithoutDestinationIsInert
  case valueWithoutDestinationIsABlankScreen
  case viewDestinationLinksPush
  // Identity, lifecycle, dismiss
  case dismissActsWhereItIsRead
  case dismissWritesBackLikeTheUser
  case appearAtTheStartDisappearAtTheEnd
  case sheetKeepsThePresenterVisible
  case taskCancelledOnDisappear
  // Tabs
  case tabTapsWriteTheSelection
  case retappingATabDoesNotPop
  case tabsKeepTheirStacks

  public var id: String { Self.table[rawValue].id }
  public var evidence: UIKitEvidence { Self.table[rawValue].evidence }
  /// The rule's number in the research catalogue (shared/research/swiftui-navigation.md §1), or
  /// nil for the graph's rules, which it does not number.
  public var researchNumber: Int? { Self.table[rawValue].number }
  public var source: String { Self.table[rawValue].source }
  public var description: String { "\(id) [\(evidence.rawValue)]" }

  public init?(id: String) {
    guard let index = Self.table.firstIndex(where: { $0.id == id }) else { return nil }
    self.init(rawValue: index)
  }

  private typealias Entry = (id: String, number: Int?, evidence: UIKitEvidence, source: String)

  /// One entry per case, in case order (a test checks it).
  private static let table: [Entry] = [
    ("state-lives-as-long-as-its-identity", 46, .documented, "State and id(_:) documentation; ole/swiftui-view-lifecycle (2022) on device"),
    ("observation-drives-updates", nil, .documented, "Observation / Managing model data: a body that read an @Observable property is evaluated again when it changes"),
    ("updates-on-the-run-loop", nil, .inferred, "a choice: an invalidated view is evaluated on a later run-loop turn, coalesced, never in the write (SwiftUI renders on the next frame)"),
    ("observable-object-drives-updates", nil, .documented, "ObservableObject: objectWillChange before a @Published change; dependent views update"),
    ("modifying-state-during-update", nil, .device, "SwiftUI's console message \"Modifying state during view update, this will cause undefined behavior.\""),
    ("sheet-follows-its-bool", 1, .documented, "sheet(isPresented:onDismiss:content:): true presents, false dismisses, onDismiss for every dismissal"),
    ("sheet-follows-its-item", 2, .documented, "sheet(item:onDismiss:content:): non-nil presents content(item), nil dismisses"),
    ("item-identity-change-represents", 3, .device, "sheet(item:) documentation (\"the system dismisses the sheet and replaces it\"); swift-navigation PR #238 vanilla sample: onDismiss between the two"),
    ("same-identity-updates-in-place", 4, .inferred, "rule 3 keys on id and state follows view identity (rule 46); no device report"),
    ("swipe-down-writes-back-at-the-end", 5, .device, "FlowStacks #69: the binding's setter \"is invoked at the very end of the dismissal\" (iOS 17); write-then-onDismiss order inferred"),
    ("cancelled-swipe-writes-nothing", 6, .inferred, "UIKit reports a dismissal only when it completes"),
    ("interactive-dismiss-disabled-blocks-swipe", 7, .documented, "interactiveDismissDisabled(_:)"),
    ("on-dismiss-after-the-dismissal", 8, .documented, "onDismiss is the closure to run when dismissing; after the animation is inferred"),
    ("one-presentation-per-host", 9, .device, "subconscious #900 console message, Esri toolkit PR #381 (\"the operating system actually queues up sheets\"); iOS 14.5+"),
    ("simultaneous-requests-in-declaration-order", 10, .inferred, "nothing documents which of two requests in one update is shown first: here the first in tree order; tests assert only that one shows and one waits"),
    ("presenter-gone-drops-its-sheet", 14, .device, "swift-navigation PR #192 (vanilla SwiftUI: the sheet stays till the next frame, then goes without animation); no write-back inferred"),
    ("full-screen-cover-has-no-swipe", 17, .documented, "fullScreenCover(isPresented:onDismiss:content:)"),
    ("popover-is-a-sheet-in-compact-width", 18, .documented, "presentationCompactAdaptation(_:): a popover over a horizontally compact view uses a sheet appearance by default"),
    ("sheet-is-its-own-navigation-context", 19, .device, "nathantannar4/Transmission #9, matteopuc/swiftui-navigation-stack #13: links in a sheet need the sheet's own NavigationStack"),
    ("alert-buttons-write-false", 20, .documented, "alert(_:isPresented:actions:): every action sets isPresented to false and dismisses; no actions: a standard OK"),
    ("alert-write-back-order", 21, .documented, "disputed: Apple \"All actions in an alert dismiss the alert after the action runs\" and TCA #3272/PR #3309 (the write after the action, default) vs scgopi/GraphCode #35 (before: SwiftUIProfile.alertWritesBackBeforeAction)"),
    ("presented-alert-ignores-changes", 22, .device, "swift-navigation PR #77, TCA #973: a presented alert ignores data changes and does not re-present"),
    ("alert-presenting-needs-data", 23, .inferred, "alert(_:isPresented:presenting:actions:) takes the unwrapped data"),
    ("dialog-has-a-built-in-cancel", 24, .documented, "confirmationDialog(_:isPresented:titleVisibility:actions:): a standard dismiss action unless a button has the cancel role"),
    ("back-writes-the-shorter-path", 26, .device, "NavigationStack documentation (back button, swipe); TCA/FlowStacks path bindings see one shorter write"),
    ("path-writes-after-the-transition", 28, .device, "tca-stack.md: user writes are prefixes applied after the transition; a cancelled swipe changes nothing"),
    ("appending-several-pushes-once", 29, .device, "FlowStacks merges consecutive pushes into one update with NavigationStack"),
    ("positions-are-identities", 30, .inferred, "hmlongco/Navigator #68: destinations are tied to position and identity"),
    ("unchanged-path-is-a-no-op", 32, .inferred, "diffing by position"),
    ("initial-path-shown-at-once", 35, .documented, "NavigationPath codable restoration example"),
    ("nested-stack-is-the-surrounding-stack", 36, .device, "home-assistant/iOS PR #5694, TCA PR #2397: nested NavigationStacks are not supported; links use the surrounding stack"),
    ("destination-nearest-the-root-wins", 37, .device, "passepartout #791, ShortcutsZip #310, NavigationBackport #58 (console message)"),
    ("link-without-destination-is-inert", 39, .device, "kkebo/DevToys #40, onmyway133/notes #664 (console message)"),
    ("value-without-destination-is-a-blank-screen", 40, .inferred, "rule 39 covers links only; a programmatic value still becomes a path element"),
    ("view-destination-links-push", nil, .documented, "NavigationLink(destination:label:): pushes its destination on the surrounding stack"),
    ("dismiss-acts-where-it-is-read", 48, .documented, "DismissAction: pops in a pushed view, dismisses a presented one, nothing elsewhere"),
    ("dismiss-writes-back-like-the-user", 49, .inferred, "same write path as rules 5 and 26"),
    ("appear-at-the-start-disappear-at-the-end", 50, .inferred, "UIKit's will/did appearance of the hosting controllers; AltSwiftUI PR #65"),
    ("sheet-keeps-the-presenter-visible", 51, .inferred, "UIKit: a page sheet keeps the presenter in the window, a full-screen cover removes it"),
    ("task-cancelled-on-disappear", 52, .documented, "task(priority:_:)"),
    ("tab-taps-write-the-selection", 53, .documented, "TabView: tapping a tab writes its tag"),
    ("retapping-a-tab-does-not-pop", 54, .device, "ryanbr/noop #135, eggerco/cronica #38, ruddarr/app #43, jellyfin/Swiftfin #209"),
    ("tabs-keep-their-stacks", 55, .device, "swiftyplace \"When onAppear actually fires\"; content built on first selection as from iOS 18"),
  ]
}
