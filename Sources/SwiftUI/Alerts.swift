import HeadlessUIKit

extension AlertContent {
  /// The buttons and texts of an alert's `actions` and `message` views, read by evaluating them
  /// apart from the screen (they are not on it: UIKit's alert shows them).
  @MainActor
  static func make(title: String, actions: any View, message: (any View)?, environment: EnvironmentValues) -> AlertContent {
    let graph = SwiftUIEnvironment.current
    let region = Region(graph: graph, kind: .detached)
    region.setRoot(actions, environment: environment)
    var buttons: [Button] = []
    region.forEachNode { node in
      if case .button(let role, let action)? = node.role {
        buttons.append(Button(title: node.labelText, role: role, action: action))
      }
    }
    region.tearDown()
    var text: String?
    if let message {
      let messageRegion = Region(graph: graph, kind: .detached)
      messageRegion.setRoot(message, environment: environment)
      text = messageRegion.rootNode.labelText
      messageRegion.tearDown()
    }
    return AlertContent(title: title, message: text, buttons: buttons)
  }
}

struct AlertModifier {
  typealias Body = Never
  let style: PresentationSlot.Style
  let title: String
  let isActive: Bool
  let actions: () -> any View
  let message: (() -> any View)?
  let clear: () -> Void
  let isHeld: () -> Bool

  @MainActor func update(_ node: ViewNode, content: any View) {
    let environment = node.environment
    let request = PresentationSlot.Request(
      isActive: isActive, identity: nil, content: nil,
      alert: { AlertContent.make(title: title, actions: actions(), message: message?(), environment: environment) },
      onDismiss: nil, clear: clear, isHeld: isHeld)
    PresentationModifier(style: style, request: request).update(node, content: content)
  }
}

extension View {
  fileprivate func alertModifier(
    _ style: PresentationSlot.Style, title: String, isPresented: Binding<Bool>, isActive: Bool? = nil,
    actions: @escaping () -> any View, message: (() -> any View)?
  ) -> some View {
    modifier(
      AlertModifier(
        style: style, title: title, isActive: isActive ?? isPresented.wrappedValue, actions: actions, message: message,
        clear: { isPresented.wrappedValue = false }, isHeld: { isPresented.wrappedValue }))
  }

  // MARK: alert

  /// An alert while `isPresented` is true; every button writes `false` (rules 20, 21).
  public func alert<A: View>(
    _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A
  ) -> some View {
    let actions = actions()
    return alertModifier(.alert, title: titleKey.key, isPresented: isPresented, actions: { actions }, message: nil)
  }

  @_disfavoredOverload
  public func alert<S: StringProtocol, A: View>(
    _ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A
  ) -> some View {
    let actions = actions()
    return alertModifier(.alert, title: String(title), isPresented: isPresented, actions: { actions }, message: nil)
  }

  public func alert<A: View>(_ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View {
    let actions = actions()
    return alertModifier(.alert, title: title.string, isPresented: isPresented, actions: { actions }, message: nil)
  }

  public func alert<A: View, M: View>(
    _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A,
    @ViewBuilder message: () -> M
  ) -> some View {
    let actions = actions(), message = message()
    return alertModifier(.alert, title: titleKey.key, isPresented: isPresented, actions: { actions }, message: { message })
  }

  @_disfavoredOverload
  public func alert<S: StringProtocol, A: View, M: View>(
    _ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
  ) -> some View {
    let actions = actions(), message = message()
    return alertModifier(.alert, title: String(title), isPresented: isPresented, actions: { actions }, message: { message })
  }

  public func alert<A: View, M: View>(
    _ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
  ) -> some View {
    let actions = actions(), message = message()
    return alertModifier(.alert, title: title.string, isPresented: isPresented, actions: { actions }, message: { message })
  }

  /// An alert about `data`: shown only while `data` is not nil too (rule 23).
  public func alert<A: View, T>(
    _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, presenting data: T?,
    @ViewBuilder actions: (T) -> A
  ) -> some View {
    let built = data.map { actions($0) }
    return alertModifier(
      .alert, title: titleKey.key, isPresented: isPresented, isActive: presentingIsActive(isPresented, data),
      actions: { built.map { $0 as any View } ?? EmptyView() }, message: nil)
  }

  public func alert<A: View, M: View, T>(
    _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, presenting data: T?,
    @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
  ) -> some View {
    let built = data.map { actions($0) }, text = data.map { message($0) }
    return alertModifier(
      .alert, title: titleKey.key, isPresented: isPresented, isActive: presentingIsActive(isPresented, data),
      actions: { built.map { $0 as any View } ?? EmptyView() }, message: { text.map { $0 as any View } ?? EmptyView() })
  }

  @_disfavoredOverload
  public func alert<S: StringProtocol, A: View, M: View, T>(
    _ title: S, isPresented: Binding<Bool>, presenting data: T?,
    @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
  ) -> some View {
    let built = data.map { actions($0) }, text = data.map { message($0) }
    return alertModifier(
      .alert, title: String(title), isPresented: isPresented, isActive: presentingIsActive(isPresented, data),
      actions: { built.map { $0 as any View } ?? EmptyView() }, message: { text.map { $0 as any View } ?? EmptyView() })
  }

  /// An alert for an error: its title is the error's description.
  public func alert<E: LocalizedError, A: View>(
    isPresented: Binding<Bool>, error: E?, @ViewBuilder actions: () -> A
  ) -> some View {
    let actions = actions()
    return alertModifier(
      .alert, title: error?.errorDescription ?? "", isPresented: isPresented,
      isActive: presentingIsActive(isPresented, error), actions: { actions }, message: nil)
  }

  public func alert<E: LocalizedError, A: View, M: View>(
    isPresented: Binding<Bool>, error: E?, @ViewBuilder actions: (E) -> A, @ViewBuilder message: (E) -> M
  ) -> some View {
    let built = error.map { actions($0) }, text = error.map { message($0) }
    return alertModifier(
      .alert, title: error?.errorDescription ?? "", isPresented: isPresented,
      isActive: presentingIsActive(isPresented, error),
      actions: { built.map { $0 as any View } ?? EmptyView() }, message: { text.map { $0 as any View } ?? EmptyView() })
  }

  // MARK: confirmationDialog

  /// An action sheet while `isPresented` is true, with a Cancel unless a button has the cancel
  /// role (rule 24); tapping outside it is its cancel.
  public func confirmationDialog<A: View>(
    _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
    @ViewBuilder actions: () -> A
  ) -> some View {
    let actions = actions()
    return alertModifier(.dialog, title: titleKey.key, isPresented: isPresented, actions: { actions }, message: nil)
  }

  @_disfavoredOverload
  public func confirmationDialog<S: StringProtocol, A: View>(
    _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A
  ) -> some View {
    let actions = actions()
    return alertModifier(.dialog, title: String(title), isPresented: isPresented, actions: { actions }, message: nil)
  }

  public func confirmationDialog<A: View, M: View>(
    _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
    @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
  ) -> some View {
    let actions = actions(), message = message()
    return alertModifier(.dialog, title: titleKey.key, isPresented: isPresented, actions: { actions }, message: { message })
  }

  public func confirmationDialog<A: View, T>(
    _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
    presenting data: T?, @ViewBuilder actions: (T) -> A
  ) -> some View {
    let built = data.map { actions($0) }
    return alertModifier(
      .dialog, title: titleKey.key, isPresented: isPresented, isActive: presentingIsActive(isPresented, data),
      actions: { built.map { $0 as any View } ?? EmptyView() }, message: nil)
  }

  public func confirmationDialog<A: View, M: View, T>(
    _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
    presenting data: T?, @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
  ) -> some View {
    let built = data.map { actions($0) }, text = data.map { message($0) }
    return alertModifier(
      .dialog, title: titleKey.key, isPresented: isPresented, isActive: presentingIsActive(isPresented, data),
      actions: { built.map { $0 as any View } ?? EmptyView() }, message: { text.map { $0 as any View } ?? EmptyView() })
  }
}

/// `presenting:` forms show only while the data is there (rule 23).
@MainActor
private func presentingIsActive<T>(_ isPresented: Binding<Bool>, _ data: T?) -> Bool {
  guard isPresented.wrappedValue else { return false }
  if data == nil {
    SwiftUIEnvironment.current.apply(.alertPresentingNeedsData)
    return false
  }
  return true
}

// Conformances in extensions, so the types' initializers are not main-actor isolated (as
// Apple's views may be made anywhere; only their bodies run on the main actor).
extension AlertModifier: ViewModifier, PrimitiveModifier {}
