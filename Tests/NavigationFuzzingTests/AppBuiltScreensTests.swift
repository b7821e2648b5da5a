import Foundation
import HeadlessUIKit
import NavFuzzEngines
import NavigationFuzzing
import NavigationReference
import StateDrivenNavigation
import Testing

/// A screen an app builds itself, as a coordinator does: it knows what it shows (the slot's name
/// and the item's id), and the harness never built it.
final class AppScreen: UIViewController {
  let slot: String
  var itemID: Int?
  /// The screen whose slot it shows (a slot's name repeats along a stack in `basic`).
  weak var host: UIViewController?

  init(slot: String, itemID: Int?) {
    self.slot = slot
    self.itemID = itemID
    super.init()
  }

  required init?(coder: NSCoder) { fatalError("made in code") }
}

/// An alert the app builds itself, knowing whose it is.
final class AppAlert: UIAlertController {
  weak var host: UIViewController?
}

/// A path element's screen the app builds itself.
final class AppPathScreen: UIViewController {
  let value: Int

  init(value: Int) {
    self.value = value
    super.init()
  }

  required init?(coder: NSCoder) { fatalError("made in code") }
}

/// The built-in engine driving screens the app builds itself: no slot's `content`, no path
/// destination of the harness's; the harness knows them only through the reading.
struct AppBuiltEngine: NavigationEngine {
  /// The app's mistake, if any.
  enum Bug { case none, reusesScreens }
  var bug = Bug.none
  var reads = true

  func wire(_ slot: SlotConnection, on controller: UIViewController) {
    let spec = slot.spec, bug = bug
    var cached: AppScreen?
    weak let host = controller
    let app = SlotConnection(
      spec: spec, model: slot.model, index: slot.index,
      content: { item in
        if spec.style.isAlert {
          let alert = AppAlert(title: spec.name, message: nil, preferredStyle: spec.style == .dialog ? .actionSheet : .alert)
          alert.host = host
          alert.addAction(UIAlertAction(title: "OK", style: .cancel))
          return alert
        }
        let screen: AppScreen
        if bug == .reusesScreens, let old = cached, old.parent == nil, old.presentingViewController == nil {
          screen = old  // shown again, still showing the item it was made for
        } else {
          screen = AppScreen(slot: spec.name, itemID: spec.isFlag ? nil : item.id.id)
          screen.host = host
          if bug == .reusesScreens { cached = screen }
        }
        guard spec.style.isModal else { return screen }
        let presented = spec.child != nil ? UINavigationController(rootViewController: screen) : screen
        presented.modalPresentationStyle = spec.style == .cover ? .fullScreen : spec.style == .popover ? .popover : .pageSheet
        presented.popoverPresentationController?.sourceView = UIView()
        return presented
      },
      onDismiss: slot.onDismiss)
    StateDrivenEngine().wire(app, on: controller)
  }

  func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
    let stack = NavigationStackController(path: UIBinding(root: path.model, keyPath: path.pathKeyPath), root: root)
    stack.navigationDestination(for: PathElement.self) { AppPathScreen(value: $0.value) }
    return stack
  }

  var screenReading: ScreenReading? {
    guard reads else { return nil }
    return ScreenReading { controller in
      switch controller {
      case let screen as AppScreen: .slot(screen.slot, id: screen.itemID, of: screen.host)
      case let screen as AppPathScreen: .pathElement(value: screen.value)
      case let alert as AppAlert: alert.title.map { .slot($0, of: alert.host) }
      default: nil
      }
    }
  }
}

/// Controllers the app builds, read through the engine's `ScreenReading`, are judged exactly as
/// those the harness builds: a correct app passes everything, a broken one is caught.
@MainActor
@Suite struct AppBuiltScreensTests {
  static let app = EngineChoice(name: "app-built", summary: "the built-in engine on screens the app builds", make: {
    AppBuiltEngine()
  })

  @Test(arguments: ["basic", "counter", "stack", "syncups-tree", "syncups-stack", "covers"])
  func screensTheAppBuildsAreJudgedAsTheHarnessBuildsThem(topology name: String) throws {
    let topology = try #require(Topology.named(name))
    let result = NavFuzz.check(engine: Self.app, topology: topology, runs: 150)
    #expect(result.passed, "\(result)")
  }

  @Test func withoutAReadingTheAppsScreensAreUnknown() throws {
    let unread = EngineChoice(name: "app-built-unread", summary: "no reading", make: { AppBuiltEngine(reads: false) })
    let trace = try TraceFormat.parse("navtrace 1\ntopology stack\npath append 1\nsettle\n", source: "unread")
    let result = try Replay.run(trace, topology: .stack, engine: unread)
    #expect(result.violations.map(\.invariant).contains(.stackPathConsistency))
    #expect(result.violations.first { $0.invariant == .stackPathConsistency }?.explanation == "the path is [1] but the stack shows []")
    let read = try Replay.run(trace, topology: .stack, engine: Self.app)
    #expect(read.violations.isEmpty, "\(read.violations)")
  }

  @Test func theAppsScreensAppearInTracesAndReportsByWhatTheyShow() throws {
    let trace = try TraceFormat.parse(
      """
      navtrace 1
      topology basic
      set presentedChild 1
      settle
      set presentedChild.pushedChild 7
      settle
      expect screen root sheet:presentedChild#1 push:presentedChild.pushedChild#7
      expect state presentedChild=1 presentedChild.pushedChild=7
      user back
      settle
      expect screen root sheet:presentedChild#1
      user dismiss
      settle
      expect screen root
      expect state
      expect ok
      """, source: "app-built")
    let result = try Replay.run(trace, topology: .basic, engine: Self.app)
    #expect(result.passed, "\(result.unmetExpectations) \(result.violations)")
  }

  @Test func anAppThatShowsAStaleScreenIsCaught() throws {
    let reusing = EngineChoice(name: "app-built-reusing", summary: "reuses its screens", make: {
      AppBuiltEngine(bug: .reusesScreens)
    })
    let result = NavFuzz.check(engine: reusing, topology: .basic, runs: 200)
    #expect(!result.passed)
    // The reused screen still shows the item it was made for: the screen, not the model, is wrong.
    #expect(result.failures.contains { failure in
      [.stateUIConsistency, .identityRebinding, .referenceAgreement, .noStaleTransition, .noLeaks].contains(failure.violation.invariant)
    }, "\(result)")
  }
}
