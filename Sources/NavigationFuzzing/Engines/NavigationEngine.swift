import HeadlessUIKit
import NavigationReference

/// The door through which any navigation engine that drives HeadlessUIKit from state is fuzzed.
///
/// The harness builds the screens and owns the models; the engine says how one slot of a screen is
/// wired onto that screen's controller, and how a stack is driven by a path. The built-in engine
/// and every mutant go through this door, and so does yours.
@MainActor
public protocol NavigationEngine {
  /// Called once per slot from the screen's `viewDidLoad`: make the slot's state drive what
  /// `controller` shows, and write back when the user takes it away.
  func wire(_ slot: SlotConnection, on controller: UIViewController)

  /// Builds the navigation controller at the root of a stack topology, driven by `path`.
  func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController

  /// How to read the controllers the engine or its app builds itself rather than through a
  /// slot's `content` or the path's destinations (default: none; every controller it shows is
  /// one the harness built).
  var screenReading: ScreenReading? { get }

  /// Builds the tab bar controller at the root of a topology with tabs, showing `tabs.tabs` and
  /// driven by its selected tab, both ways. Default: a plain tab bar that shows the tab selected
  /// when it is built and warns (`engine-warning`) that the engine builds none of its own.
  func makeTabs(_ tabs: TabConnection) -> UITabBarController

  /// Runs `apply` now and again after each change to the observable state it read, for as long as
  /// `controller` lives: how the harness's screens keep their own non-navigation UI (a title that
  /// follows the model) and the adapter kit (`AppSlot`, `AppPath`) keep up with the model. An app
  /// observes its model with the tool its navigation uses, so an engine with its own observation
  /// says so here, and those re-runs interleave with its navigation's as they would in the app.
  /// Default: `ModelObservation`, Swift's Observation with each re-run on the next run-loop turn.
  func observe(_ apply: @escaping @MainActor () -> Void, on controller: UIViewController)

  /// Tracked observation runs (first runs and re-runs) the engine has started in this process.
  /// The explorer checks that none runs *during* a program write (its partial-order reduction
  /// rests on that), and `navfuzz bench` divides them by the actions run. Default: those of
  /// `ModelObservation`.
  var observationRuns: Int { get }

  /// The semantics profile the engine is judged by unless told otherwise (default: `navfuzz`).
  static var semantics: SemanticsProfile { get }
  /// What the engine offers (default: everything the harness checks).
  static var contract: EngineContract { get }
}

extension NavigationEngine {
  public var screenReading: ScreenReading? { nil }

  public func makeTabs(_ tabs: TabConnection) -> UITabBarController {
    EngineWarnings.report(
      "\(type(of: self)) builds no tab bar of its own (NavigationEngine.makeTabs): the selected tab is not driven by the model")
    let tabBar = UITabBarController()
    tabBar.setViewControllers(tabs.tabs, animated: false)
    tabBar.selectedIndex = tabs.model.selectedTab
    return tabBar
  }

  public func observe(_ apply: @escaping @MainActor () -> Void, on controller: UIViewController) {
    ModelObservation.observe(apply, on: controller)
  }

  public var observationRuns: Int { ModelObservation.trackedRuns }

  public static var semantics: SemanticsProfile { .navfuzz }
  public static var contract: EngineContract { EngineContract() }
}

/// One slot of one screen, as an engine sees it.
@MainActor
public struct SlotConnection {
  public let spec: SlotSpec
  public let model: ScreenModel
  public let index: Int
  /// Builds the controller for an item (a wrapped navigation controller for modal screens with
  /// slots, with its presentation style already set).
  public let content: @MainActor (SlotItem) -> UIViewController
  /// Call exactly once each time a presentation of this slot goes away.
  public let onDismiss: @MainActor () -> Void
  /// What reads the app's screens in the slot's world, for the adapter kit (`AppSlot`); nil when
  /// the engine reads none, and for connections an engine made itself. Not the world, weakly: a
  /// weak reference stored for every slot wired costs every engine, and only readers need it.
  var appScreens: AppScreenReader?

  /// Engines that decorate another engine build a changed connection with this.
  public init(
    spec: SlotSpec, model: ScreenModel, index: Int, content: @escaping @MainActor (SlotItem) -> UIViewController,
    onDismiss: @escaping @MainActor () -> Void
  ) {
    self.spec = spec
    self.model = model
    self.index = index
    self.content = content
    self.onDismiss = onDismiss
  }

  /// The slot's state as an optional item, observable.
  public var itemKeyPath: ReferenceWritableKeyPath<ScreenModel, SlotItem?> { ScreenModel.slotKeyPath(index) }
  /// For Bool slots: the slot's state as a Bool, observable.
  public var flagKeyPath: ReferenceWritableKeyPath<ScreenModel, Bool> { ScreenModel.flagKeyPath(index) }
}

/// The root path of a stack topology, as an engine sees it.
@MainActor
public struct PathConnection {
  public let model: ScreenModel
  /// One screen builder per kind of element, indexed by `PathElement.kind`: what an app registers
  /// with `navigationDestination(for:)`, one per type of value (or one closure switching over
  /// its `Path` enum's cases).
  public let destinations: [@MainActor (PathElement) -> UIViewController]
  /// The world the path belongs to, for the adapter kit (`values`, `setValues(_:)`).
  weak var world: World?
  public var pathKeyPath: ReferenceWritableKeyPath<ScreenModel, [PathElement]> { \ScreenModel.path }

  /// Builds the screen for a path element: the destination of its kind.
  public var content: @MainActor (PathElement) -> UIViewController {
    { [destinations] element in destinations[element.kind](element) }
  }
}

/// The tab bar of a topology with tabs, as an engine sees it.
@MainActor
public struct TabConnection {
  /// The root screen's model, which holds the selected tab.
  public let model: ScreenModel
  /// Each tab's controller, in tab order: tab 0 the root screen's navigation controller (or stack),
  /// then each tab's navigation controller, its screen at the root.
  public let tabs: [UIViewController]
  /// The selected tab, observable: the state selects the tab, and the user's tap is written here.
  public var selectedTabKeyPath: ReferenceWritableKeyPath<ScreenModel, Int> { \ScreenModel.selectedTab }
}
