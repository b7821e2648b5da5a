import HeadlessUIKit
import NavigationFuzzing
import NavigationReference
@_spi(Benchmarks) @_spi(Rules) @_spi(Accessors) @_spi(Reset) import StateDrivenNavigation

/// The built-in engine: StateDrivenNavigation's public API, one call per slot.
@MainActor
public struct StateDrivenEngine: NavigationEngine {
  /// The built-in engine, following its own rules (or those its world was given). Its runtime
  /// warnings go to `EngineWarnings`; those it kept of an earlier world are forgotten (an engine
  /// is made at the start of every fresh world).
  public init() {
    NavigationWarnings.reset()
    NavigationWarnings.onWarning = { EngineWarnings.report($0) }
  }

  /// The built-in engine following other rules (a mutant, or another library's choices). Built
  /// inside a world (engines are made after the world starts), the rules hold for that world only.
  init(rules: EngineRules) {
    self.init()
    EngineRules.inEffect = rules
  }

  public func wire(_ slot: SlotConnection, on controller: UIViewController) {
    let content = slot.content
    switch (slot.spec.style, slot.spec.isFlag) {
    case (.push, false):
      controller.navigationDestination(item: Self.item(of: slot), onDismiss: slot.onDismiss) {
        content($0.wrappedValue)
      }
    case (.push, true):
      let source = slot.model, index = slot.index
      controller.navigationDestination(isPresented: Self.flag(of: slot), onDismiss: slot.onDismiss) {
        content(source.peek(index)!)
      }
    case (_, false):
      controller.present(item: Self.item(of: slot), onDismiss: slot.onDismiss) {
        content($0.wrappedValue)
      }
    case (_, true):
      let source = slot.model, index = slot.index
      controller.present(isPresented: Self.flag(of: slot), onDismiss: slot.onDismiss) {
        content(source.peek(index)!)
      }
    }
  }

  public func makeTabs(_ tabs: TabConnection) -> UITabBarController { Self.tabBar(tabs) }

  /// The screens' own UI follows the model with the engine's `observe`, as an app built on it does.
  public func observe(_ apply: @escaping @MainActor () -> Void, on controller: UIViewController) {
    controller.observe(apply)
  }

  public var observationRuns: Int { ObserveToken.trackedRuns }

  /// `$model[dynamicMember: slot.itemKeyPath]`, reading and writing the model's subscript
  /// directly instead of through the key path (the same binding, read at every re-run).
  static func item(of slot: SlotConnection) -> UIBinding<SlotItem?> {
    let accessors = SlotAccessors<SlotItem?>.item(slot.index)
    return UIBinding(root: slot.model, keyPath: slot.itemKeyPath, get: accessors.get, set: accessors.set)
  }

  /// `$model[dynamicMember: slot.flagKeyPath]`, read and written directly (see `item(of:)`).
  static func flag(of slot: SlotConnection) -> UIBinding<Bool> {
    let accessors = SlotAccessors<Bool>.flag(slot.index)
    return UIBinding(root: slot.model, keyPath: slot.flagKeyPath, get: accessors.get, set: accessors.set)
  }

  /// `NavigationTabBarController`, bound to the selected tab read and written directly (see `item(of:)`).
  static func tabBar(_ tabs: TabConnection) -> UITabBarController {
    let binding = UIBinding(
      root: tabs.model, keyPath: tabs.selectedTabKeyPath, get: { $0.selectedTab }, set: { $0.selectedTab = $1 })
    return NavigationTabBarController(selectedIndex: binding, tabs: tabs.tabs)
  }

  public func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
    Self.stack(path, root: root, NavigationStackController.init)
  }

  /// A stack controller (the built-in one, or a variant of it) driven by `path`, showing its screens.
  static func stack<Stack: NavigationStackController<PathElement>>(
    _ path: PathConnection, root: UIViewController,
    _ make: (UIBinding<[PathElement]>, UIViewController) -> Stack
  ) -> Stack {
    // `$model[dynamicMember: path.pathKeyPath]`, read and written directly (see `item(of:)`).
    let binding = UIBinding(root: path.model, keyPath: path.pathKeyPath, get: { $0.path }, set: { $0.path = $1 })
    let stack = make(binding, root)
    // One destination closure that picks the screen by the element's kind, as
    // `navigationDestination(for:)` picks by the value's type.
    let destinations = path.destinations
    stack.navigationDestination(for: PathElement.self) { element in destinations[element.kind](element) }
    return stack
  }
}

/// `\.[slot: index]` and `\.[flag: index]` as closures, made once per index (as the key paths
/// are): closures capturing their index would be allocated, and freed, for every slot wired.
/// A class, not a tuple in an array: a closure read out of an array is rewrapped (an allocation).
@MainActor
private final class SlotAccessors<Value> {
  let get: @MainActor (ScreenModel) -> Value
  let set: @MainActor (ScreenModel, Value) -> Void

  init(get: @escaping @MainActor (ScreenModel) -> Value, set: @escaping @MainActor (ScreenModel, Value) -> Void) {
    self.get = get
    self.set = set
  }
}

extension SlotAccessors<SlotItem?> {
  static func item(_ index: Int) -> SlotAccessors<SlotItem?> {
    while slotItemAccessors.count <= index {
      let index = slotItemAccessors.count
      slotItemAccessors.append(SlotAccessors<SlotItem?>(get: { $0[slot: index] }, set: { $0[slot: index] = $1 }))
    }
    return slotItemAccessors[index]
  }
}

extension SlotAccessors<Bool> {
  static func flag(_ index: Int) -> SlotAccessors<Bool> {
    while slotFlagAccessors.count <= index {
      let index = slotFlagAccessors.count
      slotFlagAccessors.append(SlotAccessors<Bool>(get: { $0[flag: index] }, set: { $0[flag: index] = $1 }))
    }
    return slotFlagAccessors[index]
  }
}

@MainActor private var slotItemAccessors: [SlotAccessors<SlotItem?>] = []
@MainActor private var slotFlagAccessors: [SlotAccessors<Bool>] = []

/// The built-in engine, the swift-navigation-like one and every mutant made by changing its rules
/// keep a presentation's state on the controllers involved, and the rest in `EngineActivity`;
/// their rules are the world's and stay with it.
extension StateDrivenEngine: ResettableEngine {
  public var isAtRest: Bool { EngineActivity.isAtRest }
  public func forgetRun() -> Bool {
    guard EngineActivity.forgetRun() else { return false }
    NavigationWarnings.reset()
    return true
  }
}
