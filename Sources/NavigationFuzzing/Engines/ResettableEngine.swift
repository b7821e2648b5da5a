import HeadlessUIKit

/// An engine that lets the harness reuse a world for the next run instead of building a new one.
///
/// Opt-in, because the harness cannot see an engine's private state: a world is reset by writing
/// its models back to their first values and letting the engine take its screens back, and that
/// is the same world a fresh build gives only if what the engine keeps of a run beyond what its
/// controllers hold (and the harness compares: which controllers are alive and on screen) can be
/// forgotten — records about screens of the run, which are gone once the world is back — and no
/// cache, counter or registry of its own changes what the next run does. An engine that says so
/// here promises that; any other engine gets a fresh world for every run. `WorldResetTests` holds
/// each built-in engine to it.
@MainActor
public protocol ResettableEngine: NavigationEngine {
  /// Whether the engine has nothing under way and nothing recorded outside its controllers. Asked
  /// of a world just built and settled: only a world built at rest is kept to reset to.
  var isAtRest: Bool { get }

  /// Forgets what the engine recorded of the run just ended outside its controllers, so the world
  /// starts the next run as a fresh one would. Called once the world has settled back to its first
  /// state, with only the controllers it was built with alive. False, with nothing forgotten, when
  /// work is under way that cannot be dropped (an observation re-run due, a controller on its way
  /// out): the harness then builds a fresh world instead.
  func forgetRun() -> Bool
}
