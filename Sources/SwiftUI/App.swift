import HeadlessUIKit

/// An app: its `body` is its scenes. `@main struct MyApp: App` runs it headless
/// (`main()` launches the first `WindowGroup`, settles the run loop and prints the screen).
@MainActor @preconcurrency
public protocol App {
  associatedtype Body: Scene
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
  @MainActor @preconcurrency init()
}

extension App {
  /// What `@main` calls: the app, launched in a fresh headless world, run until it settles; what
  /// is on screen is printed.
  @MainActor public static func main() {
    let window = SwiftUIEnvironment.current.launch(Self())
    HeadlessEnvironment.current.runLoop.settle()
    print(window.screenDump)
  }
}

/// A part of an app's interface (a window group).
@MainActor @preconcurrency
public protocol Scene {
  associatedtype Body: Scene
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: Scene {}

@MainActor
protocol PrimitiveScene {
  /// The root view of the scene's window, if it has one.
  @MainActor var windowContent: (any View)? { get }
}

extension Scene where Body == Never {
  public var body: Never { fatalError("\(Self.self) is a primitive scene") }
}

@resultBuilder
public enum SceneBuilder {
  public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
  public static func buildBlock<each Content: Scene>(_ content: repeat each Content) -> _TupleScene<(repeat each Content)> {
    _TupleScene((repeat each content))
  }
  public static func buildExpression<Content: Scene>(_ content: Content) -> Content { content }
  public static func buildOptional<Content: Scene>(_ content: Content?) -> _OptionalScene<Content> {
    _OptionalScene(content: content)
  }
  public static func buildLimitedAvailability<Content: Scene>(_ content: Content) -> Content { content }
}

public struct _TupleScene<T> {
  public typealias Body = Never
  let value: T
  init(_ value: T) { self.value = value }
  @MainActor var windowContent: (any View)? {
    for child in Mirror(reflecting: value).children {
      if let scene = child.value as? any Scene, let content = SceneResolver.windowContent(of: scene) { return content }
    }
    return nil
  }
}

public struct _OptionalScene<Content: Scene> {
  public typealias Body = Never
  let content: Content?
  @MainActor var windowContent: (any View)? { content.flatMap { SceneResolver.windowContent(of: $0) } }
}

/// The main window of an app.
public struct WindowGroup<Content: View> {
  public typealias Body = Never
  let content: Content
  public init(@ViewBuilder content: () -> Content) { self.content = content() }
  public init(_ title: LocalizedStringKey, @ViewBuilder content: () -> Content) { self.content = content() }
  public init(_ title: LocalizedStringKey, id: String, @ViewBuilder content: () -> Content) { self.content = content() }
  public init(id: String, @ViewBuilder content: () -> Content) { self.content = content() }
  @MainActor var windowContent: (any View)? { content }
}

@MainActor
enum SceneResolver {
  static func windowContent(of scene: any Scene) -> (any View)? {
    if let primitive = scene as? PrimitiveScene { return primitive.windowContent }
    func body<S: Scene>(_ scene: S) -> any Scene { scene.body }
    return windowContent(of: body(scene))
  }
}

extension Scene {
  /// Held.
  public func defaultSize(width: CGFloat, height: CGFloat) -> some Scene { self }
}

extension SwiftUIEnvironment {
  /// Not SwiftUI API. Shows `app`'s first window group in a new key window, as iOS launches a
  /// SwiftUI app: the root content is evaluated, its controller becomes the window's root (a
  /// stack or tab view at the root is the window's navigation or tab bar controller), the window
  /// appears, and what the first update asks for (an initial sheet, a path) is carried out.
  @discardableResult
  public func launch<A: App>(_ app: A) -> UIWindow {
    guard let content = SceneResolver.windowContent(of: app.body) else {
      fatalError("\(A.self) has no WindowGroup: nothing to show")
    }
    return launch(rootView: content)
  }

  /// Not SwiftUI API. Shows `rootView` in a new key window.
  @discardableResult
  public func launch(rootView: any View) -> UIWindow {
    let region = Region(graph: self, kind: .window)
    var window: UIWindow!
    withUpdate {
      region.setRoot(rootView, environment: EnvironmentValues())
      let controller = region.makeController()
      window = UIWindow()
      window.rootViewController = controller
      window.makeKeyAndVisible()
    }
    windows.append(window)
    windowRegions.append(region)
    return window
  }
}

// Conformances in extensions, so the types' initializers are not main-actor isolated (as
// Apple's views may be made anywhere; only their bodies run on the main actor).
extension _TupleScene: Scene, PrimitiveScene {}
extension _OptionalScene: Scene, PrimitiveScene {}
extension WindowGroup: Scene, PrimitiveScene {}
