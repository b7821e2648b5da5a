/// The shape of an app's navigation: which screens exist, the slots each one navigates through,
/// and which screen (if any) is driven by a path. Pure data, shared by the reference and the harness.
public struct TopologySpec: Hashable, Sendable {
  public var name: String
  /// Screen types; index 0 is the root screen.
  public var screens: [ScreenSpec]

  public init(name: String, screens: [ScreenSpec]) {
    self.name = name
    self.screens = screens
  }

  public var root: ScreenSpec { screens[0] }
}

/// A screen type: its slots, and (for a stack root) the path it is driven by.
public struct ScreenSpec: Hashable, Sendable {
  public var name: String
  public var slots: [SlotSpec]
  /// The screen type each path element shows, for a screen driven by `path: [Int]`.
  public var pathElementScreen: Int?

  public init(name: String, slots: [SlotSpec], pathElementScreen: Int? = nil) {
    self.name = name
    self.slots = slots
    self.pathElementScreen = pathElementScreen
  }

  public func slotIndex(named name: String) -> Int? {
    slots.firstIndex { $0.name == name }
  }
}

/// One place a screen can navigate to.
public struct SlotSpec: Hashable, Sendable {
  public var name: String
  public var style: SlotStyle
  /// A Bool slot (`isPresented`): on or off, no id.
  public var isFlag: Bool
  /// The screen type shown, or nil for a leaf screen with no slots of its own. Modal children
  /// with slots come wrapped in their own navigation controller, so they can push.
  public var child: Int?

  public init(name: String, style: SlotStyle, isFlag: Bool = false, child: Int? = nil) {
    self.name = name
    self.style = style
    self.isFlag = isFlag
    self.child = style.isAlert ? nil : child
  }
}

/// How a slot's screen is shown.
public enum SlotStyle: String, Hashable, Sendable, CaseIterable {
  case push, sheet, cover, popover, alert, dialog

  public var isModal: Bool { self != .push }
  public var isAlert: Bool { self == .alert || self == .dialog }
}
