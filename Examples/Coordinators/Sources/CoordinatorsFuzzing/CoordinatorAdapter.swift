import CoordinatorsApp
import NavigationFuzzing
import NavigationReference
import UIKit

/// The app's coordinator, fuzzed as it is: the harness's path and slots call the coordinator's
/// own API, the coordinator builds every screen itself, and the reading says what each shows.
@MainActor
public final class CoordinatorAdapter: NavigationEngine {
  private let makeCoordinator: @MainActor (UINavigationController) -> AppCoordinator
  private var coordinator: AppCoordinator?

  public init(_ makeCoordinator: @escaping @MainActor (UINavigationController) -> AppCoordinator) {
    self.makeCoordinator = makeCoordinator
  }

  public var screenReading: ScreenReading? {
    ScreenReading { controller in
      switch controller {
      case let detail as DetailViewController: .pathElement(value: detail.itemID)
      case is SettingsViewController: .slot("settings")
      case let alert as UIAlertController where alert.title == "Start over?": .slot("reset")
      default: nil
      }
    }
  }

  public func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
    let navigation = UINavigationController(rootViewController: root)
    let coordinator = makeCoordinator(navigation)
    self.coordinator = coordinator
    let appPath = AppPath(path, on: root) { coordinator.show(path: $0) }
    // After the coordinator has written the user's pops back into its path.
    NavigationDelegateProxy.install(on: navigation).didShow = { _, _ in appPath.appChanged(to: coordinator.path) }
    return navigation
  }

  public func wire(_ slot: SlotConnection, on controller: UIViewController) {
    guard let coordinator else { return }
    switch slot.spec.name {
    case "settings":
      let settings = AppSlot(slot, on: controller, show: { _ in coordinator.showSettings() }, hide: coordinator.dismissSettings)
      coordinator.onSettingsDismissed = settings.screenGone
    case "reset":  // the app keeps no state for its alert: its leaving is the write-back
      AppSlot(
        slot, on: controller, show: { _ in coordinator.confirmReset() }, hide: coordinator.cancelReset,
        writesBackWhenScreenLeaves: true)
    default:
      break
    }
  }
}

extension Topology {
  /// The app's shape: a list whose path of item ids (plain values: the app keeps the details that
  /// still show its start) pushes details, with a settings sheet and a reset alert whose "Reset"
  /// button pops to the list.
  public static let coordinators = Topology(
    spec: TopologySpec(
      name: "coordinators",
      screens: [
        ScreenSpec(
          name: "list",
          slots: [
            SlotSpec(name: "settings", style: .sheet, isFlag: true),
            SlotSpec(name: "reset", style: .alert, isFlag: true, buttons: ["startOver"]),
          ],
          pathElementScreen: 1, intents: [IntentSpec("startOver", effects: [.pathClear])], pathEquality: .byValue),
        ScreenSpec(name: "detail", slots: []),
      ]),
    summary: "the Coordinators example: a list whose path pushes details, a settings sheet, a reset alert")
}

extension EngineChoice {
  /// The app's coordinator as shipped.
  public static let coordinators = EngineChoice(
    name: "coordinators", summary: "the Coordinators example's AppCoordinator",
    make: { CoordinatorAdapter { AppCoordinator(navigationController: $0) } })
  /// Its first version, which writes back one pop at a time.
  public static let coordinatorsOnePop = EngineChoice(
    name: "coordinators-one-pop", summary: "the Coordinators example's first AppCoordinator: one pop at a time",
    make: { CoordinatorAdapter { OnePopCoordinator(navigationController: $0) } })
}
