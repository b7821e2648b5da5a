import HeadlessUIKit
import NavigationFuzzing
import StateDrivenNavigation

/// A mutant: full-screen covers are presented as their bare screen, without the navigation
/// controller a cover with destinations of its own needs — the pushes a covered screen asks for
/// have no stack to go on ("navigationController is nil"), so they never show. A mistake a
/// developer coming from sheets makes, where a push inside is rarer.
@MainActor
struct CoverWithoutNavigationEngine: BuiltInEngineVariant {
  let base = StateDrivenEngine()

  func wire(_ slot: SlotConnection, on controller: UIViewController) {
    guard slot.spec.style == .cover else { return base.wire(slot, on: controller) }
    let content = slot.content
    let unwrapped = SlotConnection(
      spec: slot.spec, model: slot.model, index: slot.index,
      content: { item in
        let built = content(item)
        guard let navigation = built as? UINavigationController, let screen = navigation.viewControllers.first else {
          return built
        }
        navigation.setViewControllers([], animated: false)
        screen.modalPresentationStyle = .fullScreen
        return screen
      },
      onDismiss: slot.onDismiss)
    base.wire(unwrapped, on: controller)
  }

  func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
    base.makeStack(path, root: root)
  }
}

extension EngineChoice {
  public static let coverWithoutNavigation = EngineChoice(
    name: "cover-without-navigation",
    summary: "covers shown without their navigation controller: pushes inside a cover never show",
    caughtBy: .stateUIConsistency, make: { CoverWithoutNavigationEngine() })
}
