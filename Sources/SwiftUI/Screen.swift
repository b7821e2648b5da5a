import HeadlessUIKit

extension ViewNode {
  /// The text a person reads on this node: its texts, in order, joined by spaces.
  var labelText: String {
    var parts: [String] = []
    forEachNode { node in
      if case .text(let string)? = node.role { parts.append(string) }
    }
    return parts.joined(separator: " ")
  }

  /// The accessibility identifier set on this view: by a modifier wrapping it (the nodes above
  /// it that have only it as a child).
  var accessibilityIdentifier: String? {
    var current: ViewNode? = parent
    while let node = current, node.children.count == 1 {
      if let identifier = node.preference?.accessibilityIdentifier { return identifier }
      if node.role != nil { return nil }
      current = node.parent
    }
    return nil
  }

  /// Whether this node sits in a toolbar.
  var isInToolbar: Bool {
    var current: ViewNode? = self
    while let node = current {
      if case .toolbarItem? = node.role { return true }
      current = node.parent
    }
    return false
  }
}

/// One screen of the dump: a controller a person sees, bottom to top.
@MainActor
struct ScreenDescription {
  var placement: String
  var title: String?
  var lines: [String]
  var region: Region?
}

extension UIWindow {
  /// Not SwiftUI API. What is on screen, as text: every screen bottom to top (the window's root,
  /// pushed screens, presented ones, an alert), each with its title and its visible texts,
  /// buttons, links, fields and toolbar items, in order. Deterministic: the same run prints the
  /// same text on every machine.
  public var screenDump: String {
    screens.map { screen in
      var header = "[\(screen.placement)]"
      if let title = screen.title { header += " \"\(title)\"" }
      return ([header] + screen.lines.map { "  " + $0 }).joined(separator: "\n")
    }.joined(separator: "\n")
  }

  @MainActor var screens: [ScreenDescription] {
    var result: [ScreenDescription] = []
    guard let root = rootViewController else { return [] }
    var chain: [UIViewController] = [root]
    while let next = chain.last!.presentedViewController, next.presentingViewController != nil,
      !chain.contains(where: { $0 === next })
    {
      chain.append(next)
    }
    for (index, controller) in chain.enumerated() {
      let placement: String
      if index == 0 {
        placement = "root"
      } else if controller is UIAlertController {
        placement = (controller as! UIAlertController).preferredStyle == .alert ? "alert" : "dialog"
      } else {
        switch controller.modalPresentationStyle {
        case .fullScreen, .overFullScreen: placement = "fullScreenCover"
        case .popover: placement = "popover"
        default: placement = "sheet"
        }
      }
      describe(controller, placement: placement, into: &result)
    }
    return result
  }

  @MainActor private func describe(_ controller: UIViewController, placement: String, into result: inout [ScreenDescription]) {
    if let alert = controller as? UIAlertController {
      var lines: [String] = []
      if let message = alert.message, !message.isEmpty { lines.append("text \"\(message)\"") }
      for action in alert.actions {
        var line = "button \"\(action.title ?? "")\""
        if action.style == .cancel { line += " (cancel)" }
        if action.style == .destructive { line += " (destructive)" }
        lines.append(line)
      }
      result.append(ScreenDescription(placement: placement, title: alert.title, lines: lines))
    } else if let tabs = controller as? UITabBarController {
      let items = (tabs.viewControllers ?? []).enumerated().map { index, child in
        let title = child.tabBarItem.title ?? "Tab \(index)"
        return index == tabs.selectedIndex ? "[\(title)]" : title
      }
      result.append(ScreenDescription(placement: placement, title: nil, lines: ["tabs " + items.joined(separator: " ")]))
      if let selected = tabs.selectedViewController { describe(selected, placement: "tab", into: &result) }
    } else if let navigation = controller as? UINavigationController {
      for (index, child) in navigation.viewControllers.enumerated() {
        describe(child, placement: index == 0 ? placement : "pushed", into: &result)
      }
    } else if let host = controller as? RegionHost {
      let region = host.hostedRegion
      result.append(
        ScreenDescription(placement: placement, title: controller.title, lines: region.describedLines(), region: region))
      // A container inside the screen's content (not its whole content): its screens follow.
      for child in controller.children { describe(child, placement: "embedded", into: &result) }
    } else {
      result.append(ScreenDescription(placement: placement, title: controller.title, lines: ["controller \(controller.debugName)"]))
    }
  }
}

extension Region {
  /// The visible texts, buttons, links and fields of this region, in tree order.
  func describedLines() -> [String] {
    var lines: [String] = []
    func visit(_ node: ViewNode, inToolbar: Bool) {
      var toolbar = inToolbar
      if case .toolbarItem? = node.role { toolbar = true }
      let prefix = toolbar ? "toolbar " : ""
      switch node.role {
      case .text(let string)?:
        lines.append(prefix + "text \"\(string)\"")
        return
      case .button(let role, _)?:
        var line = prefix + "button \"\(node.labelText)\""
        if role == .cancel { line += " (cancel)" }
        if role == .destructive { line += " (destructive)" }
        if !node.environment.isEnabled { line += " (disabled)" }
        lines.append(line)
        return
      case .link?:
        var line = prefix + "link \"\(node.labelText)\""
        if !node.environment.isEnabled { line += " (disabled)" }
        lines.append(line)
        return
      case .field(let title, let value)?:
        lines.append(prefix + "field \"\(title)\" = \"\(value)\"")
        return
      case .control(let kind, let value)?:
        var line = prefix + "\(kind) \"\(node.labelText)\""
        if !value.isEmpty { line += " = \(value)" }
        lines.append(line)
        return
      case .container?:
        return
      case .toolbarItem?, nil:
        break
      }
      for child in node.children { visit(child, inToolbar: toolbar) }
    }
    if let rootNode { visit(rootNode, inToolbar: false) }
    return lines
  }

  /// The tappable nodes of this region: buttons and links, in tree order.
  var tappableNodes: [ViewNode] {
    var nodes: [ViewNode] = []
    forEachNode { node in
      switch node.role {
      case .button?, .link?: nodes.append(node)
      default: break
      }
    }
    return nodes
  }
}

extension UIWindow {
  /// Not SwiftUI API. A person's tap on the button, link or toolbar item of the top screen whose
  /// label text (or accessibility identifier) is `label`: a button's action runs, a link pushes.
  /// Skipped when nothing on the top screen matches, when it is disabled, when an alert is on top
  /// (`userTapAlertButton(_:)` taps those) or while a transition runs (as UIKit's gestures).
  public func userTap(_ label: String) -> UserGestureOutcome {
    let environment = HeadlessEnvironment.current
    if environment.isTransitioning { return .skipped("a transition is in progress") }
    guard let top = screens.last else { return .skipped("nothing is on screen") }
    guard let region = top.region else { return .skipped("the top screen is \(top.placement)") }
    let candidates = region.tappableNodes.filter { $0.labelText == label || $0.accessibilityIdentifier == label }
    guard let node = candidates.first else { return .skipped("no button or link \"\(label)\" on the top screen") }
    guard node.environment.isEnabled else { return .skipped("\"\(label)\" is disabled") }
    switch node.role {
    case .button(_, let action)?:
      action()
    case .link(let target)?:
      node.activateLink(target)
    default:
      return .skipped("\"\(label)\" cannot be tapped")
    }
    return .performed
  }

  /// Not SwiftUI API. Taps the button of the alert or dialog on top whose title is `title`.
  public func userTapAlertButton(_ title: String) -> UserGestureOutcome {
    guard let alert = topmostViewController as? UIAlertController else { return .skipped("no alert on top") }
    guard let index = alert.actions.firstIndex(where: { $0.title == title }) else {
      return .skipped("the alert has no button \"\(title)\"")
    }
    return userTapAlertButton(index)
  }

  /// Not SwiftUI API. Taps the tab whose item's title is `title`.
  public func userTapTab(_ title: String) -> UserGestureOutcome {
    guard let tabs = topmostViewController as? UITabBarController else { return .skipped("no tab bar on top") }
    guard let index = (tabs.viewControllers ?? []).firstIndex(where: { $0.tabBarItem.title == title }) else {
      return .skipped("no tab \"\(title)\"")
    }
    return userTapTab(index)
  }

  /// Not SwiftUI API. The system opens `url` in the app: every `onOpenURL` handler in the
  /// window's content runs, in tree order.
  public func userOpenURL(_ url: URL) {
    let graph = SwiftUIEnvironment.current
    guard let region = graph.windowRegions.first(where: { $0.controller === rootViewController }) else { return }
    var handlers: [@MainActor (URL) -> Void] = []
    region.forEachNodeDeep { node in
      if let record = node.primitiveState as? OpenURLRecord { handlers.append(record.action) }
    }
    for handler in handlers { handler(url) }
  }
}
