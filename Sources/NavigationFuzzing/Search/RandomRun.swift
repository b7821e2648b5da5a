/// One random run of a campaign: generated steps until `maxSteps` or the first violation, then the
/// end check.
///
/// With known symptoms (a baseline's), a run whose first violation reads as one does not end
/// there: it steps back to before the step that set it off — the last step that was not time —
/// and goes on with the steps the generator chooses next, so that its remaining steps look for
/// something else. It steps back at most `maxSteps` times; a run that keeps reaching known
/// defects ends at the last one it reached, counted with that defect and not shrunk. Everything
/// it does follows from its seed and the symptoms, so it repeats in any process.
@MainActor
struct RandomRun {
  /// The steps taken (those stepped back over left out), ending with `settle` when the end check
  /// found the violation.
  let steps: [Step]
  let runner: Runner
  /// The known symptoms the run reached and went on past, each once, in the order first reached.
  let searchedPast: [FailureSymptom]
  /// The run's failure, if it ended with one that is not a known symptom.
  let violation: Violation?
  /// `keepsGoing` stopped the run before a step: it ends there, without the end check. Its
  /// violations were found at steps, so a rerun of its seed finds them.
  let cutShort: Bool

  init(
    topology: Topology, engine: EngineChoice, seed: UInt64, maxSteps: Int, swarm: Bool = true, noRaces: Bool = false,
    searchingPast known: Set<FailureSymptom> = [], keepsGoing: () -> Bool = { true }
  ) {
    func freshRunner() -> Runner { .reusingWorld(topology: topology, engine: engine, stopsAtFirstViolation: true) }
    // Optional, so that the world a run steps back from goes before the next one starts: a
    // controller's deinit may call UIKit, which must act on its own world, never on the next.
    var current: Runner? = freshRunner()
    var steps: [Step] = []
    var searchedPast: [FailureSymptom] = []
    var generator = StepGenerator(seed: seed, swarm: swarm)
    var boundary = TurnBoundary()
    var stepsBack = 0
    var cutShort = false
    /// Whether the run reached a known symptom and stepped back from it (to go on).
    func steppedBack() -> Bool {
      guard let first = current!.violations.first, stepsBack < maxSteps else { return false }
      let symptom = FailureSymptom(first)
      guard known.contains(symptom) else { return false }
      stepsBack += 1
      if !searchedPast.contains(symptom) { searchedPast.append(symptom) }
      steps.removeSubrange((steps.lastIndex { !$0.isTime } ?? 0)...)
      current = nil
      let runner = freshRunner()
      current = runner
      boundary = TurnBoundary()
      for (index, step) in steps.enumerated() {
        _ = try? runner.perform(step, index: index)
        boundary.note(step)
      }
      return true
    }
    func take(_ step: Step) {
      steps.append(step)
      // Generated steps only address what exists, so they cannot be invalid.
      _ = try? current!.perform(step, index: steps.count - 1)
      boundary.note(step)
    }
    while true {
      while steps.count < maxSteps {
        guard keepsGoing() else {
          cutShort = true
          break
        }
        var step = generator.next(for: current!)
        if noRaces, boundary.needsTick(before: step) {
          take(.tick)
          if current!.hasViolation {
            if steppedBack() { continue }
            break
          }
          if steps.count == maxSteps { break }
          // Chosen again for the world the tick left: the first choice may no longer apply.
          step = generator.next(for: current!)
        }
        take(step)
        if current!.hasViolation, !steppedBack() { break }
      }
      if current!.hasViolation || cutShort { break }
      current!.finish(stepIndex: steps.count)
      if current!.hasViolation, steppedBack() { continue }
      if current!.hasViolation, steps.last != .settle { steps.append(.settle) }
      break
    }
    let runner = current!
    let first = runner.violations.first
    if let first, known.contains(FailureSymptom(first)), !searchedPast.contains(FailureSymptom(first)) {
      searchedPast.append(FailureSymptom(first))
    }
    self.runner = runner
    self.steps = steps
    self.searchedPast = searchedPast
    self.cutShort = cutShort
    violation = first.flatMap { known.contains(FailureSymptom($0)) ? nil : $0 }
  }
}
