/// The simulated world's `DispatchQueue.main`: `MainQueue.async { }` is a hop to the next run-loop
/// turn of the current environment. On iOS, write `DispatchQueue.main.async`.
@MainActor
public enum MainQueue {
  public static func async(_ work: @escaping @MainActor () -> Void) {
    HeadlessEnvironment.current.runLoop.schedule(work)
  }

  public static func asyncAfter(milliseconds: Int, _ work: @escaping @MainActor () -> Void) {
    HeadlessEnvironment.current.runLoop.schedule(after: milliseconds, work)
  }
}
