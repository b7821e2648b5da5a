import HeadlessUIKit

/// Whether the engine has anything of its own under way.
///
/// Everything the engine keeps about what a screen shows lives on that screen's controller and
/// goes with it; what it keeps beside the controllers is work under way: observation re-runs due,
/// write-backs waiting for a transition to end, controllers marked as departing, modals taken
/// with their screen that may come back. A harness that
/// brings a world back to its first state instead of building a new one (the fuzzing harness's
/// world reset) asks this once the world has settled: with nothing under way, what is left is what
/// the controllers still on screen hold, which the harness compares with the world as it was built.
@_spi(Reset)
@MainActor
public enum EngineActivity {
  /// Nothing due, pending or departing, in any world.
  public static var isAtRest: Bool {
    RerunQueue.shared.isIdle && PendingWriteBacks.shared.isEmpty && DepartureLedger.nothingDeparts
      && ModalComebacks.shared.isEmpty
  }
}
