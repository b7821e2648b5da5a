/// An alert or action sheet. Tapping a button dismisses it, then runs the button's handler
/// (the handler runs after the dismissal completes, as observed on iOS).
@MainActor
open class UIAlertController: UIViewController {
  public enum Style: Sendable { case actionSheet, alert }

  public let preferredStyle: Style
  public var message: String?
  public private(set) var actions: [UIAlertAction] = []

  public init(title: String?, message: String?, preferredStyle: Style) {
    self.preferredStyle = preferredStyle
    self.message = message
    super.init()
    self.title = title
    modalPresentationStyle = preferredStyle == .alert ? .custom : .popover
  }

  public func addAction(_ action: UIAlertAction) {
    actions.append(action)
  }
}

/// A button of an alert.
@MainActor
public final class UIAlertAction {
  public enum Style: Sendable { case `default`, cancel, destructive }

  public let title: String?
  public let style: Style
  let handler: (@MainActor (UIAlertAction) -> Void)?

  public init(title: String?, style: Style, handler: (@MainActor (UIAlertAction) -> Void)? = nil) {
    self.title = title
    self.style = style
    self.handler = handler
  }
}
