import HeadlessUIKit
import NavigationReference
@_spi(Rules) import StateDrivenNavigation

/// The built-in engine: StateDrivenNavigation's public API, one call per slot.
@MainActor
public struct StateDrivenEngine: NavigationEngine {
  /// The built-in engine, following its own rules (or those its world was given). Its runtime
  /// warnings go to `EngineWarnings`.
  public init() {
    NavigationWarnings.onWarning = { EngineWarnings.report($0) }
  }

  /// The built-in engine following other rules (a mutant, or another library's choices). Built
  /// inside a world (engines are made after the world starts), the rules hold for that world only.
  init(rules: EngineRules) {
    self.init()
    EngineRules.inEffect = rules
  }

  public func wire(_ slot: SlotConnection, on controller: UIViewController) {
    let model = UIBindable(slot.model)
    let content = slot.content
    switch (slot.spec.style, slot.spec.isFlag) {
    case (.push, false):
      controller.navigationDestination(item: model[dynamicMember: slot.itemKeyPath], onDismiss: slot.onDismiss) {
        content($0.wrappedValue)
      }
    case (.push, true):
      let source = slot.model, index = slot.index
      controller.navigationDestination(isPresented: model[dynamicMember: slot.flagKeyPath], onDismiss: slot.onDismiss) {
        content(source.peek(index)!)
      }
    case (_, false):
      controller.present(item: model[dynamicMember: slot.itemKeyPath], onDismiss: slot.onDismiss) {
        content($0.wrappedValue)
      }
    case (_, true):
      let source = slot.model, index = slot.index
      controller.present(isPresented: model[dynamicMember: slot.flagKeyPath], onDismiss: slot.onDismiss) {
        content(source.peek(index)!)
      }
    }
  }

  public func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
    Self.stack(path, root: root, NavigationStackController.init)
  }

  /// A stack controller (the built-in one, or a variant of it) driven by `path`, showing its screens.
  static func stack<Stack: NavigationStackController<PathElement>>(
    _ path: PathConnection, root: UIViewController,
    _ make: (UIBinding<[PathElement]>, UIViewController) -> Stack
  ) -> Stack {
    let stack = make(UIBindable(path.model)[dynamicMember: path.pathKeyPath], root)
    // One destination closure that picks the screen by the element's kind, as
    // `navigationDestination(for:)` picks by the value's type.
    let destinations = path.destinations
    stack.navigationDestination(for: PathElement.self) { element in destinations[element.kind](element) }
    return stack
  }
}
