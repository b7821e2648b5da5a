import HeadlessUIKit

/// The channel for an engine's runtime warnings: what its `reportIssue` or log call would say on a
/// device. Each one becomes an `engine-warning` violation carrying the message.
///
/// An engine (or its adapter) calls `report` wherever it would warn; a library with its own
/// reporting hook forwards it here. Warnings belong to the simulated world they were made in.
@MainActor
public enum EngineWarnings {
  /// Reports a runtime warning in the current world.
  public static func report(_ message: String) {
    if world !== HeadlessEnvironment.current {
      pending.removeAll()
      world = HeadlessEnvironment.current
    }
    pending.append(message)
  }

  /// The warnings reported in the current world since the last call.
  static func drain() -> [String] {
    guard world === HeadlessEnvironment.current else { return [] }
    defer { pending.removeAll() }
    return pending
  }

  private static var pending: [String] = []
  private static weak var world: HeadlessEnvironment?
}
