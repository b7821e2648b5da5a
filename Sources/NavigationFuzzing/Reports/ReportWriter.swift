import Foundation

/// Writes a report in every format into a folder: report.json, junit.xml, report.md, report.html.
/// The four are written as a set: each first to a temporary file in the folder, then all renamed
/// into place, so a full disk or a failed write leaves the folder's earlier reports as they were,
/// never a new report.json beside an old report.html.
package enum ReportWriter {
  public static func write(_ report: CampaignReport, to folder: String) throws -> [String] {
    let directory = URL(fileURLWithPath: folder)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let files: [(String, Data)] = [
      ("report.json", try json(report)),
      ("junit.xml", Data(JUnitReport.render(report).utf8)),
      ("report.md", Data(MarkdownReport.render(report).utf8)),
      ("report.html", Data(HTMLReport.render(report).utf8)),
    ]
    var staged: [(temporary: String, final: URL)] = []
    var renamed = 0
    // The temporary files not renamed into place (a failure on the way) are removed.
    defer { for file in staged.dropFirst(renamed) { unlink(file.temporary) } }
    for (name, data) in files {
      let final = directory.appendingPathComponent(name)
      // Named by the report file, not the temporary one; the system's reason (a full disk) kept.
      staged.append((try WholeFile.stage(data, for: final.path), final))
    }
    // A rename can still fail (a folder where a report goes): find that before the first one.
    for file in staged {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: file.final.path, isDirectory: &isDirectory), isDirectory.boolValue {
        throw WriteFailure(path: file.final.path, errno: EISDIR)
      }
    }
    for file in staged {
      guard rename(file.temporary, file.final.path) == 0 else { throw WriteFailure(path: file.final.path, errno: errno) }
      renamed += 1
    }
    return staged.map(\.final.path)
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

/// JUnit XML, so any CI shows the result natively: one test case per defect of a campaign (named
/// by its short id and signature; a known one `<skipped/>` with its reason) or per replayed trace
/// (passed ones too), one per invariant that held (`<skipped/>` when it was never checked), one
/// for the coverage floor when set.
enum JUnitReport {
  /// What was not checked and what was allowed, as test-suite properties.
  static func contractProperties(_ campaign: CampaignReport.Campaign) -> String {
    let notChecked = (campaign.notChecked ?? []).map { "\n      <property name=\"not-checked\" value=\"\(escaped($0))\"/>" }
    let allowed = (campaign.allowed ?? []).map {
      "\n      <property name=\"allowed\" value=\"\(escaped($0.invariant)): \(escaped($0.reason))\"/>"
    }
    return (notChecked + allowed).joined()
  }

  struct Case {
    var className: String
    var name: String
    /// (message, type, body) of a failure; nil: passed.
    var failure: (message: String, type: String, body: String)?
    var skipped: String?
  }

  static func cases(_ report: CampaignReport) -> [Case] {
    let campaign = report.campaign
    let isRotation = campaign.kind == "campaign" && campaign.topology.contains(",")
    var cases: [Case] = []
    func failureBody(_ failure: CampaignReport.Failure) -> String {
      let also = failure.alsoViolated.isEmpty ? "" : "\nalso violated: \(failure.alsoViolated.joined(separator: ", "))"
      let warning = failure.warning.map { "\nwarning: \($0)" } ?? ""
      let inferred = Violation.inferredRulesNote(failure.restsOnInferredRules ?? []).map { "\n\($0)" } ?? ""
      return "\(failure.explanation)\(also)\(warning)\(inferred)\n\nreplay: \(failure.replayCommand)\n\n\(failure.trace)"
    }
    if campaign.kind == "replay" {
      let traces = campaign.traces ?? []
      for (index, path) in traces.enumerated() {
        let failures = report.failures.filter { $0.source == path }
        let topology = campaign.traceTopologies?[safe: index] ?? campaign.topology
        let failure = failures.first.map { first in
          (
            message: first.explanation,
            type: first.invariant,
            body: failures.map(failureBody).joined(separator: "\n\n")
          )
        }
        cases.append(Case(className: "navfuzz.replay.\(topology)", name: path, failure: failure))
      }
    } else {
      // One case per defect: a new one fails, a known one is skipped with its reason. A
      // rotation's `campaign.topology` lists every topology ("basic,counter,…"), no class name:
      // each defect is filed under the topology of its shortest trace.
      for defect in report.defects {
        let className = "navfuzz.\(isRotation ? defect.topology : campaign.topology).\(campaign.engine)"
        let name = "defect \(defect.shortID) \(defect.signature)"
        if defect.known {
          cases.append(
            Case(
              className: className, name: name, failure: nil,
              skipped: "known defect (\(defect.counts)): \(defect.knownReason ?? "")"))
          continue
        }
        let failure = report.failures.first { $0.defect == defect.id }
        let race = defect.race ? "\nrace: needs \(defect.raceNeeds.joined(separator: ", "))" : ""
        let body = "\(defect.counts); invariants \(defect.invariants.joined(separator: ", "))\(race)\n\n"
          + (failure.map(failureBody) ?? defect.trace ?? "")
        cases.append(
          Case(
            className: className, name: name,
            failure: (defect.explanation ?? defect.signature, defect.signature.prefix { $0 != ":" }.description, body)))
      }
    }
    let violated = Set(report.failures.flatMap { [$0.invariant] + $0.alsoViolated } + report.newDefects.flatMap(\.invariants))
    let invariantClass =
      campaign.kind == "replay"
      ? "navfuzz.invariants" : "navfuzz.\(isRotation ? "rotation" : campaign.topology).\(campaign.engine)"
    for invariant in report.invariants where !violated.contains(invariant.id) {
      cases.append(
        Case(
          className: invariantClass, name: invariant.id, failure: nil,
          skipped: invariant.checks == 0 ? "never checked: nothing this run did could break it" : nil))
    }
    if let floor = report.coverage.minDistinctStates {
      let missed = !report.coverage.floorMet
      cases.append(
        Case(
          className: invariantClass, name: "min-distinct-states",
          failure: missed
            ? ("explored \(report.coverage.distinctStates) distinct states, fewer than the floor of \(floor)", "coverage", "")
            : nil))
    }
    return cases
  }


  static func render(_ report: CampaignReport) -> String {
    let cases = cases(report)
    let failures = cases.filter { $0.failure != nil }.count
    let skipped = cases.filter { $0.skipped != nil }.count
    let lines = cases.map { testCase -> String in
      let head = "    <testcase classname=\"\(escaped(testCase.className))\" name=\"\(escaped(testCase.name))\" time=\"0\""
      if let failure = testCase.failure {
        return head + ">\n      <failure message=\"\(escaped(failure.message))\" type=\"\(escaped(failure.type))\">"
          + escaped(failure.body) + "</failure>\n    </testcase>"
      }
      if let reason = testCase.skipped {
        return head + ">\n      <skipped message=\"\(escaped(reason))\"/>\n    </testcase>"
      }
      return head + "/>"
    }
    let suite = "navfuzz.\(report.campaign.kind)"
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="navfuzz" tests="\(cases.count)" failures="\(failures)" errors="0" skipped="\(skipped)">
        <testsuite name="\(escaped(suite))" tests="\(cases.count)" failures="\(failures)" errors="0" skipped="\(skipped)" time="\(String(format: "%.3f", report.campaign.durationSeconds))">
          <properties>
            <property name="semantics" value="\(escaped(report.campaign.semantics ?? "navfuzz"))"/>\(contractProperties(report.campaign))
          </properties>
      \(lines.joined(separator: "\n"))
        </testsuite>
      </testsuites>

      """
  }
}

/// The same, for a pull-request comment.
enum MarkdownReport {
  static func render(_ report: CampaignReport) -> String {
    var lines: [String] = []
    let verdict = (report.passed ? "✅ " : "❌ ") + report.verdict
    lines.append("# navfuzz: \(verdict)")
    lines.append("")
    let campaign = report.campaign
    lines.append(
      "\(campaign.kind == "campaign" ? "Campaign" : "Replay") of topology `\(campaign.topology)` against engine `\(campaign.engine)`"
        + ", judged by semantics `\(campaign.semantics ?? "navfuzz")`"
        + (campaign.seed.map { ", seed \($0)" } ?? "") + ": \(report.totals.runs) \(campaign.kind == "replay" ? "traces" : "runs"), \(report.totals.steps) steps "
        + "(\(report.totals.skippedSteps) skipped), \(report.coverage.distinctStates) distinct states"
        + (report.coverage.minDistinctStates.map { " (--min-distinct-states \($0))" } ?? "") + ", "
        + String(format: "%.2f s, %.0f actions/s.", campaign.durationSeconds, report.totals.actionsPerSecond))
    for line in campaign.notChecked ?? [] { lines.append("\n**Not checked:** \(line).") }
    if let warnings = report.coverage.uikitWarnings, warnings > 0 {
      lines.append("\n**UIKit warnings (log only, not checked):** \(warnings).")
    }
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
    if campaign.kind == "campaign" {
      lines += defectSections(report)
    } else {
      for failure in report.failures { lines += section(for: failure, heading: "## `\(failure.invariant)`: \(failure.explanation)", report: report) }
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

extension MarkdownReport {
  /// A campaign's defects: a table of all of them, then a section per new defect with its
  /// shortest failure; known ones are listed in the table only.
  static func defectSections(_ report: CampaignReport) -> [String] {
    guard !report.defects.isEmpty else { return [] }
    var lines = ["", "| defect | signature | failing runs | first run seed | shortest | |", "| --- | --- | ---: | --- | ---: | --- |"]
    for defect in report.defects {
      let note = defect.known ? "known: \(defect.knownReason ?? "")" : defect.race ? "race" : "new"
      lines.append(
        "| `\(defect.shortID)` | `\(defect.signature)` | \(defect.count) | \(defect.firstRunSeed) | \(defect.shortestSteps.map(String.init) ?? "-") | \(note) |")
    }
    for defect in report.newDefects {
      guard let failure = report.failures.first(where: { $0.defect == defect.id }) else { continue }
      var section = section(
        for: failure, heading: "## Defect `\(defect.shortID)`: \(defect.explanation ?? defect.signature)", report: report)
      var preface = ["", "Signature `\(defect.signature)`; \(defect.counts)."]
      if defect.race { preface += ["", "**Race:** needs \(defect.raceNeeds.joined(separator: ", "))."] }
      section.insert(contentsOf: preface, at: 2)
      lines += section
    }
    return lines
  }

  /// One failure: heading, the other invariants its trace breaks, the trace, expected vs actual.
  static func section(for failure: CampaignReport.Failure, heading: String, report: CampaignReport) -> [String] {
    var lines: [String] = ["", heading]
    if !failure.alsoViolated.isEmpty {
      lines.append("")
      lines.append("The same trace also violates " + failure.alsoViolated.map { "`\($0)`" }.joined(separator: ", ") + ".")
    }
    if let warning = failure.warning {
      lines.append("")
      lines.append("> **Warning:** \(warning).")
    }
    if let note = Violation.inferredRulesNote(failure.restsOnInferredRules ?? []) {
      lines.append("")
      lines.append("> **Double-check:** this verdict \(note).")
    }
    lines.append("")
    lines.append("\(report.stepsSentence(failure)) Replay: `\(failure.replayCommand)`")
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
    return lines
  }
}

extension Array {
  subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

extension String {
  func ifEmpty(_ replacement: String) -> String { isEmpty ? replacement : self }
}
