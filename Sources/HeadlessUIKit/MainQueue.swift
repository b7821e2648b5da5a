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
    // The delay the caller asked for (`.now() + 0.3`). Real time has passed since the caller's
    // `.now()` (microseconds, or a few milliseconds on a loaded machine), so what is left of the
    // deadline is a little under the delay asked for: rounded up to the next 10 ms (less a
    // microsecond, for a deadline that lands exactly on one), it is the same on every machine for
    // any delay in whole hundredths of a second — what UI code writes — unless the machine stalled
    // for 10 ms between the two calls.
    let nanoseconds = deadline.uptimeNanoseconds.subtractingReportingOverflow(DispatchTime.now().uptimeNanoseconds)
    let hundredths = nanoseconds.overflow ? 0 : max(0, ((Double(nanoseconds.partialValue) - 1_000) / 10_000_000).rounded(.up))
    let milliseconds = Int(hundredths) * 10
    MainActor.assumeIsolated { HeadlessEnvironment.current.runLoop.schedule(after: milliseconds, work) }
  }

  private var isMainQueue: Bool { label == DispatchQueue.main.label }
}
