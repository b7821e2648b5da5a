import Foundation
import HeadlessUIKit
import NavFuzzTesting
import NavFuzzEngines
import NavigationFuzzing
import NavigationReference
import StateDrivenNavigation
import Testing

// The examples of docs/GUIDE.md. GuideTests checks that every Swift block of the guide appears
// here word for word, so the guide cannot drift from code that compiles and runs.

// MARK: Example: your engine

/// An engine written against the adapter: each slot of each screen is wired onto the screen's
/// controller. This one drives UIKit by hand (no StateDrivenNavigation), the way a first
/// coordinator often does.
struct HandRolledEngine: NavigationEngine {
  func wire(_ slot: SlotConnection, on controller: UIViewController) {
    let model = slot.model, index = slot.index, content = slot.content
    var shown: UIViewController?
    controller.observe { [weak controller] in
      guard let controller else { return }
      let item = model[slot: index]
      if let item, shown == nil {
        let screen = content(item)
        shown = screen
        if slot.spec.style == .push {
          controller.navigationController?.pushViewController(screen, animated: true)
        } else {
          controller.present(screen, animated: true)
        }
      } else if item == nil, let screen = shown {
        shown = nil
        if slot.spec.style == .push {
          screen.navigationController?.popViewController(animated: true)
        } else {
          screen.dismiss(animated: true)
        }
      }
    }
  }

  func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
    UINavigationController(rootViewController: root)  // this engine has no stacks
  }
}

@MainActor
@Test func handRolledEngineIsCaught() {
  let result = NavFuzz.check(engine: { HandRolledEngine() }, named: "hand-rolled", topology: .basic, runs: 100)
  #expect(!result.passed)
  print(result)  // each failure, shrunk, as a trace you can commit
}

@MainActor
@Test func builtInEngineSurvivesFuzzing() {
  // A failure is recorded on this line, with its shrunk trace, its rerun command and a diff.
  NavFuzz.expectNoFailures(engine: .default, topology: .basic, runs: 100)
}

// MARK: Example: your topology, in a file

@MainActor
@Test func shopTopologyFromAFile() throws {
  let topology = try TopologyFile.load("Examples/topologies/shop.json")
  let result = NavFuzz.check(engine: .default, topology: topology, runs: 100)
  #expect(result.passed, "\(result)")
}

// MARK: Example: your topology, in Swift

@MainActor
@Test func settingsTopologyInSwift() {
  let settings = Topology(
    spec: TopologySpec(
      name: "settings",
      screens: [
        ScreenSpec(
          name: "settings",
          slots: [
            SlotSpec(name: "account", style: .push, child: 1),
            SlotSpec(name: "signOut", style: .alert),
          ]),
        ScreenSpec(name: "account", slots: [SlotSpec(name: "editName", style: .sheet, child: 1)]),
      ]),
    summary: "settings → account → edit name")
  Topology.register(settings)  // traces can now say `topology settings`
  let result = NavFuzz.check(engine: .default, topology: settings, runs: 100)
  #expect(result.passed, "\(result)")
}

// MARK: Example: your feature code

/// Feature code for SyncUps' stack shape: "end meeting" goes back to the nearest detail (value 1)
/// below the record screen; everything else does what its intent declares.
struct EndMeetingFeatures: AppFeatures {
  func perform(_ intent: IntentSpec, on screen: ScreenModel, in app: AppContext) {
    guard intent.name == "endMeeting", let position = app.pathPosition(of: screen) else {
      return StandardFeatures().perform(intent, on: screen, in: app)
    }
    if let detail = app.pathValues[..<position].lastIndex(of: 1) { app.truncatePath(to: detail + 1) }
  }
}

@MainActor
@Test func featureCodeIsCheckedAgainstTheIntents() {
  let app = EngineChoice(
    name: "my-app", summary: "my feature code", make: { StateDrivenEngine() }, features: { EndMeetingFeatures() })
  let result = NavFuzz.check(engine: app, topology: .syncUpsStack, runs: 100)
  #expect(result.passed, "\(result)")
}

// MARK: Example: judge it by its own contract

/// Stands in for a library's engine: the built-in one, reached through its public API.
struct MyEngine: NavigationEngine {
  func wire(_ slot: SlotConnection, on controller: UIViewController) { StateDrivenEngine().wire(slot, on: controller) }
  func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
    StateDrivenEngine().makeStack(path, root: root)
  }
}

@MainActor
@Test func anEngineIsJudgedByItsOwnContract() throws {
  var contract = EngineContract(onDismissForPushes: false)  // its pushes take no onDismiss
  try contract.allow(.observeIdempotence, because: "re-renders on every change, a known issue")
  let mine = EngineChoice(
    name: "my-engine", summary: "my navigation library", semantics: .swiftNavigation, contract: contract,
    make: { MyEngine() })
  EngineChoice.register(mine)  // now `--engine my-engine`, `engine my-engine` in traces, `navfuzz list`
  let result = NavFuzz.check(engine: mine, topology: .basic, runs: 100)
  #expect(EngineChoice.named("my-engine")?.semantics == .swiftNavigation)
  #expect(result.runs == 100)
  #expect(mine.contract.notChecked.count == 1)
  // Judged by swift-navigation's rules, NavFuzz's own engine shows the documented differences.
  #expect(result.failures.allSatisfy {
    [.identityRebinding, .stateUIConsistency, .referenceAgreement, .noStaleTransition, .dismissalWritesBack]
      .contains($0.violation.invariant)
  })
}

// MARK: Example: fuzz your coordinator

/// The team's screen: it knows which product it shows.
final class ProductViewController: UIViewController {
  let productID: Int

  init(productID: Int) {
    self.productID = productID
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { fatalError("made in code") }
}

/// The team's coordinator, as it is: it builds and pushes its own screens, and as the navigation
/// controller's delegate it writes the user's back taps into `path`.
final class ShopCoordinator: NSObject, UINavigationControllerDelegate {
  private(set) var path: [Int] = []
  private weak var navigationController: UINavigationController?

  init(navigationController: UINavigationController) {
    self.navigationController = navigationController
    super.init()
    navigationController.delegate = self
  }

  func show(path newPath: [Int]) {
    path = newPath
    guard let navigationController else { return }
    let root = navigationController.viewControllers[0]
    navigationController.setViewControllers([root] + newPath.map { ProductViewController(productID: $0) }, animated: true)
  }

  func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
    if navigationController.viewControllers.count - 1 < path.count { path.removeLast() }  // the user went back
  }
}

/// The adapter: the harness's path drives the coordinator, the coordinator's path drives the
/// harness's after each `didShow`, and the reading says what each screen shows.
struct ShopAdapter: NavigationEngine {
  var screenReading: ScreenReading? {
    ScreenReading { ($0 as? ProductViewController).map { .pathElement(value: $0.productID) } }
  }

  func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
    let navigation = UINavigationController(rootViewController: root)
    let coordinator = ShopCoordinator(navigationController: navigation)
    let appPath = AppPath(path, on: root) { coordinator.show(path: $0) }
    NavigationDelegateProxy.install(on: navigation).didShow = { _, _ in appPath.appChanged(to: coordinator.path) }
    return navigation
  }

  func wire(_ slot: SlotConnection, on controller: UIViewController) {}  // no slots in this topology
}

@MainActor
@Test func ourCoordinatorIsFuzzed() {
  let shop = Topology(
    spec: TopologySpec(
      name: "shop-stack",
      screens: [
        ScreenSpec(name: "home", slots: [], pathElementScreen: 1, pathEquality: .byValue),
        ScreenSpec(name: "product", slots: []),
      ]),
    summary: "home → a path of product ids")
  let result = NavFuzz.check(engine: EngineChoice(name: "shop", summary: "our coordinator", make: { ShopAdapter() }), topology: shop, runs: 200)
  #expect(!result.passed)
  print(result)  // each failure, shrunk, as a trace you can commit
}
