import NavigationFuzzing
@_spi(Rules) import StateDrivenNavigation

extension EngineChoice {
  /// The built-in engine following swift-navigation's documented choices instead of NavFuzz's:
  /// a pushed screen popped along with another writes its state back (UIKitNavigation's
  /// `didMove(toParent: nil)` hook cannot tell who popped it), pushes carry no identity
  /// (`navigationDestination(item:)` passes no id, so a new id while pushed changes nothing on
  /// screen), and a presenter shows nothing before its first `viewDidAppear`. It declares the `swift-navigation` profile: judged by it, it is clean; judged by
  /// NavFuzz's own rules, it fails where the two documented choices differ.
  public static let swiftNavigationLike = EngineChoice(
    name: "swift-navigation-like",
    summary: "the built-in engine with swift-navigation's documented choices (collateral pops write back, pushes carry no identity, presents after first appearance)",
    semantics: .swiftNavigation,
    make: { StateDrivenEngine(rules: .swiftNavigation) })
}

extension EngineRules {
  /// swift-navigation's documented choices where they differ from the engine's own.
  static var swiftNavigation: EngineRules {
    var rules = EngineRules()
    rules.collateralRemoval = .writesBack
    rules.pushesCarryIdentity = false
    rules.presentsOnceInHierarchy = false
    return rules
  }
}
