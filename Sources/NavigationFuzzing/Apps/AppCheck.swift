extension NavFuzz {
  /// What a check of an app found: nothing (`passed`), or each distinct failure with its shrunk
  /// trace. Printing it prints the failures' traces, ready to save as `.navtrace` files.
  public struct AppCheckResult: CustomStringConvertible, Sendable {
    /// One distinct failure: its invariant and what went wrong, the run that found it, the
    /// shortest trace that reproduces it, and the screen where it was found.
    public struct Failure: Sendable {
      public var violation: Violation
      public var runSeed: UInt64
      public var trace: AppTrace
      /// The same run shrunk.
      public var shrunk: AppTrace
      /// How many runs failed this way.
      public var count: Int
    }

    public var app: String
    public var runs: Int
    public var steps: Int
    /// One per distinct (invariant, explanation), in the order first found.
    public var failures: [Failure]
    public var passed: Bool { failures.isEmpty }

    public var description: String {
      guard !passed else { return "no violations in \(runs) runs of \(app) (\(steps) steps)" }
      return failures.map { failure in
        "\(failure.violation.invariant.rawValue) (\(failure.count) failing run(s), run seed \(failure.runSeed)): "
          + "\(failure.violation.explanation)\nshrunk trace (\(failure.shrunk.actions.count) steps):\n"
          + AppTraceFormat.print(failure.shrunk)
          + "screen when it failed:\n" + failure.violation.actualScreen.map { "  " + $0 + "\n" }.joined()
      }.joined(separator: "\n")
    }
  }

  /// Fuzzes an app under test for `runs` seeded runs of at most `maxSteps` actions, shrinking
  /// the first run of each distinct failure. `launch` makes a fresh world with the app in it;
  /// `name` names it in the traces. The SwiftUI form, `check(app:)`, is in `NavFuzzSwiftUI`.
  @MainActor
  public static func check(
    launch: @escaping AppLauncher, named name: String, runs: Int = 200, seed: UInt64 = 1, maxSteps: Int = 24
  ) -> AppCheckResult {
    var seeds = SplitMix64(seed: seed)
    var result = AppCheckResult(app: name, runs: 0, steps: 0, failures: [])
    for _ in 0..<runs {
      let runSeed = seeds.next()
      let run = AppRun.random(seed: runSeed, maxSteps: maxSteps, launch: launch)
      result.runs += 1
      result.steps += run.actions.count
      guard let violation = run.violation else { continue }
      if let index = result.failures.firstIndex(where: {
        $0.violation.invariant == violation.invariant && $0.violation.explanation == violation.explanation
      }) {
        result.failures[index].count += 1
        continue
      }
      var shrinker = AppShrinker(launch: launch, target: violation.invariant)
      let shrunk = shrinker.shrink(run.actions)
      let shrunkViolation = AppRun.replay(shrunk, launch: launch).violation ?? violation
      result.failures.append(
        AppCheckResult.Failure(
          violation: shrunkViolation, runSeed: runSeed, trace: AppTrace(app: name, actions: run.actions),
          shrunk: AppTrace(app: name, actions: shrunk), count: 1))
    }
    return result
  }

  /// Replays an app trace on a fresh launch: the violation it reproduces, if any. A trace
  /// recorded on another app is an error at its `app` line.
  @MainActor
  public static func replay(_ trace: AppTrace, launch: AppLauncher, named name: String) throws(TraceError) -> Violation? {
    guard trace.app == name else {
      throw TraceError(file: trace.source, line: trace.appLine, message: "the trace was recorded on app '\(trace.app)', not '\(name)'")
    }
    return AppRun.replay(trace.actions, launch: launch).violation
  }
}
