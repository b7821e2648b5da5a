import NavigationReference
import Synchronization

/// A navigation topology the harness can fuzz: its shape, and a sentence about it.
public struct Topology: Sendable {
  public var spec: TopologySpec
  public var summary: String

  public init(spec: TopologySpec, summary: String) {
    self.spec = spec
    self.summary = summary
  }

  public var name: String { spec.name }

  /// The built-in topologies, by name. Their slot names are a contract: corpus files use them.
  public static let builtIn: [Topology] = [
    .basic, .counter, .stack, .syncUpsTree, .syncUpsStack, .covers, .valueStack, .callbacks, .tabs,
  ]

  /// The built-in topologies and those registered (from files or Swift), by name.
  public static func named(_ name: String) -> Topology? {
    all.first { $0.name == name }
  }

  public static var all: [Topology] { builtIn + registry.withLock { $0 } }

  /// Makes a topology known by name to traces, campaigns and replays. A name already taken is
  /// replaced. Register before fuzzing; a registry of definitions, not of run state.
  public static func register(_ topology: Topology) {
    registry.withLock { topologies in
      topologies.removeAll { $0.name == topology.name }
      topologies.append(topology)
    }
  }

  private static let registry = Mutex<[Topology]>([])

  /// Every screen is a `basic` screen: two sheets (Bool and item), two pushes (Bool and item) and an
  /// alert. This is the shape swift-navigation's own tests use.
  public static let basic = Topology(
    spec: TopologySpec(name: "basic", screens: [ScreenSpec(name: "basic", slots: basicSlots(child: 0))]),
    summary: "every screen: isPresented, presentedChild (sheets), isPushed, pushedChild (pushes), alert")

  /// The seeds' counter: one screen with an alert, a sheet, a popover and two pushes of fact screens.
  public static let counter = Topology(
    spec: TopologySpec(
      name: "counter",
      screens: [
        ScreenSpec(
          name: "counter",
          slots: [
            SlotSpec(name: "alertFact", style: .alert),
            SlotSpec(name: "sheetFact", style: .sheet),
            SlotSpec(name: "popoverFact", style: .popover),
            SlotSpec(name: "fact", style: .push),
            SlotSpec(name: "secondaryFact", style: .push),
          ])
      ]),
    summary: "one screen: alertFact (alert), sheetFact (sheet), popoverFact (popover), fact, secondaryFact (pushes)")

  /// A root driven by `path: [Int]`; each element shows a basic screen whose pushes are leaves.
  public static let stack = Topology(
    spec: TopologySpec(
      name: "stack",
      screens: [
        ScreenSpec(name: "stackRoot", slots: [], pathElementScreen: 1),
        ScreenSpec(
          name: "element",
          slots: [
            SlotSpec(name: "isPresented", style: .sheet, isFlag: true, child: 2),
            SlotSpec(name: "presentedChild", style: .sheet, child: 2),
            SlotSpec(name: "isPushed", style: .push, isFlag: true),
            SlotSpec(name: "pushedChild", style: .push),
            SlotSpec(name: "alert", style: .alert),
          ]),
        ScreenSpec(name: "basic", slots: basicSlots(child: 2)),
      ]),
    summary: "root path: [Int]; elements are basic screens whose pushes are leaves outside the path")

  /// A root driven by a path of plain values (`[Int]`, equal by value): a deep link reuses the
  /// screen of an equal value elsewhere on the stack, moving it with its state. Elements push
  /// leaves (by item and by Bool). No modals: which of two screens' modals a reuse brings back
  /// wins depends on timing the reference does not model (see docs/SEMANTICS.md).
  public static let valueStack = Topology(
    spec: TopologySpec(
      name: "value-stack",
      screens: [
        ScreenSpec(name: "valuesRoot", slots: [], pathElementScreen: 1, pathEquality: .byValue),
        ScreenSpec(
          name: "value",
          slots: [
            SlotSpec(name: "isPushed", style: .push, isFlag: true),
            SlotSpec(name: "pushedChild", style: .push),
          ]),
      ]),
    summary: "root path of plain values (equal by value, reused by deep links); elements push leaves")

  /// SyncUps as a tree (research/tca-stack.md, "SyncUps shapes"): the list adds a sync-up in a
  /// sheet and drills into its detail; the detail edits in a sheet, confirms deletion in an alert
  /// and drills into a past meeting or a recording, which can ask to discard. Intents: the list
  /// adds and opens, the detail starts a meeting (pushes the record screen) and deletes itself,
  /// the record screen ends the meeting (goes back to the detail), forms close.
  public static let syncUpsTree = Topology(
    spec: TopologySpec(
      name: "syncups-tree",
      screens: [
        ScreenSpec(
          name: "syncUpsList",
          slots: [
            SlotSpec(name: "add", style: .sheet, child: 1), SlotSpec(name: "alert", style: .alert),
            SlotSpec(name: "detail", style: .push, child: 2),
          ],
          intents: [
            IntentSpec("addSyncUp", effects: [.set(slot: "add", id: 1)]),
            IntentSpec("openSyncUp", effects: [.set(slot: "detail", id: 1)]),
          ]),
        ScreenSpec(name: "syncUpForm", slots: [], intents: [IntentSpec("close", effects: [.dismissSelf])]),
        ScreenSpec(
          name: "syncUpDetail",
          slots: [
            SlotSpec(name: "alert", style: .alert), SlotSpec(name: "edit", style: .sheet, child: 1),
            SlotSpec(name: "meeting", style: .push, child: 3), SlotSpec(name: "record", style: .push, child: 4),
          ],
          intents: [
            IntentSpec("startMeeting", effects: [.set(slot: "record", id: 1)]),
            IntentSpec("edit", effects: [.set(slot: "edit", id: 1)]),
            IntentSpec("delete", effects: [.dismissSelf]),
          ]),
        ScreenSpec(name: "meeting", slots: []),
        ScreenSpec(
          name: "recordMeeting", slots: [SlotSpec(name: "alert", style: .alert)],
          intents: [IntentSpec("endMeeting", effects: [.dismissSelf])]),
      ]),
    summary: "SyncUps as a tree: list → detail → meeting | record, add/edit sheets, alerts, intents")

  /// SyncUps as a stack (research/tca-stack.md, "SyncUps shapes"): the list (add sheet, alert)
  /// under a path of three kinds, each its own screen, as TCA's `Path` enum and SwiftUI's
  /// `navigationDestination(for:)` give them: a detail (value 1: an alert, the edit sheet; starts
  /// a meeting, deletes itself), a past meeting (value 2: nothing), and a recording (value 3: an
  /// alert to discard; ends the meeting). "Start meeting" appends a recording; "end meeting" pops
  /// back to the nearest detail below (which a deep link such as detail → meeting → record makes
  /// different from the element before last).
  public static let syncUpsStack = Topology(
    spec: TopologySpec(
      name: "syncups-stack",
      screens: [
        ScreenSpec(
          name: "syncUpsList", slots: [SlotSpec(name: "add", style: .sheet, child: 1), SlotSpec(name: "alert", style: .alert)],
          pathDestinations: [
            PathDestination("detail", screen: 2, values: [1]), PathDestination("meeting", screen: 3, values: [2]),
            PathDestination("record", screen: 4, values: [3]),
          ],
          intents: [
            IntentSpec("addSyncUp", effects: [.set(slot: "add", id: 1)]),
            IntentSpec("openSyncUp", effects: [.pathAppend(1)]),
          ]),
        ScreenSpec(name: "syncUpForm", slots: [], intents: [IntentSpec("close", effects: [.dismissSelf])]),
        ScreenSpec(
          name: "syncUpDetail",
          slots: [SlotSpec(name: "alert", style: .alert), SlotSpec(name: "edit", style: .sheet, child: 1)],
          intents: [
            IntentSpec("startMeeting", effects: [.pathAppend(3)]),
            IntentSpec("delete", effects: [.dismissSelf]),
          ]),
        ScreenSpec(name: "meeting", slots: []),
        ScreenSpec(
          name: "recordMeeting", slots: [SlotSpec(name: "alert", style: .alert)],
          intents: [
            IntentSpec("endMeeting", effects: [.pathPopBack(to: 1)]),
            IntentSpec("discard", effects: [.dismissSelf]),
          ]),
      ]),
    summary: "SyncUps as a stack: list + path of detail(1) | meeting(2) | record(3) screens, sheets, alerts, intents")

  /// Full-screen covers: covers over pushed screens, covers over covers (each in its own
  /// navigation controller), pushes inside a cover, and pushes *under* a cover — onto a stack the
  /// cover hides, which UIKit changes without transitions or appearance callbacks.
  public static let covers = Topology(
    spec: TopologySpec(
      name: "covers",
      screens: [
        ScreenSpec(
          name: "home",
          slots: [
            SlotSpec(name: "detail", style: .push, child: 1), SlotSpec(name: "cover", style: .cover, child: 2),
            SlotSpec(name: "sheet", style: .sheet, child: 1), SlotSpec(name: "alert", style: .alert),
          ]),
        ScreenSpec(
          name: "page",
          slots: [
            SlotSpec(name: "next", style: .push, child: 1), SlotSpec(name: "cover", style: .cover, child: 2),
            SlotSpec(name: "isCovered", style: .cover, isFlag: true),
          ]),
        ScreenSpec(
          name: "fullScreen",
          slots: [
            SlotSpec(name: "detail", style: .push, child: 1), SlotSpec(name: "cover", style: .cover, child: 2),
            SlotSpec(name: "isCovered", style: .cover, isFlag: true), SlotSpec(name: "alert", style: .alert),
          ]),
      ]),
    summary: "covers over pushes and over covers, pushes inside and under covers, a sheet, alerts")

  /// State changed inside UIKit callbacks. Alert and dialog buttons run intents from their
  /// handlers — the first shows another alert (TCA #3309's shape), others push, present, dismiss
  /// their own screen or pop it; a message screen shows a tip (an alert) as it appears and closes
  /// it as it disappears; the compose sheet's `onDismiss` shows an alert. Every intent is also a button.
  public static let callbacks = Topology(
    spec: TopologySpec(
      name: "callbacks",
      screens: [
        ScreenSpec(
          name: "inbox",
          slots: [
            SlotSpec(name: "alert", style: .alert, buttons: ["showAnotherAlert", "compose", "openMessage"]),
            SlotSpec(name: "options", style: .dialog, buttons: ["openMessage", "archive"]),
            SlotSpec(name: "message", style: .push, child: 1),
            SlotSpec(name: "compose", style: .sheet, child: 2, onDismiss: "confirmSent"),
          ],
          intents: [
            IntentSpec("showAnotherAlert", effects: [.set(slot: "alert", id: 2)]),
            IntentSpec("compose", effects: [.set(slot: "compose", id: 1)]),
            IntentSpec("openMessage", effects: [.set(slot: "message", id: 1)]),
            IntentSpec("archive", effects: [.save, .clear(slot: "message")]),
            IntentSpec("confirmSent", effects: [.set(slot: "alert", id: 3)]),
          ]),
        ScreenSpec(
          name: "message",
          slots: [
            SlotSpec(name: "alert", style: .alert, buttons: ["nextTip", "delete", "reply", "openNext"]),
            SlotSpec(name: "reply", style: .sheet, child: 2),
            SlotSpec(name: "next", style: .push, child: 1),
          ],
          intents: [
            IntentSpec("nextTip", effects: [.set(slot: "alert", id: 2)]),
            IntentSpec("delete", effects: [.dismissSelf]),
            IntentSpec("reply", effects: [.set(slot: "reply", id: 1)]),
            IntentSpec("openNext", effects: [.set(slot: "next", id: 1)]),
            IntentSpec("showTip", effects: [.save, .set(slot: "alert", id: 1)]),
            IntentSpec("closeTip", effects: [.clear(slot: "alert")]),
          ],
          onAppear: "showTip", onDisappear: "closeTip"),
        ScreenSpec(
          name: "composer",
          slots: [SlotSpec(name: "discard", style: .alert, buttons: ["discard"])],
          intents: [IntentSpec("discard", effects: [.dismissSelf]), IntentSpec("send", effects: [.save, .dismissSelf])]),
      ]),
    summary: "state changed in callbacks: alert/dialog buttons run intents, a screen acts on appear/disappear, a sheet's onDismiss shows an alert")

  /// A tab bar, the shape most apps have: `home` (tab 0) is a stack driven by `path: [Int]` with
  /// a notice (an alert whose buttons compose or open the first item, and whose `onDismiss`
  /// offers help: the order of the two changes which sheet stays), a compose sheet and a help
  /// sheet; `inbox` (tab 1) is a tree of messages with a compose sheet and an alert; `settings`
  /// (tab 2) pushes details and shows a Bool sheet. Every tab's modals share the tab bar
  /// controller's presentation context. The app sets its own delegate on the home stack's
  /// navigation controller.
  public static let tabs: Topology = {
    var spec = TopologySpec(
      name: "tabs",
      screens: [
        ScreenSpec(
          name: "home",
          slots: [
            SlotSpec(name: "notice", style: .alert, buttons: ["compose", "openFirst"], onDismiss: "offerHelp"),
            SlotSpec(name: "compose", style: .sheet, child: 3),
            SlotSpec(name: "help", style: .sheet),
            SlotSpec(name: "inbox", style: .tab, child: 1),
            SlotSpec(name: "settings", style: .tab, child: 4),
          ],
          pathElementScreen: 2,
          intents: [
            IntentSpec("compose", effects: [.set(slot: "compose", id: 1)]),
            IntentSpec("openFirst", effects: [.pathAppend(1)]),
            IntentSpec("offerHelp", effects: [.set(slot: "help", id: 1)]),
          ]),
        ScreenSpec(
          name: "inbox",
          slots: [
            SlotSpec(name: "message", style: .push, child: 5), SlotSpec(name: "compose", style: .sheet, child: 3),
            SlotSpec(name: "alert", style: .alert),
          ]),
        ScreenSpec(
          name: "item",
          slots: [
            SlotSpec(name: "isPushed", style: .push, isFlag: true), SlotSpec(name: "sheet", style: .sheet, child: 3),
            SlotSpec(name: "alert", style: .alert),
          ]),
        ScreenSpec(name: "composer", slots: [], intents: [IntentSpec("close", effects: [.dismissSelf])]),
        ScreenSpec(
          name: "settings",
          slots: [
            SlotSpec(name: "detail", style: .push, child: 6), SlotSpec(name: "isPresented", style: .sheet, isFlag: true),
          ]),
        ScreenSpec(
          name: "message",
          slots: [SlotSpec(name: "reply", style: .sheet, child: 3), SlotSpec(name: "next", style: .push, child: 5)]),
        ScreenSpec(name: "detail", slots: [SlotSpec(name: "detail", style: .push, child: 6)]),
      ])
    spec.appNavigationDelegate = true
    return Topology(
      spec: spec,
      summary: "a tab bar: home (a path: [Int], a notice alert whose onDismiss offers help), inbox (a tree), settings; the app's own delegate on home's stack")
  }()

  private static func basicSlots(child: Int) -> [SlotSpec] {
    [
      SlotSpec(name: "isPresented", style: .sheet, isFlag: true, child: child),
      SlotSpec(name: "presentedChild", style: .sheet, child: child),
      SlotSpec(name: "isPushed", style: .push, isFlag: true, child: child),
      SlotSpec(name: "pushedChild", style: .push, child: child),
      SlotSpec(name: "alert", style: .alert),
    ]
  }
}
