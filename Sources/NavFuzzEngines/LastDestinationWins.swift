import HeadlessUIKit
import NavigationFuzzing
import StateDrivenNavigation

/// A mutant: the app registers one `navigationDestination(for:)` per kind of path element, on a
/// stack that keeps one destination per type of element — the last registration wins, as
/// swift-navigation's `NavigationStackController` documents — so every element is shown with the
/// last kind's screen (SyncUps' detail and meeting as recording screens). Only a path of several
/// kinds can show it.
@MainActor
struct LastDestinationWinsEngine: BuiltInEngineVariant {
  let base = StateDrivenEngine()

  func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
    let stack = NavigationStackController(path: UIBindable(path.model)[dynamicMember: path.pathKeyPath], root: root)
    for destination in path.destinations {
      stack.navigationDestination(for: PathElement.self) { destination($0) }
    }
    return stack
  }
}

extension EngineChoice {
  public static let lastDestinationWins = EngineChoice(
    name: "last-destination-wins",
    summary: "one destination registered per kind of path element, the last wins: every element shows the last kind's screen",
    caughtBy: .stackPathConsistency, make: { LastDestinationWinsEngine() })
}
