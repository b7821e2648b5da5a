/// Everything one simulated world owns: its run loop and clock, the transitions in flight, what
/// UIKit said, the controllers ever created, and (when asked for) a log of lifecycle events.
///
/// UIKit code reaches the world implicitly, as iOS code reaches the main run loop, so there is one
/// current environment. A harness replaces it at the start of every run (`HeadlessEnvironment.reset()`),
/// so nothing is shared between runs.
@MainActor
public final class HeadlessEnvironment {
  /// The world UIKit calls act on. Read only from outside: `reset()` replaces it.
  public static var current: HeadlessEnvironment { storedCurrent }
  /// Private, so Swift proves its accesses exclusive at compile time instead of checking each at
  /// run time (a public stored global is checked at every read: UIKit reads it at every event).
  private static var storedCurrent = HeadlessEnvironment()

  /// Starts a fresh world and makes it current.
  @discardableResult
  public static func reset(configuration: Configuration = .init()) -> HeadlessEnvironment {
    let previous = storedCurrent
    previous.releaseLeftovers()
    let environment = HeadlessEnvironment(configuration: configuration)
    storedCurrent = environment
    // Whatever else the old world still holds goes after the write, never during it.
    withExtendedLifetime(previous) {}
    return environment
  }

  /// Lets go of the work still queued, the transitions still in flight and the navigation work
  /// still deferred, while this world is current. They may hold the last reference to a controller
  /// whose deinit calls UIKit (swift-navigation's `Presented.deinit` dismisses): that call then acts
  /// on this world, as it would have on iOS, and never reads `current` while it is being replaced
  /// (an exclusivity violation) nor touches the next world (docs/SEMANTICS.md, "Runs").
  private func releaseLeftovers() {
    // A released deinit may queue more (a dismissal's completion): a bounded number of rounds.
    for _ in 0..<100 {
      var work = runLoop.takePendingWork()
      var transitions = activeTransitions
      var deferred = navigationControllersWithDeferredWork
      activeTransitions = []
      navigationControllersWithDeferredWork = []
      if work.isEmpty && transitions.isEmpty && deferred.isEmpty { return }
      work = []
      transitions = []
      deferred = []
    }
  }

  /// Virtual durations of animated transitions, in milliseconds. There are no published values;
  /// these follow what apps in the wild use (research/uikit-lifecycle.md §3).
  public struct Configuration: Sendable {
    public var pushDuration = 350
    public var popDuration = 350
    public var modalDuration = 500
    public var alertDuration = 300
    public var interactiveGestureDuration = 300
    /// Record every lifecycle callback in `eventLog` (costs time; tests turn it on).
    public var recordsEvents = false
    public init() {}
  }

  public let configuration: Configuration
  public let runLoop = VirtualRunLoop()
  /// What UIKit said, in order.
  public var diagnostics: [UIKitDiagnostic] { reportedDiagnostics }
  /// Lifecycle callbacks in the order they fired, as "Name#serial.callback"; nil unless recorded.
  public var eventLog: [String]? { recordedEvents }
  public var keyWindow: UIWindow? { storedKeyWindow }
  // The stored properties behind the three above: internal, so Swift proves their accesses
  // exclusive at compile time rather than checking each at run time (see `takeStoredArray`).
  var reportedDiagnostics: [UIKitDiagnostic] = []
  var recordedEvents: [String]?
  var storedAppliedRules = UIKitRuleSet()
  weak var storedKeyWindow: UIWindow?
  /// Called for every controller a user gesture removes from the screen (the one swiped away or
  /// popped, and everything that goes with it), at the moment it goes — for a pop, before its
  /// `didMove(toParent: nil)`. A callback rather than a list, so the simulator never keeps a
  /// removed controller alive.
  public var onUserRemoval: (@MainActor (UIViewController) -> Void)?
  /// Called for every navigation call made on UIKit from outside it, as it is made
  /// (`NavigationCall`): which call, on what, with which `animated`.
  public var onNavigationCall: (@MainActor (NavigationCall) -> Void)? {
    get { storedOnNavigationCall }
    set { storedOnNavigationCall = newValue }
  }
  /// Internal, behind the public property: read at every call, so Swift proves its accesses
  /// exclusive at compile time instead of checking each at run time (see `takeStoredArray`).
  var storedOnNavigationCall: (@MainActor (NavigationCall) -> Void)?

  /// UIView's animation switch and the duration of the animation block being run.
  var animationsEnabled = true
  var inheritedAnimationDuration: Double = 0

  var activeTransitions: [Transition] = []
  var navigationControllersWithDeferredWork: [UINavigationController] = []
  var controllerRegistry: [WeakController] = []
  var nextSerial = 1

  public init(configuration: Configuration = .init()) {
    self.configuration = configuration
    self.recordedEvents = configuration.recordsEvents ? [] : nil
  }

  // MARK: Controllers and memory

  func register(_ controller: UIViewController) -> Int {
    defer { nextSerial += 1 }
    var registry = takeStoredArray(&controllerRegistry)
    if registry.count >= 64, registry.count.isPowerOfTwo {
      registry.removeAll { $0.controller == nil }
    }
    registry.append(WeakController(controller: controller))
    controllerRegistry = registry
    return nextSerial
  }

  /// Every controller created in this world that is still alive, in creation order.
  /// Real ARC decides: a controller is here until nothing holds it.
  public var liveControllers: [UIViewController] {
    // A loop, not `compactMap`: a closure made in main-actor code checks the executor per call.
    // Over indices, reading each weak reference in place rather than copying its entry; from one
    // read of the registry, so no access to the property encloses a weak load (see `takeStoredArray`).
    let registry = controllerRegistry
    var live: [UIViewController] = []
    let count = registry.count
    live.reserveCapacity(count)
    var index = 0
    while index < count {
      if let controller = registry[index].controller { live.append(controller) }
      index += 1
    }
    return live
  }

  func recordUserRemoval(of controllers: [UIViewController]) {
    guard let onUserRemoval else { return }
    for controller in controllers { onUserRemoval(controller) }
  }

  // MARK: Rules, diagnostics and events

  /// The rules of UIKit this world has applied so far (docs/SEMANTICS.md §1): a report of a
  /// failure names the inferred ones among them, as rules its verdict may rest on. A bit per rule,
  /// kept per world (`reset()` starts a fresh one).
  public var appliedRules: UIKitRuleSet { storedAppliedRules }

  /// Notes that a rule decided what happened: one `or`, nothing allocated.
  @inline(__always)
  func apply(_ rule: UIKitRule) {
    storedAppliedRules.insert(rule)
  }

  func report(
    _ kind: UIKitDiagnostic.Kind, _ message: String, _ controllers: [UIViewController], rule: UIKitRule? = nil
  ) {
    let rule = rule ?? kind.rule
    apply(rule)
    let diagnostic = UIKitDiagnostic(
      kind: kind, rule: rule, message: message, controllers: controllers.map(\.debugName), time: runLoop.now)
    var reported = takeStoredArray(&reportedDiagnostics)
    reported.append(diagnostic)
    reportedDiagnostics = reported
  }

  /// Forgets the events recorded so far (tests use it to look at one phase).
  public func clearEventLog() {
    if recordedEvents != nil { recordedEvents = [] }
  }

  func record(_ event: @autoclosure () -> String) {
    // The line is made before the write begins: no code of the caller runs inside a write.
    guard recordedEvents != nil else { return }
    let line = event()
    var events = recordedEvents.take()!
    events.append(line)
    recordedEvents = events
  }

  // MARK: Transitions

  /// Whether any transition is animating or any gesture is in progress.
  public var isTransitioning: Bool { !activeTransitions.isEmpty }

  /// Whether the run loop is empty and nothing is in flight: the world has settled.
  public var isQuiescent: Bool { activeTransitions.isEmpty && !runLoop.hasPendingWork }

  func begin(_ transition: Transition) {
    var transitions = takeStoredArray(&activeTransitions)
    transitions.append(transition)
    activeTransitions = transitions
  }

  func end(_ transition: Transition) {
    var transitions = takeStoredArray(&activeTransitions)
    transitions.removeAll { $0 === transition }
    activeTransitions = transitions
    transition.finishCoordinator()
    transition.runWorkWaitingForTheEnd()
    drainDeferredNavigationWork()
  }

  /// The dismissal in flight — by code or by the user's swipe, its animation not over — that
  /// takes `controller` away, if any.
  func dismissal(removing controller: UIViewController) -> Transition? {
    if activeTransitions.isEmpty { return nil }
    for transition in activeTransitions where !transition.hasFinishedAnimating && transition.kind.isDismissal {
      // The first participant is the presenter, which stays.
      for participant in transition.participants.dropFirst() where participant === controller { return transition }
    }
    return nil
  }

  /// The presentation whose animation is not over that involves `controller` (presenting or
  /// presented), if any.
  func presentation(involving controller: UIViewController) -> Transition? {
    if activeTransitions.isEmpty { return nil }
    for transition in activeTransitions where !transition.hasFinishedAnimating && transition.kind == .present {
      for participant in transition.participants where participant === controller { return transition }
    }
    return nil
  }

  /// The modal transition whose animation is over but which is still being torn down (its
  /// `viewDidAppear` or `viewDidDisappear` callbacks run) that involves `controller`, if any: a
  /// call accepted now would have been refused a moment before.
  func finishedModalTransition(involving controller: UIViewController) -> Transition? {
    if activeTransitions.isEmpty { return nil }
    for transition in activeTransitions where transition.hasFinishedAnimating && transition.kind.isModal {
      for participant in transition.participants where participant === controller { return transition }
    }
    return nil
  }

  func transition(involving controller: UIViewController, modalOnly: Bool = false) -> Transition? {
    // Most questions come while nothing is in flight: the loop below would answer nil too.
    if activeTransitions.isEmpty { return nil }
    for transition in activeTransitions where !transition.hasFinishedAnimating && (!modalOnly || transition.kind.isModal) {
      var candidate: UIViewController? = controller
      while let current = candidate {
        // A loop, not `contains(where:)`: a closure made in main-actor code checks the executor
        // each time it is called, and this runs for every controller asked about.
        for participant in transition.participants where participant === current { return transition }
        candidate = current.parent
      }
    }
    return nil
  }

  private func drainDeferredNavigationWork() {
    var index = 0
    while index < navigationControllersWithDeferredWork.count {
      let navigation = navigationControllersWithDeferredWork[index]
      if navigation.runDeferredOperationIfIdle() { return }  // one transition at a time
      if navigation.deferredOperations.isEmpty {
        var waiting = takeStoredArray(&navigationControllersWithDeferredWork)
        waiting.remove(at: index)
        navigationControllersWithDeferredWork = waiting
      } else {
        index += 1
      }
    }
  }

  /// Virtual duration of an animated transition of this kind.
  func duration(of kind: Transition.Kind, presenting controller: UIViewController? = nil) -> Int {
    switch kind {
    case .push, .setViewControllers: return configuration.pushDuration
    case .pop: return configuration.popDuration
    case .present, .dismiss:
      return controller is UIAlertController ? configuration.alertDuration : configuration.modalDuration
    case .interactiveDismiss, .interactivePop: return configuration.interactiveGestureDuration
    }
  }
}

struct WeakController {
  weak var controller: UIViewController?
}

extension Int {
  fileprivate var isPowerOfTwo: Bool { self > 0 && (self & (self - 1)) == 0 }
}
