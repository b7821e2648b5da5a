import HeadlessUIKit

/// An alert's or dialog's content, as its modifier describes it now.
struct AlertContent {
  struct Button {
    var title: String
    var role: ButtonRole?
    var action: @MainActor () -> Void
  }
  var title: String
  var message: String?
  var buttons: [Button]
}

/// One presentation modifier (`sheet`, `fullScreenCover`, `popover`, `alert`,
/// `confirmationDialog`) and what it has on screen. After every update of its modifier it makes
/// UIKit follow its binding; UIKit's callbacks (a person's swipe, a button's handler, a
/// dismissal's completion) write the binding back.
@MainActor
final class PresentationSlot: UIAdaptivePresentationControllerDelegate {
  enum Style: Equatable {
    case sheet, fullScreenCover, popover, alert, dialog
    var isModal: Bool { self == .sheet || self == .fullScreenCover || self == .popover }
  }

  struct Request {
    var isActive: Bool
    /// The item's `id`, for `item:` forms (nil for `isPresented:`).
    var identity: AnyHashable?
    var content: (() -> AnyView)?
    var alert: (() -> AlertContent)?
    var onDismiss: (() -> Void)?
    /// Writes `false` or `nil` to the binding.
    var clear: () -> Void
    /// Whether the binding holds a presentation now (read live, not at the last update): what a
    /// harness checks after a write-back (HarnessHooks.swift).
    var isHeld: () -> Bool = { false }
    /// `presentationCompactAdaptation(.popover)` keeps a popover a popover in compact width.
    var keepsPopover = false
  }

  enum Phase { case idle, waiting, presenting, dismissing }

  let style: Style
  weak var node: ViewNode?
  let graph: SwiftUIEnvironment
  var request: Request
  private(set) var phase = Phase.idle
  private var presentedIdentity: AnyHashable?
  private(set) var region: Region?
  private(set) var controller: UIViewController?
  private var reportedWaiting = false
  /// What the content's `dismiss()` asked for: a write-back once the dismissal has ended.
  private var writesBackAfterDismissal = false

  init(style: Style, node: ViewNode, request: Request) {
    self.style = style
    self.node = node
    self.graph = node.graph
    self.request = request
  }

  /// The controller the modifier's views are shown in: what presents.
  private var presenter: UIViewController? { node?.region.controller }

  // MARK: Following the binding

  func reconcile() {
    guard let node, node.isAlive else { return }
    switch phase {
    case .idle:
      if request.isActive { requestPresentation() }
    case .waiting:
      if !request.isActive {
        phase = .idle
        graph.waitingPresentations.removeAll { $0 === self }
      }
    case .presenting:
      if !request.isActive {
        graph.apply(style.isModal ? .sheetFollowsItsBool : .alertButtonsWriteFalse)
        if request.identity != nil || presentedIdentity != nil { graph.apply(.sheetFollowsItsItem) }
        dismissByCode()
      } else if !style.isModal {
        // Rule 22: a presented alert keeps what it showed and never re-presents by itself.
        graph.apply(.presentedAlertIgnoresChanges)
      } else if request.identity != presentedIdentity {
        graph.apply(.itemIdentityChangeRepresents)
        dismissByCode()
      } else {
        if request.identity != nil { graph.apply(.sameIdentityUpdatesInPlace) }
        if let region, let content = request.content {
          region.setRoot(content(), environment: contentEnvironment(region.rootNode?.environment))
        }
      }
    case .dismissing:
      break
    }
  }

  private func requestPresentation() {
    guard let node, let presenter else {
      node?.region.whenAttached { [weak self] in self?.reconcile() }
      return
    }
    // The host is not on screen yet (its own presentation or push is beginning): wait for it.
    if presenter.view.window == nil {
      node.region.whenVisible { [weak self] in self?.reconcile() }
      return
    }
    let context = Self.presentationContext(of: presenter)
    if context.presentedViewController != nil {
      // Rule 9: one presentation at a time per host; this one waits for the one shown to go.
      phase = .waiting
      if !graph.waitingPresentations.contains(where: { $0 === self }) { graph.waitingPresentations.append(self) }
      if !reportedWaiting {
        reportedWaiting = true
        graph.report(
          .onlyOnePresentation,
          "Currently, only presenting a single sheet is supported. The next sheet will be presented when the currently presented sheet gets dismissed.")
      }
      if graph.waitingPresentations.count > 1 { graph.apply(.simultaneousRequestsInDeclarationOrder) }
      return
    }
    if let coordinator = presenter.transitionCoordinator ?? context.transitionCoordinator {
      // A transition of the host is running: SwiftUI presents once it has ended.
      phase = .waiting
      coordinator.animate(alongsideTransition: nil) { [weak self] in
        guard let self, self.phase == .waiting else { return }
        self.phase = .idle
        self.reconcile()
      }
      return
    }
    reportedWaiting = false
    if style.isModal { presentContent(from: presenter) } else { presentAlert(from: presenter) }
  }

  /// The outermost container of `controller`: where UIKit routes its presentations.
  static func presentationContext(of controller: UIViewController) -> UIViewController {
    var current = controller
    while let parent = current.parent { current = parent }
    return current
  }

  private func contentEnvironment(_ existing: EnvironmentValues?) -> EnvironmentValues {
    var environment = node?.environment ?? existing ?? EnvironmentValues()
    // Rule 19: presented content is not part of the presenter's stack.
    environment.navigationContext = nil
    let dismiss = DismissAction { [weak self] in self?.dismissFromContent() }
    environment.dismiss = dismiss
    environment.isPresented = true
    environment.presentationMode = .constant(PresentationMode(isPresented: true, dismissAction: dismiss))
    return environment
  }

  private func presentContent(from presenter: UIViewController) {
    guard let content = request.content else { return }
    let region = Region(graph: graph, kind: .presented)
    region.setRoot(content(), environment: contentEnvironment(nil))
    let controller = region.makeController()
    switch style {
    case .fullScreenCover:
      graph.apply(.fullScreenCoverHasNoSwipe)
      controller.modalPresentationStyle = .fullScreen
    case .popover where request.keepsPopover:
      controller.modalPresentationStyle = .popover
    case .popover:
      graph.apply(.popoverIsASheetInCompactWidth)
      controller.modalPresentationStyle = .pageSheet
    default:
      controller.modalPresentationStyle = .pageSheet
    }
    if style != .fullScreenCover { graph.apply(.sheetKeepsThePresenterVisible) }
    controller.presentationController?.delegate = self
    region.refreshInteractiveDismissal()
    self.region = region
    self.controller = controller
    presentedIdentity = request.identity
    phase = .presenting
    presenter.present(controller, animated: graph.animatesChanges)
    if controller.presentingViewController == nil {
      // UIKit refused (its diagnostic says why): nothing is shown, and SwiftUI does not retry.
      phase = .idle
      self.region = nil
      self.controller = nil
      region.tearDown()
    }
  }

  private func presentAlert(from presenter: UIViewController) {
    guard let make = request.alert else { return }
    let content = make()
    let alert = UIAlertController(
      title: content.title, message: content.message, preferredStyle: style == .dialog ? .actionSheet : .alert)
    var buttons = content.buttons
    if buttons.isEmpty, style == .alert {
      graph.apply(.alertButtonsWriteFalse)
      buttons = [AlertContent.Button(title: "OK", role: nil, action: {})]
    }
    if style == .dialog, !buttons.contains(where: { $0.role == .cancel }) {
      graph.apply(.dialogHasABuiltInCancel)
      buttons.append(AlertContent.Button(title: "Cancel", role: .cancel, action: {}))
    }
    for button in buttons {
      let uiStyle: UIAlertAction.Style =
        button.role == .cancel ? .cancel : button.role == .destructive ? .destructive : .default
      alert.addAction(UIAlertAction(title: button.title, style: uiStyle) { [weak self] _ in
        self?.alertButtonTapped(button)
      })
    }
    controller = alert
    presentedIdentity = request.identity
    phase = .presenting
    presenter.present(alert, animated: graph.animatesChanges)
    if alert.presentingViewController == nil {
      phase = .idle
      controller = nil
    }
  }

  /// UIKit runs a button's handler once the alert is dismissed: the binding is written `false`
  /// and the action runs, in the profile's order (rule 21; the documented order, the action
  /// first, is the default).
  private func alertButtonTapped(_ button: AlertContent.Button) {
    phase = .idle
    controller = nil
    presentedIdentity = nil
    graph.apply(.alertButtonsWriteFalse)
    graph.apply(.alertWriteBackOrder)
    if graph.profile.alertWritesBackBeforeAction {
      request.clear()
      noteWriteBack(by: "an alert button")
      button.action()
    } else {
      button.action()
      request.clear()
      noteWriteBack(by: "an alert button")
    }
    graph.presentWaiting()
  }

  // MARK: Dismissal

  private func dismissByCode() {
    guard let controller, let presenting = controller.presentingViewController else {
      finishDismissal(byUser: false)
      return
    }
    phase = .dismissing
    presenting.dismiss(animated: graph.animatesChanges) { [weak self] in
      self?.finishDismissal(byUser: false)
    }
  }

  /// The content's `dismiss()`: dismissed through UIKit, the binding written once it has ended.
  func dismissFromContent() {
    guard phase == .presenting else { return }
    writesBackAfterDismissal = true
    dismissByCode()
  }

  /// The dismissal has ended (by code, by the content's `dismiss()`, or by a person's swipe):
  /// the binding is written back (unless code wrote it), `onDismiss` runs, the presentations
  /// waiting for this one may go, and the binding is followed again (rule 3's new item).
  private func finishDismissal(byUser: Bool) {
    let region = self.region
    phase = .idle
    self.region = nil
    controller = nil
    presentedIdentity = nil
    region?.tearDown()
    if byUser {
      graph.apply(.swipeDownWritesBackAtTheEnd)
      request.clear()
      noteWriteBack(by: "a swipe down")
    } else if writesBackAfterDismissal {
      graph.apply(.dismissWritesBackLikeTheUser)
      request.clear()
      noteWriteBack(by: "dismiss()")
    }
    writesBackAfterDismissal = false
    if style.isModal {
      graph.apply(.onDismissAfterTheDismissal)
      request.onDismiss?()
    }
    graph.presentWaiting()
    reconcile()
  }

  // UIKit tells of a person's swipe only once the sheet is gone (rules 5, 6).
  func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
    guard phase == .presenting else { return }
    finishDismissal(byUser: true)
  }

  func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
    graph.apply(.interactiveDismissDisabledBlocksSwipe)
  }

  /// The modifier's view left the graph (rule 14): what it presented goes on the next turn,
  /// without animation and without a write-back.
  func nodeGone() {
    graph.waitingPresentations.removeAll { $0 === self }
    guard phase == .presenting || phase == .dismissing, let controller else { return }
    let region = self.region
    phase = .idle
    self.region = nil
    self.controller = nil
    graph.world.runLoop.schedule { [graph] in
      if let presenting = controller.presentingViewController, !controller.isBeingDismissed {
        graph.apply(.presenterGoneDropsItsSheet)
        presenting.dismiss(animated: false) { region?.tearDown() }
      } else {
        region?.tearDown()
      }
    }
  }
}

extension SwiftUIEnvironment {
  /// Gives the waiting presentations, in request order, their chance to present.
  func presentWaiting() {
    let waiting = waitingPresentations
    waitingPresentations = []
    for slot in waiting { slot.retryAfterWaiting() }
  }
}

extension PresentationSlot {
  func retryAfterWaiting() {
    guard phase == .waiting else { return }
    phase = .idle
    reconcile()
  }
}

extension Region {
  /// Runs `work` once the region's controller is on screen (now, if it is).
  func whenVisible(_ work: @escaping @MainActor () -> Void) {
    if isVisible, controller?.viewIfLoaded?.window != nil { work() } else { waitingForVisibility.append(work) }
  }
}

struct PresentationModifier {
  typealias Body = Never
  let style: PresentationSlot.Style
  let request: PresentationSlot.Request

  @MainActor func update(_ node: ViewNode, content: any View) {
    let slot: PresentationSlot
    if let existing = node.primitiveState as? PresentationSlot {
      slot = existing
      slot.request = request
    } else {
      slot = PresentationSlot(style: style, node: node, request: request)
      node.primitiveState = slot
      node.teardown.append { [slot] in slot.nodeGone() }
    }
    node.setChildren([(.content, content)])
    let region = node.region
    node.graph.afterCurrentUpdate { [weak slot] in
      region.whenAttached { slot?.reconcile() }
    }
  }
}

// MARK: - The modifiers

extension View {
  /// Presents `content` as a sheet while `isPresented` is true (rule 1).
  public func sheet<Content: View>(
    isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
  ) -> some View {
    modifier(PresentationModifier(style: .sheet, request: .bool(isPresented, onDismiss: onDismiss, content: content)))
  }

  /// Presents `content(item)` as a sheet while `item` is not nil; a new `id` replaces the sheet
  /// (rules 2, 3).
  public func sheet<Item: Identifiable, Content: View>(
    item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View {
    modifier(PresentationModifier(style: .sheet, request: .item(item, onDismiss: onDismiss, content: content)))
  }

  /// A sheet a person cannot swipe away (rule 17).
  public func fullScreenCover<Content: View>(
    isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
  ) -> some View {
    modifier(PresentationModifier(style: .fullScreenCover, request: .bool(isPresented, onDismiss: onDismiss, content: content)))
  }

  public func fullScreenCover<Item: Identifiable, Content: View>(
    item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View {
    modifier(PresentationModifier(style: .fullScreenCover, request: .item(item, onDismiss: onDismiss, content: content)))
  }

  /// A popover: in compact width (an iPhone) a sheet (rule 18).
  public func popover<Content: View>(
    isPresented: Binding<Bool>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds),
    arrowEdge: Edge? = nil, @ViewBuilder content: @escaping () -> Content
  ) -> some View {
    modifier(PresentationModifier(style: .popover, request: .bool(isPresented, onDismiss: nil, content: content)))
  }

  public func popover<Item: Identifiable, Content: View>(
    item: Binding<Item?>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds),
    arrowEdge: Edge? = nil, @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View {
    modifier(PresentationModifier(style: .popover, request: .item(item, onDismiss: nil, content: content)))
  }
}

public enum PopoverAttachmentAnchor: Sendable {
  case rect(Anchor)
  case point(UnitPoint)
  public enum Anchor: Sendable { case bounds }
}

public struct UnitPoint: Hashable, Sendable {
  public var x: CGFloat, y: CGFloat
  public init(x: CGFloat, y: CGFloat) {
    self.x = x
    self.y = y
  }
  public static let center = UnitPoint(x: 0.5, y: 0.5), top = UnitPoint(x: 0.5, y: 0), bottom = UnitPoint(x: 0.5, y: 1)
  public static let leading = UnitPoint(x: 0, y: 0.5), trailing = UnitPoint(x: 1, y: 0.5)
}

extension PresentationSlot.Request {
  static func bool<Content: View>(
    _ isPresented: Binding<Bool>, onDismiss: (() -> Void)?, content: @escaping () -> Content
  ) -> Self {
    Self(
      isActive: isPresented.wrappedValue, identity: nil, content: { AnyView(content()) }, alert: nil,
      onDismiss: onDismiss, clear: { isPresented.wrappedValue = false }, isHeld: { isPresented.wrappedValue })
  }

  static func item<Item: Identifiable, Content: View>(
    _ item: Binding<Item?>, onDismiss: (() -> Void)?, content: @escaping (Item) -> Content
  ) -> Self {
    let current = item.wrappedValue
    return Self(
      isActive: current != nil, identity: current.map { AnyHashable($0.id) },
      content: {
        guard let value = item.wrappedValue ?? current else { return AnyView(EmptyView()) }
        return AnyView(content(value))
      },
      alert: nil, onDismiss: onDismiss, clear: { item.wrappedValue = nil }, isHeld: { item.wrappedValue != nil })
  }
}

// Conformances in extensions, so the types' initializers are not main-actor isolated (as
// Apple's views may be made anywhere; only their bodies run on the main actor).
extension PresentationModifier: ViewModifier, PrimitiveModifier {}
