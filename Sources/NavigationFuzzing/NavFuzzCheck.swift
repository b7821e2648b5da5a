/// The one-call entry point for a user's own tests:
///
/// ```swift
/// @Test @MainActor func myEngineSurvivesFuzzing() {
///   let result = NavFuzz.check(engine: myEngine, topology: .basic, runs: 300)
///   #expect(result.passed, "\(result)")
/// }
/// ```
///
/// `NavFuzz.expectNoFailures` (module NavFuzzTesting) does the same and records each failure as
/// an issue at the caller's line, for Swift Testing and XCTest.
public enum NavFuzz {
  /// What a check found: nothing (`passed`), or each distinct failure with its shrunk trace.
  public struct CheckResult: CustomStringConvertible, Sendable {
    public var runs: Int
    public var steps: Int
    public var distinctStates: Int
    public var failures: [Campaign.Failure]

    public var passed: Bool { failures.isEmpty }

    public var description: String {
      guard !passed else { return "no violations in \(runs) runs (\(steps) steps, \(distinctStates) distinct states)" }
      return failures.map { failure in
        "\(failure.shrunkViolation.invariant.rawValue): \(failure.shrunkViolation.explanation)\n"
          + (failure.reproduces ? "" : "warning: \(Campaign.Failure.nondeterminismHint)\n")
          + (Violation.inferredRulesNote(failure.shrunkViolation.restsOnInferredRules).map { "\($0)\n" } ?? "")
          + TraceFormat.print(failure.shrunk)
      }.joined(separator: "\n")
    }

    /// What a test issue says about one failure: the invariant and why, the run seed and the
    /// command that reruns it, the shrunk trace, and − expected / + actual for the screen and the
    /// model (in the style of swift-custom-dump's diffs).
    @MainActor
    public static func issueText(for failure: Campaign.Failure, topology: Topology, engine: EngineChoice, maxSteps: Int = 32) -> String {
      let violation = failure.shrunkViolation
      var text = "\(violation.invariant.rawValue): \(violation.explanation)\n\n"
      text += "run seed \(failure.runSeed); rerun: "
        + ReplayCommandLine.run(
          topology: topology.name, engine: engine.name, semantics: engine.semantics.name, runSeed: failure.runSeed,
          maxSteps: maxSteps) + "\n\n"
      if !failure.reproduces { text += "warning: \(Campaign.Failure.nondeterminismHint)\n\n" }
      if let note = Violation.inferredRulesNote(violation.restsOnInferredRules) { text += "\(note)\n\n" }
      text += "shrunk trace (\(failure.shrunk.actions.count) steps):\n" + TraceFormat.print(failure.shrunk)
      if violation.expectedScreen != violation.actualScreen {
        text += "\nscreen:\n" + LineDiff.text(expected: violation.expectedScreen, actual: violation.actualScreen)
      }
      if violation.expectedModel != violation.actualModel {
        text += "\nmodel:\n" + LineDiff.text(expected: violation.expectedModel, actual: violation.actualModel)
      }
      return text
    }
  }

  /// Fuzzes `engine` on `topology` for `runs` seeded runs, shrinking each distinct failure.
  @MainActor
  public static func check(
    engine: EngineChoice, topology: Topology = .basic, runs: Int = 200, seed: UInt64 = 1, maxSteps: Int = 32
  ) -> CheckResult {
    var options = Campaign.Options()
    options.runs = runs
    options.seed = seed
    options.maxSteps = maxSteps
    let result = Campaign(topology: topology, engine: engine, options: options).run()
    return CheckResult(
      runs: result.runsCompleted, steps: result.statistics.steps,
      distinctStates: result.statistics.distinctStates.count, failures: result.failures)
  }

  /// The same for any `NavigationEngine`, named for the traces.
  @MainActor
  public static func check(
    engine make: @escaping @MainActor @Sendable () -> any NavigationEngine, named name: String,
    topology: Topology = .basic, runs: Int = 200, seed: UInt64 = 1
  ) -> CheckResult {
    check(engine: EngineChoice(name: name, summary: "a user's engine", make: make), topology: topology, runs: runs, seed: seed)
  }
}
