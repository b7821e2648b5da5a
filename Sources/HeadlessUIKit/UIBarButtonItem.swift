import Foundation

/// A navigation-bar button. Tapping it runs its `primaryAction` (there is no target-action on
/// Linux: `#selector` needs the Objective-C runtime).
@preconcurrency @MainActor
open class UIBarButtonItem: UIResponder {
  public enum Style: Int, Sendable { case plain, bordered, done }
  public enum SystemItem: Int, Sendable {
    case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize
    case bookmarks, search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo, close
  }

  public var title: String?
  public var image: UIImage?
  public var style = Style.plain
  public let systemItem: SystemItem?
  public var primaryAction: UIAction?
  public var isEnabled = true
  /// Held (iOS 16).
  public var isHidden = false

  public init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
    self.title = title ?? primaryAction?.title
    self.image = image
    self.primaryAction = primaryAction
    self.systemItem = nil
    super.init()
  }

  public init(systemItem: SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
    self.systemItem = systemItem
    self.primaryAction = primaryAction
    super.init()
  }

  public convenience init(title: String?, style: Style) {
    self.init(title: title)
    self.style = style
  }

  public convenience init(primaryAction: UIAction?) {
    self.init(title: nil, image: nil, primaryAction: primaryAction, menu: nil)
  }

  /// A tap on the item: runs its primary action when enabled.
  public func tap() {
    guard isEnabled else { return }
    primaryAction?.perform(sender: self)
  }
}

/// A menu of actions, held only.
@preconcurrency @MainActor
public final class UIMenu {
  public let title: String
  public let children: [UIAction]
  public init(title: String = "", children: [UIAction] = []) {
    self.title = title
    self.children = children
  }
}

/// What the navigation bar shows for a controller (held only).
@preconcurrency @MainActor
open class UINavigationItem: UIResponder {
  public enum LargeTitleDisplayMode: Int, Sendable { case automatic, always, never, inline }

  public var title: String?
  public var prompt: String?
  public var backButtonTitle: String?
  /// Hides the back button: the user cannot tap it, nor swipe back while UIKit's own delegate
  /// runs the pop gesture.
  public var hidesBackButton = false
  /// Whether the left items are shown beside the back button rather than instead of it.
  public var leftItemsSupplementBackButton = false
  public var largeTitleDisplayMode = LargeTitleDisplayMode.automatic
  public var leftBarButtonItem: UIBarButtonItem? {
    get { leftBarButtonItems?.first }
    set { leftBarButtonItems = newValue.map { [$0] } }
  }
  public var rightBarButtonItem: UIBarButtonItem? {
    get { rightBarButtonItems?.first }
    set { rightBarButtonItems = newValue.map { [$0] } }
  }
  public var leftBarButtonItems: [UIBarButtonItem]?
  public var rightBarButtonItems: [UIBarButtonItem]?
  public var titleView: UIView?

  public init(title: String?) {
    self.title = title
    super.init()
  }
}
