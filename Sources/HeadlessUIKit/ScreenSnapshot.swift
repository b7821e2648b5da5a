/// What is on screen, bottom to top: the content controllers a person sees, each with how it got
/// there. Navigation controllers are containers and are not listed; their stacks are. So are tab
/// bar controllers: every tab's stack is listed, in tab order, the selected tab's or not.
@MainActor
public struct ScreenSnapshot {
  public enum Placement: Equatable, Sendable {
    case root
    /// The root of tab `index` of a tab bar controller (every tab is listed, selected or not).
    case tab(Int)
    case pushed
    case presented(UIModalPresentationStyle)
    case alert(UIAlertController.Style)
  }

  public struct Entry {
    public let controller: UIViewController
    public let placement: Placement
  }

  public let entries: [Entry]

  public init(window: UIWindow) {
    var entries: [Entry] = []
    func visit(_ controller: UIViewController, as placement: Placement) {
      if let tabs = controller as? UITabBarController {
        for (index, child) in (tabs.viewControllers ?? []).enumerated() { visit(child, as: .tab(index)) }
      } else if let navigation = controller as? UINavigationController {
        for (index, child) in navigation.viewControllers.enumerated() {
          visit(child, as: index == 0 ? placement : .pushed)
        }
      } else {
        entries.append(Entry(controller: controller, placement: placement))
      }
    }
    if let root = window.rootViewController {
      for (index, controller) in root.presentedChain.enumerated() {
        if index == 0 {
          visit(controller, as: .root)
        } else if let alert = controller as? UIAlertController {
          visit(alert, as: .alert(alert.preferredStyle))
        } else {
          visit(controller, as: .presented(controller.modalPresentationStyle))
        }
      }
    }
    self.entries = entries
  }

  /// Whether `controller` is on screen.
  public func contains(_ controller: UIViewController) -> Bool {
    entries.contains { $0.controller === controller }
  }
}

extension UIWindow {
  public var screenSnapshot: ScreenSnapshot { ScreenSnapshot(window: self) }
}
