import HeadlessUIKit

/// What the engine keeps beside the controllers, for a harness that reuses a world.
///
/// Everything the engine keeps about what a screen shows lives on that screen's controller and
/// goes with it. Beside the controllers it keeps two kinds of things. Work under way: observation
/// re-runs due, controllers marked as departing. And records of the run so far, about screens that
/// may be gone: modals taken with their screen that may come back and modals asked for
/// (`ModalComebacks`), alerts whose write-back waits for their handler (`PendingWriteBacks`).
///
/// A harness that brings a world back to its first state instead of building a new one (the
/// fuzzing harness's world reset) asks, once the world has settled back, to `forgetRun()`: the
/// records go, as a fresh world never had them — sound because the controllers they were about
/// are gone (the harness checks that only the controllers of the world as built are alive), and
/// the ones still alive show their first state, which asks for nothing. Work under way cannot be
/// dropped without changing what the next run sees, so it refuses the reset instead.
@_spi(Reset)
@MainActor
public enum EngineActivity {
  /// Nothing due, pending or departing, and nothing recorded, in the current world: the state a
  /// world must be in for a harness to take it as the first state it will reset to.
  public static var isAtRest: Bool {
    isIdle && PendingWriteBacks.shared.isEmpty && ModalComebacks.shared.isEmpty
  }

  /// Forgets what the engine recorded of the current world's run, as a fresh world starts
  /// without it, if no work is under way; false (and nothing forgotten) otherwise.
  public static func forgetRun() -> Bool {
    guard isIdle else { return false }
    ModalComebacks.shared.forgetWorld()
    PendingWriteBacks.shared.forgetWorld()
    return true
  }

  /// No observation re-run due or running, and no controller of the current world departing.
  /// `DepartureLedger` counts every world's, and a controller another world leaked (a test that
  /// holds one, a leaking engine's) would otherwise refuse every reset; its counts only say when
  /// no walk is needed.
  private static var isIdle: Bool {
    RerunQueue.shared.isIdle
      && (DepartureLedger.nothingDeparts || !HeadlessEnvironment.current.liveControllers.contains { $0.isDeparting })
  }
}
