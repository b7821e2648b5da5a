/// Modal presentation: UIKit's rules for `present` and `dismiss`.
///
/// Presentations are routed to the presentation context, the controller's outermost container
/// (for a controller inside a navigation controller, the navigation controller), as UIKit does for
/// full-screen and sheet styles. A context presents at most one controller; the presented
/// controllers form a chain above the window's root.
extension UIViewController {
  /// What this controller or one of its ancestors presented.
  public var presentedViewController: UIViewController? { rootAncestor.directlyPresented }

  /// The controller that presented this one or one of its ancestors.
  public var presentingViewController: UIViewController? { rootAncestor.directPresenter }

  /// UIKit's `present(_:animated:completion:)` (the open method in UIViewController.swift calls
  /// it): presents `controller` modally, or refuses as UIKit does: a refusal is logged as a
  /// diagnostic and dropped (the completion never runs); an exception is recorded and the call
  /// does nothing.
  func presentAsUIKitDoes(_ controller: UIViewController, animated: Bool, completion: (@MainActor () -> Void)?) {
    let environment = HeadlessEnvironment.current
    let context = rootAncestor
    // Named only when a refusal is reported: naming a controller describes its type, which costs
    // more than the rest of an accepted presentation's checks.
    var involved: [UIViewController] { [controller, context, self] }
    if controller === self || controller === context {
      environment.report(
        .presentSelf,
        "Application tried to present modally a view controller \(controller.debugName) on itself. Presenting controller: \(debugName).",
        involved)
      return
    }
    if let presenter = controller.directPresenter {
      environment.report(
        .presentActiveController,
        "Application tried to present modally a view controller \(controller.debugName) that is already being presented by \(presenter.debugName).",
        involved)
      return
    }
    if let parent = controller.parent {
      environment.report(
        .presentChildController,
        "Application tried to present modally a view controller \(controller.debugName) that has a parent view controller \(parent.debugName).",
        involved)
      return
    }
    var onWhat: String { context === self ? context.debugName : "\(context.debugName) (from \(debugName))" }
    if !context.isInWindowHierarchy || context.isInDismissedChain {
      environment.report(
        .presentNotInWindowHierarchy,
        "Attempt to present \(controller.debugName) on \(onWhat) whose view is not in the window hierarchy.",
        involved)
      if completion != nil { environment.apply(.refusedCallDropsCompletion) }
      return
    }
    if let current = context.directlyPresented {
      if environment.transition(involving: context, modalOnly: true) != nil {
        environment.report(
          .presentWhileTransitioning,
          "Attempt to present \(controller.debugName) on \(onWhat) while a presentation is in progress.",
          involved + [current])
      } else {
        environment.report(
          .presentWhileAlreadyPresenting,
          "Attempt to present \(controller.debugName) on \(onWhat) which is already presenting \(current.debugName).",
          involved + [current])
      }
      if completion != nil { environment.apply(.refusedCallDropsCompletion) }
      return
    }
    // Not `context.isBeingPresented`: it stays true through `viewDidAppear`, when the presentation's
    // transition is already over and presenting is accepted (docs/SEMANTICS.md).
    if environment.transition(involving: context, modalOnly: true) != nil {
      environment.report(
        .presentWhileTransitioning,
        "Attempt to present \(controller.debugName) on \(onWhat) while a presentation is in progress.",
        involved)
      if completion != nil { environment.apply(.refusedCallDropsCompletion) }
      return
    }
    if let ending = environment.finishedModalTransition(involving: context) {
      // Accepted from the `viewDidAppear` or `viewDidDisappear` that ends a transition.
      environment.apply(ending.kind == .present ? .presentationOverAtViewDidAppear : .dismissalOverAtViewDidDisappear)
    }
    context.performPresentation(of: controller, animated: animated, completion: completion)
  }

  /// UIKit's `dismiss(animated:completion:)` (the open method in UIViewController.swift calls
  /// it): dismisses what this controller (or its context) presented, and everything above it;
  /// called on a presented controller that presents nothing, forwards to its presenter.
  ///
  /// While another modal transition runs (docs/SEMANTICS.md §1): asked of a controller whose own
  /// dismissal is under way, it is redundant (a warning, or a refusal when a completion is lost);
  /// while what it would dismiss is being presented or dismissed, it waits for that transition to
  /// end and is then carried out as the hierarchy stands — after a dismissal the context presents
  /// nothing, so it dismisses itself if it was presented (swift-navigation #254: the presenter "is
  /// closed right after the presented one").
  func dismissAsUIKitDoes(animated: Bool, completion: (@MainActor () -> Void)?) {
    let environment = HeadlessEnvironment.current
    let context = rootAncestor
    if let running = environment.dismissal(removing: context) {
      reportRedundantDismissal(during: running, completion: completion)
      return
    }
    let victim: UIViewController
    if let presented = context.directlyPresented {
      victim = presented
    } else if context.directPresenter != nil {
      victim = context
    } else {
      // Nothing to dismiss: UIKit still calls the completion (inferred; docs/SEMANTICS.md).
      if let completion {
        environment.apply(.dismissingNothingRunsTheCompletion)
        environment.runLoop.schedule(completion)
      }
      return
    }
    let chain = victim.presentedChain
    // A presentation in flight on the presenter or in the chain, or a dismissal in flight of
    // anything in the chain: the call waits for it (a loop over `[presenter] + chain` without the
    // array or a main-actor closure).
    var running: Transition?
    if let presenter = victim.directPresenter { running = environment.presentation(involving: presenter) }
    for controller in chain where running == nil {
      running = environment.presentation(involving: controller)
        ?? (victim !== context ? environment.dismissal(removing: controller) : nil)
    }
    if let running {
      let what = running.kind == .present ? "presentation" : "dismissal"
      environment.report(
        .dismissDeferred,
        "\(debugName): dismiss waits for the \(what) in progress; then it dismisses what \(context.debugName) presents then, or \(context.debugName) itself",
        [self, victim])
      running.whenOver { [self] in self.dismissAsUIKitDoes(animated: animated, completion: completion) }
      return
    }
    victim.performDismissal(animated: animated, userInitiated: false, completion: completion)
  }

  /// A `dismiss` asked of a controller whose own dismissal is under way: UIKit logs it and the
  /// running dismissal goes on. Nothing is lost unless the call had a completion (it never runs)
  /// or the running dismissal is a swipe the user then cancels (the controller stays): only then
  /// is it a refusal. A swipe's outcome is known when it ends, so its verdict waits until then.
  private func reportRedundantDismissal(during running: Transition, completion: (@MainActor () -> Void)?) {
    let environment = HeadlessEnvironment.current
    let message = "Attempt to dismiss from view controller \(debugName) while a presentation or dismiss is in progress!"
    let losesCompletion = completion != nil
    if losesCompletion { environment.apply(.refusedCallDropsCompletion) }
    guard running.kind == .interactiveDismiss else {
      environment.report(
        losesCompletion ? .dismissWhileTransitioning : .dismissWhileBeingDismissed, message, [self],
        rule: .redundantDismissIsAWarning)
      return
    }
    environment.apply(.dismissDuringSwipeJudgedAtItsEnd)
    running.whenOver { [self] in
      let lost = losesCompletion || running.coordinator.isCancelled
      HeadlessEnvironment.current.report(
        lost ? .dismissWhileTransitioning : .dismissWhileBeingDismissed, message, [self],
        rule: .dismissDuringSwipeJudgedAtItsEnd)
    }
  }

  // MARK: Mechanics

  /// This controller and everything presented above it, bottom to top.
  var presentedChain: [UIViewController] {
    var chain: [UIViewController] = [self]
    while let next = chain.last!.directlyPresented { chain.append(next) }
    return chain
  }

  /// `presentedChain.last`, without building the chain: the generator asks for it at every step.
  var presentedTop: UIViewController {
    var top = self
    while let next = top.directlyPresented { top = next }
    return top
  }

  /// Whether the controller's outermost container is reachable from the key window's root
  /// through presentations.
  var isInWindowHierarchy: Bool {
    let root = rootAncestor
    if let window = root.window { return window.isKeyWindow && window.rootViewController === root }
    if let presenter = root.directPresenter { return presenter.isInWindowHierarchy }
    return false
  }

  /// Whether this context or any presented controller below it is being dismissed.
  var isInDismissedChain: Bool {
    var candidate: UIViewController? = rootAncestor
    while let current = candidate {
      if current.isBeingDismissed { return true }
      candidate = current.directPresenter?.rootAncestor
    }
    return false
  }

  func performPresentation(of controller: UIViewController, animated: Bool, completion: (@MainActor () -> Void)?) {
    let environment = HeadlessEnvironment.current
    directlyPresented = controller
    controller.directPresenter = self
    controller.beingPresented = true
    let transition = Transition(
      .present, participants: [self, controller], from: self, to: controller, animated: animated,
      style: controller.modalPresentationStyle)
    environment.begin(transition)
    controller.loadViewIfNeeded()
    let covers = controller.modalPresentationStyle.removesPresentersView
    if covers { beginAppearanceTransition(false, animated: animated) }
    controller.beginAppearanceTransition(true, animated: animated)
    run(transition, animated: animated, duration: environment.duration(of: .present, presenting: controller)) {
      // The transition is over when `viewDidAppear` runs; only its callbacks remain.
      transition.hasFinishedAnimating = true
      controller.endAppearanceTransition()
      if covers { self.endAppearanceTransition() }
      controller.beingPresented = false
    } completion: {
      completion?()
    }
  }

  /// Removes this presented controller and everything above it. Only the top animates; every
  /// removed controller gets its disappear callbacks with `isBeingDismissed` true (inferred).
  func performDismissal(animated: Bool, userInitiated: Bool, completion: (@MainActor () -> Void)?) {
    let environment = HeadlessEnvironment.current
    guard let presenter = directPresenter else { return }
    let chain = presentedChain
    for controller in chain { controller.beingDismissed = true }
    if chain.count > 1 {
      environment.apply(.intermediatesOfADismissalDisappear)
      for controller in chain.dropLast() where controller.appearanceState == .disappeared {
        environment.apply(.coveredIntermediatesGetNoCallbacks)
      }
    }
    if !animated { environment.apply(.unanimatedDismissalEndsOnNextTurn) }
    // Only the top animates away: it is what the context calls "from".
    let transition = Transition(
      .dismiss, participants: [presenter] + chain, from: chain.last, to: presenter, animated: animated,
      style: modalPresentationStyle)
    environment.begin(transition)
    for controller in chain.reversed() { controller.beginAppearanceTransition(false, animated: animated) }
    let uncovers = modalPresentationStyle.removesPresentersView
    if uncovers { presenter.beginAppearanceTransition(true, animated: animated) }
    // Not animated, it still ends on the next turn, not within the call: until then the controller
    // is still presented and being dismissed (docs/SEMANTICS.md).
    run(
      transition, animated: animated, duration: environment.duration(of: .dismiss, presenting: chain.last),
      endsWithinTheCall: false
    ) {
      // The transition is over when `viewDidDisappear` runs, as a presentation's is at
      // `viewDidAppear`: presenting from there is accepted (docs/SEMANTICS.md).
      transition.hasFinishedAnimating = true
      presenter.directlyPresented = nil
      for controller in chain {
        controller.directPresenter = nil
        controller.directlyPresented = nil
      }
      for controller in chain.reversed() { controller.endAppearanceTransition() }
      for controller in chain { controller.beingDismissed = false }
      if uncovers { presenter.endAppearanceTransition() }
      if userInitiated {
        environment.recordUserRemoval(of: chain.flatMap(\.contentControllers))
      }
    } completion: {
      completion?()
    }
  }

  /// Runs `finish` when the transition ends: after its virtual duration when animated; when not,
  /// at once with the completion on the next turn, or (`endsWithinTheCall` false) on the next turn
  /// with the completion.
  func run(
    _ transition: Transition, animated: Bool, duration: Int, endsWithinTheCall: Bool = true,
    finish: @escaping @MainActor () -> Void,
    completion: @escaping @MainActor () -> Void
  ) {
    let environment = HeadlessEnvironment.current
    if animated || !endsWithinTheCall {
      environment.runLoop.schedule(after: animated ? duration : 0) {
        finish()
        environment.end(transition)
        completion()
      }
    } else {
      environment.apply(.unanimatedCompletesOnNextTurn)
      finish()
      environment.end(transition)
      environment.runLoop.schedule(completion)
    }
  }

  /// The controllers a person sees in this one: itself, or a navigation controller's stack.
  var contentControllers: [UIViewController] {
    if let navigation = self as? UINavigationController { return navigation.stack }
    return [self]
  }
}
