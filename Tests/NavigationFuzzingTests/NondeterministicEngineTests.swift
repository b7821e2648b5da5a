import Foundation
import HeadlessUIKit
@testable import NavFuzzEngines
@testable import NavigationFuzzing
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

  /// An engine that presents nothing in the first world it is made for (each call starts afresh).
  func brokenInItsFirstWorld() -> EngineChoice {
    let once = BrokenOnce()
    return EngineChoice(
      name: "broken-in-its-first-world", summary: "",
      make: {
        once.worldsMade += 1
        return once.worldsMade == 1 ? PresentsNothing() : StateDrivenEngine()
      })
  }

  @Test func aFailureThatDoesNotReplaySaysTheEngineIsNotDeterministic() throws {
    let engine = brokenInItsFirstWorld()
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

  /// The reports of one campaign over `engine`: report.json (parsed), report.md and report.html.
  func reports(of engine: EngineChoice) throws -> (json: [[String: Any]], markdown: String, html: String, junit: String) {
    var options = Campaign.Options()
    options.runs = 1
    let result = Campaign(topology: .basic, engine: engine, options: options).run()
    let report = CampaignReport(
      campaign: result, topology: .basic, engine: engine, options: options, durationSeconds: 1,
      minDistinctStates: nil, savedTraces: [])
    let object = try #require(try JSONSerialization.jsonObject(with: ReportWriter.json(report)) as? [String: Any])
    let failures = try #require(object["failures"] as? [[String: Any]])
    return (failures, MarkdownReport.render(report), HTMLReport.render(report), JUnitReport.render(report))
  }

  @Test func everyReportWarnsThatAFailureDoesNotReproduce() throws {
    let engine = brokenInItsFirstWorld()
    let (failures, markdown, html, junit) = try reports(of: engine)
    let failure = try #require(failures.first)
    #expect(failure["reproduces"] as? Bool == false)
    #expect(junit.contains("warning: replaying this trace does not reproduce the failure"), "\(junit)")
    let warning = try #require(failure["warning"] as? String)
    #expect(warning == Campaign.Failure.nondeterminismHint)
    #expect(markdown.contains("**Warning:** \(Campaign.Failure.nondeterminismHint)"), "\(markdown)")
    #expect(html.contains("<strong>Warning:</strong> replaying this trace does not reproduce the failure"), "\(html)")
    #expect(html.contains("SWIFT_DETERMINISTIC_HASHING=1"))
  }

  @Test func aReproducedFailuresReportsCarryNoWarning() throws {
    let engine = EngineChoice(name: "presents-nothing", summary: "", make: { PresentsNothing() })
    let (failures, markdown, html, junit) = try reports(of: engine)
    let failure = try #require(failures.first)
    #expect(failure["reproduces"] as? Bool == true)
    #expect(!junit.contains("warning:"))
    #expect(failure["warning"] == nil)
    #expect(!markdown.contains("Warning:"))
    #expect(!html.contains("Warning:"))
  }
}
