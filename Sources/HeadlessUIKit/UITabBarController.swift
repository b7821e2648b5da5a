import Foundation

/// A tab bar interface, with UIKit's rules (docs/SEMANTICS.md, "Tabs"): every tab's controller is
/// a child, only the selected one is on screen and gets appearance callbacks, a tab's view loads
/// the first time it is selected, the user's tap asks the delegate first, and tapping the selected
/// tab again pops its navigation controller to the root.
///
/// A switch has no transition of its own: it happens within the call, as UIKit's does. The
/// controller is the tab bar's delegate, as in UIKit, so a subclass hears the user's taps by
/// overriding `tabBar(_:didSelect:)` (and calling `super`, which does the selecting).
@preconcurrency @MainActor
open class UITabBarController: UIViewController, UITabBarDelegate {
  /// The bar at the bottom: its items are the tabs' `tabBarItem`s, its `selectedItem` the selected
  /// tab's. UIKit documents that the app must not change it; it is read here.
  open var tabBar: UITabBar { storedTabBar }
  private let storedTabBar = UITabBar()
  open weak var delegate: (any UITabBarControllerDelegate)?

  /// The tabs' controllers, in order. Setting it is `setViewControllers(_:animated: false)`.
  open var viewControllers: [UIViewController]? {
    get { tabControllers.isEmpty && !hasTabs ? nil : tabControllers }
    set { setViewControllers(newValue, animated: false) }
  }
  private var tabControllers: [UIViewController] = []
  /// Whether `viewControllers` was ever set (an empty array reads back as `[]`, never set as nil).
  private var hasTabs = false
  private var storedSelectedIndex = 0

  /// The selected tab's index; `NSNotFound` when there are no tabs. Setting it selects that tab
  /// (without asking the delegate, which hears only the user's taps).
  open var selectedIndex: Int {
    get { tabControllers.isEmpty ? NSNotFound : storedSelectedIndex }
    set {
      guard tabControllers.indices.contains(newValue) else { return }
      select(newValue)
    }
  }

  /// The selected tab's controller; setting it to one of `viewControllers` selects its tab.
  open var selectedViewController: UIViewController? {
    get { tabControllers.isEmpty ? nil : tabControllers[storedSelectedIndex] }
    set {
      guard let newValue, let index = tabControllers.firstIndexOfInstance(newValue) else { return }
      selectedIndex = index
    }
  }

  public override init() {
    super.init()
    storedTabBar.delegate = self
  }

  public override init(nibName: String?, bundle: Bundle?) {
    super.init(nibName: nibName, bundle: bundle)
    storedTabBar.delegate = self
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    storedTabBar.delegate = self
  }

  /// Replaces the tabs. UIKit keeps the previously selected controller selected if it is still
  /// there, else the same index if it is valid, else the first tab [doc: `viewControllers`].
  open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
    let new = viewControllers ?? []
    let old = tabControllers
    let previouslySelected = old.isEmpty ? nil : old[storedSelectedIndex]
    let index: Int
    if let previouslySelected, let kept = new.firstIndexOfInstance(previouslySelected) {
      index = kept
    } else {
      index = new.indices.contains(storedSelectedIndex) ? storedSelectedIndex : 0
    }
    let onScreen = appearanceState == .appeared || appearanceState == .appearing
    let incoming = new.isEmpty ? nil : new[index]
    let switches = incoming !== previouslySelected
    if onScreen, switches { incoming?.beginAppearanceTransition(true, animated: false) }
    for controller in old.excludingInstances(in: new) {
      if onScreen, controller === previouslySelected {
        controller.beginAppearanceTransition(false, animated: false)
        controller.endAppearanceTransition()
      }
      controller.dispatch(.willMoveToParent(isNil: true)) { $0.willMove(toParent: nil) }
      controller.removeFromParent()
    }
    let added = new.excludingInstances(in: old)
    for controller in added { addChild(controller) }
    tabControllers = new
    hasTabs = viewControllers != nil
    storedSelectedIndex = index
    if onScreen, switches, let previouslySelected, new.containsInstance(previouslySelected) {
      previouslySelected.beginAppearanceTransition(false, animated: false)
      previouslySelected.endAppearanceTransition()
    }
    if onScreen, switches { incoming?.endAppearanceTransition() }
    for controller in added { controller.dispatch(.didMoveToParent(isNil: false)) { $0.didMove(toParent: self) } }
    storedTabBar.setItems(new.map(\.tabBarItem), selected: incoming?.tabBarItem)
  }

  /// Only the selected tab shares the tab bar controller's appearance.
  override var appearanceChildren: ArraySlice<UIViewController> {
    tabControllers.isEmpty ? [] : tabControllers[storedSelectedIndex...storedSelectedIndex]
  }

  /// Makes tab `index` the selected one: the incoming tab's view loads (the first time) and it gets
  /// `viewWillAppear`, then the outgoing tab `viewWillDisappear` and `viewDidDisappear`, then the
  /// incoming one `viewDidAppear` — all within the call, and only while the tab bar controller is on
  /// screen [obs: the logged order of a tab switch, below].
  func select(_ index: Int) {
    let outgoing = selectedViewController
    let incoming = tabControllers[index]
    guard incoming !== outgoing else { return }
    storedSelectedIndex = index
    storedTabBar.selectedItem = incoming.tabBarItem
    guard appearanceState == .appeared || appearanceState == .appearing else { return }
    incoming.beginAppearanceTransition(true, animated: false)
    outgoing?.beginAppearanceTransition(false, animated: false)
    outgoing?.endAppearanceTransition()
    incoming.endAppearanceTransition()
  }

  /// UIKit's answer to the user's tap on an item of its bar (the controller is the bar's delegate):
  /// selects the item's tab, or — the tab already selected — pops its navigation controller to the
  /// root, animated; then tells the delegate, which hears every tap, the same tab too [doc:
  /// `tabBarController(_:didSelect:)`]. Open, as in UIKit: a subclass that overrides it hears the
  /// user's taps, and calls `super` to have them do anything.
  open func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {
    guard let index = tabControllers.firstIndex(where: { $0.tabBarItem === item }) else { return }
    let controller = tabControllers[index]
    if controller === selectedViewController {
      if let navigation = controller as? UINavigationController, navigation.stack.count > 1 {
        _ = navigation.popTo(navigation.stack[0], animated: true, userInitiated: true)
      }
    } else {
      select(index)
    }
    delegate?.tabBarController(self, didSelect: controller)
  }

  // MARK: iOS 18 tabs

  /// The tabs, each providing its controller (iOS 18). Setting them sets `viewControllers`.
  open var tabs: [UITab] {
    get { storedTabs }
    set { setTabs(newValue, animated: false) }
  }
  private var storedTabs: [UITab] = []

  /// A tab bar controller with `tabs` (iOS 18), as UIKit's convenience initializer.
  public convenience init(tabs: [UITab]) {
    self.init(nibName: nil, bundle: nil)
    setTabs(tabs, animated: false)
  }

  open func setTabs(_ tabs: [UITab], animated: Bool) {
    storedTabs = tabs
    setViewControllers(tabs.map(\.viewController), animated: animated)
  }

  /// The selected tab (iOS 18); nil when there are none. Setting a tab of `tabs` selects it;
  /// setting nil selects nothing new (there is always a selected controller while there are tabs).
  open var selectedTab: UITab? {
    get { storedTabs.isEmpty || tabControllers.isEmpty ? nil : storedTabs.first { $0.viewController === selectedViewController } }
    set {
      guard let newValue, let index = storedTabs.firstIndex(where: { $0 === newValue }) else { return }
      selectedIndex = index
    }
  }
}

/// The tab bar's delegate, as UIKit declares it: every method optional (a default implementation
/// stands for "not implemented"). UIKit asks `shouldSelect` and tells `didSelect` only for the
/// user's taps, never for code that sets `selectedIndex` [doc].
@preconcurrency @MainActor
public protocol UITabBarControllerDelegate: AnyObject {
  func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
  func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
}

extension UITabBarControllerDelegate {
  public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
    true
  }
  public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
}

/// The bar's own delegate (the tab bar controller, for a controller's bar).
@preconcurrency @MainActor
public protocol UITabBarDelegate: AnyObject {
  func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem)
}

/// The bar at the bottom of a tab bar interface: its items, one per tab, and the selected one.
@preconcurrency @MainActor
open class UITabBar: UIView {
  open var items: [UITabBarItem]? { storedItems }
  /// Key-value observable, as swift-navigation's tab binding observes it (`observe(\.selectedItem)`).
  open var selectedItem: UITabBarItem? {
    didSet { KeyValueObservers.announceChange(of: self) }
  }
  open weak var delegate: (any UITabBarDelegate)?
  private var storedItems: [UITabBarItem]?

  open func setItems(_ items: [UITabBarItem]?, animated: Bool) { storedItems = items }

  func setItems(_ items: [UITabBarItem], selected: UITabBarItem?) {
    storedItems = items
    selectedItem = selected
  }
}

/// What UIKit's bar items share (held only).
@preconcurrency @MainActor
open class UIBarItem: NSObject {
  open var title: String?
  open var image: UIImage?
  open var isEnabled = true
  open var tag = 0
}

/// A tab's item on the bar (held only).
@preconcurrency @MainActor
open class UITabBarItem: UIBarItem {
  public enum SystemItem: Int, Sendable {
    case more, favorites, featured, topRated, recents, contacts, history, bookmarks, search, downloads
    case mostRecent, mostViewed
  }

  open var selectedImage: UIImage?
  open var badgeValue: String?

  public override init() { super.init() }

  public init(title: String?, image: UIImage?, tag: Int) {
    super.init()
    self.title = title
    self.image = image
    self.tag = tag
  }

  public init(title: String?, image: UIImage?, selectedImage: UIImage?) {
    super.init()
    self.title = title
    self.image = image
    self.selectedImage = selectedImage
  }

  public init(tabBarSystemItem systemItem: SystemItem, tag: Int) {
    super.init()
    self.tag = tag
  }
}

/// A tab of iOS 18's tab API: a title, an image, an identifier, and the controller it shows,
/// made once by its provider.
@preconcurrency @MainActor
open class UITab: NSObject {
  public let identifier: String
  open var title: String
  open var image: UIImage?
  open var badgeValue: String?
  public private(set) lazy var viewController: UIViewController = provider(self)
  private let provider: @MainActor (UITab) -> UIViewController

  public init(
    title: String, image: UIImage?, identifier: String,
    viewControllerProvider: (@MainActor (UITab) -> UIViewController)? = nil
  ) {
    self.title = title
    self.image = image
    self.identifier = identifier
    self.provider = viewControllerProvider ?? { _ in UIViewController() }
    super.init()
  }
}

private let tabBarItemKey = AssociatedKey<UITabBarItem>()

extension UIViewController {
  /// The nearest ancestor that is a tab bar controller.
  public var tabBarController: UITabBarController? {
    var candidate = parent
    while let current = candidate {
      if let tabs = current as? UITabBarController { return tabs }
      candidate = current.parent
    }
    return nil
  }

  /// This controller's item on a tab bar: made on first access with the controller's title.
  public var tabBarItem: UITabBarItem! {
    get {
      if let item = associatedObject(for: tabBarItemKey) { return item }
      let item = UITabBarItem(title: title, image: nil, tag: 0)
      setAssociatedObject(item, for: tabBarItemKey)
      return item
    }
    set { setAssociatedObject(newValue, for: tabBarItemKey) }
  }

  /// Whether this controller is in the selected tab of every tab bar controller above it: a tab
  /// not selected has its view out of the window [obs: a switch removes the outgoing tab's view
  /// and keeps its controller, below].
  var isInSelectedTabs: Bool {
    var child: UIViewController = self
    while let parent = child.parent {
      if let tabs = parent as? UITabBarController, tabs.selectedViewController !== child { return false }
      child = parent
    }
    return true
  }
}
