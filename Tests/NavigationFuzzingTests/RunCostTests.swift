@testable import NavFuzzEngines
@testable import NavigationFuzzing
import Testing

/// One run's cost must grow with its length, not faster: the per-check bookkeeping may hold only
/// what is still in play, never the whole history of the run.
@MainActor
@Suite struct RunCostTests {
  @Test func presentationBookkeepingHoldsOnlySlotsStillInPlay() {
    let (steps, runner) = Campaign.randomRun(topology: .basic, engine: .default, seed: 7, maxSteps: 3_000)
    #expect(steps.count == 3_000)
    #expect(!runner.hasViolation)
    let presented = runner.statistics.actionCounts[.set, default: 0] + runner.statistics.actionCounts[.toggle, default: 0]
    #expect(presented > 300, "the run presented too little to show growth")
    // Bounded by the slots on screen (and those with a presentation in flight), not by `presented`.
    #expect(runner.world.presentations.count <= 2 * runner.world.screenEntries().count + 8)
  }

  @Test func deepNestingSettlesWithEverySheetShown() {
    // The bench's nesting figure: every level filled in one turn, then presented one on another.
    let nested = Benchmarks.nesting(depth: 60, engine: .default)
    #expect(nested.violations.isEmpty, "\(nested.violations.map(\.explanation))")
    #expect(nested.screens == 61)
  }

  @Test func observationFloorReTracksOncePerWrite() {
    // The bench's Observation figure times re-tracks: each write must have caused exactly one,
    // or the figure would time something else (writes nobody observed, or piled-up callbacks).
    #expect(Benchmarks.observationRetracks(1) == 1)
    #expect(Benchmarks.observationRetracks(250) == 250)
  }
}
