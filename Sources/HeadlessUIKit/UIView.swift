/// A view, only as far as navigation needs one: something a controller owns and a popover anchors to.
@MainActor
open class UIView {
  weak var owner: UIViewController?

  public init() {}

  /// The key window when the owning controller is in its hierarchy (reachable from the window's
  /// root through containment and presentation, and not being dismissed); nil otherwise.
  public var window: UIWindow? {
    guard let owner, owner.isInWindowHierarchy, !owner.isInDismissedChain else { return nil }
    return HeadlessEnvironment.current.keyWindow
  }
}

/// The window: the root of the on-screen hierarchy.
@MainActor
open class UIWindow: UIView {
  public private(set) var isKeyWindow = false
  public var isHidden = true

  public var rootViewController: UIViewController? {
    didSet {
      guard oldValue !== rootViewController else { return }
      if let old = oldValue {
        if isKeyWindow { old.beginAppearanceTransition(false, animated: false); old.endAppearanceTransition() }
        old.window = nil
      }
      if let root = rootViewController {
        root.window = self
        if isKeyWindow { root.beginAppearanceTransition(true, animated: false); root.endAppearanceTransition() }
      }
    }
  }

  public override init() { super.init() }

  public func makeKeyAndVisible() {
    isHidden = false
    guard !isKeyWindow else { return }
    isKeyWindow = true
    HeadlessEnvironment.current.keyWindow = self
    if let root = rootViewController {
      root.beginAppearanceTransition(true, animated: false)
      root.endAppearanceTransition()
    }
  }
}
