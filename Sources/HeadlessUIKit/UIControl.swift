import Foundation

/// A control: holds `UIAction`s per event and runs them when the event is sent. On Linux there is
/// no target-action (`#selector` needs the Objective-C runtime); `addAction(_:for:)` is the Swift form.
@preconcurrency @MainActor
open class UIControl: UIView {
  public struct Event: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let touchDown = Event(rawValue: 1 << 0)
    public static let touchUpInside = Event(rawValue: 1 << 6)
    public static let valueChanged = Event(rawValue: 1 << 12)
    public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    public static let editingChanged = Event(rawValue: 1 << 17)
  }

  /// A control's state, as titles and images are keyed by it.
  public struct State: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let normal = State([])
    public static let highlighted = State(rawValue: 1 << 0)
    public static let disabled = State(rawValue: 1 << 1)
    public static let selected = State(rawValue: 1 << 2)
    public static let focused = State(rawValue: 1 << 3)
    public static let application = State(rawValue: 0x00FF_0000)
    public static let reserved = State(rawValue: 0xFF00_0000)
  }

  public var isEnabled = true
  public var isSelected = false
  private var actions: [(action: UIAction, events: Event)] = []

  public func addAction(_ action: UIAction, for events: Event) {
    actions.append((action, events))
  }

  /// Stops `action` from running for `events` (`.allEvents`: for any); it still runs for the
  /// events it was added for and not named here.
  public func removeAction(_ action: UIAction, for events: Event) {
    for index in actions.indices where actions[index].action === action {
      actions[index].events.subtract(events)
    }
    actions.removeAll { $0.events.isEmpty }
  }

  /// Whether any action is registered for one of `events`.
  func hasActions(for events: Event) -> Bool {
    actions.contains { !$0.events.isDisjoint(with: events) }
  }

  /// Runs every action registered for one of `events`, in the order they were added, as a tap
  /// would. A disabled control does nothing.
  public func sendActions(for events: Event) {
    guard isEnabled else { return }
    for entry in actions where !entry.events.isDisjoint(with: events) {
      entry.action.handler(entry.action, sender: self)
    }
  }
}

/// A menu element that runs a closure: the Swift form of target-action.
@preconcurrency @MainActor
public final class UIAction {
  public typealias Identifier = String

  public var title: String
  public var image: UIImage?
  public let identifier: Identifier?
  /// The control that sent the action, while its handler runs.
  public private(set) weak var sender: AnyObject?
  private let body: @MainActor (UIAction) -> Void

  public init(
    title: String = "", image: UIImage? = nil, identifier: Identifier? = nil,
    handler: @escaping @MainActor (UIAction) -> Void
  ) {
    self.title = title
    self.image = image
    self.identifier = identifier
    self.body = handler
  }

  func handler(_ action: UIAction, sender: AnyObject?) {
    self.sender = sender
    body(action)
    self.sender = nil
  }

  /// Runs the handler, as a tap on whatever shows this action would.
  public func perform(sender: AnyObject? = nil) { handler(self, sender: sender) }
}

/// A button. `UIButton(primaryAction:)` runs its action on `.primaryActionTriggered` and
/// `.touchUpInside`, as a tap sends both.
@preconcurrency @MainActor
open class UIButton: UIControl {
  public enum ButtonType: Int, Sendable { case custom, system, close }

  public let buttonType: ButtonType
  private var titles: [UInt: String] = [:]
  public var configuration: Configuration?

  public init(type: ButtonType, primaryAction: UIAction?) {
    buttonType = type
    super.init(frame: .zero)
    if let primaryAction {
      titles[State.normal.rawValue] = primaryAction.title
      addAction(primaryAction, for: [.primaryActionTriggered, .touchUpInside])
    }
  }

  public convenience init(type: ButtonType) { self.init(type: type, primaryAction: nil) }
  public convenience init(primaryAction: UIAction?) { self.init(type: .system, primaryAction: primaryAction) }
  public convenience init(configuration: Configuration, primaryAction: UIAction? = nil) {
    self.init(type: .system, primaryAction: primaryAction)
    self.configuration = configuration
  }

  public required init?(coder: NSCoder) {
    buttonType = .system
    super.init(coder: coder)
  }

  public override init(frame: CGRect) {
    buttonType = .custom
    super.init(frame: frame)
  }

  public func setTitle(_ title: String?, for state: State) {
    titles[state.rawValue] = title
    if state == .normal { titleLabel?.text = title }
  }
  public func title(for state: State) -> String? { titles[state.rawValue] ?? titles[State.normal.rawValue] }
  public var currentTitle: String? { configuration?.title ?? title(for: .normal) }

  /// Held (deprecated in iOS 15, still used).
  public var contentEdgeInsets = UIEdgeInsets.zero
  public var titleEdgeInsets = UIEdgeInsets.zero
  public var imageEdgeInsets = UIEdgeInsets.zero

  private var titleColors: [UInt: UIColor] = [:]
  public func setTitleColor(_ color: UIColor?, for state: State) { titleColors[state.rawValue] = color }
  public func titleColor(for state: State) -> UIColor? { titleColors[state.rawValue] ?? titleColors[State.normal.rawValue] }
  public var currentTitleColor: UIColor { titleColor(for: .normal) ?? .label }

  /// The label that shows the title (held: its font and colour are the app's to set).
  public private(set) lazy var titleLabel: UILabel? = {
    let label = UILabel()
    label.text = title(for: .normal)
    return label
  }()

  /// A tap: what a person's finger would send.
  public func tap() { sendActions(for: [.touchUpInside, .primaryActionTriggered]) }

  /// A button configuration, held only.
  public struct Configuration: Sendable {
    public var title: String?
    public var subtitle: String?
    public var image: UIImage?
    public var contentInsets = NSDirectionalEdgeInsets()
    public var baseForegroundColor: UIColor?
    public var baseBackgroundColor: UIColor?
    public var imagePadding: CGFloat = 0
    public init() {}
    public static func filled() -> Configuration { Configuration() }
    public static func plain() -> Configuration { Configuration() }
    public static func tinted() -> Configuration { Configuration() }
    public static func gray() -> Configuration { Configuration() }
    public static func bordered() -> Configuration { Configuration() }
  }
}
