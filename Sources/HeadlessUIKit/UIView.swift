import Foundation

/// A view: something a controller owns and a popover anchors to, and an inert container for the
/// view-layer code a view controller file touches (subviews, colours, constraints). Nothing is drawn
/// or laid out; properties hold what they are given.
@preconcurrency @MainActor
open class UIView: UIResponder {
  weak var owner: UIViewController?

  public final var superview: UIView? { storedSuperview }
  /// Internal, behind the public read-only property: Swift proves its accesses exclusive at
  /// compile time instead of checking each at run time (`window` reads it at every question).
  weak var storedSuperview: UIView?
  public private(set) var subviews: [UIView] = []
  public var frame: CGRect
  public var bounds: CGRect {
    get { CGRect(origin: .zero, size: frame.size) }
    set { frame.size = newValue.size }
  }
  public var backgroundColor: UIColor?
  public var tintColor: UIColor?
  public var isHidden = false
  public var alpha: CGFloat = 1
  public var tag = 0
  public var isUserInteractionEnabled = true
  public var clipsToBounds = false
  public var contentMode: ContentMode = .scaleToFill
  public var translatesAutoresizingMaskIntoConstraints = true
  public var directionalLayoutMargins = NSDirectionalEdgeInsets()
  /// Held: shadows, borders and corners are set here and never drawn.
  public private(set) lazy var layer = CALayer()
  /// Held.
  public var transform = CGAffineTransform.identity
  /// The view's own anchors, and its guides (see LayoutConstraints.swift).
  lazy var layoutAnchors = UILayoutGuide()
  lazy var layoutGuides = ViewLayoutGuides()

  public init(frame: CGRect) {
    self.frame = frame
    super.init()
  }

  public convenience override init() {
    self.init(frame: .zero)
  }

  public required init?(coder: NSCoder) {
    self.frame = .zero
    super.init()
  }

  /// The key window when the owning controller is in its hierarchy (reachable from the window's
  /// root through containment and presentation, not being dismissed, and not in a tab that is not
  /// selected); nil otherwise. A plain
  /// subview answers for the view it was added to.
  public var window: UIWindow? {
    if let superview = storedSuperview { return superview.window }
    guard let owner, owner.isInWindowHierarchy, !owner.isInDismissedChain, owner.isInSelectedTabs else { return nil }
    return HeadlessEnvironment.current.keyWindow
  }

  /// The controller whose view this is (or whose view this one was added to).
  var owningController: UIViewController? { owner ?? superview?.owningController }

  /// The owning controller's traits; a view outside any controller has the default ones.
  open var traitCollection: UITraitCollection {
    owningController?.traitCollection ?? UITraitCollection()
  }

  open func addSubview(_ view: UIView) {
    view.removeFromSuperview()
    view.storedSuperview = self
    subviews.append(view)
  }

  open func insertSubview(_ view: UIView, at index: Int) {
    view.removeFromSuperview()
    view.storedSuperview = self
    subviews.insert(view, at: min(max(index, 0), subviews.count))
  }

  open func removeFromSuperview() {
    guard let superview = storedSuperview else { return }
    superview.subviews.removeAll { $0 === self }
    storedSuperview = nil
  }

  open func layoutSubviews() {}
  public func setNeedsLayout() {}
  public func layoutIfNeeded() {}

  public enum ContentMode: Int, Sendable {
    case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
  }
}

/// Insets that follow the layout direction (held only).
public struct NSDirectionalEdgeInsets: Equatable, Sendable {
  public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
  public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }
}

/// The window: the root of the on-screen hierarchy.
@preconcurrency @MainActor
open class UIWindow: UIView {
  public var isKeyWindow: Bool { storedIsKeyWindow }

  /// What `didSet` would do, after the store, with the old root held by `oldValue` through it.
  public var rootViewController: UIViewController? {
    get { storedRootViewController }
    set {
      let oldValue = storedRootViewController
      storedRootViewController = newValue
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
  // Internal stored properties behind the public ones above: Swift proves their accesses
  // exclusive at compile time instead of checking each at run time (see `takeStoredArray`).
  private var storedIsKeyWindow = false
  private var storedRootViewController: UIViewController?

  public override init(frame: CGRect) {
    super.init(frame: frame)
    isHidden = true
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    isHidden = true
  }

  /// The window's own traits, at the top of the trait hierarchy.
  public var traitOverrides = UITraitOverrides()

  open override var traitCollection: UITraitCollection {
    UITraitCollection().applying(traitOverrides)
  }

  public func makeKeyAndVisible() {
    isHidden = false
    guard !isKeyWindow else { return }
    storedIsKeyWindow = true
    HeadlessEnvironment.current.storedKeyWindow = self
    if let root = rootViewController {
      root.beginAppearanceTransition(true, animated: false)
      root.endAppearanceTransition()
    }
  }
}
