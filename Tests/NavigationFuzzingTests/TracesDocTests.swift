import Foundation
import NavFuzzEngines
import NavigationFuzzing
import Testing

/// Every trace in docs/TRACES.md parses and passes, so the format's documentation cannot drift.
@MainActor
@Suite struct TracesDocTests {
  nonisolated static let document = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/TRACES.md")

  nonisolated static func examples() -> [String] {
    let text = (try? String(contentsOf: document, encoding: .utf8)) ?? ""
    return text.components(separatedBy: "```\n").enumerated()
      .filter { $0.offset % 2 == 1 && $0.element.hasPrefix("navtrace 1\n") }
      .map(\.element)
  }

  @Test func theDocumentHasExamples() {
    #expect(Self.examples().count >= 4)
  }

  @Test(arguments: examples())
  func everyExamplePasses(_ text: String) throws {
    let trace = try TraceFormat.parse(text, source: "TRACES.md")
    let engine = try #require(BuiltInEngines.named(trace.engine ?? EngineChoice.default.name))
    let result = try Replay.run(trace, topology: try #require(Topology.named(trace.topology)), engine: engine)
    for unmet in result.unmetExpectations { Issue.record("\(unmet)\n\(text)") }
    for violation in result.unexpectedViolations { Issue.record("\(violation.invariant.rawValue): \(violation.explanation)") }
  }
}
