import HeadlessUIKit

/// The decisions the engine's reconcile makes, each named for the rule it follows.
///
/// The defaults are the engine's rules (docs/SEMANTICS.md §2). A harness may run the engine under
/// other rules — to put a known bug back (a mutant, to prove the harness finds it) or to follow
/// another library's documented choices — without the reconcile itself knowing why.
@_spi(Rules)
public struct EngineRules: Sendable, Equatable {
  /// What the engine writes back when a controller it showed leaves the hierarchy.
  public enum WriteBack: Sendable, Equatable {
    /// nil, if the item still has the identity that was presented and the binding did not ask
    /// for the dismissal itself.
    case userRemovalsOfPresentedIdentity
    /// nil, whatever the slot holds now (a stale teardown clears a new item).
    case always
    /// Nothing: the state keeps what the user took away.
    case never
    /// As `userRemovalsOfPresentedIdentity`, but for an alert the identity is compared when its
    /// dismissal ends and the nil written on the next turn, without looking again: an item the
    /// button's handler set in between is cleared (TCA #3309: a button that shows another alert).
    case comparedBeforeHandlers
  }

  /// What happens to a pushed screen popped only because the engine popped one below it.
  public enum CollateralRemoval: Sendable, Equatable {
    /// Not the user's doing: nothing is written back, and it is pushed again if its state still
    /// asks for it.
    case comesBack
    /// Treated like any removal: its state is written back (swift-navigation's `didMove(toParent:
    /// nil)` hook does not know who popped it).
    case writesBack
  }

  /// Where a pop of a pushed destination lands.
  public enum PopTarget: Sendable, Equatable {
    /// The controller below it: it goes, with everything above it.
    case controllerBelow
    /// The controller itself: only what is above it goes.
    case controllerItself
  }

  /// When and how `NavigationStackController` writes a pop of its screens back to the path.
  public enum StackPopSync: Sendable, Equatable {
    /// When the pop ends: a strict prefix, if the popped elements are still where they were.
    case whenThePopEnds
    /// One main-queue turn later, comparing counts only: a prefix as long as the stack is then,
    /// if the path is longer. A stack rebuilt meanwhile (the path changed before it looked)
    /// makes the counts agree, and the user's pop is lost.
    case nextTurnComparingCounts
    /// Decided when the pop ends, but written one main-queue turn later, as the path then cut to
    /// the length the stack had: what the program appended in between (at the end of the
    /// transition) is erased.
    case writtenOneTurnLate
  }

  /// Presentations are kept per binding; false keeps one per presenter, so a second binding's
  /// presentation replaces the first one's entry.
  public var keysPresentationsByBinding = true
  /// The binding is read inside the observation on every re-run; false reads it once when wired.
  public var observesBinding = true
  /// nil takes the screen away.
  public var dismissesOnNil = true
  /// Before presenting, the engine looks at what is presented: never twice for one identity, and
  /// the context's current modal is dismissed first.
  public var checksWhatIsPresented = true
  /// A new identity dismisses (or pops) the old screen and shows the new one.
  public var representsOnIdentityChange = true
  /// Pushed destinations carry their item's identity; false pushes once per non-nil stretch, as
  /// swift-navigation does (its `navigationDestination` passes no id).
  public var pushesCarryIdentity = true
  /// Presented controllers are held weakly, and the engine tears down when they leave; false holds
  /// them strongly and relies on their deinit, which then never comes.
  public var tearsDownWhenControllerLeaves = true
  public var writeBack = WriteBack.userRemovalsOfPresentedIdentity
  public var collateralRemoval = CollateralRemoval.comesBack
  /// Pushed destinations are popped; false dismisses them as if they were modal.
  public var popsPushedDestinations = true
  public var popTarget = PopTarget.controllerBelow
  /// A presenter that has not appeared yet presents (and pushes) once it joins the window's
  /// hierarchy (a screen deep-linked below the top of a stack); false waits for its first
  /// `viewDidAppear`, as swift-navigation does.
  public var presentsOnceInHierarchy = true
  /// `NavigationStackController` writes the user's pops back to its path.
  public var stackWritesUserPopsBack = true
  /// Alerts carry their item's identity; false shows one alert per non-nil stretch: a new item
  /// while it is shown changes nothing on screen, as SwiftUI's `alert(_:isPresented:presenting:)`
  /// does.
  public var alertsCarryIdentity = true
  /// A modal requested while its presentation context shows another binding's modal evicts it
  /// (swift-navigation #242); true waits until that one goes and presents then, as SwiftUI does
  /// ("The next sheet will be presented when the currently presented sheet gets dismissed").
  public var laterModalsWait = false
  public var stackPopSync = StackPopSync.whenThePopEnds
  /// Removing path elements at the end pops to the controller below the first removed one;
  /// false pops only the top controller when one element goes, which may be a screen that
  /// element pushed, so the element's own screen stays.
  public var popsRemovedPathElementsWhole = true
  /// A pushed destination is popped from the controller that shows it; false pops from its
  /// pusher whenever the pusher's `presentedViewController` is set — which UIKit also answers
  /// for a modal an ancestor presented — so the pusher goes too.
  public var popsFromThePushedController = true
  /// A modal dismissed because its presenter left its stack runs its `onDismiss`; false skips it.
  public var runsOnDismissWhenPresenterLeaves = true
  /// `onDismiss` runs once when a controller the user or the program removed leaves; false runs
  /// it twice (a teardown reached from two callbacks), so what the app does in it happens twice.
  public var runsOnDismissOnce = true

  /// A modal the engine takes away is dismissed by asking its presenter; false asks the modal
  /// itself, which UIKit reads as "dismiss what *you* present" when it presents another: only
  /// that one goes, and the modal stays (swift-navigation #183).
  public var dismissesThroughPresenter = true
  /// A controller counts as gone when it leaves its container (`didMove(toParent: nil)`), as well
  /// as when it is dismissed; false watches `viewDidDisappear` alone, which the screens a
  /// multi-pop removes from the middle of a stack never get, so their state stays set
  /// (swift-navigation #323/#324).
  public var leavesOnRemovalFromContainer = true
  /// A presenter popped off its stack takes its modals with it; false leaves them on screen,
  /// showing state nothing holds any more (swift-navigation #192).
  public var dismissesModalsOfDepartedPresenter = true
  /// An alert that goes runs its binding's `onDismiss`, as every other presentation does; false
  /// never does (swift-navigation #257, #303, #308: `onDismiss` not called for alerts).
  public var runsOnDismissForAlerts = true

  /// A screen replaced by a new identity runs its binding's `onDismiss` between its dismissal and
  /// the new presentation, as SwiftUI's `sheet(item:)` does; false skips it (the change proposed,
  /// and declined, in swift-navigation PR #238).
  public var runsOnDismissOnReplacement = true

  /// The tab bar writes the user's tap back to its selected-tab binding; false leaves the binding
  /// as it was, so state and screen disagree on the selected tab.
  public var writesTabSelectionBack = true
  /// A tab switch leaves every tab's stack as it is; false resets the tab left to its root, as an
  /// app that rebuilds a tab's content on every switch does: its pushed screens go, and their
  /// state is written back as if the user had popped them.
  public var keepsTabStacksOnSwitch = true
  /// `NavigationStackController` writes back a user's pop that lands on its root (no path screen
  /// left, as a tab bar's pop to the root when the user taps the selected tab again); false writes
  /// back only pops that land on a path screen, as a stack that looks up the element of the
  /// controller `didShow` names does.
  public var stackWritesBackPopsToRoot = true
  /// An alert's nil write-back and `onDismiss` wait for the tapped button's handler (swift-navigation
  /// PR #201); false runs them as the alert's dismissal ends, before the handler, whose action then
  /// reaches a presentation whose state is already gone.
  public var alertTeardownWaitsForHandler = true
  /// `NavigationStackController` pops path screens with the animation the change asked for;
  /// false passes the flag inverted, as swift-navigation did before PR #222: pops are not animated
  /// when they should be.
  public var stackPopsAnimateAsAsked = true
  /// `NavigationStackController` forwards every `UINavigationControllerDelegate` call to the
  /// delegate the app sets, keeping its own as UIKit's (swift-navigation #259); false drops the
  /// app's delegate: the stack keeps writing pops back, and the app never hears of its stack.
  public var forwardsNavigationDelegate = true

  /// The engine's own rules.
  public init() {}

  /// The rules in effect in the current simulated world; the defaults unless a harness set others
  /// for it. A new world starts with the defaults, so rules never leak from one run (or test) into
  /// the next.
  @MainActor public static var inEffect: EngineRules {
    get { world === HeadlessEnvironment.current ? stored : EngineRules() }
    set {
      stored = newValue
      world = HeadlessEnvironment.current
    }
  }

  @MainActor private static var stored = EngineRules()
  @MainActor private static weak var world: HeadlessEnvironment?
}

@MainActor
var rules: EngineRules { EngineRules.inEffect }
