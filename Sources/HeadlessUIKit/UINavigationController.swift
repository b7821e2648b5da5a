import Foundation

/// A navigation stack, with UIKit's rules: one transition at a time (later calls wait for it),
/// no instance pushed twice, the root never popped, intermediates of a multi-pop removed without
/// appearance callbacks.
@preconcurrency @MainActor
open class UINavigationController: UIViewController {
  /// The stack itself. `viewControllers` reads it; setting `viewControllers` is
  /// `setViewControllers(_:animated: false)`, as in UIKit.
  var stack: [UIViewController] = []
  /// The delegate UIKit talks to. A subclass may override `delegate` (swift-navigation's
  /// NavigationStackController returns its user's delegate and installs a proxy through
  /// `super.delegate`); UIKit keeps talking to what was stored, as it reads its own ivar (inferred).
  weak var storedDelegate: (any UINavigationControllerDelegate)?
  /// Calls made while a transition ran, replayed one by one when it ends (modern UIKit defers them).
  final var deferredOperations: [@MainActor () -> Void] = []
  private var isRunningDeferredOperation = false

  /// The bar at the top (held only).
  public let navigationBar = UINavigationBar()
  open var isNavigationBarHidden = false
  open var isToolbarHidden = true

  open var viewControllers: [UIViewController] {
    get { stack }
    set { setViewControllers(newValue, animated: false) }
  }

  open weak var delegate: (any UINavigationControllerDelegate)? {
    get { storedDelegate }
    set { storedDelegate = newValue }
  }

  public override init() { super.init() }

  public override init(nibName: String?, bundle: Bundle?) { super.init(nibName: nibName, bundle: bundle) }

  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// Custom bar classes are accepted and ignored: bars are not drawn.
  public init(navigationBarClass: AnyClass?, toolbarClass: AnyClass?) {
    super.init()
  }

  public init(rootViewController: UIViewController) {
    super.init()
    setViewControllers([rootViewController], animated: false)
  }

  /// Whether the user's swipe back may begin: the gesture is enabled and its delegate agrees.
  func interactivePopMayBegin() -> Bool {
    guard let recognizer = interactivePopGestureRecognizer, recognizer.isEnabled else { return false }
    return recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) ?? true
  }

  /// Whether the bar shows a back button the user can tap: the bar is shown and the top's item
  /// does not hide it.
  var showsBackButton: Bool {
    guard !isNavigationBarHidden, let top = stack.last, stack.count > 1 else { return false }
    return !top.navigationItem.hidesBackButton
  }

  open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) { isNavigationBarHidden = hidden }
  open func setToolbarHidden(_ hidden: Bool, animated: Bool) { isToolbarHidden = hidden }
  /// Held only, with UIKit's defaults: bars are not drawn.
  open var hidesBarsOnSwipe = false
  open var hidesBarsOnTap = false
  open var hidesBarsWhenKeyboardAppears = false

  /// The edge swipe that pops the top controller: `userSwipeBack` is skipped when it is disabled or
  /// its delegate says it should not begin. Its delegate is UIKit's own object at first, which
  /// refuses while the bar or the back button is hidden or the top shows its own left items; apps
  /// replace it (`delegate = self`, or `nil`) to allow the swipe anyway (docs/SEMANTICS.md).
  public private(set) lazy var interactivePopGestureRecognizer: UIGestureRecognizer? = {
    let recognizer = UIGestureRecognizer()
    recognizer.delegate = defaultInteractivePopDelegate
    return recognizer
  }()
  /// UIKit's own delegate of the gesture, held here because a gesture holds its delegate weakly.
  private lazy var defaultInteractivePopDelegate = DefaultInteractivePopDelegate(navigationController: self)

  open var topViewController: UIViewController? { stack.last }
  /// The top of the stack, or what is presented over the navigation controller.
  open var visibleViewController: UIViewController? { presentedViewController ?? topViewController }

  /// Pushes, animated: what `show(_:sender:)` means in a navigation interface.
  open override func show(_ controller: UIViewController, sender: Any?) {
    pushViewController(controller, animated: true)
  }

  /// The top, as a slice of the stack (equal to `[topViewController]`, or `[]` on an empty stack,
  /// without making an array at every appearance callback).
  override var appearanceChildren: ArraySlice<UIViewController> { stack.suffix(1) }

  // MARK: Push

  open func pushViewController(_ controller: UIViewController, animated: Bool) {
    if !isRunningDeferredOperation { HeadlessEnvironment.current.recordNavigationCall(.push, on: self, animated: animated) }
    if controller is UINavigationController {
      report(.pushNavigationController, "Pushing a navigation controller is not supported", [controller])
      return
    }
    if stack.containsInstance(controller) {
      report(
        .pushSameInstance,
        "Pushing the same view controller instance (\(controller.debugName)) more than once is not supported",
        [controller])
      return
    }
    if let parent = controller.parent, parent !== self {
      report(
        .pushControllerWithParent,
        "Cannot push \(controller.debugName): it is a child of \(parent.debugName)", [controller])
      return
    }
    if dropsStackChangeDuringAPresentation("pushViewController:animated:") { return }
    if deferIfBusy({ [weak self] in self?.pushViewController(controller, animated: animated) }) { return }
    let outgoing = topViewController
    addChild(controller)
    controller.movingToParent = true
    // Changed as a local taken out of the property, here and below, so the stack's accesses stay
    // instantaneous (see `takeStoredArray`).
    var controllers = takeStoredArray(&stack)
    controllers.append(controller)
    stack = controllers
    transition(.push, from: outgoing, to: controller, animated: animated, removed: [], added: [controller])
  }

  // MARK: Pop

  /// Pops the top controller; does nothing on the root.
  @discardableResult
  open func popViewController(animated: Bool) -> UIViewController? {
    HeadlessEnvironment.current.recordNavigationCall(.pop, on: self, animated: animated)
    return popTop(animated: animated, userInitiated: false)
  }

  /// Pops everything above `controller`, which must be on the stack.
  @discardableResult
  open func popToViewController(_ controller: UIViewController, animated: Bool) -> [UIViewController]? {
    HeadlessEnvironment.current.recordNavigationCall(.popTo, on: self, animated: animated)
    return popTo(controller, animated: animated, userInitiated: false)
  }

  @discardableResult
  open func popToRootViewController(animated: Bool) -> [UIViewController]? {
    HeadlessEnvironment.current.recordNavigationCall(.popToRoot, on: self, animated: animated)
    guard let root = stack.first else { return nil }
    return popTo(root, animated: animated, userInitiated: false)
  }

  // MARK: Set

  /// Replaces the stack in one transition: a push if the new top is new, a pop if it was below,
  /// none if it stays on top.
  open func setViewControllers(_ controllers: [UIViewController], animated: Bool) {
    if !isRunningDeferredOperation {
      HeadlessEnvironment.current.recordNavigationCall(.setViewControllers, on: self, animated: animated)
    }
    // Past a few controllers, the ones seen so far are hashed: a deep link sets thousands at
    // once, and searching those before each one cost the square of their number.
    var seen = Set<ObjectIdentifier>()
    for (index, controller) in controllers.enumerated() {
      let isRepeated =
        controllers.count > 16
        ? !seen.insert(ObjectIdentifier(controller)).inserted : controllers[..<index].containsInstance(controller)
      if isRepeated {
        report(
          .viewControllersNotDistinct,
          "All view controllers in a navigation controller must be distinct (\(controllers.map(\.debugName).joined(separator: ", ")))",
          [controller])
        return
      }
      if controller is UINavigationController {
        report(.pushNavigationController, "Pushing a navigation controller is not supported", [controller])
        return
      }
    }
    if dropsStackChangeDuringAPresentation("setViewControllers:animated:") { return }
    if deferIfBusy({ [weak self] in self?.setViewControllers(controllers, animated: animated) }) { return }
    let old = stack
    let removed = old.excludingInstances(in: controllers)
    if removed.count > 1 || (removed.count == 1 && removed[0] !== old.last) {
      HeadlessEnvironment.current.apply(.multiPopIntermediatesContainmentOnly)
    }
    let added = controllers.excludingInstances(in: old)
    for controller in removed { controller.dispatch(.willMoveToParent(isNil: true)) { $0.willMove(toParent: nil) } }
    for controller in added { addChild(controller) }
    stack = controllers
    let outgoing = old.last, incoming = controllers.last
    transition(
      .setViewControllers, from: outgoing === incoming ? nil : outgoing,
      to: outgoing === incoming ? nil : incoming,
      animated: animated, removed: removed, added: added)
  }

  // MARK: Mechanics

  func popTop(animated: Bool, userInitiated: Bool) -> UIViewController? {
    guard stack.count > 1 else { return nil }
    if dropsStackChangeDuringAPresentation("popViewControllerAnimated:") { return nil }
    if deferIfBusy({ [weak self] in _ = self?.popTop(animated: animated, userInitiated: userInitiated) }) { return nil }
    let top = stack[stack.count - 1]
    removeAbove(index: stack.count - 2, animated: animated, userInitiated: userInitiated)
    return top
  }

  func popTo(_ target: UIViewController, animated: Bool, userInitiated: Bool) -> [UIViewController]? {
    guard let index = stack.firstIndexOfInstance(target) else {
      report(.popToMissingController, "Tried to pop to a view controller that doesn't exist.", [target])
      return nil
    }
    if index == stack.count - 1 { return [] }
    if dropsStackChangeDuringAPresentation(index == 0 ? "popToRootViewControllerAnimated:" : "popToViewController:animated:") {
      return nil
    }
    if deferIfBusy({ [weak self] in _ = self?.popTo(target, animated: animated, userInitiated: userInitiated) }) {
      return nil
    }
    let popped = Array(stack[(index + 1)...])
    removeAbove(index: index, animated: animated, userInitiated: userInitiated)
    return popped
  }

  private func removeAbove(index: Int, animated: Bool, userInitiated: Bool) {
    let removed = Array(stack[(index + 1)...])
    if removed.count > 1 { HeadlessEnvironment.current.apply(.multiPopIntermediatesContainmentOnly) }
    for controller in removed {
      controller.dispatch(.willMoveToParent(isNil: true)) { $0.willMove(toParent: nil) }
    }
    removed.last?.movingFromParent = true
    var kept = takeStoredArray(&stack)
    kept.removeSubrange((index + 1)...)
    stack = kept
    transition(
      .pop, from: removed.last, to: stack.last, animated: animated, removed: removed, added: [],
      userInitiated: userInitiated)
  }

  /// One stack transition: appearance callbacks for the outgoing and incoming tops (only while the
  /// navigation controller is on screen), `willShow` now, containment and `didShow` at the end.
  private func transition(
    _ kind: Transition.Kind, from outgoing: UIViewController?, to incoming: UIViewController?,
    animated: Bool, removed: [UIViewController], added: [UIViewController], userInitiated: Bool = false
  ) {
    let environment = HeadlessEnvironment.current
    let onScreen = appearanceState == .appeared || appearanceState == .appearing
    let shown = incoming ?? topViewController
    if let shown { storedDelegate?.navigationController(self, willShow: shown, animated: animated) }
    if onScreen {
      outgoing?.beginAppearanceTransition(false, animated: animated)
      incoming?.beginAppearanceTransition(true, animated: animated)
    }
    let finish: @MainActor () -> Void = { [self] in
      if onScreen {
        outgoing?.endAppearanceTransition()
        incoming?.endAppearanceTransition()
      }
      // The harness hears of the user's removal before the containment callbacks, so it can
      // tell a screen the user popped from one popped along without the user.
      if userInitiated { environment.recordUserRemoval(of: removed) }
      for controller in removed.reversed() {
        controller.movingFromParent = false
        controller.removeFromParent()
      }
      for controller in added {
        controller.movingToParent = false
        controller.dispatch(.didMoveToParent(isNil: false)) { $0.didMove(toParent: self) }
      }
      if let shown { storedDelegate?.navigationController(self, didShow: shown, animated: animated) }
    }
    guard onScreen else {
      // A stack hidden in the window's hierarchy (under a full-screen cover) changing without
      // callbacks is our reading.
      if isInWindowHierarchy { environment.apply(.stackOffScreenChangesWithoutTransition) }
      finish()
      return
    }
    // Without animation the change still ends on the next turn, not within the call: UIKit runs a
    // stack's transition in the layout pass that follows the code that asked for it, so what
    // `didShow` and `viewDidAppear` do happens after that code has returned (docs/SEMANTICS.md).
    if !animated { environment.apply(.unanimatedStackChangeEndsOnNextTurn) }
    let transition = Transition(kind, participants: [self], from: outgoing, to: incoming, animated: animated)
    environment.begin(transition)
    environment.runLoop.schedule(after: animated ? environment.duration(of: kind) : 0) {
      finish()
      environment.end(transition)
    }
  }

  /// Whether a presentation over this stack is in flight: its context presenting, the presented
  /// controller still animating in. UIKit then logs the change and leaves the stack as it was
  /// ("… while an existing transition or presentation is occurring; the navigation stack will not
  /// be updated."). A stack change during the stack's own transition, or while the navigation
  /// controller is itself being presented or something over it dismissed, waits instead
  /// (`deferIfBusy`).
  func dropsStackChangeDuringAPresentation(_ selector: String) -> Bool {
    let environment = HeadlessEnvironment.current
    if environment.activeTransitions.isEmpty { return false }
    let context = rootAncestor
    for transition in environment.activeTransitions
    where transition.kind == .present && !transition.hasFinishedAnimating && transition.participants[0] === context {
      report(
        .navigationStackNotUpdated,
        "\(selector) called on \(debugName) while an existing transition or presentation is occurring; the navigation stack will not be updated.",
        [])
      return true
    }
    return false
  }

  /// Whether a transition involves this navigation controller (its own, or a presentation it takes
  /// part in). If so, queues `operation` for when it ends and says so. The operation is an
  /// autoclosure so that its closure is made only when it is deferred, not at every stack change.
  func deferIfBusy(_ operation: @autoclosure () -> @MainActor () -> Void) -> Bool {
    let environment = HeadlessEnvironment.current
    let queued = !deferredOperations.isEmpty && !isRunningDeferredOperation
    guard environment.transition(involving: self) != nil || queued else { return false }
    if deferredOperations.isEmpty {
      var waiting = takeStoredArray(&environment.navigationControllersWithDeferredWork)
      waiting.append(self)
      environment.navigationControllersWithDeferredWork = waiting
    }
    let deferred = operation()
    var operations = takeStoredArray(&deferredOperations)
    operations.append(deferred)
    deferredOperations = operations
    report(
      .navigationOperationDeferred,
      "\(debugName): stack change requested during a transition; deferred until it ends", [])
    return true
  }

  /// Runs deferred operations while the controller is idle. Returns true once one started a transition.
  func runDeferredOperationIfIdle() -> Bool {
    let environment = HeadlessEnvironment.current
    while !deferredOperations.isEmpty, environment.transition(involving: self) == nil {
      var operations = takeStoredArray(&deferredOperations)
      let operation = operations.removeFirst()
      deferredOperations = operations
      isRunningDeferredOperation = true
      operation()
      isRunningDeferredOperation = false
      if environment.transition(involving: self) != nil { return true }
    }
    return false
  }

  func report(_ kind: UIKitDiagnostic.Kind, _ message: String, _ controllers: [UIViewController]) {
    HeadlessEnvironment.current.report(kind, message, [self] + controllers)
  }
}

/// UIKit's own delegate of `interactivePopGestureRecognizer`: the swipe back does not begin while
/// the bar or the back button is hidden, or while the top controller shows its own left bar items
/// instead of the back button. [obs: the well-known "swipe back stops working after hiding the
/// navigation bar / setting a custom back button", fixed in apps by replacing the gesture's
/// delegate]
@MainActor
final class DefaultInteractivePopDelegate: UIGestureRecognizerDelegate {
  private weak var navigationController: UINavigationController?

  init(navigationController: UINavigationController) { self.navigationController = navigationController }

  func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
    guard let navigationController, navigationController.showsBackButton,
      let item = navigationController.topViewController?.navigationItem
    else { return refused() }
    return item.leftBarButtonItems?.isEmpty ?? true || item.leftItemsSupplementBackButton || refused()
  }

  private func refused() -> Bool {
    HeadlessEnvironment.current.apply(.backGestureNeedsTheBackButton)
    return false
  }
}
