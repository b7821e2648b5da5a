/// One thing a person or the system does to an app under test (`AppUnderTest`), named as a
/// person would name it: a tap names what was tapped by its label text or accessibility
/// identifier, never by a position, so a trace stays readable and survives a reordered screen.
public enum AppAction: Hashable, Sendable {
  /// A tap on the top screen's button, link, toolbar item or list row with this label (or
  /// accessibility identifier).
  case tap(String)
  /// A tap on the button of the alert or dialog on top with this title.
  case alertTap(String)
  /// A tap on the tab with this title (the selected one too: a re-tap).
  case tab(String)
  /// The back button of the topmost navigation bar.
  case back
  /// The back button's long-press menu: pops to stack index N.
  case backTo(Int)
  /// The interactive pop from the left edge, completed or cancelled halfway.
  case swipeBack
  case swipeBackCancel
  /// A swipe down on the topmost sheet (a tap outside a popover or dialog), completed or let go.
  case dismiss
  case dismissCancel
  /// The system opens a URL in the app (a deep link the app declared).
  case openURL(String)
  /// One run-loop turn at the current virtual time (lands in the middle of a transition).
  case tick
  /// Virtual time moves on by N milliseconds.
  case advance(Int)
  /// Runs the world until nothing is queued.
  case settle

  /// Whether only time passes: a step after which a write-back check still applies.
  public var isTime: Bool {
    switch self {
    case .tick, .advance, .settle: true
    default: false
    }
  }

  /// The step as a trace line (docs/TRACES.md, "App traces").
  public var traceLine: String {
    switch self {
    case .tap(let label): "tap \(AppTraceFormat.quoted(label))"
    case .alertTap(let title): "user alert-tap \(AppTraceFormat.quoted(title))"
    case .tab(let title): "user tab \(AppTraceFormat.quoted(title))"
    case .back: "user back"
    case .backTo(let index): "user back-to \(index)"
    case .swipeBack: "user swipe-back"
    case .swipeBackCancel: "user swipe-back-cancel"
    case .dismiss: "user dismiss"
    case .dismissCancel: "user dismiss-cancel"
    case .openURL(let url): "open-url \(url)"
    case .tick: "tick"
    case .advance(let milliseconds): "advance \(milliseconds)"
    case .settle: "settle"
    }
  }
}
