import HeadlessUIKit
import NavigationFuzzing
import StateDrivenNavigation
import Testing

/// A failure whose trace does not fail again on replay comes from an engine that is not
/// deterministic (a real library that iterates a `Dictionary` did this): the harness says so
/// instead of handing over a trace that passes.
@MainActor
@Suite struct NondeterministicEngineTests {
  /// Presents nothing in the first world it is made for, and is the built-in engine afterwards:
  /// the campaign's failing run and every replay of its steps disagree.
  final class BrokenOnce {
    var worldsMade = 0
  }

  struct PresentsNothing: NavigationEngine {
    func wire(_ slot: SlotConnection, on controller: UIViewController) {}
    func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
      StateDrivenEngine().makeStack(path, root: root)
    }
  }

  @Test func aFailureThatDoesNotReplaySaysTheEngineIsNotDeterministic() throws {
    let once = BrokenOnce()
    let engine = EngineChoice(
      name: "broken-in-its-first-world", summary: "",
      make: {
        once.worldsMade += 1
        return once.worldsMade == 1 ? PresentsNothing() : StateDrivenEngine()
      })
    let result = NavFuzz.check(engine: engine, topology: .basic, runs: 1)
    #expect(result.failures.count == 1)
    let failure = try #require(result.failures.first)
    #expect(!failure.reproduces)
    #expect(result.description.contains("SWIFT_DETERMINISTIC_HASHING=1"), "\(result)")
    let issue = NavFuzz.CheckResult.issueText(for: failure, topology: .basic, engine: engine)
    #expect(issue.contains("does not reproduce the failure"), "\(issue)")
  }

  @Test func aDeterministicEnginesFailureReproduces() {
    let engine = EngineChoice(name: "presents-nothing", summary: "", make: { PresentsNothing() })
    let result = NavFuzz.check(engine: engine, topology: .basic, runs: 1)
    #expect(!result.passed)
    #expect(result.failures.allSatisfy { $0.reproduces })
    #expect(!result.description.contains("SWIFT_DETERMINISTIC_HASHING"), "\(result)")
  }
}
