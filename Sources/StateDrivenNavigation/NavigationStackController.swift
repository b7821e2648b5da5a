import Foundation
import HeadlessUIKit

/// A navigation controller driven by a path: the stack shows one screen per element, above a root.
///
/// Program changes to the path are reconciled with the stack (one append: a push; removals at the
/// end: a pop to the right controller; anything else: one `setViewControllers` keeping the matching
/// prefix and reusing controllers by element). User pops (back, long-press back, swipe back) are
/// written back as a strict prefix of the path when their transition ends. Controllers pushed by
/// other means (leaves) are not path elements: the path never sees them.
///
/// UIKit tells the stack of its transitions through its delegate, which is the stack's own; the
/// `delegate` an app sets is forwarded every call, so the app hears its stack and the pops are
/// still written back (swift-navigation #259, which an app's delegate silently broke).
open class NavigationStackController<Element: Hashable>: UINavigationController {
  private let path: UIBinding<[Element]>
  private var destination: (@MainActor (Element) -> UIViewController?)?
  /// The elements the stack showed after the last change the controller made itself: anything
  /// missing when a transition ends was removed by the user.
  private var appliedElements: [Element] = []
  private var observation: ObserveToken?
  /// This controller's own waits counted in `pendingRemovals` (they must not block it).
  private var ownPendingReconciliations = 0
  /// The delegate UIKit talks to: it hears the stack's transitions, then tells the app's.
  private let stackDelegate = StackDelegate()

  public init(path: UIBinding<[Element]>, root: UIViewController) {
    self.path = path
    super.init(rootViewController: root)
    stackDelegate.stack = self
    super.delegate = stackDelegate
    DepartureLedger.pathStacks += 1
  }

  isolated deinit { DepartureLedger.pathStacks -= 1 }

  /// The app's own delegate. UIKit keeps talking to the stack's, which forwards it every call.
  open override weak var delegate: (any UINavigationControllerDelegate)? {
    get { stackDelegate.base }
    set { stackDelegate.base = newValue }
  }

  /// Required by UIKit's `NSCoding`; this controller is only made in code.
  public required init?(coder: NSCoder) {
    fatalError("NavigationStackController is made in code, never decoded")
  }

  /// How to build the screen for an element. The last registration wins.
  public func navigationDestination(
    for elementType: Element.Type = Element.self,
    destination: @escaping @MainActor (Element) -> UIViewController?
  ) {
    self.destination = destination
    if observation == nil {
      observation = observe { [weak self] in self?.reconcile() }
    }
  }

  /// The path element a controller on this stack stands for, if any.
  public func element(of controller: UIViewController) -> Element? {
    controller.associatedObject(for: elementKey)?.element as? Element
  }

  // MARK: Reconciliation

  private func reconcile(deferred: Bool = false) {
    let target = path.wrappedValue
    // Screens whose elements left the path are no longer wanted, even before they can be popped:
    // what they were about to present or push is stale.
    // An element equal by value that comes back before its screen was popped is wanted again.
    // (`children`: a screen a swipe back has taken out may come back when the swipe is cancelled.)
    let wanted = controllersWanted(by: target)
    for controller in children where element(of: controller) != nil {
      if wanted.contains(ObjectIdentifier(controller)) { controller.unmarkDeparting() } else { controller.markDeparting() }
    }
    if let coordinator = transitionCoordinator {
      // The stack is in flux (a swipe back may yet be cancelled): compare once it has settled.
      // Until then, pushes decided elsewhere wait for this reconciliation.
      let removals = pendingRemovals
      removals.count += 1
      ownPendingReconciliations += 1
      coordinator.animate(alongsideTransition: nil) { [weak self] in
        removals.count -= 1
        self?.ownPendingReconciliations -= 1
        self?.reconcile(deferred: deferred)
        removals.releaseIfDone()
      }
      return
    }
    let onStack = viewControllers.compactMap { controller in element(of: controller).map { (controller, $0) } }
    let current = onStack.map(\.1)
    guard current != target else { return }
    var common = 0
    while common < min(current.count, target.count), current[common] == target[common] { common += 1 }
    let adds = target.count > common
    if adds && !deferred {
      // Additions wait until this turn's re-runs have run, so removals decided in it go first.
      RerunQueue.shared.runAfterRerunsOfThisTurn { [weak self] in self?.reconcile(deferred: true) }
      return
    }
    if adds, pendingRemovals.count > ownPendingReconciliations {
      pendingRemovals.waiting.append { [weak self] in self?.reconcile(deferred: true) }
      return
    }

    if common == current.count, target.count == common + 1 {
      guard let controller = build(target[common]) else { return dropUnresolvable() }
      appliedElements = target
      pushViewController(controller, animated: true)
      controller.loadViewIfNeeded()
    } else if common == target.count, !rules.popsRemovedPathElementsWhole, current.count == target.count + 1 {
      appliedElements = target
      _ = popViewController(animated: rules.stackPopsAnimateAsAsked)
    } else if common == target.count {
      let firstRemoved = onStack[common].0
      let index = viewControllers.firstIndex { $0 === firstRemoved }!
      appliedElements = target
      markLeavesCollateral(viewControllers[index...])
      popToViewController(viewControllers[index - 1], animated: rules.stackPopsAnimateAsAsked)
    } else {
      let keepCount =
        common < onStack.count
        ? viewControllers.firstIndex { $0 === onStack[common].0 }! : viewControllers.count
      var reusable = onStack[common...].map { $0 }
      var rebuilt = Array(viewControllers[..<keepCount])
      var resolved = Array(target[..<common])
      for element in target[common...] {
        if let controller = takeReusableController(for: element, from: &reusable) {
          rebuilt.append(controller)
        } else if let controller = build(element) {
          rebuilt.append(controller)
        } else {
          continue
        }
        resolved.append(element)
      }
      appliedElements = resolved
      markLeavesCollateral(viewControllers[keepCount...].filter { old in !rebuilt.contains { $0 === old } })
      setViewControllers(rebuilt, animated: true)
      for controller in rebuilt { controller.loadViewIfNeeded() }
      if resolved != target { dropUnresolvable() }
    }
  }

  /// The path screens (of `children`, in order) a rebuild for `target` keeps: the matching
  /// leading ones, then for each further element the first equal one left. With elements equal
  /// by value, a screen whose value is still on the path elsewhere is not wanted if another screen
  /// takes that place (`[1, 3, 3] → [1, 3, 1]`: the second 3 goes).
  ///
  /// The screens on the stack come first, in stack order, then the children off it: one a swipe
  /// back has taken out (it comes back if the swipe is cancelled), or one whose removal is under
  /// way. On a stack off screen a pop's containment callbacks run one by one and the engine pushes
  /// new screens for the elements popped along before the old ones have left `children`; taken in
  /// `children`'s order, the old ones claimed the elements, the new ones were not wanted, and what
  /// they asked to show (a sheet set meanwhile) was held back and never shown.
  private func controllersWanted(by target: [Element]) -> Set<ObjectIdentifier> {
    var candidates = viewControllers
    if children.count > candidates.count {
      let onStack = Set(candidates.map(ObjectIdentifier.init))
      candidates += children.filter { !onStack.contains(ObjectIdentifier($0)) }
    }
    let screens = candidates.compactMap { controller in element(of: controller).map { (controller, $0) } }
    var wanted = Set<ObjectIdentifier>()
    var common = 0
    while common < min(screens.count, target.count), screens[common].1 == target[common] {
      wanted.insert(ObjectIdentifier(screens[common].0))
      common += 1
    }
    var reusable = Array(screens[common...])
    for element in target[common...] {
      guard let index = reusable.firstIndex(where: { $0.1 == element }) else { continue }
      wanted.insert(ObjectIdentifier(reusable.remove(at: index).0))
    }
    return wanted
  }

  /// The first controller left in `candidates` that shows an element equal to `element`, taken out
  /// of them: equal values reuse screens, and no screen is used twice (UIKit raises when one
  /// controller is pushed twice).
  @_spi(Mutants)
  open func takeReusableController(
    for element: Element, from candidates: inout [(UIViewController, Element)]
  ) -> UIViewController? {
    guard let index = candidates.firstIndex(where: { $0.1 == element }) else { return nil }
    return candidates.remove(at: index).0
  }

  private func build(_ element: Element) -> UIViewController? {
    guard let controller = destination?(element) else {
      NavigationWarnings.record("No navigationDestination(for:) builds a screen for \(element); it is removed from the path")
      return nil
    }
    controller.setAssociatedObject(ElementBox(element), for: elementKey)
    return controller
  }

  /// Removes elements that no destination can show, so the path matches the stack.
  private func dropUnresolvable() {
    MainQueue.async { [weak self] in
      guard let self else { return }
      let shown = self.viewControllers.compactMap { self.element(of: $0) }
      if self.path.wrappedValue != shown { self.path.wrappedValue = shown }
    }
  }

  /// Screens pushed from path screens (leaves) that a path change pops along with them: not the
  /// user's doing, so they do not write back, and come back if their state still wants them.
  private func markLeavesCollateral<S: Sequence>(_ controllers: S) where S.Element == UIViewController {
    for controller in controllers where element(of: controller) == nil {
      controller.setAssociatedObject(CollateralRemoval(), for: collateralRemovalKey)
    }
  }

  // MARK: User pops

  /// Set when a pop the engine made for a screen below took path screens along.
  private var removedPathControllersWereCollateral = false

  fileprivate func stackWillShow(_ viewController: UIViewController) {
    // The stack hashed past a few controllers: a deep link shows thousands at once.
    let stack = viewControllers.count > 16 ? Set(viewControllers.map(ObjectIdentifier.init)) : nil
    let removed =
      viewControllers.isEmpty
      ? []
      : children.filter { child in !(stack?.contains(ObjectIdentifier(child)) ?? viewControllers.contains { $0 === child }) }
    if removed.contains(where: { element(of: $0) != nil && $0.isCollateralRemoval }) {
      removedPathControllersWereCollateral = true
    }
  }

  fileprivate func stackDidShow(_ viewController: UIViewController) {
    if !rules.stackWritesBackPopsToRoot, element(of: viewController) == nil { return }
    let shown = viewControllers.compactMap { element(of: $0) }
    let applied = appliedElements
    appliedElements = shown
    if rules.stackPopSync == .nextTurnComparingCounts {
      removedPathControllersWereCollateral = false
      MainQueue.async { [weak self] in
        guard let self, rules.stackWritesUserPopsBack else { return }
        let count = self.viewControllers.compactMap { self.element(of: $0) }.count
        if self.path.wrappedValue.count > count { self.path.wrappedValue = Array(self.path.wrappedValue.prefix(count)) }
      }
      return
    }
    guard shown.count < applied.count, Array(applied.prefix(shown.count)) == shown else {
      // Nothing removed to judge: whatever a `willShow` noted is spent. Off screen a pop's
      // containment callbacks push again within it, and each nested push's `willShow` still
      // finds the screens popped along among `children`; left set, the note outlived the pop
      // and took the user's next pop (a tap on the selected tab) for a collateral one, putting
      // back the screens the user removed.
      removedPathControllersWereCollateral = false
      return
    }
    if removedPathControllersWereCollateral {
      removedPathControllersWereCollateral = false
      if rules.collateralRemoval == .comesBack {
        // The engine popped a screen below them: put them back if the path still has them.
        reconcile(deferred: true)
        return
      }
    }
    // The user removed elements the controller had shown. Write back a strict prefix, but only if
    // the removed elements are still where they were (the program may have replaced them since).
    let current = path.wrappedValue
    guard rules.stackWritesUserPopsBack, current.count > shown.count,
      current[shown.count] == applied[shown.count]
    else { return }
    guard rules.stackPopSync == .whenThePopEnds else {
      MainQueue.async { [weak self] in
        guard let self else { return }
        self.path.wrappedValue = Array(self.path.wrappedValue.prefix(shown.count))
      }
      return
    }
    path.wrappedValue = Array(current.prefix(shown.count))
  }
}

/// A stack that says whether its path still has the element of one of its screens, before it has
/// looked at the path again (a protocol: the stack is generic).
@MainActor
protocol PathScreenStack: AnyObject {
  func pathStillHasElement(of controller: UIViewController) -> Bool
}

extension NavigationStackController: PathScreenStack {
  /// True for a screen that is no path screen; for a path screen, whether a rebuild for the path
  /// as it is now would keep it.
  func pathStillHasElement(of controller: UIViewController) -> Bool {
    guard element(of: controller) != nil else { return true }
    return controllersWanted(by: path.wrappedValue).contains(ObjectIdentifier(controller))
  }
}

/// The stack's delegate as UIKit sees it: the stack hears each transition, and the app's own
/// delegate (`base`) hears every call UIKit makes, with the app's answers returned.
@MainActor
private final class StackDelegate: UINavigationControllerDelegate {
  weak var stack: (any StackTransitionListener)?
  weak var base: (any UINavigationControllerDelegate)?
  /// The app's delegate, unless the engine drops it (a mutant).
  private var forwarded: (any UINavigationControllerDelegate)? { rules.forwardsNavigationDelegate ? base : nil }

  func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
  ) {
    stack?.stackWillShow(viewController)
    forwarded?.navigationController(navigationController, willShow: viewController, animated: animated)
  }

  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
  ) {
    stack?.stackDidShow(viewController)
    forwarded?.navigationController(navigationController, didShow: viewController, animated: animated)
  }

  func navigationControllerSupportedInterfaceOrientations(
    _ navigationController: UINavigationController
  ) -> UIInterfaceOrientationMask {
    forwarded?.navigationControllerSupportedInterfaceOrientations(navigationController) ?? .all
  }

  func navigationControllerPreferredInterfaceOrientationForPresentation(
    _ navigationController: UINavigationController
  ) -> UIInterfaceOrientation {
    forwarded?.navigationControllerPreferredInterfaceOrientationForPresentation(navigationController) ?? .portrait
  }

  func navigationController(
    _ navigationController: UINavigationController,
    interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)? {
    forwarded?.navigationController(navigationController, interactionControllerFor: animationController)
  }

  func navigationController(
    _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
    from fromVC: UIViewController, to toVC: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)? {
    forwarded?.navigationController(navigationController, animationControllerFor: operation, from: fromVC, to: toVC)
  }
}

/// What the stack's delegate tells the stack (a protocol: the stack is generic, its delegate not).
@MainActor
private protocol StackTransitionListener: AnyObject {
  func stackWillShow(_ viewController: UIViewController)
  func stackDidShow(_ viewController: UIViewController)
}

extension NavigationStackController: StackTransitionListener {}

private let elementKey = AssociatedKey<ElementBox>()

/// A path element attached to the controller that shows it.
final class ElementBox: Sendable {
  nonisolated(unsafe) let element: Any
  init(_ element: Any) { self.element = element }
}
