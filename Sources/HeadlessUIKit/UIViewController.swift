import Foundation

/// A view controller: lifecycle, containment, and (in the extensions) modal presentation.
///
/// Subclass it as in UIKit and override the lifecycle methods. The simulator calls them in UIKit's
/// order; `docs/SEMANTICS.md` lists the rules and their sources.
@preconcurrency @MainActor
open class UIViewController: UIResponder {
  // MARK: Identity
  /// Creation order within the environment: deterministic, so logs compare across runs.
  public final var serial: Int { creationSerial }
  private var creationSerial = 0
  /// Setting it also sets the navigation item's title, once the item exists, as UIKit documents.
  open var title: String? {
    didSet { storedNavigationItem?.title = title }
  }
  /// UIKit's property; the harness uses it to name the screen a controller shows.
  open var restorationIdentifier: String?

  /// "TypeName#serial", stable across runs of the same steps.
  public var debugName: String { "\(Self.typeName(of: self))#\(serial)" }

  /// `String(describing: type(of: controller))`, described once per class: describing a type
  /// reflects on it, which cost more than an accepted presentation's checks.
  private static var typeNames: [ObjectIdentifier: String] = [:]
  private static func typeName(of controller: UIViewController) -> String {
    let type = type(of: controller)
    if let name = typeNames[ObjectIdentifier(type)] { return name }
    let name = String(describing: type)
    typeNames[ObjectIdentifier(type)] = name
    return name
  }

  // MARK: View
  private var loadedView: UIView?
  open var isViewLoaded: Bool { loadedView != nil }
  open var viewIfLoaded: UIView? { loadedView }
  open var view: UIView! {
    get {
      loadViewIfNeeded()
      return loadedView
    }
    set {
      loadedView = newValue
      newValue?.owner = self
    }
  }

  // MARK: Containment
  public final var parent: UIViewController? { storedParent }
  public final var children: [UIViewController] { storedChildren }
  // Internal stored properties behind public read-only ones, here and below: Swift proves the
  // accesses to them exclusive at compile time instead of checking each at run time, as it must for
  // a stored property visible outside the module (see `takeStoredArray`). Each stays where the
  // public property was, so a controller's fields still go in the same order when it goes.
  weak var storedParent: UIViewController?
  var storedChildren: [UIViewController] = []
  weak var window: UIWindow?

  // MARK: Presentation state (see UIViewController+Presentation.swift)
  /// The controller this one presented, when it is a presentation context.
  var directlyPresented: UIViewController?
  /// The presentation context that presented this controller.
  weak var directPresenter: UIViewController?
  /// Open, as in UIKit: app code overrides it (`override var modalPresentationStyle { get {
  /// .fullScreen } set {} }`), and the simulator reads the property, never its storage, so an
  /// override decides how the controller is presented.
  open var modalPresentationStyle: UIModalPresentationStyle {
    get { storedModalPresentationStyle }
    set { storedModalPresentationStyle = newValue }
  }
  private var storedModalPresentationStyle = UIModalPresentationStyle.automatic
  /// When true, the user cannot swipe the sheet away or tap outside the popover. Open, as in
  /// UIKit: an override is what the swipe reads.
  open var isModalInPresentation = false
  open var definesPresentationContext = false
  private var storedPresentationController: UIPresentationController?

  // MARK: Transition flags, true only while the matching transition runs
  public final var isBeingPresented: Bool { beingPresented }
  public final var isBeingDismissed: Bool { beingDismissed }
  public final var isMovingToParent: Bool { movingToParent }
  public final var isMovingFromParent: Bool { movingFromParent }
  var beingPresented = false
  var beingDismissed = false
  var movingToParent = false
  var movingFromParent = false

  // MARK: Appearance
  enum AppearanceState { case disappeared, appearing, appeared, disappearing }
  var appearanceState = AppearanceState.disappeared
  /// Whether the controller's view is on screen (viewDidAppear ran, viewWillDisappear did not).
  public var isVisible: Bool { appearanceState == .appeared }

  // MARK: Traits and bar items
  /// Traits this controller sets for itself and everything it contains or presents.
  public var traitOverrides = UITraitOverrides()
  /// What the navigation bar shows while this controller is on top (held only). Open, as in
  /// UIKit: a controller may return its own item (`override var navigationItem: UINavigationItem
  /// { customItem }`); the default is made on first access with the controller's title.
  open var navigationItem: UINavigationItem {
    if let storedNavigationItem { return storedNavigationItem }
    let item = UINavigationItem(title: title)
    storedNavigationItem = item
    return item
  }
  private var storedNavigationItem: UINavigationItem?
  // Held only, and open as in UIKit: app code overrides these in its controllers, and a file
  // that does must compile unchanged.
  open var toolbarItems: [UIBarButtonItem]?
  open var hidesBottomBarWhenPushed = false
  open var preferredContentSize = CGSize.zero
  open var modalTransitionStyle = UIModalTransitionStyle.coverVertical
  /// Orientations, held only: the simulator has no rotation. Overridable, as in UIKit.
  open var supportedInterfaceOrientations: UIInterfaceOrientationMask { .allButUpsideDown }
  open var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation { .portrait }
  open var shouldAutorotate: Bool { true }
  /// The status bar and home indicator, held only: nothing is drawn.
  open var preferredStatusBarStyle: UIStatusBarStyle { .default }
  open var prefersStatusBarHidden: Bool { false }
  open var preferredStatusBarUpdateAnimation: UIStatusBarAnimation { .fade }
  open var childForStatusBarStyle: UIViewController? { nil }
  open var childForStatusBarHidden: UIViewController? { nil }
  open var prefersHomeIndicatorAutoHidden: Bool { false }
  open var modalPresentationCapturesStatusBarAppearance = false
  /// Tells UIKit to read the status bar properties again; nothing here draws them.
  open func setNeedsStatusBarAppearanceUpdate() {}
  /// Who supplies custom transition animators and presentation controllers (held only: the
  /// simulator asks it for nothing, as it draws no animation).
  open weak var transitioningDelegate: (any UIViewControllerTransitioningDelegate)?

  // MARK: Editing
  /// Whether the controller shows its editable state; `setEditing(_:animated:)` sets it, and
  /// subclasses override that method to update their views, as in UIKit.
  open var isEditing: Bool {
    get { editing }
    set { setEditing(newValue, animated: false) }
  }
  private var editing = false
  open func setEditing(_ editing: Bool, animated: Bool) { self.editing = editing }

  // MARK: Outside attachments (swizzling and associated-object stand-ins)
  final var lifecycleHooks: [@MainActor (UIViewController, UIViewControllerLifecycleEvent) -> Void] = []
  /// Values attached with `setAssociatedObject`, in the order their keys were first set: a few
  /// per controller, found faster by a scan than by hashing, and released in a fixed order when
  /// the controller goes (a dictionary releases them in hash order, which differs per process).
  final var associatedObjects: [(key: ObjectIdentifier, value: AnyObject)] = []

  public override init() {
    super.init()
    creationSerial = HeadlessEnvironment.current.register(self)
  }

  /// UIKit's designated initializer; there are no nibs, so both arguments are ignored.
  public init(nibName: String?, bundle: Bundle?) {
    super.init()
    creationSerial = HeadlessEnvironment.current.register(self)
  }

  /// Required as in UIKit, so subclasses written for iOS (`required init?(coder:) { fatalError() }`)
  /// compile unchanged. Nothing here decodes: it creates a plain controller.
  public required init?(coder: NSCoder) {
    super.init()
    creationSerial = HeadlessEnvironment.current.register(self)
  }

  // MARK: Lifecycle callbacks, for subclasses

  // UIKit's own implementations: they run the class-wide hooks (LifecycleHooks.swift), so a hook
  // runs inside `super.viewDidAppear(_:)` as a swizzled method would.
  open func viewDidLoad() { runClassLifecycleHooks(.viewDidLoad) }
  open func viewWillAppear(_ animated: Bool) { runClassLifecycleHooks(.viewWillAppear) }
  /// iOS 17: called right after every `viewWillAppear` (docs/SEMANTICS.md). Not a lifecycle-hook
  /// event, and not written to the lifecycle log: it always follows `viewWillAppear`.
  open func viewIsAppearing(_ animated: Bool) {}
  open func viewDidAppear(_ animated: Bool) { runClassLifecycleHooks(.viewDidAppear) }
  open func viewWillDisappear(_ animated: Bool) { runClassLifecycleHooks(.viewWillDisappear) }
  open func viewDidDisappear(_ animated: Bool) { runClassLifecycleHooks(.viewDidDisappear) }
  open func willMove(toParent parent: UIViewController?) {
    runClassLifecycleHooks(.willMoveToParent(isNil: parent == nil))
  }
  open func didMove(toParent parent: UIViewController?) {
    runClassLifecycleHooks(.didMoveToParent(isNil: parent == nil))
  }

  /// Creates the view. Subclasses override it to set `view` to their own (without calling
  /// `super`, as in UIKit); the default makes a plain `UIView`.
  open func loadView() {
    view = UIView()
  }

  /// Layout callbacks, held: the simulator lays nothing out, so it never calls them.
  open func viewWillLayoutSubviews() {}
  open func viewDidLayoutSubviews() {}
  open func updateViewConstraints() {}
  /// Held: the simulator has no memory pressure.
  open func didReceiveMemoryWarning() {}
  /// Held: the simulator has no rotation or resizing, so it never calls it.
  open func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {}

  open func loadViewIfNeeded() {
    guard loadedView == nil else { return }
    loadView()
    // An override that set no view: UIKit would ask again at every access and never get one;
    // a plain view keeps the run going.
    if loadedView == nil { view = UIView() }
    dispatch(.viewDidLoad) { $0.viewDidLoad() }
  }

  // MARK: Containment API

  /// Adds a child; calls the child's `willMove(toParent:)` as UIKit does.
  open func addChild(_ child: UIViewController) {
    guard child.parent !== self else { return }
    if child.parent != nil { child.removeFromParent() }
    child.dispatch(.willMoveToParent(isNil: false)) { $0.willMove(toParent: self) }
    child.storedParent = self
    var siblings = takeStoredArray(&storedChildren)
    siblings.append(child)
    storedChildren = siblings
  }

  /// Removes from the parent; calls `didMove(toParent: nil)` as UIKit does.
  open func removeFromParent() {
    guard let parent else { return }
    var siblings = takeStoredArray(&parent.storedChildren)
    siblings.removeInstances(of: self)
    parent.storedChildren = siblings
    storedParent = nil
    dispatch(.didMoveToParent(isNil: true)) { $0.didMove(toParent: nil) }
  }

  /// The nearest ancestor that is a navigation controller.
  public var navigationController: UINavigationController? {
    var candidate = parent
    while let current = candidate {
      if let navigation = current as? UINavigationController { return navigation }
      candidate = current.parent
    }
    return nil
  }

  /// The outermost container: where UIKit routes this controller's presentations.
  var rootAncestor: UIViewController {
    var current = self
    while let parent = current.parent { current = parent }
    return current
  }

  // MARK: Presentation (the rules are in UIViewController+Presentation.swift)

  /// Open, as in UIKit: a subclass may override it and call `super`. The user's own gestures
  /// (swiping a sheet away, tapping an alert's button or outside a popover) do not go through
  /// `dismiss` (docs/SEMANTICS.md).
  ///
  /// The completion's type is UIKit's, `(() -> Void)?`, so an override written for iOS matches it
  /// exactly; UIKit calls it on the main thread, and so does the simulator (`mainActorCompletion`).
  open func present(_ controller: UIViewController, animated: Bool, completion: (() -> Void)? = nil) {
    HeadlessEnvironment.current.recordNavigationCall(.present, on: self, animated: animated)
    presentAsUIKitDoes(controller, animated: animated, completion: mainActorCompletion(completion))
  }

  open func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
    HeadlessEnvironment.current.recordNavigationCall(.dismiss, on: self, animated: animated)
    dismissAsUIKitDoes(animated: animated, completion: mainActorCompletion(completion))
  }

  /// Shows `controller` the way the context means: pushed by the nearest navigation controller
  /// (`UINavigationController` overrides it to push), else presented from this controller.
  open func show(_ controller: UIViewController, sender: Any?) {
    if let navigationController {
      navigationController.show(controller, sender: sender)
    } else {
      HeadlessEnvironment.current.apply(.showPushesOrPresents)
      present(controller, animated: true)
    }
  }

  // MARK: Presentation controller

  /// Created on first access, as in UIKit; a popover controller when the style is `.popover`.
  public var presentationController: UIPresentationController? {
    if storedPresentationController == nil {
      if modalPresentationStyle == .popover {
        storedPresentationController = UIPopoverPresentationController(presentedViewController: self)
      } else if modalPresentationStyle.isSheet, !(self is UIAlertController) {
        storedPresentationController = UISheetPresentationController(presentedViewController: self)
      } else {
        storedPresentationController = UIPresentationController(presentedViewController: self)
      }
    }
    return storedPresentationController
  }

  /// The sheet's presentation controller when this controller is shown as a sheet.
  public var sheetPresentationController: UISheetPresentationController? {
    guard modalPresentationStyle.isSheet else { return nil }
    return presentationController as? UISheetPresentationController
  }

  public var popoverPresentationController: UIPopoverPresentationController? {
    guard modalPresentationStyle == .popover else { return nil }
    return presentationController as? UIPopoverPresentationController
  }

  /// Non-nil exactly while a transition involving this controller or an ancestor runs.
  public var transitionCoordinator: UIViewControllerTransitionCoordinator? {
    HeadlessEnvironment.current.transition(involving: self)?.coordinator
  }

  // MARK: Appearance forwarding

  /// The children that share this controller's appearance (a navigation controller: its top).
  /// A slice, so a navigation controller's answer needs no array of its own.
  var appearanceChildren: ArraySlice<UIViewController> { storedChildren[...] }

  /// UIKit's manual appearance forwarding: `viewWill(Dis)Appear` now, forwarded to visible children.
  public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
    if isAppearing {
      guard appearanceState == .disappeared || appearanceState == .disappearing else { return }
      appearanceState = .appearing
      loadViewIfNeeded()
      dispatch(.viewWillAppear) { $0.viewWillAppear(animated) }
      viewIsAppearing(animated)
    } else {
      guard appearanceState == .appeared || appearanceState == .appearing else { return }
      appearanceState = .disappearing
      dispatch(.viewWillDisappear) { $0.viewWillDisappear(animated) }
    }
    for child in appearanceChildren { child.beginAppearanceTransition(isAppearing, animated: animated) }
  }

  /// Completes what `beginAppearanceTransition` began: `viewDid(Dis)Appear`.
  public func endAppearanceTransition() {
    switch appearanceState {
    case .appearing:
      appearanceState = .appeared
      dispatch(.viewDidAppear) { $0.viewDidAppear(true) }
    case .disappearing:
      appearanceState = .disappeared
      dispatch(.viewDidDisappear) { $0.viewDidDisappear(true) }
    case .appeared, .disappeared:
      return
    }
    for child in appearanceChildren { child.endAppearanceTransition() }
  }

  /// Calls the overridable method, then the hooks, then records the event.
  func dispatch(_ event: UIViewControllerLifecycleEvent, _ call: (UIViewController) -> Void) {
    call(self)
    if !lifecycleHooks.isEmpty {
      for hook in lifecycleHooks { hook(self, event) }
    }
    HeadlessEnvironment.current.record("\(debugName).\(event.logName)")
  }
}

extension UIViewControllerLifecycleEvent {
  var logName: String {
    switch self {
    case .viewDidLoad: return "viewDidLoad"
    case .viewWillAppear: return "viewWillAppear"
    case .viewDidAppear: return "viewDidAppear"
    case .viewWillDisappear: return "viewWillDisappear"
    case .viewDidDisappear: return "viewDidDisappear"
    case .willMoveToParent(let isNil): return isNil ? "willMove(toParent: nil)" : "willMove(toParent:)"
    case .didMoveToParent(let isNil): return isNil ? "didMove(toParent: nil)" : "didMove(toParent:)"
    }
  }
}

/// A completion handed to UIKit as a plain closure, run on the main actor: the simulated world is
/// single-threaded, so the closure never leaves the thread it was made on.
private struct MainThreadCompletion: @unchecked Sendable {
  let run: () -> Void
}

@MainActor
private func mainActorCompletion(_ completion: (() -> Void)?) -> (@MainActor () -> Void)? {
  guard let completion else { return nil }
  let box = MainThreadCompletion(run: completion)
  return { box.run() }
}
