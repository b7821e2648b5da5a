import NavigationReference

/// One line of a trace: something the program, the user or time does, or an expectation.
public enum Step: Hashable, Sendable {
  case set(Address, id: Int)
  case mutate(Address)
  case clear(Address)
  case toggle(Address, on: Bool)
  /// Changes a property of the screen at the address that navigation does not read.
  case bump(Address)
  case pathAppend(Int)
  case pathRemoveLast(Int)
  case pathSet([Int])
  /// The program selects a tab (a topology with tabs: 0 is the root screen's).
  case selectTab(Int)
  /// The user triggers an app intent (a button) on the screen at the address.
  case app(Address, intent: String)
  case user(UserGesture)
  case tick
  case advance(Int)
  case settle
  /// Runs turns until no transition is running, and stops right after the turn in which the last
  /// one ended: before the next turn, where engines make their next-tick write-backs.
  case untilTransitionEnd
  case expect(Expectation)
  /// A `set`, `clear` or `toggle` whose one write of the app reaches several bindings of its
  /// screen's model (its one destination: a modal set over the screen's other modal, a push
  /// cleared under the screen's other pushes), in the order UIKit may run their observations:
  /// of the slots the step clears on its screen, these are written first, in this order, then the
  /// addressed slot, then the rest. Without it the addressed slot is written first
  /// (docs/TRACES.md, "Write order").
  indirect case afterClearing(Step, [Address])

  /// The action kind, for statistics and swarm testing.
  public var kind: ActionKind {
    switch self {
    case .set: .set
    case .mutate: .mutate
    case .clear: .clear
    case .toggle: .toggle
    case .bump: .bump
    case .pathAppend: .pathAppend
    case .pathRemoveLast: .pathRemoveLast
    case .pathSet: .pathSet
    case .app: .app
    case .selectTab: .selectTab
    case .user(let gesture): gesture.kind
    case .tick: .tick
    case .advance: .advance
    case .settle: .settle
    case .untilTransitionEnd: .untilTransitionEnd
    case .expect: .expect
    case .afterClearing(let step, _): step.kind
    }
  }

  /// Steps the program makes (they change the model directly).
  public var isProgram: Bool {
    switch self {
    case .set, .mutate, .clear, .toggle, .bump, .pathAppend, .pathRemoveLast, .pathSet, .app, .selectTab: true
    case .afterClearing(let step, _): step.isProgram
    default: false
    }
  }

  public var isExpectation: Bool {
    if case .expect = self { return true }
    return false
  }
}

/// What the user's hands do.
public enum UserGesture: Hashable, Sendable {
  case dismiss, dismissCancel, alertTap(Int), back, backTo(Int), swipeBack, swipeBackCancel
  /// A tap on tab N of the tab bar (the selected one again: its stack pops to the root).
  case tab(Int)

  var kind: ActionKind {
    switch self {
    case .dismiss: .userDismiss
    case .dismissCancel: .userDismissCancel
    case .alertTap: .userAlertTap
    case .back: .userBack
    case .backTo: .userBackTo
    case .swipeBack: .userSwipeBack
    case .swipeBackCancel: .userSwipeBackCancel
    case .tab: .userTab
    }
  }
}

/// An `expect` line.
public enum Expectation: Hashable, Sendable {
  case ok
  case violation(InvariantID)
  /// Every filled slot as `address=id` (`address=on` for Bool slots) and `path=1,2`, any order.
  case state([String])
  /// The on-screen controllers bottom to top.
  case screen([String])
}

/// Kinds of steps, in a fixed order (statistics print in this order).
public enum ActionKind: String, CaseIterable, Sendable, Hashable, Comparable, Codable {
  case set, mutate, clear, toggle, bump
  case pathAppend = "path-append", pathRemoveLast = "path-remove-last", pathSet = "path-set"
  case app
  case userDismiss = "user-dismiss", userDismissCancel = "user-dismiss-cancel", userAlertTap = "user-alert-tap"
  case userBack = "user-back", userBackTo = "user-back-to", userSwipeBack = "user-swipe-back"
  case userSwipeBackCancel = "user-swipe-back-cancel"
  case tick, advance, settle
  /// Generated only while a transition runs (there is nothing to wait for otherwise).
  case untilTransitionEnd = "until-transition-end"
  case expect
  // Tabs: after `expect`, so that the kinds before keep their order (statistics, and the swarm's
  // draws, which seeded campaigns depend on).
  case selectTab = "select-tab"
  case userTab = "user-tab"

  public static func < (lhs: ActionKind, rhs: ActionKind) -> Bool {
    lhs.ordinal < rhs.ordinal
  }

  /// The kind's position in `allCases`: an index into tables counted after every step.
  var ordinal: Int {
    switch self {
    case .set: 0
    case .mutate: 1
    case .clear: 2
    case .toggle: 3
    case .bump: 4
    case .pathAppend: 5
    case .pathRemoveLast: 6
    case .pathSet: 7
    case .app: 8
    case .userDismiss: 9
    case .userDismissCancel: 10
    case .userAlertTap: 11
    case .userBack: 12
    case .userBackTo: 13
    case .userSwipeBack: 14
    case .userSwipeBackCancel: 15
    case .tick: 16
    case .advance: 17
    case .settle: 18
    case .untilTransitionEnd: 19
    case .expect: 20
    case .selectTab: 21
    case .userTab: 22
    }
  }
}
