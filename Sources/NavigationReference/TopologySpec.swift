/// The shape of an app's navigation: which screens exist, the slots each one navigates through,
/// and which screen (if any) is driven by a path. Pure data, shared by the reference and the harness.
public struct TopologySpec: Hashable, Sendable {
  public var name: String
  /// Screen types; index 0 is the root screen. The destinations of a path with several kinds
  /// share one slot layout (see `PathDestination`).
  public private(set) var screens: [ScreenSpec]

  /// Lays the destinations of each path with several kinds out alike. Destinations that cannot
  /// be (`pathDestinationsProblem(in:)`) are a programming error here; topology files report them
  /// first, located in the file.
  public init(name: String, screens: [ScreenSpec]) {
    self.name = name
    if let conflict = Self.pathDestinationsProblem(in: screens) { preconditionFailure("topology '\(name)': \(conflict)") }
    if let conflict = Self.tabsProblem(in: screens) { preconditionFailure("topology '\(name)': \(conflict)") }
    self.screens = Self.layingOutDestinations(screens)
    tabSlotIndices = screens.first.map { root in root.slots.indices.filter { root.slots[$0].style == .tab } } ?? []
  }

  /// Whether the app sets its own `UINavigationControllerDelegate` on the root screen's navigation
  /// controller (a stack's, for a topology with a path): an engine that interposes its own must
  /// forward it every call (swift-navigation #259).
  public var appNavigationDelegate = false

  /// The root's tab slots, in tab order: tab `i + 1` is slot `tabSlotIndices[i]` (tab 0 is the root
  /// screen itself). Empty for a topology without tabs (see `TopologySpec+Tabs`).
  public let tabSlotIndices: [Int]

  /// Inlinable: callers in other modules read one field of it (`root.hasPath`) at every step, and
  /// an opaque getter copied the whole screen spec (a retain and release per array in it) each time.
  @inlinable public var root: ScreenSpec { screens[0] }
}

/// A screen type: its slots, and (for a stack root) the path it is driven by.
public struct ScreenSpec: Hashable, Sendable {
  public var name: String
  public var slots: [SlotSpec]
  /// The kinds of element of the path this screen is driven by, each with the screen type it
  /// shows; empty for a screen without a path. One destination with no `values` takes every value.
  public var pathDestinations: [PathDestination]
  /// What the screen's features let a user do (buttons), and what each should do to navigation.
  public var intents: [IntentSpec]
  /// When two path elements are the same screen (for a screen with a path).
  public var pathEquality: PathEquality
  /// The intent the screen's feature code runs in every `viewDidAppear`, if any: state changed
  /// from a UIKit callback, at the moment UIKit calls it.
  public var onAppear: String?
  /// The intent the screen's feature code runs in every `viewDidDisappear`, if any.
  public var onDisappear: String?

  /// `pathElementScreen`: a path whose every element shows that screen type (`[Int]`);
  /// `pathDestinations`: a path whose elements are of several kinds, each shown by its own screen.
  public init(
    name: String, slots: [SlotSpec], pathElementScreen: Int? = nil, pathDestinations: [PathDestination] = [],
    intents: [IntentSpec] = [], pathEquality: PathEquality = .byIncarnation, onAppear: String? = nil,
    onDisappear: String? = nil
  ) {
    self.name = name
    self.slots = slots
    self.pathDestinations = pathElementScreen.map { [PathDestination("element", screen: $0)] } ?? pathDestinations
    self.intents = intents
    self.pathEquality = pathEquality
    self.onAppear = onAppear
    self.onDisappear = onDisappear
  }

  public func intent(named name: String) -> IntentSpec? {
    intents.first { $0.name == name }
  }

  public func slotIndex(named name: String) -> Int? {
    slots.firstIndex { $0.name == name && !$0.isAbsent }
  }

  /// Whether the screen is driven by a path.
  public var hasPath: Bool { !pathDestinations.isEmpty }

  /// The index of the destination that shows `value`, if any shows it.
  public func pathDestination(for value: Int) -> Int? {
    if pathDestinations.count == 1, pathDestinations[0].values == nil { return 0 }
    return pathDestinations.firstIndex { $0.values?.contains(value) == true }
  }

  /// The screen type an element of value `value` shows, if the path takes that value.
  public func pathScreen(for value: Int) -> Int? {
    pathDestination(for: value).map { pathDestinations[$0].screen }
  }

  /// The path's kinds and their values, for messages: `its kinds: detail 1; meeting 2; record 3`.
  public var describeDestinations: String {
    guard declaredPathValues != nil else { return "its elements take any value" }
    return "its kinds: " + pathDestinations.map { "\($0.name) \(($0.values ?? []).map(String.init).joined(separator: ", "))" }.joined(separator: "; ")
  }

  /// The values the path's kinds declare, in order; nil when one destination takes every value.
  public var declaredPathValues: [Int]? {
    if pathDestinations.count == 1, pathDestinations[0].values == nil { return nil }
    return pathDestinations.flatMap { $0.values ?? [] }
  }
}

/// One kind of path element and the screen type its elements show — what SwiftUI's
/// `navigationDestination(for:)` registers per type of value, or a case of TCA's `Path` enum
/// (SyncUps' `.detail`, `.meeting`, `.record`). The kind is a function of the value, as a value's
/// type is: each kind declares the values that are of it (disjoint), and a path step names the
/// value (`path append 1`), optionally with its kind for the reader (`path append detail 1`).
///
/// The destinations of one path share one slot layout: a slot name any of them declares has one
/// position in all of them, so an address such as `path[1].alert` parses from the topology alone.
/// A destination's positions it does not declare are `SlotSpec.isAbsent`: never wired, never
/// generated, and a step at one does not apply (as at a path element the path does not have).
/// Destinations that declare the same slot name must declare it alike (style, Bool, child screen).
public struct PathDestination: Hashable, Sendable {
  /// The kind's name in traces (`path append detail 1`).
  public var name: String
  public var screen: Int
  /// The values of this kind; nil (only for a path's single destination): every value.
  public var values: [Int]?

  public init(_ name: String, screen: Int, values: [Int]? = nil) {
    self.name = name
    self.screen = screen
    self.values = values
  }
}

extension TopologySpec {
  /// What is wrong with the destinations of some path with several kinds, if anything: a kind
  /// without values, a value of two kinds, a slot name declared differently by two destinations
  /// (they could not share a layout), or a screen that is a destination of two such paths (whose
  /// layouts could differ).
  public static func pathDestinationsProblem(in screens: [ScreenSpec]) -> String? {
    var laidOut: [Int: String] = [:]
    for stack in screens where stack.pathDestinations.count > 1 {
      var kindOfValue: [Int: String] = [:]
      for destination in stack.pathDestinations {
        guard let values = destination.values, !values.isEmpty else {
          return "kind '\(destination.name)' of the path of '\(stack.name)' declares no values (each kind of a path with several declares its values)"
        }
        for value in values {
          if let other = kindOfValue[value] { return "value \(value) is of both kinds '\(other)' and '\(destination.name)'" }
          kindOfValue[value] = destination.name
        }
      }
      var declared: [String: (screen: String, slot: SlotSpec)] = [:]
      for destination in stack.pathDestinations where screens.indices.contains(destination.screen) {
        let screen = screens[destination.screen]
        if let other = laidOut[destination.screen], other != stack.name {
          return "screen '\(screen.name)' is a destination of the paths of both '\(other)' and '\(stack.name)'"
        }
        laidOut[destination.screen] = stack.name
        for slot in screen.slots {
          if let first = declared[slot.name],
            first.slot.style != slot.style || first.slot.isFlag != slot.isFlag || first.slot.child != slot.child
          {
            return "slot '\(slot.name)' of '\(screen.name)' differs from the one of '\(first.screen)' (destinations of one path share their slots' style, Bool-ness and screen)"
          }
          if declared[slot.name] == nil { declared[slot.name] = (screen.name, slot) }
        }
      }
    }
    return nil
  }

  /// Gives the destinations of each path with several kinds one slot layout: every slot name any
  /// of them declares, in order of first declaration; positions a destination does not declare
  /// hold the first declaration, marked absent.
  private static func layingOutDestinations(_ screens: [ScreenSpec]) -> [ScreenSpec] {
    var result = screens
    for stack in screens where stack.pathDestinations.count > 1 {
      var layout: [SlotSpec] = []
      for destination in stack.pathDestinations {
        for slot in screens[destination.screen].slots where !layout.contains(where: { $0.name == slot.name }) {
          layout.append(slot)
        }
      }
      for destination in stack.pathDestinations where result[destination.screen].slots.map(\.name) != layout.map(\.name) {
        let own = screens[destination.screen].slots
        result[destination.screen].slots = layout.map { shared in
          own.first { $0.name == shared.name } ?? shared.absent
        }
      }
    }
    return result
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
  /// A position of a slot layout shared by a path's destinations that this screen does not have
  /// (see `PathDestination`).
  public private(set) var isAbsent = false
  /// A Bool slot whose screen's model outlives its presentations: the parent holds one child
  /// model (`let settings = SettingsModel()`), which keeps its state when the slot turns off, and
  /// the next presentation shows it as it is. False (the default): the child's model goes away
  /// with the presentation, as an app's optional child model does, and the next presentation
  /// gets a fresh one. Item slots always carry their screen's model in the item.
  public var keepsChildModel: Bool

  public init(
    name: String, style: SlotStyle, isFlag: Bool = false, child: Int? = nil, buttons: [String] = [],
    onDismiss: String? = nil, keepsChildModel: Bool = false
  ) {
    self.name = name
    self.style = style
    self.isFlag = isFlag
    self.child = style.isAlert ? nil : child
    self.buttons = style.isAlert ? buttons : []
    self.onDismiss = onDismiss
    self.keepsChildModel = isFlag && self.child != nil && keepsChildModel
  }

  /// This slot's position on a screen that does not have it: no buttons, no callbacks.
  var absent: SlotSpec {
    var slot = SlotSpec(name: name, style: style, isFlag: isFlag, child: child, keepsChildModel: keepsChildModel)
    slot.isAbsent = true
    return slot
  }
}

/// How a slot's screen is shown. A `tab` is a tab of a tab bar at the root (`TopologySpec+Tabs`):
/// always shown, never set or cleared.
public enum SlotStyle: String, Hashable, Sendable, CaseIterable {
  case push, sheet, cover, popover, alert, dialog, tab

  public var isModal: Bool { self != .push && self != .tab }
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
  /// Empty the root path: back to the root screen.
  case pathClear
  /// This screen goes away: its slot is cleared, or (a path element) the path ends before it.
  case dismissSelf
}
