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
  /// What the screen's features let a user do (buttons), and what each should do to navigation.
  public var intents: [IntentSpec]
  /// When two path elements are the same screen (for a screen with a path).
  public var pathEquality: PathEquality
  /// The intent the screen's feature code runs in every `viewDidAppear`, if any: state changed
  /// from a UIKit callback, at the moment UIKit calls it.
  public var onAppear: String?
  /// The intent the screen's feature code runs in every `viewDidDisappear`, if any.
  public var onDisappear: String?

  public init(
    name: String, slots: [SlotSpec], pathElementScreen: Int? = nil, intents: [IntentSpec] = [],
    pathEquality: PathEquality = .byIncarnation, onAppear: String? = nil, onDisappear: String? = nil
  ) {
    self.name = name
    self.slots = slots
    self.pathElementScreen = pathElementScreen
    self.intents = intents
    self.pathEquality = pathEquality
    self.onAppear = onAppear
    self.onDisappear = onDisappear
  }

  public func intent(named name: String) -> IntentSpec? {
    intents.first { $0.name == name }
  }

  public func slotIndex(named name: String) -> Int? {
    slots.firstIndex { $0.name == name }
  }
}

/// When two path elements are equal — what an engine that reuses screens by element sees.
public enum PathEquality: String, Hashable, Sendable, CaseIterable {
  /// Every element is its own screen, equal only to itself (TCA's `StackState`: elements are told
  /// apart by `StackElementID`, never by value).
  case byIncarnation = "incarnation"
  /// Elements are plain values (`[Int]`, enums, `Hashable` structs), equal when their values are:
  /// a deep link may reuse the screen of an equal value elsewhere on the stack.
  case byValue = "value"
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
  /// Alerts and dialogs: one button per name, in order, whose handler runs that intent of the
  /// screen holding the slot (after UIKit has dismissed the alert), then a cancel button with no
  /// handler. Empty: a single OK button with no handler.
  public var buttons: [String]
  /// The intent of the screen holding the slot that the presentation's `onDismiss` runs, if any:
  /// once per presentation that leaves the screen.
  public var onDismiss: String?

  public init(
    name: String, style: SlotStyle, isFlag: Bool = false, child: Int? = nil, buttons: [String] = [],
    onDismiss: String? = nil
  ) {
    self.name = name
    self.style = style
    self.isFlag = isFlag
    self.child = style.isAlert ? nil : child
    self.buttons = style.isAlert ? buttons : []
    self.onDismiss = onDismiss
  }
}

/// How a slot's screen is shown.
public enum SlotStyle: String, Hashable, Sendable, CaseIterable {
  case push, sheet, cover, popover, alert, dialog

  public var isModal: Bool { self != .push }
  public var isAlert: Bool { self == .alert || self == .dialog }
}

/// An app-level action a screen offers ("start meeting", "end meeting") and its navigation effects:
/// what the reference expects. The app's own feature code does the real work; the harness checks
/// that it did this.
public struct IntentSpec: Hashable, Sendable {
  public var name: String
  public var effects: [IntentEffect]

  public init(_ name: String, effects: [IntentEffect]) {
    self.name = name
    self.effects = effects
  }
}

/// One navigation effect of an intent, relative to the screen that performs it.
public enum IntentEffect: Hashable, Sendable {
  /// Put item `id` into a slot of this screen.
  case set(slot: String, id: Int)
  /// Empty a slot of this screen.
  case clear(slot: String)
  /// Change this screen's model in a way navigation does not read (saving a record).
  case save
  /// Append a value to the root path.
  case pathAppend(Int)
  /// Pop the root path back to the nearest element below this one with this value (kept).
  case pathPopBack(to: Int)
  /// This screen goes away: its slot is cleared, or (a path element) the path ends before it.
  case dismissSelf
}
