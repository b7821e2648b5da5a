import HeadlessUIKit
import NavigationReference

/// A slot of the harness's model that drives a screen the app's own code shows and hides — a
/// coordinator's `showSettings()` and `dismissSettings()` — where the app builds that screen
/// itself and the engine's `ScreenReading` says what it shows.
///
/// The slot's state drives the app: `show` when the slot fills or its item changes identity,
/// `hide` when it empties (payload changes show nothing new). Writing back is the app's job, as
/// on a device: call `screenGone()` where the app learns that its screen went away by itself (its
/// presentation delegate heard the user swipe the sheet down). `onDismiss` runs once whenever the
/// screen read for the slot leaves the screen, whatever took it away.
///
/// It lives as long as the controller it is wired on (`wire(_:on:)` runs once per slot and
/// screen), which holds its observation of the slot.
@MainActor
public final class AppSlot {
  private let slot: SlotConnection
  private let show: @MainActor (SlotItem) -> Void
  private let hide: (@MainActor () -> Void)?
  private let writesBackWhenScreenLeaves: Bool
  /// What the app was last asked to show: the item's identity (a Bool slot's is constant, as
  /// `present(isPresented:)` never re-presents), nil for nothing.
  private var shown: ItemIdentity?
  /// The incarnation whose screen, as read, left the screen last (until `screenGone` reads it).
  private var lastLeft: Int?

  /// - Parameters:
  ///   - show: asks the app to show the slot's item.
  ///   - hide: asks the app to take it away; nil when the app has no such call (an alert it
  ///     presents and forgets): the controller read for the slot is dismissed (or popped).
  ///   - writesBackWhenScreenLeaves: the app keeps no state of its own for this screen, so the
  ///     screen leaving is the state's write-back: the slot empties when the controller read for
  ///     it leaves the screen.
  @discardableResult
  public init(
    _ slot: SlotConnection, on controller: UIViewController, show: @escaping @MainActor (SlotItem) -> Void,
    hide: (@MainActor () -> Void)? = nil, writesBackWhenScreenLeaves: Bool = false
  ) {
    self.slot = slot
    self.show = show
    self.hide = hide
    self.writesBackWhenScreenLeaves = writesBackWhenScreenLeaves
    if let reader = slot.appScreens {
      reader.register(self, for: key)
      reader.observe({ self.update() }, on: controller)
    } else {
      EngineWarnings.report("AppSlot '\(slot.spec.name)' needs the engine's screenReading to know the app's screen")
      ModelObservation.observe({ self.update() }, on: controller)
    }
  }

  private var key: SlotKey { SlotKey(model: slot.model.serial, slot: slot.index) }

  private func identity(of item: SlotItem) -> ItemIdentity {
    slot.spec.isFlag ? ItemIdentity(id: 0, generation: 0) : item.id
  }

  private func update() {
    let item = slot.model[slot: slot.index]  // read through Observation: a change runs this again
    switch (shown, item) {
    case (nil, nil):
      return
    case (nil, let item?):
      shown = identity(of: item)
      show(item)
    case (let was?, let item?):
      guard was != identity(of: item) else { return }
      takeAway()
      shown = identity(of: item)
      show(item)
    case (_?, nil):
      shown = nil
      takeAway()
    }
  }

  private func takeAway() {
    if let hide { hide() } else { dismissScreen() }
  }

  /// The app's screen for the slot went away without being asked to (the user swiped it away, a
  /// button closed it): the slot empties — if it still holds the incarnation whose screen, as
  /// read, left last (the app may have been asked to show a new one meanwhile).
  public func screenGone() {
    guard let left = lastLeft else { return }
    lastLeft = nil
    guard let item = slot.model.peek(slot.index), item.id.generation == left else { return }
    shown = nil
    slot.model[slot: slot.index] = nil
  }

  /// Dismisses the controller the harness read for the slot (pops it, if pushed): for an app that
  /// has no call to take its screen away. While a transition involving it runs (UIKit would
  /// refuse), it waits for its end, and then dismisses only if the slot was not shown again.
  public func dismissScreen() {
    guard let presented = slot.appScreens?.presentedController(for: key) else { return }
    dismiss(presented)
  }

  private func dismiss(_ presented: UIViewController) {
    if presented.isBeingDismissed { return }
    if let transition = presented.transitionCoordinator {
      transition.animate(alongsideTransition: nil) { [weak self, weak presented] in
        guard let self, let presented, self.shown == nil else { return }
        self.dismiss(presented)
      }
      return
    }
    if presented.presentingViewController != nil {
      presented.dismiss(animated: true)
    } else if let stack = presented.parent as? UINavigationController,
      let index = stack.viewControllers.firstIndex(where: { $0 === presented }), index > 0
    {
      stack.popToViewController(stack.viewControllers[index - 1], animated: true)
    }
  }

  /// The controller read for the slot's incarnation `generation` left the screen.
  /// The nil write-back comes before `onDismiss`, in the order the built-in engine keeps and
  /// `alert-callback-order` checks (the button's action, then the write-back, then onDismiss).
  func screenLeft(generation: Int) {
    lastLeft = generation
    if writesBackWhenScreenLeaves, let item = slot.model.peek(slot.index), item.id.generation == generation {
      shown = nil
      slot.model[slot: slot.index] = nil
    }
    slot.onDismiss()
  }
}
