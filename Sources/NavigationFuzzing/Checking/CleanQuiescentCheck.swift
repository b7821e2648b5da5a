/// What a quiescent check that found nothing saw: enough to tell that the next one would read the
/// same world and so find nothing again.
///
/// A step that lets time pass in a world that is already quiescent runs nothing: the run loop has
/// no work, no transition is in flight, and the engine, UIKit and the app's code never get
/// control. The checks after it read the same window, controllers, models and reference as the
/// last check did, so when that check found nothing, this one only counts its checks again
/// (`Runner.repeatsCleanQuiescentCheck`). The counters below confirm that nothing the harness
/// itself does around the step (user removals applied to the reference, path order reports,
/// intents run from callbacks, diagnostics) changed anything. FastPathTests compares runs with
/// and without this shortcut, statistics and violations, on every topology and broken engines.
struct CleanQuiescentCheck: Equatable {
  var referenceRevision: Int
  var modelChanges: Int
  var pathChanges: Int
  var diagnostics: Int
  var violationsCounted: Int
  /// Controllers on screen (the depth histogram counts it at every check).
  var depth: Int
}

extension Runner {
  /// Whether `step`, taken now, runs no code of the world's: a time step while nothing is queued
  /// and no transition runs, with no emptied slot the engine has yet to look at.
  func runsNothing(_ step: Step) -> Bool {
    switch step {
    case .tick, .advance, .settle, .untilTransitionEnd:
      return environment.isQuiescent && world.emptiedThisTurn.isEmpty
    default:
      return false
    }
  }

  /// The world as a clean check would record it now, `depth` controllers on screen.
  func cleanCheck(depth: Int) -> CleanQuiescentCheck {
    CleanQuiescentCheck(
      referenceRevision: world.referenceRevision, modelChanges: world.serials.modelChanges,
      pathChanges: world.serials.pathChanges, diagnostics: environment.diagnostics.count,
      violationsCounted: violationsCounted, depth: depth)
  }

  /// After a step that ran nothing (`runsNothing`): when the last quiescent check found nothing
  /// and nothing it reads changed since, counts the checks `checkQuiescent` makes, as it would,
  /// and returns true; else false (the caller checks in full).
  func repeatsCleanQuiescentCheck() -> Bool {
    guard repeatsCleanQuiescentChecks, let last = lastCleanCheck, last == cleanCheck(depth: last.depth),
      unverifiedRemovals.isEmpty, identityChanges.isEmpty, !navigationChangedSinceQuiescence, !tabSwitchedSinceQuiescence
    else { return false }
    countDepth(last.depth)
    checked(.noDoublePresentation)
    checked(.noLeaks)
    checked(.dismissalWritesBack)
    checked(.identityRebinding)
    if optionShapes.hasPath { checked(.stackPathConsistency) }
    checked(.stateUIConsistency)
    checked(.onDismissExactlyOnce)
    checked(.observeIdempotence)
    countTabAndDelegateChecks()
    checked(.userInvariant)
    checked(.referenceAgreement)
    quiescentChecksRepeated += 1
    return true
  }
}
