/// The one-call entry point for a user's own tests:
///
/// ```swift
/// @Test @MainActor func myEngineSurvivesFuzzing() {
///   let result = NavFuzz.check(engine: myEngine, topology: .basic, runs: 300)
///   #expect(result.passed, "\(result)")
/// }
/// ```
///
/// `NavFuzz.expectNoFailures` (module NavFuzzTesting) does the same and records each new defect
/// as an issue at the caller's line, for Swift Testing and XCTest.
public enum NavFuzz {
  /// What a check found: nothing (`passed`), or each defect with its shortest shrunk trace.
  public struct CheckResult: CustomStringConvertible, Sendable {
    public var runs: Int
    public var steps: Int
    public var distinctStates: Int
    /// Every defect, in list order: new before known (a baseline's), races after the others.
    public var defects: [Defect]

    /// The shortest failure of each new defect.
    public var failures: [Campaign.Failure] { defects.filter { !$0.isKnown }.compactMap(\.shortest) }
    /// No new defect: none at all, or only those the baseline knows.
    public var passed: Bool { failures.isEmpty }

    public var description: String {
      let known = defects.filter(\.isKnown)
      let knownLine = known.isEmpty ? "" : "\(known.count) known defect(s): " + known.map(\.signature.shortID).joined(separator: ", ")
      guard !passed else {
        return "no \(known.isEmpty ? "violations" : "new defects") in \(runs) runs (\(steps) steps, \(distinctStates) distinct states)"
          + (knownLine.isEmpty ? "" : "; " + knownLine)
      }
      return defects.filter { !$0.isKnown }.compactMap { defect in
        defect.shortest.map { failure in
          "defect \(defect.signature.shortID) (\(defect.count) failing run(s)): \(defect.headline)\n"
            + (failure.reproduces ? "" : "warning: \(Campaign.Failure.nondeterminismHint)\n")
            + (Violation.inferredRulesNote(failure.shrunkViolation.restsOnInferredRules).map { "\($0)\n" } ?? "")
            + TraceFormat.print(failure.shrunk)
        }
      }.joined(separator: "\n") + (knownLine.isEmpty ? "" : "\n" + knownLine)
    }

    /// What a test issue says about one new defect: its signature, how many runs failed with it,
    /// what first goes wrong and why, the run seed and the command that reruns it, the shortest
    /// trace, and − expected / + actual for the screen and the model (in the style of
    /// swift-custom-dump's diffs).
    @MainActor
    public static func issueText(for defect: Defect, topology: Topology, engine: EngineChoice, maxSteps: Int = 32) -> String {
      guard let failure = defect.shortest else { return "defect \(defect.signature.shortID): \(defect.signature)" }
      var text = "defect \(defect.signature.shortID), \(defect.count) failing run(s): \(defect.headline)\n"
      text += "signature \(defect.signature)\n"
      if defect.isRace { text += "race: needs \(defect.raceNeeds.joined(separator: ", "))\n" }
      return text + "\n" + issueText(for: failure, topology: topology, engine: engine, maxSteps: maxSteps)
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

  /// Fuzzes `engine` on `topology` for `runs` seeded runs and sorts the failing runs into
  /// defects, each with its shortest shrunk trace. With `baseline`, its defects are reported as
  /// known (they do not fail the check) and runs go on past them; `noRaces` keeps user gestures
  /// out of program changes' run-loop turns.
  @MainActor
  public static func check(
    engine: EngineChoice, topology: Topology = .basic, runs: Int = 200, seed: UInt64 = 1, maxSteps: Int = 32,
    baseline: DefectBaseline? = nil, noRaces: Bool = false
  ) -> CheckResult {
    var options = Campaign.Options()
    options.runs = runs
    options.seed = seed
    options.maxSteps = maxSteps
    options.baseline = baseline
    options.noRaces = noRaces
    let result = Campaign(topology: topology, engine: engine, options: options).run()
    return CheckResult(
      runs: result.runsCompleted, steps: result.statistics.steps,
      distinctStates: result.statistics.distinctStates.count, defects: result.defects)
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
