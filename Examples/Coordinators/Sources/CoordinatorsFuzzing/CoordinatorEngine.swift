import CoordinatorsApp
import Foundation
import NavigationFuzzing
import NavigationReference
import StateDrivenNavigation
import UIKit

/// The app's coordinator, fuzzed: the harness's root path drives `AppCoordinator` (one detail id
/// per path element), and the coordinator's write-back of user pops drives the path back. The
/// screens' own slots (sheets, alerts, leaf pushes) go to the built-in engine, as the app would
/// use a library for them.
@MainActor
public struct CoordinatorEngine: NavigationEngine {
  /// Makes the app's coordinator (or its buggy variant) for a navigation controller.
  let makeCoordinator: @MainActor (UINavigationController, @escaping (Int) -> UIViewController) -> AppCoordinator

  public init(
    makeCoordinator: @escaping @MainActor (UINavigationController, @escaping (Int) -> UIViewController) -> AppCoordinator
  ) {
    self.makeCoordinator = makeCoordinator
  }

  /// The app's coordinator as shipped.
  public static let app = CoordinatorEngine { AppCoordinator(navigationController: $0, makeDetail: $1) }
  /// The first version, which writes back one pop at a time.
  public static let onePop = CoordinatorEngine { OnePopCoordinator(navigationController: $0, makeDetail: $1) }

  public func wire(_ slot: SlotConnection, on controller: UIViewController) {
    StateDrivenEngine().wire(slot, on: controller)
  }

  public func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
    let navigation = UINavigationController(rootViewController: root)
    let link = PathLink(model: path.model)
    let content = path.content
    let coordinator = makeCoordinator(navigation) { [unowned link] id in content(link.element(for: id)) }
    coordinator.onPathChange = { [weak link] ids in link?.userChanged(ids) }
    link.coordinator = coordinator
    objc_setAssociatedObject(navigation, &pathLinkKey, link, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    link.token = StateDrivenNavigation.observe { [weak link] in link?.modelChanged() }
    return navigation
  }
}

nonisolated(unsafe) private var pathLinkKey: UInt8 = 0

extension Topology {
  /// The app's shape: a list whose path of details the coordinator drives.
  public static let coordinators = Topology(
    spec: TopologySpec(
      name: "coordinators",
      screens: [ScreenSpec(name: "list", slots: [], pathElementScreen: 1), ScreenSpec(name: "detail", slots: [])]),
    summary: "the Coordinators example: a list whose root path pushes details")
}

/// Keeps the model's path and the coordinator's ids in step. Each path element gets an id the
/// first time it is seen and keeps it while it stays on the path.
@MainActor
final class PathLink {
  let model: ScreenModel
  var coordinator: AppCoordinator?
  var token: ObserveToken?
  /// The elements on the path with their ids, in path order.
  private var entries: [(id: Int, element: PathElement)] = []
  private var nextID = 1

  init(model: ScreenModel) { self.model = model }

  func element(for id: Int) -> PathElement {
    entries.first { $0.id == id }!.element
  }

  func modelChanged() {
    var updated: [(id: Int, element: PathElement)] = []
    for element in model.path {
      if let known = entries.first(where: { entry in entry.element == element && !updated.contains { $0.id == entry.id } }) {
        updated.append(known)
      } else {
        updated.append((nextID, element))
        nextID += 1
      }
    }
    entries = updated
    coordinator?.show(path: updated.map(\.id))
  }

  /// The user went back: the path keeps the elements whose ids the coordinator kept.
  func userChanged(_ ids: [Int]) {
    let path = ids.compactMap { id in entries.first { $0.id == id }?.element }
    guard path != model.path else { return }
    model.path = path
  }
}
