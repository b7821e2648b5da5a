import Foundation
#if canImport(FoundationXML)
  import FoundationXML
#endif
import NavigationFuzzing
import Testing

@MainActor
@Suite struct ReportTests {
  func mutantReport() throws -> CampaignReport {
    var options = Campaign.Options()
    options.runs = 60
    let engine = EngineChoice.named("no-write-back")!
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
    #expect(Set(object.keys) == ["schemaVersion", "tool", "campaign", "totals", "invariants", "coverage", "failures"])
    let campaign = try #require(object["campaign"] as? [String: Any])
    #expect(campaign["topology"] as? String == "basic")
    #expect(campaign["engine"] as? String == "no-write-back")
    #expect(campaign["seed"] as? Int == 1)
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
    let violated = Set(report.failures.map(\.invariant)).count
    #expect(counter.cases == InvariantID.allCases.count + 1)  // + the coverage floor
    #expect(counter.failures == violated + 1)
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
}
