import NavigationFuzzing

/// The engines NavFuzz ships, outside the harness: the built-in engine (StateDrivenNavigation
/// through its adapter), the one following swift-navigation's choices, and every mutant. The
/// harness links none of them; it knows an engine only through `NavigationEngine` and by the name
/// it is registered under. The `navfuzz` executable registers these; a package's own executable,
/// a test or the libFuzzer target registers them where it wants them known by name.
@MainActor
public enum BuiltInEngines {
  /// The built-in engine and the swift-navigation-like one, then every mutant, in the order
  /// `navfuzz list` and `navfuzz mutants` show them.
  public static var all: [EngineChoice] { [.default, .swiftNavigationLike] + mutants }

  /// The built-in engine with that name, whether or not it was registered.
  public static func named(_ name: String) -> EngineChoice? {
    all.first { $0.name == name }
  }

  /// Makes every built-in engine known by name (`EngineChoice.named`, `--engine`, traces' `engine`
  /// lines), as built in: their names cannot be taken by another engine. A second call changes nothing.
  public static func register() {
    EngineChoice.registerBuiltIn(all)
  }
}

extension EngineChoice {
  /// The built-in engine: StateDrivenNavigation, under the name a trace without an `engine` line runs.
  public static let `default` = EngineChoice(
    name: defaultName, summary: "StateDrivenNavigation, the built-in engine", make: { StateDrivenEngine() })
}
