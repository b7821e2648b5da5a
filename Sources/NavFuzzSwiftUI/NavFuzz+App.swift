import NavigationFuzzing
import SwiftUI

extension NavFuzz {
  /// Fuzzes a SwiftUI app as it is: every run launches a fresh `app` headless (the argument is
  /// evaluated once per run, so runs share no state) and takes up to `maxSteps` actions a person
  /// and the system make, read from the view graph after every step; `urls` are the deep links
  /// the system may open (the ones its `onOpenURL` takes). Each distinct failure comes back
  /// with its shrunk trace:
  ///
  /// ```
  /// let result = NavFuzz.check(app: MyApp(), runs: 300)
  /// #expect(result.passed, "\(result)")
  /// ```
  @MainActor
  public static func check<A: App>(
    app: @autoclosure @escaping @MainActor () -> A, runs: Int = 200, seed: UInt64 = 1, maxSteps: Int = 24,
    urls: [String] = []
  ) -> AppCheckResult {
    check(launch: { SwiftUIAppUnderTest(app(), urls: urls) }, named: String(describing: A.self), runs: runs, seed: seed, maxSteps: maxSteps)
  }

  /// Replays an app trace (`AppTraceFormat.parse`) on a fresh `app`: the violation it
  /// reproduces, or nil. A trace recorded on another app is an error at its `app` line.
  @MainActor
  public static func replay<A: App>(
    _ trace: AppTrace, app: @autoclosure @escaping @MainActor () -> A, urls: [String] = []
  ) throws(TraceError) -> Violation? {
    try replay(trace, launch: { SwiftUIAppUnderTest(app(), urls: urls) }, named: String(describing: A.self))
  }
}
