/// What became of a user gesture.
public enum UserGestureOutcome: Equatable, Sendable {
  /// The gesture began; what it changes happens as its transition ends.
  case performed
  /// Nothing on screen accepts this gesture now; the reason says why.
  case skipped(String)
}

/// The user's hands: gestures act on what is on screen, as a person would. A gesture arriving
/// while a transition runs is ignored, as UIKit ignores touches during transitions.
extension UIWindow {
  /// The controller on top of the window: the end of the presentation chain from the root.
  public var topmostViewController: UIViewController? {
    rootViewController?.presentedTop
  }

  /// Swipes the topmost sheet down (or taps outside the topmost popover or action sheet).
  /// With `cancelled`, the swipe is let go before it completes and the sheet settles back.
  public func userSwipeToDismiss(cancelled: Bool = false) -> UserGestureOutcome {
    let environment = HeadlessEnvironment.current
    guard let top = topmostViewController, top !== rootViewController, let presenter = top.directPresenter else {
      return .skipped("nothing is presented")
    }
    if environment.isTransitioning { return environment.skippedDuringATransition() }
    if let alert = top as? UIAlertController {
      guard alert.preferredStyle == .actionSheet else { return .skipped("alerts ignore taps outside") }
      if cancelled { return .skipped("a tap outside cannot be cancelled") }
      let cancel = alert.actions.first { $0.style == .cancel }
      alert.performDismissal(animated: true, userInitiated: true) { cancel?.handler?(cancel!) }
      return .performed
    }
    let style = top.modalPresentationStyle
    guard style.isSheet || style == .popover else {
      return .skipped("a \(style) presentation cannot be swiped away")
    }
    let presentationController = top.presentationController!
    let delegate = presentationController.delegate
    if top.isModalInPresentation || delegate?.presentationControllerShouldDismiss(presentationController) == false {
      delegate?.presentationControllerDidAttemptToDismiss(presentationController)
      return .skipped("the presentation refuses user dismissal")
    }
    if style == .popover {
      if cancelled { return .skipped("a tap outside cannot be cancelled") }
      delegate?.presentationControllerWillDismiss(presentationController)
      top.performDismissal(animated: true, userInitiated: true) {
        delegate?.presentationControllerDidDismiss(presentationController)
      }
      return .performed
    }
    delegate?.presentationControllerWillDismiss(presentationController)
    top.beingDismissed = true
    let transition = Transition(
      .interactiveDismiss, participants: [presenter, top], from: top, to: presenter, style: style)
    environment.begin(transition)
    top.beginAppearanceTransition(false, animated: true)
    environment.runLoop.schedule(after: environment.configuration.interactiveGestureDuration) {
      if cancelled {
        top.beginAppearanceTransition(true, animated: true)
        // The sheet is back in place and no longer being dismissed: from its `viewDidAppear` on
        // it may present, as after a presentation (docs/SEMANTICS.md).
        transition.hasFinishedAnimating = true
        top.beingDismissed = false
        top.endAppearanceTransition()
        transition.coordinator.markCancelled()
        environment.end(transition)
        return
      }
      presenter.directlyPresented = nil
      top.directPresenter = nil
      // The sheet is gone: its `viewDidDisappear` ends the dismissal, and presenting from there is
      // accepted, as after a dismissal by code (docs/SEMANTICS.md).
      transition.hasFinishedAnimating = true
      top.endAppearanceTransition()
      top.beingDismissed = false
      environment.recordUserRemoval(of: top.contentControllers)
      environment.end(transition)
      delegate?.presentationControllerDidDismiss(presentationController)
    }
    return .performed
  }

  /// Taps button `index` of the topmost alert: the alert is dismissed, then the handler runs.
  public func userTapAlertButton(_ index: Int) -> UserGestureOutcome {
    guard let alert = topmostViewController as? UIAlertController else { return .skipped("no alert on top") }
    let environment = HeadlessEnvironment.current
    if environment.isTransitioning { return environment.skippedDuringATransition() }
    guard alert.actions.indices.contains(index) else {
      return .skipped("the alert has \(alert.actions.count) button(s)")
    }
    let action = alert.actions[index]
    guard action.isEnabled else { return .skipped("button \(index) is disabled") }
    environment.apply(.alertHandlerAfterDismissal)
    alert.performDismissal(animated: true, userInitiated: true) { action.handler?(action) }
    return .performed
  }

  /// The navigation controller whose bar is on top: the topmost controller, if it is one, or the
  /// selected tab's, when the topmost controller is a tab bar controller.
  public var topmostNavigationController: UINavigationController? {
    let top = topmostViewController
    if let tabs = top as? UITabBarController { return tabs.selectedViewController as? UINavigationController }
    return top as? UINavigationController
  }

  /// Taps tab `index` of the tab bar on top (one that nothing is presented over): the tab bar
  /// controller's delegate may refuse it (`shouldSelect`); else UIKit selects the tab — or, the tab
  /// already selected, pops its navigation controller to the root — and tells the delegate.
  public func userTapTab(_ index: Int) -> UserGestureOutcome {
    guard let tabs = topmostViewController as? UITabBarController else {
      return .skipped(rootViewController is UITabBarController ? "the tab bar is covered" : "no tab bar on screen")
    }
    if HeadlessEnvironment.current.isTransitioning { return .skipped("a transition is in progress") }
    let controllers = tabs.viewControllers ?? []
    guard controllers.indices.contains(index) else { return .skipped("the tab bar has \(controllers.count) tab(s)") }
    let controller = controllers[index]
    guard controller.tabBarItem.isEnabled else { return .skipped("tab \(index) is disabled") }
    if tabs.delegate?.tabBarController(tabs, shouldSelect: controller) == false {
      return .skipped("the tab bar controller's delegate refuses tab \(index)")
    }
    tabs.tabBar.delegate?.tabBar(tabs.tabBar, didSelect: controller.tabBarItem)
    return .performed
  }

  /// Taps the back button of the topmost navigation bar.
  public func userTapBack() -> UserGestureOutcome {
    userPopBack { navigation in navigation.stack.count - 2 }
  }

  /// Long-presses the back button and picks stack index `index` from the menu.
  public func userPopBack(toIndex index: Int) -> UserGestureOutcome {
    userPopBack { _ in index }
  }

  private func userPopBack(to targetIndex: (UINavigationController) -> Int) -> UserGestureOutcome {
    guard let navigation = topmostNavigationController else { return .skipped("no navigation bar on top") }
    let environment = HeadlessEnvironment.current
    if environment.isTransitioning { return environment.skippedDuringATransition() }
    guard navigation.stack.count > 1 else { return .skipped("no back button on the root") }
    guard navigation.showsBackButton else { return .skipped("the back button is hidden") }
    let index = targetIndex(navigation)
    guard index >= 0, index < navigation.stack.count - 1 else {
      return .skipped("the back menu has no entry \(index)")
    }
    _ = navigation.popTo(navigation.stack[index], animated: true, userInitiated: true)
    return .performed
  }

  /// The interactive pop: the user drags the top controller off to the right and lets go. The
  /// stack changes at once (as `popViewController` does); a cancelled swipe restores it.
  public func userSwipeBack(cancelled: Bool = false) -> UserGestureOutcome {
    let environment = HeadlessEnvironment.current
    guard let navigation = topmostNavigationController else { return .skipped("no navigation bar on top") }
    if environment.isTransitioning { return environment.skippedDuringATransition() }
    guard navigation.stack.count > 1 else { return .skipped("no back gesture on the root") }
    guard navigation.interactivePopMayBegin() else {
      return .skipped("the interactive pop gesture does not begin")
    }
    environment.apply(.interactivePopSequence)
    navigation.beginInteractivePop(cancelled: cancelled)
    return .performed
  }
}

extension HeadlessEnvironment {
  /// A gesture that arrives while a transition runs: UIKit ignores touches then (a choice; docs/SEMANTICS.md).
  fileprivate func skippedDuringATransition() -> UserGestureOutcome {
    apply(.gesturesIgnoredDuringTransitions)
    return .skipped("a transition is in progress")
  }
}

extension UINavigationController {
  func beginInteractivePop(cancelled: Bool) {
    let environment = HeadlessEnvironment.current
    var controllers = takeStoredArray(&stack)
    let top = controllers.removeLast()
    stack = controllers
    let revealed = stack.last!
    top.dispatch(.willMoveToParent(isNil: true)) { $0.willMove(toParent: nil) }
    top.movingFromParent = true
    let transition = Transition(.interactivePop, participants: [self], from: top, to: revealed)
    environment.begin(transition)
    top.beginAppearanceTransition(false, animated: true)
    revealed.beginAppearanceTransition(true, animated: true)
    storedDelegate?.navigationController(self, willShow: revealed, animated: true)
    environment.runLoop.schedule(after: environment.configuration.interactiveGestureDuration) { [self] in
      if cancelled {
        var restored = takeStoredArray(&stack)
        restored.append(top)
        stack = restored
        revealed.beginAppearanceTransition(false, animated: true)
        revealed.endAppearanceTransition()
        top.beginAppearanceTransition(true, animated: true)
        top.endAppearanceTransition()
        top.movingFromParent = false
        transition.coordinator.markCancelled()
        environment.end(transition)
        return
      }
      top.endAppearanceTransition()
      revealed.endAppearanceTransition()
      top.movingFromParent = false
      environment.recordUserRemoval(of: [top])
      top.removeFromParent()
      storedDelegate?.navigationController(self, didShow: revealed, animated: true)
      environment.end(transition)
    }
  }
}
