import HeadlessUIKit
import NavFuzzEngines
import NavigationFuzzing
import NavigationReference
import StateDrivenNavigation

/// Deliberately broken engines, plugged in through the public adapter, one per invariant the
/// mutants do not already break. Each is a small, plausible mistake.
@MainActor
enum BrokenEngines {
  /// Shows sheets as full-screen covers: model and structure right, presentation style wrong.
  struct WrongStyle: NavigationEngine {
    func wire(_ slot: SlotConnection, on controller: UIViewController) {
      let original = slot.content
      let restyled = SlotConnection(
        spec: slot.spec, model: slot.model, index: slot.index,
        content: { item in
          let built = original(item)
          if slot.spec.style == .sheet { built.modalPresentationStyle = .fullScreen }
          return built
        },
        onDismiss: slot.onDismiss)
      StateDrivenEngine().wire(restyled, on: controller)
    }
    func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
      StateDrivenEngine().makeStack(path, root: root)
    }
  }

  /// Calls onDismiss twice per dismissal.
  struct DoubleOnDismiss: NavigationEngine {
    func wire(_ slot: SlotConnection, on controller: UIViewController) {
      let twice = SlotConnection(
        spec: slot.spec, model: slot.model, index: slot.index, content: slot.content,
        onDismiss: {
          slot.onDismiss()
          slot.onDismiss()
        })
      StateDrivenEngine().wire(twice, on: controller)
    }
    func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
      StateDrivenEngine().makeStack(path, root: root)
    }
  }

  /// Re-reads the model on every change of the screen, including ones navigation does not read,
  /// and rebuilds the pushed screen each time (a classic "reload everything" observer).
  struct RebuildsOnEveryChange: NavigationEngine {
    func wire(_ slot: SlotConnection, on controller: UIViewController) {
      guard slot.spec.style == .push, !slot.spec.isFlag else {
        return StateDrivenEngine().wire(slot, on: controller)
      }
      let model = slot.model, index = slot.index, content = slot.content
      var shown: UIViewController?
      controller.observe { [weak controller] in
        _ = model.bumps
        let item = model[slot: index]
        guard let navigation = controller?.navigationController else { return }
        if let old = shown, let position = navigation.viewControllers.firstIndex(where: { $0 === old }) {
          navigation.setViewControllers(Array(navigation.viewControllers[..<position]), animated: false)
        }
        shown = nil
        if let item {
          let fresh = content(item)
          navigation.pushViewController(fresh, animated: false)
          shown = fresh
        }
      }
    }
    func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
      StateDrivenEngine().makeStack(path, root: root)
    }
  }

  /// Pushes the pushed screen twice (the same instance): a UIKit exception.
  struct PushesTwice: NavigationEngine {
    func wire(_ slot: SlotConnection, on controller: UIViewController) {
      guard slot.spec.style == .push, !slot.spec.isFlag else {
        return StateDrivenEngine().wire(slot, on: controller)
      }
      let content = slot.content
      let twice = SlotConnection(
        spec: slot.spec, model: slot.model, index: slot.index,
        content: { [weak controller] item in
          let built = content(item)
          MainQueue.async { controller?.navigationController?.pushViewController(built, animated: false) }
          return built
        },
        onDismiss: slot.onDismiss)
      StateDrivenEngine().wire(twice, on: controller)
    }
    func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
      StateDrivenEngine().makeStack(path, root: root)
    }
  }

  /// Keeps re-scheduling work forever once anything is presented.
  struct NeverSettles: NavigationEngine {
    func wire(_ slot: SlotConnection, on controller: UIViewController) {
      StateDrivenEngine().wire(slot, on: controller)
      guard slot.index == 0 else { return }
      let model = slot.model
      controller.observe {
        guard model[slot: 0] != nil else { return }
        @MainActor func spin() { MainQueue.async { spin() } }
        spin()
      }
    }
    func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
      StateDrivenEngine().makeStack(path, root: root)
    }
  }

  static func choice(_ name: String, _ make: @escaping @MainActor @Sendable () -> any NavigationEngine) -> EngineChoice {
    EngineChoice(name: name, summary: "broken on purpose", make: make)
  }
}
