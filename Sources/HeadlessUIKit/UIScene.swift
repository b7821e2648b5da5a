import Foundation

/// A scene: one instance of the app's UI. Scenes connect to the app when made; the app's own
/// scene exists from the start (`UIApplication.shared.connectedScenes`). Held: the simulator never
/// disconnects, backgrounds or reconnects a scene; a person opening a URL or continuing an
/// activity reaches the scene's delegate through `UIWindowScene.userOpen(_:)`/`userContinue(_:)`.
@preconcurrency @MainActor
open class UIScene: UIResponder {
  public enum ActivationState: Int, Sendable { case unattached = -1, foregroundActive, foregroundInactive, background }

  /// What a scene was connected with: the URLs and activities that launched it.
  public final class ConnectionOptions: Sendable {
    public let urlContexts: Set<UIOpenURLContext>
    public let userActivities: Set<NSUserActivity>
    public let sourceApplication: String?

    /// Not UIKit API (UIKit makes these): options carrying what a test launches a scene with.
    public init(
      urlContexts: Set<UIOpenURLContext> = [], userActivities: Set<NSUserActivity> = [], sourceApplication: String? = nil
    ) {
      self.urlContexts = urlContexts
      self.userActivities = userActivities
      self.sourceApplication = sourceApplication
    }
  }

  public let session: UISceneSession
  public var delegate: (any UISceneDelegate)?
  public var activationState = ActivationState.foregroundActive
  public var title: String?

  public required init(session: UISceneSession, connectionOptions: ConnectionOptions) {
    self.session = session
    super.init()
    session.scene = self
    UIApplication.shared.connect(self)
  }

  /// A person opens `urls` in this app (a link, a widget): the delegate's
  /// `scene(_:openURLContexts:)` receives them.
  public func userOpen(_ urls: [URL]) {
    delegate?.scene(self, openURLContexts: Set(urls.map { UIOpenURLContext(url: $0) }))
  }

  /// A person continues `activity` here (Handoff, a Spotlight result): the delegate's
  /// `scene(_:continue:)` receives it.
  public func userContinue(_ activity: NSUserActivity) {
    delegate?.scene(self, continue: activity)
  }
}

/// A scene with windows.
@preconcurrency @MainActor
open class UIWindowScene: UIScene {
  /// The windows made in this scene, in the order they were made.
  public var windows: [UIWindow] { storedWindows.compactMap(\.window) }
  /// The scene's key window.
  public var keyWindow: UIWindow? { windows.first { $0.isKeyWindow } }
  public var interfaceOrientation: UIInterfaceOrientation { .portrait }
  public var traitCollection: UITraitCollection { UITraitCollection() }
  private var storedWindows: [WeakWindow] = []

  private struct WeakWindow {
    weak var window: UIWindow?
  }

  func add(_ window: UIWindow) {
    storedWindows.removeAll { $0.window == nil || $0.window === window }
    storedWindows.append(WeakWindow(window: window))
  }

  func remove(_ window: UIWindow) {
    storedWindows.removeAll { $0.window == nil || $0.window === window }
  }
}

/// A scene's session: what persists while the scene is disconnected (held).
@preconcurrency @MainActor
open class UISceneSession: NSObject {
  public struct Role: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
    public static let windowExternalDisplayNonInteractive = Role(rawValue: "UIWindowSceneSessionRoleExternalDisplayNonInteractive")
  }

  public let role: Role
  public let persistentIdentifier: String
  public var configuration: UISceneConfiguration
  public var userInfo: [String: Any]?
  public var stateRestorationActivity: NSUserActivity?
  public internal(set) weak var scene: UIScene?

  /// Not UIKit API (UIKit makes sessions): a session a test connects a scene with.
  public init(role: Role, persistentIdentifier: String) {
    self.role = role
    self.persistentIdentifier = persistentIdentifier
    self.configuration = UISceneConfiguration(name: nil, sessionRole: role)
    super.init()
  }
}

/// Which delegate class a scene is made with (held).
@preconcurrency @MainActor
open class UISceneConfiguration: NSObject {
  public let name: String?
  public let role: UISceneSession.Role
  public var delegateClass: AnyClass?
  public var sceneClass: AnyClass?

  public init(name: String?, sessionRole: UISceneSession.Role) {
    self.name = name
    self.role = sessionRole
    super.init()
  }
}

/// A URL a scene was asked to open, with how.
public final class UIOpenURLContext: NSObject, Sendable {
  public let url: URL

  init(url: URL) {
    self.url = url
    super.init()
  }
}

/// A scene's delegate. Every method is optional, as in UIKit.
@preconcurrency @MainActor
public protocol UISceneDelegate: AnyObject {
  func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
  func sceneDidDisconnect(_ scene: UIScene)
  func sceneDidBecomeActive(_ scene: UIScene)
  func sceneWillResignActive(_ scene: UIScene)
  func sceneWillEnterForeground(_ scene: UIScene)
  func sceneDidEnterBackground(_ scene: UIScene)
  func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)
  func scene(_ scene: UIScene, continue userActivity: NSUserActivity)
  func stateRestorationActivity(for scene: UIScene) -> NSUserActivity?
}

extension UISceneDelegate {
  public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
  public func sceneDidDisconnect(_ scene: UIScene) {}
  public func sceneDidBecomeActive(_ scene: UIScene) {}
  public func sceneWillResignActive(_ scene: UIScene) {}
  public func sceneWillEnterForeground(_ scene: UIScene) {}
  public func sceneDidEnterBackground(_ scene: UIScene) {}
  public func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
  public func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {}
  public func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? { nil }
}

/// A window scene's delegate: it keeps the scene's window.
@preconcurrency @MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
  var window: UIWindow? { get set }
}

extension UIWindowSceneDelegate {
  public var window: UIWindow? {
    get { nil }
    set {}
  }
}

extension UIWindow {
  nonisolated(unsafe) private static var windowSceneKey: UInt8 = 0

  /// A window in `windowScene`, as a scene delegate makes one.
  public convenience init(windowScene: UIWindowScene) {
    self.init(frame: .zero)
    self.windowScene = windowScene
  }

  /// The scene the window is in (nil for a window made with a frame, until set).
  public var windowScene: UIWindowScene? {
    get { objc_getAssociatedObject(self, &Self.windowSceneKey) as? UIWindowScene }
    set {
      windowScene?.remove(self)
      objc_setAssociatedObject(self, &Self.windowSceneKey, newValue, .OBJC_ASSOCIATION_ASSIGN)
      newValue?.add(self)
    }
  }
}
