import HeadlessUIKit

/// Watches one world for code of the system under test running *during* a program write — the
/// precondition of the explorer's partial-order reduction (`ExplorerReduction`), checked on every
/// write the search performs rather than assumed.
///
/// A write to the app's model may only schedule work: the engine's observations re-run on the next
/// run-loop turn, when every write of the turn is in. What the harness can see of code that runs
/// at once instead: an observation run (first runs and re-runs, as the engine counts them:
/// `NavigationEngine.observationRuns`), a navigation call on UIKit (`HeadlessEnvironment.onNavigationCall`),
/// run-loop work that ran (fewer events pending after the write than before), a transition that
/// began. Code that touches none of these — an engine's private bookkeeping — is out of its sight;
/// so is it out of the explorer's state key, which the whole search already trusts.
@MainActor
final class SynchronousWork {
  /// The world's navigation calls so far. A class the environment's hook holds strongly: the
  /// watch lives as long as the world, and nothing here holds the world.
  private final class Counter {
    var navigationCalls = 0
  }

  /// What was seen before a step, to compare with what is seen after it.
  struct Mark {
    var observationRuns: Int
    var navigationCalls: Int
    var pendingEvents: Int
    var isTransitioning: Bool
  }

  private let counter = Counter()
  private let environment: HeadlessEnvironment
  private let engine: any NavigationEngine

  /// Starts counting the world's navigation calls (the runner's own hook is kept and still called).
  init(watching world: World) {
    let environment = world.environment
    self.environment = environment
    engine = world.engine
    let counter = counter
    let previous = environment.onNavigationCall
    environment.onNavigationCall = { call in
      counter.navigationCalls += 1
      previous?(call)
    }
  }

  func mark() -> Mark {
    Mark(
      observationRuns: engine.observationRuns, navigationCalls: counter.navigationCalls,
      pendingEvents: environment.runLoop.pendingCount, isTransitioning: environment.isTransitioning)
  }

  /// What ran since `mark`, in words; nil when nothing did.
  func ran(since mark: Mark) -> String? {
    var found: [String] = []
    let runs = engine.observationRuns &- mark.observationRuns
    if runs != 0 { found.append("\(runs) observation run\(runs == 1 ? "" : "s")") }
    let calls = counter.navigationCalls - mark.navigationCalls
    if calls != 0 { found.append("\(calls) navigation call\(calls == 1 ? "" : "s") on UIKit") }
    if environment.runLoop.pendingCount < mark.pendingEvents { found.append("run-loop work") }
    if environment.isTransitioning, !mark.isTransitioning { found.append("a transition began") }
    return found.isEmpty ? nil : found.joined(separator: ", ")
  }
}
