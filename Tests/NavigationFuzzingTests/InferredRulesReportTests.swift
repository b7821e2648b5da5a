import Foundation
import HeadlessUIKit
@testable import NavFuzzEngines
@testable import NavigationFuzzing
import Testing

/// A verdict that rests on an inferred rule of UIKit says so in every report, and docs/SEMANTICS.md
/// tags every rule with the id and evidence the registry gives it.
@MainActor
@Suite struct InferredRulesReportTests {
  /// The mutant that never writes a user's dismissal back, caught after a swipe the simulator
  /// ignored because the sheet's presentation was still running: a choice of ours (UIKit ignores touches
  /// during transitions), so the verdict names it.
  static let trace = """
    navtrace 1
    topology basic
    engine no-write-back
    set presentedChild 1
    tick
    user dismiss
    settle
    user dismiss
    settle

    """

  func report() throws -> (CampaignReport, ReplayResult) {
    let trace = try TraceFormat.parse(Self.trace, source: "t.navtrace")
    let result = try Replay.run(trace, topology: .basic, engine: BuiltInEngines.named("no-write-back")!)
    return (CampaignReport(replays: [("t.navtrace", trace, result)], durationSeconds: 0.1), result)
  }

  @Test func theViolationNamesTheInferredRulesItsRunApplied() throws {
    let (report, result) = try report()
    let violation = try #require(result.unexpectedViolations.first)
    #expect(violation.restsOnInferredRules.contains("gestures-ignored-during-transitions"))
    #expect(violation.restsOnInferredRules.allSatisfy { UIKitRule(id: $0)?.evidence == .inferred })
    #expect(report.failures.first?.restsOnInferredRules == violation.restsOnInferredRules)
  }

  @Test func everyFormatPrintsTheRuleWithItsEvidence() throws {
    let (report, _) = try report()
    let source = UIKitRule.gesturesIgnoredDuringTransitions.source
    let object = try #require(try JSONSerialization.jsonObject(with: ReportWriter.json(report)) as? [String: Any])
    let failures = try #require(object["failures"] as? [[String: Any]])
    #expect((failures.first?["restsOnInferredRules"] as? [String])?.contains("gestures-ignored-during-transitions") == true)
    let markdown = MarkdownReport.render(report)
    #expect(markdown.contains("**Double-check:**") && markdown.contains("gestures-ignored-during-transitions (\(source))"))
    let html = HTMLReport.render(report)
    #expect(html.contains("<strong>Double-check:</strong>") && html.contains("gestures-ignored-during-transitions"))
    let junit = JUnitReport.render(report)
    #expect(junit.contains("rests on inferred UIKit rules") && junit.contains("gestures-ignored-during-transitions"))
  }

  @Test func theTestIssueAndTheSummaryOfACheckNameThemToo() throws {
    let (_, result) = try report()
    let trace = try TraceFormat.parse(Self.trace, source: "t.navtrace")
    let violation = try #require(result.unexpectedViolations.first)
    let failure = Campaign.Failure(
      violation: violation, runSeed: 1, runIndex: 0, original: trace, shrunk: trace, shrunkViolation: violation)
    let text = NavFuzz.CheckResult.issueText(for: failure, topology: .basic, engine: BuiltInEngines.named("no-write-back")!)
    #expect(text.contains("rests on inferred UIKit rules (docs/SEMANTICS.md §1): gestures-ignored-during-transitions"))
    let defect = Defect(
      signature: DefectSignature(invariant: violation.invariant, check: DefectSignature.check(from: violation.explanation)),
      instances: [.init(topology: "basic", runIndex: 0, runSeed: 1, symptom: FailureSymptom(violation), searchedPast: false)],
      shortest: failure, topology: "basic", invariants: [violation.invariant], raceNeeds: [], finding: violation,
      knownReason: nil)
    let check = NavFuzz.CheckResult(runs: 1, steps: 5, distinctStates: 1, defects: [defect])
    #expect(check.description.contains("gestures-ignored-during-transitions"))
  }

  @Test func aVerdictThatRestsOnNoInferredRuleSaysNothing() throws {
    let trace = try TraceFormat.parse(
      "navtrace 1\ntopology basic\nengine no-write-back\nset presentedChild 1\nsettle\nuser dismiss\nsettle\n", source: "t.navtrace")
    let result = try Replay.run(trace, topology: .basic, engine: BuiltInEngines.named("no-write-back")!)
    let violation = try #require(result.unexpectedViolations.first)
    #expect(violation.restsOnInferredRules.isEmpty, "\(violation.restsOnInferredRules)")
    let report = CampaignReport(replays: [("t.navtrace", trace, result)], durationSeconds: 0.1)
    #expect(!MarkdownReport.render(report).contains("Double-check"))
    #expect(report.failures.first?.restsOnInferredRules == nil)
  }

  /// Every rule of §1 carries `[rule ID · EVIDENCE]` (a line may break inside it, and a source
  /// may follow a colon), and the tags and the registry agree.
  @Test func semanticsTagsEveryRuleAsTheRegistryDoes() throws {
    let semantics = try String(contentsOf: GuideTests.root.appendingPathComponent("docs/SEMANTICS.md"), encoding: .utf8)
    let start = try #require(semantics.range(of: "## 1. HeadlessUIKit"))
    let end = try #require(semantics.range(of: "## 2. ", range: start.upperBound..<semantics.endIndex))
    let section = semantics[start.upperBound..<end.lowerBound]
    let pattern = try NSRegularExpression(pattern: #"\[rule\s+([a-z0-9-]+)\s+·\s+(device|documented|inferred)[\]:]"#)
    let text = String(section)
    var tagged: [String: String] = [:]
    for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
      let id = String(text[Range(match.range(at: 1), in: text)!])
      let evidence = String(text[Range(match.range(at: 2), in: text)!])
      #expect(tagged[id] == nil || tagged[id] == evidence, "\(id) tagged twice with different evidence")
      tagged[id] = evidence
    }
    for rule in UIKitRule.allCases {
      #expect(tagged[rule.id] == rule.evidence.rawValue, "\(rule.id): SEMANTICS says \(tagged[rule.id] ?? "nothing"), the registry \(rule.evidence)")
    }
    #expect(Set(tagged.keys) == Set(UIKitRule.allCases.map(\.id)))
  }
}
