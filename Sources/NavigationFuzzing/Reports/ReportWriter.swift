import Foundation

/// Writes a report in every format into a folder: report.json, junit.xml, report.md, report.html.
/// Each file is written whole or not at all (a temporary file renamed into place).
public enum ReportWriter {
  public static func write(_ report: CampaignReport, to folder: String) throws -> [String] {
    let directory = URL(fileURLWithPath: folder)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let files: [(String, Data)] = [
      ("report.json", try json(report)),
      ("junit.xml", Data(JUnitReport.render(report).utf8)),
      ("report.md", Data(MarkdownReport.render(report).utf8)),
      ("report.html", Data(HTMLReport.render(report).utf8)),
    ]
    var written: [String] = []
    for (name, data) in files {
      let url = directory.appendingPathComponent(name)
      try data.write(to: url, options: .atomic)
      written.append(url.path)
    }
    return written
  }

  public static func json(_ report: CampaignReport) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(report)
  }
}

/// Escapes text for XML and HTML.
func escaped(_ text: String) -> String {
  var result = ""
  result.reserveCapacity(text.count)
  for character in text {
    switch character {
    case "&": result += "&amp;"
    case "<": result += "&lt;"
    case ">": result += "&gt;"
    case "\"": result += "&quot;"
    case "'": result += "&#39;"
    default: result.append(character)
    }
  }
  return result
}

/// One test case per invariant, so any CI shows the result natively.
enum JUnitReport {
  /// What was not checked and what was allowed, as test-suite properties.
  static func contractProperties(_ campaign: CampaignReport.Campaign) -> String {
    let notChecked = (campaign.notChecked ?? []).map { "\n      <property name=\"not-checked\" value=\"\(escaped($0))\"/>" }
    let allowed = (campaign.allowed ?? []).map {
      "\n      <property name=\"allowed\" value=\"\(escaped($0.invariant)): \(escaped($0.reason))\"/>"
    }
    return (notChecked + allowed).joined()
  }

  static func render(_ report: CampaignReport) -> String {
    let suite = "navfuzz.\(report.campaign.topology).\(report.campaign.engine)"
    let failedIDs = Set(report.failures.map(\.invariant))
    var cases: [String] = []
    for invariant in report.invariants {
      var body = ""
      if let failure = report.failures.first(where: { $0.invariant == invariant.id }) {
        body =
          "\n      <failure message=\"\(escaped(failure.explanation))\" type=\"\(escaped(invariant.id))\">"
          + escaped("\(failure.explanation)\n\nreplay: \(failure.replayCommand)\n\n\(failure.trace)") + "</failure>\n    "
      }
      cases.append(
        "    <testcase classname=\"\(escaped(suite))\" name=\"\(escaped(invariant.id))\" time=\"0\">\(body)</testcase>")
    }
    let others = report.failures.filter { failure in !report.invariants.contains { $0.id == failure.invariant } }
    for failure in others {
      cases.append(
        "    <testcase classname=\"\(escaped(suite))\" name=\"\(escaped(failure.source ?? failure.invariant))\" time=\"0\">\n      <failure message=\"\(escaped(failure.explanation))\" type=\"expectation\">"
          + escaped(failure.trace) + "</failure>\n    </testcase>")
    }
    if !report.coverage.floorMet {
      cases.append(
        "    <testcase classname=\"\(escaped(suite))\" name=\"min-distinct-states\" time=\"0\">\n      <failure message=\"explored \(report.coverage.distinctStates) distinct states, fewer than the floor of \(report.coverage.minDistinctStates ?? 0)\" type=\"coverage\"/>\n    </testcase>"
      )
    }
    let failures = failedIDs.filter { id in report.invariants.contains { $0.id == id } }.count + others.count
      + (report.coverage.floorMet ? 0 : 1)
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="navfuzz" tests="\(cases.count)" failures="\(failures)" errors="0">
        <testsuite name="\(escaped(suite))" tests="\(cases.count)" failures="\(failures)" errors="0" time="\(String(format: "%.3f", report.campaign.durationSeconds))">
          <properties>
            <property name="semantics" value="\(escaped(report.campaign.semantics ?? "navfuzz"))"/>\(contractProperties(report.campaign))
          </properties>
      \(cases.joined(separator: "\n"))
        </testsuite>
      </testsuites>

      """
  }
}

/// The same, for a pull-request comment.
enum MarkdownReport {
  static func render(_ report: CampaignReport) -> String {
    var lines: [String] = []
    let verdict = report.passed ? "✅ no violations" : "❌ \(report.failures.count) failure(s)"
    lines.append("# navfuzz: \(verdict)")
    lines.append("")
    let campaign = report.campaign
    lines.append(
      "\(campaign.kind == "campaign" ? "Campaign" : "Replay") of topology `\(campaign.topology)` against engine `\(campaign.engine)`"
        + ", judged by semantics `\(campaign.semantics ?? "navfuzz")`"
        + (campaign.seed.map { ", seed \($0)" } ?? "") + ": \(report.totals.runs) runs, \(report.totals.steps) steps "
        + "(\(report.totals.skippedSteps) skipped), \(report.coverage.distinctStates) distinct states, "
        + String(format: "%.2f s, %.0f actions/s.", campaign.durationSeconds, report.totals.actionsPerSecond))
    for line in campaign.notChecked ?? [] { lines.append("\n**Not checked:** \(line).") }
    for allowance in campaign.allowed ?? [] {
      lines.append("\n**Allowed:** `\(allowance.invariant)` violations are accepted because \(allowance.reason).")
    }
    if !report.coverage.floorMet {
      lines.append("")
      lines.append(
        "**Explored too little:** \(report.coverage.distinctStates) distinct states, below the floor of \(report.coverage.minDistinctStates ?? 0).")
    }
    lines.append("")
    lines.append("| invariant | checks | violations |")
    lines.append("| --- | ---: | ---: |")
    for invariant in report.invariants {
      lines.append("| `\(invariant.id)` | \(invariant.checks) | \(invariant.violations) |")
    }
    for failure in report.failures {
      lines.append("")
      lines.append("## `\(failure.invariant)`: \(failure.explanation)")
      lines.append("")
      lines.append("Shrunk from \(failure.originalSteps) to \(failure.shrunkSteps) steps. Replay: `\(failure.replayCommand)`")
      lines.append("")
      lines.append("```")
      lines.append(failure.trace.trimmingCharacters(in: .newlines))
      lines.append("```")
      if !failure.expectedScreen.isEmpty || !failure.actualScreen.isEmpty {
        lines.append("")
        lines.append("| | expected | actual |")
        lines.append("| --- | --- | --- |")
        lines.append("| screen | `\(failure.expectedScreen.joined(separator: " "))` | `\(failure.actualScreen.joined(separator: " "))` |")
        lines.append(
          "| model | `\(failure.expectedModel.joined(separator: " ").ifEmpty("(empty)"))` | `\(failure.actualModel.joined(separator: " ").ifEmpty("(empty)"))` |")
      }
    }
    lines.append("")
    lines.append("<details><summary>Coverage</summary>")
    lines.append("")
    lines.append("| action | count |")
    lines.append("| --- | ---: |")
    for action in report.coverage.actions { lines.append("| `\(action.name)` | \(action.count) |") }
    lines.append("")
    lines.append(
      "Screen depth at quiescence: " + report.coverage.screenDepths.map { "\($0.name): \($0.count)" }.joined(separator: ", ")
        + ". Action pairs seen: \(report.coverage.actionPairs.count).")
    if !report.coverage.skipReasons.isEmpty {
      lines.append("")
      lines.append("Skipped steps: " + report.coverage.skipReasons.map { "\($0.name) (\($0.count))" }.joined(separator: "; ") + ".")
    }
    lines.append("")
    lines.append("</details>")
    return lines.joined(separator: "\n") + "\n"
  }
}

extension String {
  func ifEmpty(_ replacement: String) -> String { isEmpty ? replacement : self }
}
