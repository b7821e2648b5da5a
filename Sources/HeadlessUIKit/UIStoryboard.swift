import Foundation

/// A storyboard: controllers made by identifier. There are no storyboard files here, so a test or
/// an app's setup registers, under the storyboard's name, how to make each identified controller
/// (`UIStoryboard.register`, not UIKit API) — usually the controller's own `init?(coder:)`. Asking
/// for a storyboard or an identifier nobody registered traps with UIKit's message, as iOS raises.
@preconcurrency @MainActor
open class UIStoryboard: NSObject {
  /// How to make one controller: given a coder, as UIKit makes storyboard controllers.
  public typealias Factory = @MainActor (NSCoder) -> UIViewController?

  private struct Contents {
    var initialIdentifier: String?
    var factories: [String: Factory] = [:]
  }

  private static var registry: [String: Contents] = [:]

  public let name: String

  /// The storyboard registered as `name`; an unknown name traps ("Could not find a storyboard
  /// named … in bundle …").
  public init(name: String, bundle storyboardBundleOrNil: Bundle?) {
    precondition(
      Self.registry[name] != nil,
      "Could not find a storyboard named '\(name)' in bundle \(storyboardBundleOrNil?.bundlePath ?? "main") (register it with UIStoryboard.register)")
    self.name = name
    super.init()
  }

  /// Not UIKit API: makes the controller `identifier` of storyboard `name` known, and which one is
  /// the storyboard's initial controller. Registering an identifier again replaces it.
  public static func register(name: String, identifier: String, isInitial: Bool = false, factory: @escaping Factory) {
    var contents = registry[name] ?? Contents()
    contents.factories[identifier] = factory
    if isInitial { contents.initialIdentifier = identifier }
    registry[name] = contents
  }

  /// Not UIKit API: forgets storyboard `name` (tests clean up with it).
  public static func unregister(name: String) { registry[name] = nil }

  /// The controller registered as `identifier`; an unknown one traps, as UIKit raises.
  open func instantiateViewController(withIdentifier identifier: String) -> UIViewController {
    make(identifier, creator: nil)
  }

  /// The controller registered as `identifier`, made by `creator` when given (as UIKit calls the
  /// creator with the coder, for controllers that take more than a coder).
  open func instantiateViewController<ViewController: UIViewController>(
    identifier: String, creator: ((NSCoder) -> ViewController?)? = nil
  ) -> ViewController {
    let controller = make(identifier, creator: creator)
    guard let typed = controller as? ViewController else {
      preconditionFailure("Storyboard '\(name)': the controller with identifier '\(identifier)' is a \(type(of: controller)), not a \(ViewController.self)")
    }
    return typed
  }

  /// The initial controller, or nil when none is registered as initial.
  open func instantiateInitialViewController() -> UIViewController? {
    guard let identifier = Self.registry[name]?.initialIdentifier else { return nil }
    return make(identifier, creator: nil)
  }

  open func instantiateInitialViewController<ViewController: UIViewController>(
    creator: ((NSCoder) -> ViewController?)?
  ) -> ViewController? {
    guard let identifier = Self.registry[name]?.initialIdentifier else { return nil }
    return make(identifier, creator: creator) as? ViewController
  }

  private func make(_ identifier: String, creator: ((NSCoder) -> UIViewController?)?) -> UIViewController {
    guard let factory = Self.registry[name]?.factories[identifier] else {
      preconditionFailure("Storyboard (\(name)) doesn't contain a view controller with identifier '\(identifier)'")
    }
    let coder = NSCoder()
    guard let controller = creator?(coder) ?? factory(coder) else {
      preconditionFailure("Storyboard (\(name)): the controller with identifier '\(identifier)' could not be made (its creator returned nil)")
    }
    controller.storyboard = self
    return controller
  }
}

extension UIViewController {
  nonisolated(unsafe) private static var storyboardKey: UInt8 = 0

  /// The storyboard a controller was made from.
  public internal(set) var storyboard: UIStoryboard? {
    get { objc_getAssociatedObject(self, &Self.storyboardKey) as? UIStoryboard }
    set { objc_setAssociatedObject(self, &Self.storyboardKey, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC) }
  }
}
