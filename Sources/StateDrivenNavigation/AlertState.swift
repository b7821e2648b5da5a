import HeadlessUIKit

/// An alert or confirmation dialog as a value: navigation state, not a controller.
public struct AlertState<Action>: Identifiable {
  /// Identity: a new id re-presents the alert. Give each alert you create its own.
  public var id: AnyHashable
  public var title: String
  public var message: String?
  public var buttons: [ButtonState<Action>]
  public var style: UIAlertController.Style

  public init(
    id: AnyHashable, title: String, message: String? = nil, buttons: [ButtonState<Action>] = [],
    style: UIAlertController.Style = .alert
  ) {
    self.id = id
    self.title = title
    self.message = message
    self.buttons = buttons
    self.style = style
  }
}

/// A button of an `AlertState`.
public struct ButtonState<Action> {
  public enum Role: Sendable { case cancel, destructive }
  public var title: String
  public var role: Role?
  public var action: Action?

  public init(_ title: String, role: Role? = nil, action: Action? = nil) {
    self.title = title
    self.role = role
    self.action = action
  }
}

extension UIAlertController {
  /// Builds the controller for `state`; tapping a button calls `handler` with its action. An
  /// alert with no buttons gets an "OK" button, as UIKit apps expect.
  public convenience init<Action>(state: AlertState<Action>, handler: @escaping @MainActor (Action?) -> Void = { _ in }) {
    self.init(title: state.title, message: state.message, preferredStyle: state.style)
    let buttons = state.buttons.isEmpty ? [ButtonState<Action>("OK", role: .cancel)] : state.buttons
    for button in buttons {
      let style: UIAlertAction.Style =
        switch button.role {
        case .cancel: .cancel
        case .destructive: .destructive
        case nil: .default
        }
      let action = button.action
      addAction(UIAlertAction(title: button.title, style: style) { _ in handler(action) })
    }
  }
}

extension UIViewController {
  /// Presents an alert while `state` is non-nil; any button tap writes nil back.
  @discardableResult
  public func present<Action>(
    alert state: UIBinding<AlertState<Action>?>,
    onDismiss: (@MainActor () -> Void)? = nil,
    handler: @escaping @MainActor (Action?) -> Void = { _ in }
  ) -> ObserveToken {
    present(item: state, onDismiss: onDismiss) { alert in
      UIAlertController(state: alert.wrappedValue, handler: handler)
    }
  }
}
