import Foundation

/// An alert or action sheet. Tapping a button dismisses it, then runs the button's handler
/// (the handler runs after the dismissal completes, as observed on iOS).
@preconcurrency @MainActor
open class UIAlertController: UIViewController {
  public enum Style: Int, Sendable { case actionSheet, alert }

  public let preferredStyle: Style
  public var message: String?
  public private(set) var actions: [UIAlertAction] = []
  /// The button given prominence (held only; the user can still tap any enabled button).
  public var preferredAction: UIAlertAction?
  public private(set) var textFields: [UITextField]?

  public init(title: String?, message: String?, preferredStyle: Style) {
    self.preferredStyle = preferredStyle
    self.message = message
    super.init()
    self.title = title
    modalPresentationStyle = preferredStyle == .alert ? .custom : .popover
  }

  /// UIKit's designated initializer (`init(title:message:preferredStyle:)` is a convenience one
  /// there), and `UIAlertController()` through it: an alert with no title, message or buttons yet.
  public override init(nibName: String?, bundle: Bundle?) {
    preferredStyle = .alert
    super.init(nibName: nibName, bundle: bundle)
    modalPresentationStyle = .custom
  }

  public convenience override init() { self.init(nibName: nil, bundle: nil) }

  public required init?(coder: NSCoder) {
    preferredStyle = .alert
    super.init(coder: coder)
    modalPresentationStyle = .custom
  }

  public func addAction(_ action: UIAlertAction) {
    actions.append(action)
  }

  /// Adds a text field to an alert (held only).
  public func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
    let field = UITextField()
    configurationHandler?(field)
    textFields = (textFields ?? []) + [field]
  }
}

/// A button of an alert: an `NSObject` as in UIKit, with its accessibility label and whether it
/// can be tapped.
@preconcurrency @MainActor
open class UIAlertAction: UIResponder {
  public enum Style: Int, Sendable { case `default`, cancel, destructive }

  public let title: String?
  public let style: Style
  /// A disabled button cannot be tapped (`userTapAlertButton` skips it).
  public var isEnabled = true
  let handler: (@MainActor (UIAlertAction) -> Void)?

  public init(title: String?, style: Style, handler: (@MainActor (UIAlertAction) -> Void)? = nil) {
    self.title = title
    self.style = style
    self.handler = handler
    super.init()
  }
}
