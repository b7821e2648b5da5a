import HeadlessUIKit
import NavigationFuzzing

/// A mutant made by replacing one component of the built-in engine (how covers are wrapped, the
/// stack controller): whatever it does not replace, the built-in engine does — its slots, its tab
/// bar, and the observation its screens' own UI follows.
@MainActor
protocol BuiltInEngineVariant: NavigationEngine {
  var base: StateDrivenEngine { get }
}

extension BuiltInEngineVariant {
  func wire(_ slot: SlotConnection, on controller: UIViewController) { base.wire(slot, on: controller) }
  func makeTabs(_ tabs: TabConnection) -> UITabBarController { base.makeTabs(tabs) }
  func observe(_ apply: @escaping @MainActor () -> Void, on controller: UIViewController) {
    base.observe(apply, on: controller)
  }
  var observationRuns: Int { base.observationRuns }
}
