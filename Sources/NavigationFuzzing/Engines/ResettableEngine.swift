import HeadlessUIKit
@_spi(Reset) import StateDrivenNavigation

/// An engine that lets the harness reuse a world for the next run instead of building a new one.
///
/// Opt-in, because the harness cannot see an engine's private state: a world is reset by writing
/// its models back to their first values and letting the engine take its screens back, and that
/// is the same world a fresh build gives only if the engine keeps nothing of a run beyond what
/// its controllers hold and the harness compares (which controllers are alive and on screen) — no
/// cache, counter or registry of its own that outlives the screens it was about. An engine that
/// says so here promises that, and says through `isAtRest` when it has work under way; any other
/// engine gets a fresh world for every run. `WorldResetTests` holds each built-in engine to it.
@MainActor
public protocol ResettableEngine: NavigationEngine {
  /// Whether the engine has nothing under way outside its controllers: no observation re-run
  /// due, no write-back waiting, no controller on its way out. Asked after the world has settled
  /// back to its first state; false makes the harness build a fresh world instead.
  var isAtRest: Bool { get }
}

/// The built-in engine, the swift-navigation-like one and every mutant made by changing its rules
/// keep a presentation's state on the controllers involved (StateDrivenNavigation's
/// `EngineActivity`); their rules are the world's and stay with it.
extension StateDrivenEngine: ResettableEngine {
  public var isAtRest: Bool { EngineActivity.isAtRest }
}
