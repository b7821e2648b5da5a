import HeadlessUIKit
import NavigationFuzzing
import StateDrivenNavigation

/// A mutant: when a pop ends, the stack first "repairs" itself from the path it last saw — which
/// still holds what the user just popped — and pushes it back, then hears of the pop, writes it
/// back and pops it again. Settled, everything agrees; the user saw the screen come back for a
/// moment (swift-navigation #243 is this shape: a write in the revealed screen's `viewWillAppear`
/// re-pushed the screen just popped).
@MainActor
struct RestoresPoppedScreensEngine: BuiltInEngineVariant {
  let base = StateDrivenEngine()

  func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
    let stack = StateDrivenEngine.stack(path, root: root, NavigationStackController.init)
    let repair = RepairingDelegate(stack: stack, path: path, content: path.content)
    stack.delegate = repair  // the app's delegate: the stack forwards it every call
    stack.setAssociatedObject(repair, for: repairKey)
    return stack
  }
}

private let repairKey = AssociatedKey<RepairingDelegate>()

/// The app's delegate on the stack: the stack forwards it every call after its own work.
@MainActor
private final class RepairingDelegate: UINavigationControllerDelegate {
  private weak var stack: NavigationStackController<PathElement>?
  private let path: PathConnection
  private let content: @MainActor (PathElement) -> UIViewController
  /// Path screens leaving while the path still has them: the user's pops.
  private var leaving: [PathElement] = []

  init(stack: NavigationStackController<PathElement>, path: PathConnection, content: @escaping @MainActor (PathElement) -> UIViewController) {
    self.stack = stack
    self.path = path
    self.content = content
  }

  func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {
    let elements = path.model.path
    leaving = navigationController.children
      .filter { child in !navigationController.viewControllers.contains { $0 === child } }
      .compactMap { stack?.element(of: $0) }
      .filter { elements.contains($0) }
  }

  func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
    let repairs = leaving
    leaving = []
    // The stack has heard of the pop first (it forwards to the app's delegate after its own work)
    // and written it back.
    for element in repairs {
      let repaired = content(element)
      // Once back on the stack, the path (now written back) no longer has it: pop it again.
      repaired.addLifecycleHook { [path] controller, event in
        guard case .didMoveToParent(isNil: false) = event, !path.model.path.contains(element) else { return }
        _ = controller.navigationController?.popViewController(animated: true)
      }
      navigationController.pushViewController(repaired, animated: true)
    }
  }
}

extension EngineChoice {
  public static let restoresPoppedScreens = EngineChoice(
    name: "restores-popped-screens",
    summary: "when a pop ends the stack pushes back what its last path still had, then pops it again",
    caughtBy: .noStaleTransition, make: { RestoresPoppedScreensEngine() })
}
