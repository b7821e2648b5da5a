/// A navigation call made on UIKit from outside it — by an engine or the app — with the `animated`
/// it passed: what the harness checks against what the change asked for (swift-navigation PR #222
/// passed `animated` inverted to its pops). UIKit's own work (the user's gestures, a tab bar's pop
/// to the root, a deferred change run later) is not a call and is not recorded.
///
/// Handed to `HeadlessEnvironment.onNavigationCall` as the call is made: what it says of the
/// receiver (`receiverIsVisible`, `receiverName`) is read from the world as it is then, so read it
/// there (most calls are animated, and most listeners look no further).
@MainActor
public struct NavigationCall {
  public enum Kind: String, Hashable, Sendable {
    case present, dismiss, push, pop
    case popTo = "pop-to"
    case popToRoot = "pop-to-root"
    case setViewControllers = "set-view-controllers"
  }

  public let kind: Kind
  /// The controller the call was made on.
  public let receiver: UIViewController
  public let animated: Bool

  /// Whether the receiver is on screen: its view in the window and, for a navigation controller,
  /// its stack shown. UIKit animates nothing nobody sees, whatever `animated` says.
  public var receiverIsVisible: Bool {
    guard receiver.viewIfLoaded?.window != nil else { return false }
    return !(receiver is UINavigationController) || receiver.appearanceState == .appeared
  }

  /// `push(animated: false) on UINavigationController#3`.
  public var description: String { "\(kind.rawValue)(animated: \(animated)) on \(receiver.debugName)" }
}

extension HeadlessEnvironment {
  /// Tells `onNavigationCall` of a call, if anyone listens.
  func recordNavigationCall(_ kind: NavigationCall.Kind, on receiver: UIViewController, animated: Bool) {
    storedOnNavigationCall?(NavigationCall(kind: kind, receiver: receiver, animated: animated))
  }
}
