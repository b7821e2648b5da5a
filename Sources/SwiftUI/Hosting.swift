import HeadlessUIKit

/// What the SwiftUI side knows of a controller that hosts views.
@MainActor
protocol RegionHost: AnyObject {
  var hostedRegion: Region { get }
}

/// A view controller that shows SwiftUI views, as on iOS: its appearance is its views'
/// (`onAppear` at its `viewWillAppear`, `onDisappear` at its `viewDidDisappear`), and what its
/// views present is presented from it.
open class UIHostingController<Content: View>: UIViewController, RegionHost {
  let region: Region
  private var storedRootView: Content

  /// The view shown; setting it evaluates the new view (state kept where identities match).
  public var rootView: Content {
    get { storedRootView }
    set {
      storedRootView = newValue
      region.setRoot(newValue, environment: region.rootNode?.environment ?? EnvironmentValues())
    }
  }

  /// Held.
  public var sizingOptions = UIHostingControllerSizingOptions()
  /// Held.
  public var safeAreaRegions = SafeAreaRegions.all

  public init(rootView: Content) {
    storedRootView = rootView
    region = Region(graph: SwiftUIEnvironment.current, kind: .hosted)
    super.init()
    region.setRoot(rootView, environment: EnvironmentValues())
    region.attach(self)
  }

  /// A hosting controller for a region SwiftUI made (a pushed screen, a stack's root).
  init(region: Region, placeholder: Content) {
    storedRootView = placeholder
    self.region = region
    super.init()
    region.attach(self)
  }

  public required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  var hostedRegion: Region { region }

  open override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    region.becameVisible()
  }

  open override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    region.becameInvisible()
  }
}

extension UIHostingController where Content == AnyView {
  convenience init(region: Region) {
    self.init(region: region, placeholder: AnyView(EmptyView()))
  }
}

public struct UIHostingControllerSizingOptions: OptionSet, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  public static let preferredContentSize = UIHostingControllerSizingOptions(rawValue: 1)
  public static let intrinsicContentSize = UIHostingControllerSizingOptions(rawValue: 2)
}

extension Region {
  /// Makes the controller that shows this region, once its content is known: the controller of
  /// the container that is its whole content (a stack or tabs at the root of a window, sheet or
  /// tab), else a hosting controller.
  func makeController() -> UIViewController {
    if let coordinator = wholeContainer {
      let controller = coordinator.controller
      if let navigation = controller as? SwiftUINavigationController { navigation.outerRegion = self }
      if let tabs = controller as? SwiftUITabBarController { tabs.outerRegion = self }
      attach(controller)
      return controller
    }
    let controller = UIHostingController(region: self)
    forEachNode { node in
      if case .container(let coordinator)? = node.role { embed(coordinator, in: controller) }
    }
    return controller
  }

  /// The region now has its controller: work that waited for it runs (a presentation asked for
  /// in its first evaluation), and its screen preferences apply.
  func attach(_ controller: UIViewController) {
    self.controller = controller
    let waiting = waitingForController
    waitingForController = []
    graph.withUpdate {
      for work in waiting { work() }
    }
    refreshPreferences()
  }

  /// Runs `work` once the region has a controller (now, if it has one).
  func whenAttached(_ work: @escaping @MainActor () -> Void) {
    if controller != nil { work() } else { waitingForController.append(work) }
  }

  /// A container that is not the region's whole content is a child of its hosting controller (a
  /// person's back and swipe do not reach it: HeadlessUIKit's gestures act on the window's
  /// containers).
  func embedIfNeeded(_ coordinator: any ContainerCoordinator) {
    guard let host = controller as? RegionHost & UIViewController, host.hostedRegion === self else { return }
    embed(coordinator, in: host)
  }

  private func embed(_ coordinator: any ContainerCoordinator, in host: UIViewController) {
    let child = coordinator.controller
    guard child.parent == nil else { return }
    host.addChild(child)
    child.didMove(toParent: host)
  }
}
