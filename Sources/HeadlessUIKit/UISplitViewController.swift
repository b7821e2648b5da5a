import Foundation

/// A split view controller, as a name only: it holds its columns' controllers as children and has
/// no split behaviour (the simulator models phone navigation). It exists so code that names it,
/// and packages such as swift-custom-dump that describe its enumerations, compile.
@preconcurrency @MainActor
open class UISplitViewController: UIViewController {
  public enum DisplayMode: Int, Sendable {
    case automatic, secondaryOnly, oneBesideSecondary, oneOverSecondary, twoBesideSecondary, twoOverSecondary
    case twoDisplaceSecondary
  }
  public enum DisplayModeButtonVisibility: Int, Sendable { case automatic, never, always }
  public enum SplitBehavior: Int, Sendable { case automatic, tile, overlay, displace }
  public enum Column: Int, Sendable { case primary, supplementary, secondary, compact, inspector }
  public enum Style: Int, Sendable { case unspecified, doubleColumn, tripleColumn }
  public enum PrimaryEdge: Int, Sendable { case leading, trailing }
  public enum BackgroundStyle: Int, Sendable { case none, sidebar }
  public enum LayoutEnvironment: Int, Sendable { case none, expanded, collapsed }

  public var preferredDisplayMode = DisplayMode.automatic
  public var preferredSplitBehavior = SplitBehavior.automatic
  public private(set) var style = Style.unspecified

  /// UIKit's designated initializer (iOS 14), so a subclass calls `super.init(style:)` from its
  /// own; `init()` and `init(nibName:bundle:)` stay, as in UIKit, with the unspecified style.
  public init(style: Style) {
    self.style = style
    super.init(nibName: nil, bundle: nil)
  }

  public override init(nibName: String?, bundle: Bundle?) { super.init(nibName: nibName, bundle: bundle) }

  public convenience override init() { self.init(nibName: nil, bundle: nil) }

  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// Holds `controller` for `column` as a child (replacing what the column held).
  public func setViewController(_ controller: UIViewController?, for column: Column) {
    if let old = columns[column] { old.removeFromParent() }
    columns[column] = controller
    if let controller { addChild(controller) }
  }

  public func viewController(for column: Column) -> UIViewController? { columns[column] }

  private var columns: [Column: UIViewController] = [:]
}
