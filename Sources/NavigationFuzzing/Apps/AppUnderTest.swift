/// An app under test driven through its UI: the door through which the harness fuzzes an app as
/// it is (a SwiftUI `App`, say), with no topology and no engine. The harness links no system it
/// tests, so an adapter in another module (`NavFuzzSwiftUI`) implements this for its system; the
/// harness only reads what is shown, offers what a person and the system can do, performs one
/// action at a time and judges what the adapter reports.
///
/// One value is one launched app in one fresh simulated world; the harness makes a new one for
/// every run (`AppLauncher`). Everything here is read after each step, never cached: slots,
/// paths, tabs and hittable elements come from the app's view graph as it is now.
@MainActor
public protocol AppUnderTest: AnyObject {
  /// What is on screen, bottom to top.
  var screens: [AppScreen] { get }
  /// What a person and the system can do now, in a deterministic order: taps on the top screen's
  /// hittable elements, alert buttons, gestures, tab taps, declared URLs. Time steps (`tick`,
  /// `advance`, `settle`) are always possible and the harness adds them itself.
  var offeredActions: [AppAction] { get }
  /// Performs a person's or the system's action (not a time step: the three below are those).
  /// A gesture with nothing to act on is skipped, not an error.
  func perform(_ action: AppAction) -> StepOutcome
  /// One run-loop turn at the current virtual time.
  func tick()
  /// Moves virtual time on by `milliseconds`; false when the turn limit cut it short.
  func advance(by milliseconds: Int) -> Bool
  /// Runs the world until nothing is queued; false when the turn limit cut it short.
  func settle() -> Bool
  /// No transition in flight and nothing queued.
  var isQuiescent: Bool { get }
  /// What the systems under the app said (its UI framework's and UIKit's console), in order since
  /// launch, each with the invariant it breaks (nil: information only).
  var diagnostics: [AppDiagnostic] { get }
  /// Writes the system made to the app's state on a person's behalf since launch, in order.
  var writeBacks: [AppWriteBack] { get }
  /// Each presentation on screen (or requested) with what the app's state holds for it, where
  /// the adapter can read it.
  var presentations: [AppPresentation] { get }
  /// What is on screen as text, for failure reports (a screen dump).
  var screenDump: String { get }
}

/// Makes a fresh world with the app launched in it: one call per run, so runs share nothing.
public typealias AppLauncher = @MainActor () -> any AppUnderTest

/// One screen a person sees.
public struct AppScreen: Hashable, Sendable {
  /// Where it is: "root", "pushed", "sheet", "fullScreenCover", "alert", "dialog", "tab", …
  public var placement: String
  public var title: String?
  /// Its hittable elements by name (label text, or accessibility identifier where the label is
  /// empty), in screen order; disabled ones are left out. Filled for the top screen only: the
  /// one a person can touch.
  public var elements: [String]

  public init(placement: String, title: String?, elements: [String] = []) {
    self.placement = placement
    self.title = title
    self.elements = elements
  }
}

/// Something the system said while the app ran.
public struct AppDiagnostic: Hashable, Sendable {
  /// Who said it: "SwiftUI", "UIKit".
  public var source: String
  /// Its stable kind ("link-without-destination", "present-while-already-presenting").
  public var kind: String
  /// The message, in the system's own wording.
  public var message: String
  /// The invariant it breaks; nil for information only.
  public var invariant: InvariantID?

  public init(source: String, kind: String, message: String, invariant: InvariantID?) {
    self.source = source
    self.kind = kind
    self.message = message
    self.invariant = invariant
  }
}

/// A write the system made to the app's state for a person (a swipe down writing `nil`, a pop
/// writing the shorter path), and whether the app's state took it.
public struct AppWriteBack: Hashable, Sendable {
  /// What was written, and where ("false or nil to the binding of the sheet on "Fruits"").
  public var what: String
  /// What the person did ("a swipe down", "a pop").
  public var by: String
  /// Whether the state read back what was written.
  public var taken: Bool

  public init(what: String, by: String, taken: Bool) {
    self.what = what
    self.by = by
    self.taken = taken
  }
}

/// One presentation and what the app's state holds for it.
public struct AppPresentation: Hashable, Sendable {
  /// "sheet on "Fruits"".
  public var what: String
  /// The state holds it (a true Bool, a non-nil item).
  public var held: Bool
  /// It is on screen.
  public var shown: Bool
  /// It waits its turn (another presentation of its host, a transition, its host appearing).
  public var waiting: Bool

  public init(what: String, held: Bool, shown: Bool, waiting: Bool) {
    self.what = what
    self.held = held
    self.shown = shown
    self.waiting = waiting
  }
}
