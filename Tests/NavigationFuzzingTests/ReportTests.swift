import Foundation
#if canImport(FoundationXML)
  import FoundationXML
#endif
@testable import NavFuzzEngines
@testable import NavigationFuzzing
import Testing

@MainActor
@Suite struct ReportTests {
  func mutantReport() throws -> CampaignReport {
    var options = Campaign.Options()
    options.runs = 60
    let engine = BuiltInEngines.named("no-write-back")!
    let result = Campaign(topology: .basic, engine: engine, options: options).run()
    #expect(!result.failures.isEmpty)
    return CampaignReport(
      campaign: result, topology: .basic, engine: engine, options: options, durationSeconds: 1.5,
      minDistinctStates: 10_000, savedTraces: ["failures/a.navtrace"])
  }

  @Test func jsonFollowsItsSchema() throws {
    let report = try mutantReport()
    let object = try #require(try JSONSerialization.jsonObject(with: ReportWriter.json(report)) as? [String: Any])
    #expect(object["schemaVersion"] as? Int == CampaignReport.schemaVersion)
    #expect(Set(object.keys) == ["schemaVersion", "tool", "campaign", "totals", "invariants", "coverage", "failures", "defects"])
    let campaign = try #require(object["campaign"] as? [String: Any])
    #expect(campaign["topology"] as? String == "basic")
    #expect(campaign["engine"] as? String == "no-write-back")
    #expect(campaign["seed"] as? String == "1")
    let invariants = try #require(object["invariants"] as? [[String: Any]])
    #expect(invariants.map { $0["id"] as? String } == InvariantID.allCases.map(\.rawValue))
    #expect(invariants.allSatisfy { ($0["checks"] as? Int ?? -1) >= 0 && $0["violations"] is Int })
    let failures = try #require(object["failures"] as? [[String: Any]])
    let first = try #require(failures.first)
    for key in ["invariant", "explanation", "stepIndex", "trace", "expectedModel", "actualModel", "expectedScreen", "actualScreen", "timeline", "replayCommand"] {
      #expect(first[key] != nil, "failure.\(key)")
    }
    let timeline = try #require(first["timeline"] as? [[String: Any]])
    #expect(timeline.contains { !(($0["violations"] as? [String]) ?? []).isEmpty })
    let coverage = try #require(object["coverage"] as? [String: Any])
    #expect(coverage["floorMet"] as? Bool == false)  // 60 runs do not reach 10,000 states
    #expect((coverage["actions"] as? [[String: Any]])?.isEmpty == false)
  }

  @Test func junitIsXMLWithOneCasePerInvariantAndTheRightFailureCount() throws {
    let report = try mutantReport()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navfuzz-report-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = try ReportWriter.write(report, to: folder.path)
    #expect(files.count == 4)
    let data = try Data(contentsOf: folder.appendingPathComponent("junit.xml"))
    final class Counter: NSObject, XMLParserDelegate {
      var cases = 0, failures = 0, declared = -1
      func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        if name == "testcase" { cases += 1 }
        if name == "failure" { failures += 1 }
        if name == "testsuite" { declared = Int(attributes["failures"] ?? "") ?? -1 }
      }
    }
    let counter = Counter()
    let parser = XMLParser(data: data)
    parser.delegate = counter
    #expect(parser.parse())
    // One case per failing run, one per invariant that held, one for the coverage floor.
    let violated = Set(report.failures.flatMap { [$0.invariant] + $0.alsoViolated }).count
    #expect(counter.cases == report.failures.count + InvariantID.allCases.count - violated + 1)
    #expect(counter.failures == report.failures.count + 1)
    #expect(counter.declared == counter.failures)
  }

  @Test func htmlIsSelfContained() throws {
    let report = try mutantReport()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navfuzz-report-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try ReportWriter.write(report, to: folder.path)
    let html = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
    #expect(html.contains("<svg"))
    #expect(html.contains("class=\"device broke\""))
    for external in ["http://", "https://", "src=", "<link", "@import", "url("] {
      #expect(!html.contains(external), "found \(external)")
    }
    let markdown = try String(contentsOf: folder.appendingPathComponent("report.md"), encoding: .utf8)
    #expect(markdown.contains("dismissal-writes-back"))
  }

  @Test func replayReportsUnmetExpectations() throws {
    let trace = try TraceFormat.parse("navtrace 1\ntopology basic\nset presentedChild 1\nsettle\nexpect state\n", source: "t.navtrace")
    let result = try Replay.run(trace, topology: .basic, engine: .default)
    let report = CampaignReport(replays: [("t.navtrace", trace, result)], durationSeconds: 0.1)
    #expect(!report.passed)
    #expect(report.failures.map(\.invariant) == ["expectation"])
    #expect(report.failures[0].timeline.count == 2)
  }

  @Test func runSeedsAreStringsSoNoJSONReaderRoundsThem() throws {
    var report = try mutantReport()
    report.failures[0].runSeed = String(UInt64.max)
    let object = try #require(try JSONSerialization.jsonObject(with: ReportWriter.json(report)) as? [String: Any])
    let failures = try #require(object["failures"] as? [[String: Any]])
    #expect(failures[0]["runSeed"] as? String == "18446744073709551615")
    #expect(object["schemaVersion"] as? Int == 3)
  }

  func replayReport(_ text: String, path: String = "t.navtrace") throws -> CampaignReport {
    let trace = try TraceFormat.parse(text, source: path)
    let result = try Replay.run(trace, topology: Topology.named(trace.topology)!, engine: BuiltInEngines.named(trace.engine ?? "state-driven")!)
    return CampaignReport(replays: [(path, trace, result)], durationSeconds: 0.1)
  }

  @Test func aReplayWhoseTracesExpectViolationsIsNotHeadedNoViolations() throws {
    let corpus = CorpusReplayTests.corpus.appendingPathComponent("mutants/no-write-back.navtrace")
    let report = try replayReport(try String(contentsOf: corpus, encoding: .utf8), path: corpus.path)
    #expect(report.passed)
    #expect(report.totals.expectedViolations > 0)
    #expect(report.verdict.hasPrefix("1 trace(s) met their expectations ("), "\(report.verdict)")
    #expect(!MarkdownReport.render(report).contains("no violations"))
    #expect(!HTMLReport.render(report).contains("No violations"))
  }

  @Test func aReplayedTraceIsNotSaidToBeShrunk() throws {
    let report = try replayReport("navtrace 1\ntopology basic\nset presentedChild 1\nsettle\nexpect state\n")
    #expect(!report.failures.isEmpty)
    let markdown = MarkdownReport.render(report)
    #expect(!markdown.contains("Shrunk from"))
    #expect(markdown.contains("2 steps."))
  }

  @Test func onlyTheCoverageFloorFailingSaysSo() throws {
    var options = Campaign.Options()
    options.runs = 5
    let result = Campaign(topology: .basic, engine: .default, options: options).run()
    let report = CampaignReport(
      campaign: result, topology: .basic, engine: .default, options: options, durationSeconds: 1,
      minDistinctStates: 1_000_000, savedTraces: [])
    #expect(!report.passed)
    #expect(report.verdict.hasPrefix("coverage floor missed"))
    #expect(!MarkdownReport.render(report).contains("0 failure(s)"))
    #expect(!HTMLReport.render(report).contains("0 failure(s)"))
  }

  @Test func aPushUnderACoverStaysVisible() {
    let svg = HTMLReport.phone(["root", "push:pushedChild#1", "cover:coverChild#2"], highlighted: false)
    func top(of kind: String) -> Double? {
      guard let range = svg.range(of: "class=\"\(kind)\"") else { return nil }
      let rect = svg[..<range.lowerBound].components(separatedBy: "<rect").last ?? ""
      return rect.components(separatedBy: "y=\"").dropFirst().first.flatMap { Double($0.prefix { $0 != "\"" }) }
    }
    let push = top(of: "push"), cover = top(of: "cover")
    #expect(push != nil && cover != nil)
    #expect(cover! > push! + 10, "the cover hides the pushed screen's label")
  }

  @Test func oneCauseSeenByTwoInvariantsIsOneFailure() throws {
    func failure(_ invariant: String, trace: String) -> CampaignReport.Failure {
      CampaignReport.Failure(
        invariant: invariant, alsoViolated: [], explanation: invariant, stepIndex: 0, runSeed: "1", source: nil,
        originalSteps: 3, shrunkSteps: 2, trace: trace, expectedModel: [], actualModel: [], expectedScreen: [],
        actualScreen: [], timeline: [], replayCommand: "")
    }
    let same = "navtrace 1\ntopology basic\nset presentedChild 1\n"
    let grouped = CampaignReport.grouped([
      failure("reference-agreement", trace: same + "expect violation reference-agreement\n"),
      failure("state-ui-consistency", trace: same + "expect violation state-ui-consistency\n"),
      failure("no-leaks", trace: "navtrace 1\ntopology basic\nclear presentedChild\n"),
    ])
    #expect(grouped.map(\.invariant) == ["state-ui-consistency", "no-leaks"])
    #expect(grouped[0].alsoViolated == ["reference-agreement"])
  }

  @Test func junitHasACasePerReplayedTraceWithItsOwnTopologyAndSkipsUncheckedInvariants() throws {
    let passing = try TraceFormat.parse("navtrace 1\ntopology stack\npath append 1\nsettle\nexpect ok\n", source: "a.navtrace")
    let failing = try TraceFormat.parse("navtrace 1\ntopology basic\nset presentedChild 1\nsettle\nexpect state\n", source: "b.navtrace")
    let replays = try [passing, failing].map { trace in
      (trace.source, trace, try Replay.run(trace, topology: Topology.named(trace.topology)!, engine: .default))
    }
    let report = CampaignReport(replays: replays, durationSeconds: 0.1)
    let cases = JUnitReport.cases(report)
    let traceCases = cases.filter { $0.className.hasPrefix("navfuzz.replay.") }
    #expect(traceCases.map(\.name) == ["a.navtrace", "b.navtrace"])
    #expect(traceCases.map(\.className) == ["navfuzz.replay.stack", "navfuzz.replay.basic"])
    #expect(traceCases.map { $0.failure == nil } == [true, false])
    let unchecked = report.invariants.filter { $0.checks == 0 }.map(\.id)
    #expect(!unchecked.isEmpty)
    #expect(cases.filter { $0.skipped != nil }.map(\.name) == unchecked)
    #expect(JUnitReport.render(report).contains("<skipped message="))
  }

  @Test func junitHasOneCasePerDefectNamedByItsIdAndSignature() throws {
    let report = try mutantReport()
    let cases = JUnitReport.cases(report).filter { $0.failure != nil && $0.name != "min-distinct-states" }
    #expect(!report.defects.isEmpty)
    #expect(cases.count == report.defects.count)
    for (testCase, defect) in zip(cases, report.defects) {
      #expect(testCase.className == "navfuzz.basic.no-write-back")
      #expect(testCase.name == "defect \(defect.shortID) \(defect.signature)")
      #expect(testCase.failure?.body.contains("\(defect.count) failing run(s)") == true)
    }
  }
}
