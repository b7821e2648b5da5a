/// Rewinding a world instead of replacing it.
///
/// A harness that runs many short runs on one topology builds the same world again and again: a
/// window, a root screen wired to its model, a run loop. Building one and letting the last go costs
/// as much as a short run's steps. A world that can be brought back to where it stood once it was
/// built can serve the next run instead — if *everything* it holds goes back: the clock, the run
/// loop's order of events, the serial numbers the next controllers get, what UIKit said and which
/// of its rules applied, the recorded events, the animation switch, the focus, and which
/// controllers are alive. The harness brings the screens back (it owns the state that drives them);
/// `rewind(to:)` brings back the rest, and refuses when it cannot, so a harness that is refused
/// builds a fresh world and nothing can leak from one run into the next.
extension HeadlessEnvironment {
  /// What a world held at one quiescent moment, to rewind to (`checkpoint()`).
  public struct Checkpoint {
    fileprivate let clock: Int
    fileprivate let runLoopSequence: Int
    fileprivate let turnLimit: Int
    fileprivate let nextSerial: Int
    /// The registry as it was, dead entries included: its compaction then happens at the same
    /// registrations as in a fresh world.
    fileprivate let registry: [WeakController]
    fileprivate let liveCount: Int
    fileprivate let diagnostics: [UIKitDiagnostic]
    fileprivate let appliedRules: UIKitRuleSet
    fileprivate let eventCount: Int?
    fileprivate let animationsEnabled: Bool
    fileprivate let inheritedAnimationDuration: Double
  }

  /// What this world holds now, to rewind to later. Taken when the world is quiescent (settled
  /// with nothing in flight), as a freshly built world is: nil otherwise.
  public func checkpoint() -> Checkpoint? {
    guard isAtRest else { return nil }
    return Checkpoint(
      clock: runLoop.clock, runLoopSequence: runLoop.nextSequence, turnLimit: runLoop.turnLimit,
      nextSerial: nextSerial, registry: controllerRegistry, liveCount: liveControllers.count, diagnostics: reportedDiagnostics,
      appliedRules: storedAppliedRules, eventCount: recordedEvents?.count, animationsEnabled: animationsEnabled,
      inheritedAnimationDuration: inheritedAnimationDuration)
  }

  /// Brings this world back to `checkpoint`, taken from it earlier: its clock and run-loop order,
  /// the serial the next controller gets, its registry of controllers, what UIKit said, the rules
  /// applied, the recorded events and the animation switch. The screens are the caller's to bring
  /// back first (they follow the app's state); what cannot be rewound makes this return false and
  /// change nothing: a world not at rest (work queued, a transition in flight, deferred navigation,
  /// an open `CATransaction`, a focused responder), or a world whose live controllers are not
  /// exactly those alive at the checkpoint — one made since and still alive would keep a serial
  /// the next run hands out again, and is a leak the run's checks must see in a fresh world.
  public func rewind(to checkpoint: Checkpoint) -> Bool {
    guard isAtRest, keepsOnlyControllersAlive(at: checkpoint) else { return false }
    runLoop.clock = checkpoint.clock
    runLoop.nextSequence = checkpoint.runLoopSequence
    runLoop.turnLimit = checkpoint.turnLimit
    nextSerial = checkpoint.nextSerial
    controllerRegistry = checkpoint.registry
    reportedDiagnostics = checkpoint.diagnostics
    storedAppliedRules = checkpoint.appliedRules
    if let count = checkpoint.eventCount, let events = recordedEvents, events.count >= count {
      recordedEvents = Array(events.prefix(count))
    }
    animationsEnabled = checkpoint.animationsEnabled
    inheritedAnimationDuration = checkpoint.inheritedAnimationDuration
    return true
  }

  /// Quiescent, with nothing else of a run's still open: no deferred navigation work, no open
  /// transaction, no focus.
  private var isAtRest: Bool {
    isQuiescent && navigationControllersWithDeferredWork.isEmpty && !CATransaction.hasOpenTransactions
      && FirstResponder.current == nil
  }

  /// Whether the controllers alive now are exactly those of the checkpoint's registry alive now
  /// and then, in the same order: none made since is alive, none of then has gone.
  private func keepsOnlyControllersAlive(at checkpoint: Checkpoint) -> Bool {
    let live = liveControllers
    var index = 0
    for entry in checkpoint.registry {
      guard let controller = entry.controller else { continue }
      guard index < live.count, live[index] === controller else { return false }
      index += 1
    }
    return index == live.count && index == checkpoint.liveCount
  }
}
