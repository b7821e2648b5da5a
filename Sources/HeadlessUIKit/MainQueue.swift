import Foundation

/// The simulated world's `DispatchQueue.main`: `MainQueue.async { }` is a hop to the next run-loop
/// turn of the current environment.
@MainActor
public enum MainQueue {
  public static func async(_ work: @escaping @MainActor () -> Void) {
    HeadlessEnvironment.current.runLoop.schedule(work)
  }

  public static func asyncAfter(milliseconds: Int, _ work: @escaping @MainActor () -> Void) {
    HeadlessEnvironment.current.runLoop.schedule(after: milliseconds, work)
  }
}

/// `DispatchQueue.main.async { }` in code under test runs on the virtual run loop's next turn, as
/// it runs on the next turn of the main run loop on iOS; `asyncAfter` runs after the virtual delay.
///
/// These overloads are more specific than Dispatch's (no group, QoS or flags), so Swift picks them
/// for the everyday spellings in any file that imports HeadlessUIKit or UIKit; their closures are
/// typed as Dispatch's (the compiler still infers `@MainActor` for `DispatchQueue.main`'s). Any
/// other queue goes to Dispatch as usual, with the closure unchanged. Calling them for the main queue off the main actor traps: the
/// simulated world is single-threaded.
extension DispatchQueue {
  public func async(execute work: @escaping @Sendable () -> Void) {
    guard isMainQueue else {
      async(group: nil, qos: .unspecified, flags: [], execute: work)
      return
    }
    MainActor.assumeIsolated { HeadlessEnvironment.current.runLoop.schedule(work) }
  }

  public func asyncAfter(deadline: DispatchTime, execute work: @escaping @Sendable () -> Void) {
    guard isMainQueue else {
      asyncAfter(deadline: deadline, qos: .unspecified, flags: [], execute: work)
      return
    }
    // The delay the caller asked for (`.now() + 0.3`), to the virtual millisecond. Real time has
    // passed since the caller's `.now()`, so what is left is a little under the delay asked for:
    // rounding up (less a microsecond, for a deadline that lands exactly on a millisecond) gives the
    // same whole milliseconds however long that was, up to a millisecond, so no run depends on the
    // machine's speed.
    let nanoseconds = deadline.uptimeNanoseconds.subtractingReportingOverflow(DispatchTime.now().uptimeNanoseconds)
    let milliseconds =
      nanoseconds.overflow ? 0 : max(0, Int(((Double(nanoseconds.partialValue) - 1_000) / 1_000_000).rounded(.up)))
    MainActor.assumeIsolated { HeadlessEnvironment.current.runLoop.schedule(after: milliseconds, work) }
  }

  private var isMainQueue: Bool { label == DispatchQueue.main.label }
}
