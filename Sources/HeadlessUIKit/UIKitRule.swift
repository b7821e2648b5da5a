/// How we know that UIKit behaves as a rule says.
public enum UIKitEvidence: String, Sendable, CaseIterable {
  /// Seen on a device or simulator: an upstream test that runs on a simulator in its own CI, or an
  /// issue thread that reports what UIKit did, with its console message where it printed one.
  case device
  /// Apple's documentation says so.
  case documented
  /// Nobody has shown it: our reading of the other rules, or a choice where the sources are silent.
  case inferred
}

/// A rule of UIKit that HeadlessUIKit follows, with a stable id (docs/SEMANTICS.md §1 tags each
/// rule with it) and how we know it. A verdict that rests on an `inferred` rule is one a user
/// should double-check, so every run records the rules it applied (`HeadlessEnvironment.appliedRules`)
/// and every report of a failure names the inferred ones among them.
///
/// Rules that hold for every run alike (time is virtual, transitions last fixed durations) are
/// listed here and in SEMANTICS but never recorded: they would name every failure.
public enum UIKitRule: Int, Sendable, CaseIterable, CustomStringConvertible {
  // Time
  case virtualTime
  case transitionDurations
  case unanimatedCompletesOnNextTurn
  case unanimatedDismissalEndsOnNextTurn
  case unanimatedStackChangeEndsOnNextTurn
  // Presentation
  case presentationRoutedToContext
  case presentedSetAtOnce
  case presentOnPresentingContextRefused
  case presentDuringTransitionRefused
  case presentOutsideWindowRefused
  case refusedCallDropsCompletion
  case dismissWaitsForRunningTransition
  case redundantDismissIsAWarning
  case dismissDuringSwipeJudgedAtItsEnd
  case presentingAnActiveControllerRaises
  case presentingOnItselfRaises
  case presentingAChildRaises
  case dismissRemovesWhatTheContextPresents
  case intermediatesOfADismissalDisappear
  case coveredIntermediatesGetNoCallbacks
  case dismissingNothingRunsTheCompletion
  case presentationOverAtViewDidAppear
  case dismissalOverAtViewDidDisappear
  case beingDismissedOnTheContainerOnly
  case swipedSheetReleased
  case sheetsKeepThePresenterOnScreen
  // Navigation stacks
  case pushSequence
  case popSequence
  case multiPopIntermediatesContainmentOnly
  case stackChangeWaitsForTheStacksTransition
  case stackChangeDroppedDuringAPresentation
  case stackOffScreenChangesWithoutTransition
  case pushingTheSameInstanceRaises
  case distinctStackControllers
  case pushingANavigationControllerRaises
  case pushingAnotherContainersChildRaises
  case poppingToAMissingControllerRaises
  // User gestures
  case gesturesIgnoredDuringTransitions
  case sheetSwipeSequence
  case tapOutside
  case presentationPropertiesReadThroughOverrides
  case alertHandlerAfterDismissal
  case gesturesBypassOverriddenDismiss
  case backGestureNeedsTheBackButton
  case interactivePopSequence
  // Memory
  case hierarchyHoldsStrongly
  // What `import UIKit` adds
  case mainQueueOnTheRunLoop
  case viewAnimationCompletesLater
  case traitsInherited
  case storedNavigationDelegate
  case navigationDelegateShowOnly
  case coordinatorAlongside
  case disabledAlertActions
  case presentationControllerKinds
  case heldOnlyProperties
  case showPushesOrPresents
  case viewIsAppearingAfterViewWillAppear
  case navigationCoordinatorFromTheTransitionsStart
  case associatedObjectsReleasedAfterTheWrite
  // Responders, controls, text input, scenes and lists
  case respondersTornDownOnTheMainActor
  case firstResponder
  case textFieldEditingSequence
  case returnEndsEditingWithAnAction
  case controlValuesAndEvents
  case keyValueObservingOfControls
  case applicationOpenAnswersNextTurn
  case listSelectionSequence
  case unknownIdentifiersTrap
  case transactionCompletionAfterItsTransitions
  case pageControllerTransitionTiming

  /// The id docs/SEMANTICS.md tags the rule with; reports print it.
  public var id: String { Self.table[rawValue].id }
  public var evidence: UIKitEvidence { Self.table[rawValue].evidence }
  /// The evidence in a line: which test, thread or document, or what the inference rests on.
  public var source: String { Self.table[rawValue].source }
  public var description: String { "\(id) [\(evidence.rawValue)]" }

  /// The rule with this id, if any.
  public init?(id: String) {
    guard let index = Self.table.firstIndex(where: { $0.id == id }) else { return nil }
    self.init(rawValue: index)
  }

  private typealias Entry = (id: String, evidence: UIKitEvidence, source: String)

  /// One entry per case, in case order (a test checks it), so a rule's facts are read by index.
  private static let table: [Entry] = [
    ("virtual-time", .inferred, "a choice: no wall clock, no threads, so a run repeats byte for byte"),
    ("transition-durations", .inferred, "Apple publishes none; 350/500/300 ms are what apps in the wild use"),
    ("unanimated-completes-next-turn", .inferred, "without animation the hierarchy changes in the call and the completion runs on the next turn: no source says when"),
    ("unanimated-dismissal-ends-next-turn", .device, "swift-navigation PR #332: its test, on the iOS simulator, needs the controller still presented and isBeingDismissed right after dismiss(animated: false)"),
    ("unanimated-stack-change-ends-next-turn", .device, "swift-navigation's testPushMultipleFeaturesAtOnce_LazyNavigationDestination passes on the simulator only if didShow of a push without animation runs after the code that pushed returned"),
    ("presentation-routed-to-context", .documented, "UIViewController.presentedViewController / presentingViewController documentation"),
    ("presented-set-at-once", .device, "presentedViewController is set as present(_:) returns: hhru/Nivelir reads it right after presenting"),
    ("present-on-presenting-context-refused", .device, "console: \"Attempt to present X on Y which is already presenting Z\" (widely reported, e.g. swift-navigation PR #183)"),
    ("present-during-transition-refused", .device, "console: \"Attempt to present … while a presentation is in progress\""),
    ("present-outside-window-refused", .device, "console: \"… whose view is not in the window hierarchy\" (swift-navigation #254)"),
    ("refused-call-drops-completion", .inferred, "a refused present or dismiss never runs its completion: no source shows either way"),
    ("dismiss-waits-for-running-transition", .device, "swift-navigation #254, #332, PR #295, openradar 30284135; simulator: testPresents_DeepLink, testDismissMultiplePresentations, testRepresentWhileDismissing_StillCallsOnDismiss (HEAD), testPresent_RepresentOnIdentityChange (2.8.0)"),
    ("redundant-dismiss-is-a-warning", .device, "console \"Warning: Attempt to dismiss from view controller …\" on a second dismiss (ProMotion #473, SideMenu #323, libreliodev/iOS #5); swift-navigation #309: the parent stays"),
    ("dismiss-during-swipe-judged-at-its-end", .inferred, "a dismiss asked of a sheet the user is swiping: lost only if the swipe is cancelled or the call had a completion"),
    ("presenting-an-active-controller-raises", .device, "crash: \"Application tried to present modally an active controller\" (jonkykong/SideMenu #107)"),
    ("presenting-on-itself-raises", .device, "crash: \"Application tried to present modal view controller on itself\" (wordpress-mobile/WordPress-iOS #11483)"),
    ("presenting-a-child-raises", .inferred, "presenting a controller that has a parent is treated as an exception; no report of UIKit's message at hand"),
    ("dismiss-removes-what-the-context-presents", .documented, "dismiss(animated:completion:) documentation: removes the presented stack; a presented controller forwards to its presenter"),
    ("intermediates-of-a-dismissal-disappear", .inferred, "controllers below the top of a dismissed stack get disappear callbacks: observed for the top only"),
    ("covered-intermediates-get-no-callbacks", .inferred, "a controller hidden under a full-screen cover has disappeared already: appearance callbacks come in balanced pairs"),
    ("dismissing-nothing-runs-the-completion", .inferred, "dismiss with nothing presented still runs its completion, on the next turn"),
    ("presentation-over-at-view-did-appear", .documented, "isBeingPresented is documented for viewDidAppear; presenting from viewDidAppear is accepted (deferred deep links)"),
    ("dismissal-over-at-view-did-disappear", .device, "swift-navigation PR #332 presents from the dismissed controller's viewDidDisappear in production apps"),
    ("being-dismissed-on-the-container-only", .device, "hhru/Nivelir PR #116, SDCAlertView PR #280: the top of a dismissed navigation controller sees isBeingDismissed false"),
    ("swiped-sheet-released", .device, "swift-navigation #309: 2.4.2 fine, 2.5.0 dismisses the parent too, on devices"),
    ("sheets-keep-the-presenter-on-screen", .documented, "UIModalPresentationStyle documentation: sheets and popovers leave the presenter's view; full screen removes it"),
    ("push-sequence", .device, "push callbacks and viewControllers order seen in device logs (iOS 17.4)"),
    ("pop-sequence", .documented, "UINavigationController documentation: viewControllers updated first; the root is never popped"),
    ("multi-pop-intermediates-containment-only", .inferred, "from swift-navigation #324: intermediates of popToViewController get willMove/didMove but no disappear callbacks"),
    ("stack-change-waits-for-the-stacks-transition", .device, "openradar 44091459, react-native-screens: a push during a push runs when the first ends on modern iOS"),
    ("stack-change-dropped-during-a-presentation", .device, "console: \"… called on <UINavigationController> while an existing transition or presentation is occurring; the navigation stack will not be updated.\" (aryaxt/iOS-Slide-Menu #161)"),
    ("stack-off-screen-changes-without-transition", .inferred, "a navigation controller not on screen changes its stack with no transition or appearance callbacks"),
    ("pushing-the-same-instance-raises", .documented, "pushViewController documentation: pushing a controller already on the stack raises"),
    ("distinct-stack-controllers", .device, "crash: \"All view controllers in a navigation controller must be distinct\" (wordpress-mobile/WordPress-iOS #15337)"),
    ("pushing-a-navigation-controller-raises", .device, "crash: \"Pushing a navigation controller is not supported\" (skywinder/ActionSheetPicker-3.0 #70)"),
    ("pushing-another-containers-child-raises", .inferred, "pushing a controller that is another container's child is treated as an exception"),
    ("popping-to-a-missing-controller-raises", .device, "crash: \"Tried to pop to a view controller that doesn't exist.\" (helpscout/beacon-ios-sdk #132)"),
    ("gestures-ignored-during-transitions", .inferred, "a choice: UIKit ignores touches while a transition runs"),
    ("sheet-swipe-sequence", .documented, "UIAdaptivePresentationControllerDelegate documentation and WWDC19: should/will/did, none when cancelled or programmatic"),
    ("tap-outside", .documented, "UIPopoverPresentationController and UIAlertController documentation"),
    ("presentation-properties-read-through-overrides", .documented, "modalPresentationStyle and isModalInPresentation are open properties UIKit reads"),
    ("alert-handler-after-dismissal", .device, "sberrevoets/SDCAlertView #268 (its maintainer), material-components-ios PR #2490: the handler runs once the alert is gone"),
    ("gestures-bypass-overridden-dismiss", .inferred, "a swipe or an alert button does not call an overridden dismiss(animated:completion:): apps detect swipes with the delegate instead"),
    ("back-gesture-needs-the-back-button", .device, "openradar 19031955, sascha/DrawerController #38: no swipe back with a custom left item or a hidden bar until the gesture's delegate is replaced"),
    ("interactive-pop-sequence", .device, "openradar 21137690, Stack Overflow 18927878: callbacks of a swipe back that finishes or is cancelled"),
    ("hierarchy-holds-strongly", .documented, "containers hold their children and presenters what they present; everything else is weak"),
    ("main-queue-on-the-run-loop", .documented, "DispatchQueue.main runs its work on the main run loop's next turn"),
    ("view-animation-completes-later", .inferred, "UIView.animate's completion runs after the virtual duration, never within the call"),
    ("traits-inherited", .documented, "WWDC23 \"Unleash the UIKit trait system\": traits flow from parents and presenters, overrides apply below"),
    ("stored-navigation-delegate", .inferred, "UIKit talks to the delegate it stored, not to an overriding getter (swift-navigation's NavigationStackController relies on it)"),
    ("navigation-delegate-show-only", .documented, "UINavigationControllerDelegate documentation; the simulator calls willShow and didShow only"),
    ("coordinator-alongside", .documented, "UIViewControllerTransitionCoordinator documentation"),
    ("disabled-alert-actions", .documented, "UIAlertAction.isEnabled documentation"),
    ("presentation-controller-kinds", .documented, "UISheetPresentationController and UIPopoverPresentationController documentation"),
    ("held-only-properties", .documented, "the properties' documentation; the simulator draws and lays out nothing"),
    ("show-pushes-or-presents", .inferred, "show(_:sender:) presents when no navigation controller contains the sender; UIKit may also look past a presented controller"),
    ("view-is-appearing-after-view-will-appear", .documented, "viewIsAppearing(_:) documentation (order); \"right after\" is a choice"),
    ("navigation-coordinator-from-the-transitions-start", .inferred, "known gap: the coordinator exists from didShow's side only; UIKit has it in willShow too"),
    ("associated-objects-released-after-the-write", .documented, "the Objective-C runtime's _object_set_associative_reference releases the old value after the write"),
    ("responders-torn-down-on-the-main-actor", .device, "swift-navigation's UIControlTests.testDeinitIsolation releases a bound text field on another thread and passes on the simulator"),
    ("first-responder", .documented, "UIResponder documentation: one first responder; becomeFirstResponder refused off the view hierarchy; the responder chain"),
    ("text-field-editing-sequence", .documented, "UITextFieldDelegate and UIControl.Event documentation; UITextInput positions are NSString (UTF-16) offsets"),
    ("return-ends-editing-with-an-action", .inferred, "Return ends editing only when an action listens for .editingDidEndOnExit, as UIKit dismisses the keyboard for such a field"),
    ("control-values-and-events", .documented, "UISlider, UIStepper, UIDatePicker, UIPageControl documentation: values clamped; .valueChanged for a person's change"),
    ("key-value-observing-of-controls", .documented, "these properties are KVO-compliant on iOS"),
    ("application-open-answers-next-turn", .inferred, "UIApplication.open(_:) calls its completion asynchronously"),
    ("list-selection-sequence", .documented, "UITableViewDelegate / UICollectionViewDelegate documentation: will-select, deselect, did-select for a person's tap only"),
    ("unknown-identifiers-trap", .documented, "UIKit raises for an unregistered cell identifier or an unknown storyboard or storyboard identifier"),
    ("transaction-completion-after-its-transitions", .inferred, "CATransaction's completion runs when its animations end: here, when the transitions begun in it end"),
    ("page-controller-transition-timing", .inferred, "UIPageViewController.setViewControllers completes after the push duration when animated, on the next turn otherwise"),
  ]
}

/// The rules a run applied: one bit per rule, so recording costs an `or` and no allocation.
public struct UIKitRuleSet: Hashable, Sendable, Sequence {
  private var low: UInt64 = 0
  private var high: UInt64 = 0

  public init() {}

  public init(_ rules: some Sequence<UIKitRule>) {
    for rule in rules { insert(rule) }
  }

  @inline(__always)
  public mutating func insert(_ rule: UIKitRule) {
    let index = rule.rawValue
    if index < 64 { low |= 1 &<< UInt64(index) } else { high |= 1 &<< UInt64(index - 64) }
  }

  public func contains(_ rule: UIKitRule) -> Bool {
    let index = rule.rawValue
    return index < 64 ? low & (1 &<< UInt64(index)) != 0 : high & (1 &<< UInt64(index - 64)) != 0
  }

  public var isEmpty: Bool { low == 0 && high == 0 }

  /// The rules in case order.
  public func makeIterator() -> some IteratorProtocol<UIKitRule> {
    UIKitRule.allCases.lazy.filter { self.contains($0) }.makeIterator()
  }

  /// The ids of the inferred rules among these, in case order: what a verdict resting on them
  /// should tell its reader.
  public var inferredIDs: [String] { filter { $0.evidence == .inferred }.map(\.id) }
}
