import HeadlessUIKit
import NavigationFuzzing
@_spi(Mutants) import StateDrivenNavigation

/// A mutant: the stack's rebuild finds a screen to reuse for an equal value but forgets to take it
/// out of the candidates, so a deep link that repeats a value (`[1, 2] → [2, 2]`) puts one
/// controller on the stack twice — an exception on a device. Only paths of plain values, equal by
/// value, can show it.
@MainActor
struct ReusesOneScreenTwiceEngine: BuiltInEngineVariant {
  let base = StateDrivenEngine()

  func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
    StateDrivenEngine.stack(path, root: root) { ReusingStackController(path: $0, root: $1) }
  }
}

private final class ReusingStackController<Element: Hashable>: NavigationStackController<Element> {
  override func takeReusableController(
    for element: Element, from candidates: inout [(UIViewController, Element)]
  ) -> UIViewController? {
    candidates.first { $0.1 == element }?.0
  }
}

extension EngineChoice {
  public static let reusesOneScreenTwice = EngineChoice(
    name: "reuse-one-screen-twice",
    summary: "a deep link on a path of values reuses one screen for two equal values: pushed twice",
    caughtBy: .uikitRules, make: { ReusesOneScreenTwiceEngine() })
}
