import Foundation

/// The app: one per world (`UIApplication.shared` is the current world's), with the one scene an
/// app launched from a scene manifest has. It keeps what it is told: the URLs it was asked to
/// open, its delegate, its badge. Nothing outside the world is opened.
@preconcurrency @MainActor
open class UIApplication: UIResponder {
  public enum State: Int, Sendable { case active, inactive, background }

  public struct OpenExternalURLOptionsKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let universalLinksOnly = OpenExternalURLOptionsKey(rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
  }

  public struct OpenURLOptionsKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let sourceApplication = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsSourceApplicationKey")
    public static let annotation = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsAnnotationKey")
    public static let openInPlace = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsOpenInPlaceKey")
  }

  public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let url = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")
    public static let userActivityDictionary = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsUserActivityDictionaryKey")
    public static let remoteNotification = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsRemoteNotificationKey")
  }

  public static let openSettingsURLString = "app-settings:"

  /// The current world's application.
  public static var shared: UIApplication {
    let world = HeadlessEnvironment.current
    if let application = objc_getAssociatedObject(world, &applicationKey) as? UIApplication { return application }
    let application = UIApplication()
    objc_setAssociatedObject(world, &applicationKey, application, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    // The app's own scene, which connects itself to the application just stored.
    _ = UIWindowScene(
      session: UISceneSession(role: .windowApplication, persistentIdentifier: "scene-1"),
      connectionOptions: UIScene.ConnectionOptions())
    // A running test driver gives each world its host window as soon as the world has its scene,
    // so a suite reading `connectedScenes.first` → `windows.first` right after a reset finds it.
    HeadlessTestDriver.running?.provideHostWindow(in: world)
    return application
  }

  nonisolated(unsafe) private static var applicationKey: UInt8 = 0

  public weak var delegate: (any UIApplicationDelegate)?
  public var applicationState = State.active
  public var applicationIconBadgeNumber = 0
  public var isIdleTimerDisabled = false
  /// Not UIKit API: every URL `open(_:options:completionHandler:)` was asked to open, in order
  /// (what a test checks where a device would switch apps).
  public private(set) var openedURLs: [URL] = []

  /// The app's scene: the one an app launched from a scene manifest has, made on first use. (A
  /// `Set`, as in UIKit; it holds one scene unless code makes more.)
  public var connectedScenes: Set<UIScene> { Set(scenes) }
  /// The connected scenes in the order they connected: what the simulator reads, never the set.
  private(set) var scenes: [UIScene] = []
  func connect(_ scene: UIScene) {
    if !scenes.contains(where: { $0 === scene }) { scenes.append(scene) }
  }

  /// The key window (deprecated in UIKit, still read by apps).
  public var keyWindow: UIWindow? { HeadlessEnvironment.current.keyWindow }

  /// Every window of the app's scenes, then the key window if no scene holds it.
  public var windows: [UIWindow] {
    var windows = scenes.compactMap { $0 as? UIWindowScene }.flatMap(\.windows)
    if let key = keyWindow, !windows.contains(where: { $0 === key }) { windows.append(key) }
    return windows
  }

  /// Whether a URL could be opened: any URL with a scheme.
  public func canOpenURL(_ url: URL) -> Bool { url.scheme != nil }

  /// Records `url` (`openedURLs`) and calls `completion` on the next run-loop turn with whether it
  /// could be opened, as UIKit calls it asynchronously.
  public func open(
    _ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:],
    completionHandler completion: (@MainActor (Bool) -> Void)? = nil
  ) {
    openedURLs.append(url)
    let success = canOpenURL(url)
    guard let completion else { return }
    HeadlessEnvironment.current.runLoop.schedule { completion(success) }
  }

  public func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:]) async -> Bool {
    openedURLs.append(url)
    return canOpenURL(url)
  }

  public func registerForRemoteNotifications() {}
  public func unregisterForRemoteNotifications() {}
  public func beginIgnoringInteractionEvents() {}
  public func endIgnoringInteractionEvents() {}
}

/// The app delegate. Every method is optional, as in UIKit; the simulator calls none of them by
/// itself (a test or the app's own code does).
@preconcurrency @MainActor
public protocol UIApplicationDelegate: AnyObject {
  var window: UIWindow? { get set }
  func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
  func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
  func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration
  func application(_ application: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool
  func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void) -> Bool
  func applicationDidBecomeActive(_ application: UIApplication)
  func applicationWillResignActive(_ application: UIApplication)
  func applicationDidEnterBackground(_ application: UIApplication)
  func applicationWillEnterForeground(_ application: UIApplication)
}

extension UIApplicationDelegate {
  public var window: UIWindow? {
    get { nil }
    set {}
  }
  public func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
  public func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
  public func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
    UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
  }
  public func application(_ application: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool { false }
  public func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void) -> Bool { false }
  public func applicationDidBecomeActive(_ application: UIApplication) {}
  public func applicationWillResignActive(_ application: UIApplication) {}
  public func applicationDidEnterBackground(_ application: UIApplication) {}
  public func applicationWillEnterForeground(_ application: UIApplication) {}
}

extension UIResponder: UIUserActivityRestoring {}

/// What restores an activity's state (a responder, in UIKit).
@preconcurrency @MainActor
public protocol UIUserActivityRestoring: AnyObject {
  func restoreUserActivityState(_ activity: NSUserActivity)
}
