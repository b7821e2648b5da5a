/// A navigation call made on UIKit from outside it — by an engine or the app — with the `animated`
/// it passed: what the harness checks against what the change asked for (swift-navigation PR #222
/// passed `animated` inverted to its pops). UIKit's own work (the user's gestures, a tab bar's pop
/// to the root, a deferred change run later) is not a call and is not recorded.
public struct NavigationCall: Hashable, Sendable, CustomStringConvertible {
  public enum Kind: String, Hashable, Sendable {
    case present, dismiss, push, pop
    case popTo = "pop-to"
    case popToRoot = "pop-to-root"
    case setViewControllers = "set-view-controllers"
  }

  public let kind: Kind
  /// The controller the call was made on, as `debugName` names it.
  public let receiver: String
  public let animated: Bool
  /// Whether the receiver was on screen: its view in the window and, for a navigation controller,
  /// its stack showing. UIKit animates nothing nobody sees, whatever `animated` says.
  public let receiverIsVisible: Bool
  /// Virtual milliseconds.
  public let time: Int

  public var description: String { "\(kind.rawValue)(animated: \(animated)) on \(receiver)" }
}

extension HeadlessEnvironment {
  /// Tells `onNavigationCall` of a call, if anyone listens (the receiver is named only then).
  func recordNavigationCall(_ kind: NavigationCall.Kind, on receiver: UIViewController, animated: Bool) {
    guard let onNavigationCall else { return }
    var visible = receiver.viewIfLoaded?.window != nil
    if visible, receiver is UINavigationController { visible = receiver.appearanceState == .appeared }
    onNavigationCall(
      NavigationCall(kind: kind, receiver: receiver.debugName, animated: animated, receiverIsVisible: visible, time: runLoop.now))
  }
}
