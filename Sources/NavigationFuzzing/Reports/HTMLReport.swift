import Foundation

/// A self-contained page (no network, no external assets) that shows each failure as a picture:
/// the screens at every step of the shrunk trace, drawn as phones, the breaking step in red, the
/// model beside each screen, then expected against actual.
enum HTMLReport {
  static func render(_ report: CampaignReport) -> String {
    var body: [String] = []
    let campaign = report.campaign
    let verdict = report.verdict.prefix(1).uppercased() + report.verdict.dropFirst()
    body.append("<header class=\"\(report.passed ? "ok" : "bad")\"><h1>navfuzz — \(escaped(verdict))</h1>")
    body.append(
      "<p>\(campaign.kind == "campaign" ? "Campaign" : "Replay") of topology <code>\(escaped(campaign.topology))</code> against engine <code>\(escaped(campaign.engine))</code>"
        + ", judged by semantics <code>\(escaped(campaign.semantics ?? "navfuzz"))</code>"
        + (campaign.seed.map { ", seed <code>\($0)</code>" } ?? "") + "</p>")
    for line in campaign.notChecked ?? [] { body.append("<p><strong>Not checked:</strong> \(escaped(line)).</p>") }
    for allowance in campaign.allowed ?? [] {
      body.append(
        "<p><strong>Allowed:</strong> <code>\(escaped(allowance.invariant))</code> violations are accepted because \(escaped(allowance.reason)).</p>")
    }
    body.append("</header>")
    body.append("<section class=\"summary\">")
    for (label, value) in [
      (campaign.kind == "replay" ? "traces" : "runs", "\(report.totals.runs)"), ("steps", "\(report.totals.steps)"),
      ("skipped", "\(report.totals.skippedSteps)"),
      (
        "distinct states" + (report.coverage.minDistinctStates.map { " (floor \($0))" } ?? ""),
        "\(report.coverage.distinctStates)"
      ),
      ("actions/s", String(format: "%.0f", report.totals.actionsPerSecond)),
      ("duration", String(format: "%.2f s", campaign.durationSeconds)),
    ] {
      body.append("<div class=\"stat\"><b>\(escaped(value))</b><span>\(escaped(label))</span></div>")
    }
    body.append("</section>")
    if !report.coverage.floorMet {
      body.append(
        "<p class=\"warning\">Explored too little: \(report.coverage.distinctStates) distinct states, below the floor of \(report.coverage.minDistinctStates ?? 0).</p>"
      )
    }
    if !report.defects.isEmpty {
      body.append(
        "<h2>Defects</h2><table><tr><th>defect</th><th>signature</th><th>failing runs</th><th>first run seed</th><th>shortest</th><th></th></tr>")
      for defect in report.defects {
        let note = defect.known ? "known: \(defect.knownReason ?? "")" : defect.race ? "race" : "new"
        body.append(
          "<tr class=\"\(defect.known ? "" : "bad")\"><td><code>\(escaped(defect.shortID))</code></td><td><code>\(escaped(defect.signature))</code></td><td class=\"n\">\(defect.count)</td><td>\(escaped(defect.firstRunSeed))</td><td class=\"n\">\(defect.shortestSteps.map(String.init) ?? "-")</td><td>\(escaped(note))</td></tr>"
        )
      }
      body.append("</table>")
    }
    for (index, failure) in report.failures.enumerated() {
      let defect = report.defects.first { $0.id == failure.defect }
      body.append(render(failure, number: index + 1, steps: report.stepsSentence(failure), defect: defect))
    }
    body.append("<h2>Invariants</h2><table><tr><th>invariant</th><th>what it means</th><th>checks</th><th>violations</th></tr>")
    for invariant in report.invariants {
      body.append(
        "<tr class=\"\(invariant.violations > 0 ? "bad" : "")\"><td><code>\(escaped(invariant.id))</code></td><td>\(escaped(invariant.summary))</td><td class=\"n\">\(invariant.checks)</td><td class=\"n\">\(invariant.violations)</td></tr>"
      )
    }
    body.append("</table>")
    body.append(coverage(report.coverage))
    return """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>navfuzz report</title>
      <style>\(style)</style></head>
      <body>
      \(body.joined(separator: "\n"))
      </body></html>

      """
  }

  private static func render(
    _ failure: CampaignReport.Failure, number: Int, steps: String, defect: CampaignReport.DefectEntry?
  ) -> String {
    var html: [String] = []
    if let defect {
      html.append("<section class=\"failure\"><h2>\(number). Defect <code>\(escaped(defect.shortID))</code></h2>")
      html.append("<p class=\"explanation\">\(escaped(defect.explanation ?? defect.signature))</p>")
      html.append("<p>Signature <code>\(escaped(defect.signature))</code>; \(escaped(defect.counts)).</p>")
      if defect.race {
        html.append("<p class=\"warning\"><strong>Race:</strong> needs \(escaped(defect.raceNeeds.joined(separator: ", "))).</p>")
      }
    } else {
      html.append("<section class=\"failure\"><h2>\(number). <code>\(escaped(failure.invariant))</code></h2>")
      html.append("<p class=\"explanation\">\(escaped(failure.explanation))</p>")
    }
    if !failure.alsoViolated.isEmpty {
      html.append(
        "<p>The same trace also violates " + failure.alsoViolated.map { "<code>\(escaped($0))</code>" }.joined(separator: ", ") + ".</p>")
    }
    if let warning = failure.warning {
      html.append("<p class=\"warning\"><strong>Warning:</strong> \(escaped(warning)).</p>")
    }
    if let note = Violation.inferredRulesNote(failure.restsOnInferredRules ?? []) {
      html.append("<p class=\"warning\"><strong>Double-check:</strong> this verdict \(escaped(note)).</p>")
    }
    html.append("<p>\(escaped(steps)) Replay: <code>\(escaped(failure.replayCommand))</code></p>")
    html.append("<div class=\"timeline\">")
    for frame in failure.timeline {
      let broke = !frame.violations.isEmpty
      html.append("<figure class=\"\(broke ? "broke" : "")\">")
      html.append(phone(frame.screen, highlighted: broke))
      html.append("<figcaption><b>\(frame.index + 1).</b> <code>\(escaped(frame.step))</code>")
      if broke { html.append("<br><span class=\"tag\">\(escaped(frame.violations.joined(separator: ", ")))</span>") }
      html.append(
        "<ul class=\"model\">" + (frame.model.isEmpty ? "<li class=\"empty\">(model empty)</li>" : frame.model.map { "<li>\(escaped($0))</li>" }.joined())
          + "</ul></figcaption></figure>")
    }
    html.append("</div>")
    if !failure.expectedScreen.isEmpty || !failure.actualScreen.isEmpty {
      html.append("<div class=\"diff\">")
      html.append(column("expected", screen: failure.expectedScreen, model: failure.expectedModel, other: failure.actualScreen + failure.actualModel))
      html.append(column("actual", screen: failure.actualScreen, model: failure.actualModel, other: failure.expectedScreen + failure.expectedModel))
      html.append("</div>")
    }
    html.append("<details><summary>trace</summary><pre>\(escaped(failure.trace))</pre></details></section>")
    return html.joined(separator: "\n")
  }

  private static func column(_ title: String, screen: [String], model: [String], other: [String]) -> String {
    func item(_ line: String) -> String {
      "<li class=\"\(other.contains(line) ? "" : "changed")\">\(escaped(line))</li>"
    }
    return "<div><h3>\(title)</h3><h4>screen</h4><ul>\(screen.map(item).joined())</ul><h4>model</h4><ul>"
      + (model.isEmpty ? "<li class=\"empty\">(empty)</li>" : model.map(item).joined()) + "</ul></div>"
  }

  /// A phone drawn in SVG: the root at the bottom, pushed screens stacked like cards, sheets rising
  /// from the bottom, covers filling the screen, alerts and popovers as boxes in the middle.
  static func phone(_ entries: [String], highlighted: Bool) -> String {
    let width = 150.0, height = 260.0
    var shapes: [String] = []
    shapes.append(
      "<rect x=\"1\" y=\"1\" width=\"\(width - 2)\" height=\"\(height - 2)\" rx=\"18\" class=\"device\(highlighted ? " broke" : "")\"/>")
    let inner = (x: 8.0, y: 16.0, w: width - 16, h: height - 32)
    var pushDepth = 0
    var modalDepth = 0
    for entry in entries {
      let style = entry.split(separator: ":").first.map(String.init) ?? entry
      let label = entry.split(separator: ":", maxSplits: 1).dropFirst().first.map(String.init) ?? "root"
      var frame = inner
      var kind = "screen"
      switch style {
      case "root": break
      case "push":
        pushDepth += 1
        frame.x += Double(pushDepth) * 5
        frame.w -= Double(pushDepth) * 5
        kind = "push"
      case "sheet":
        modalDepth += 1
        let inset = 22.0 + Double(modalDepth) * 8
        frame = (inner.x + 2, inner.y + inset, inner.w - 4, inner.h - inset)
        pushDepth = 0
        kind = "sheet"
      case "cover":
        // Inset from the top, so what it covers (a pushed screen's label) still shows.
        modalDepth += 1
        let inset = 14.0 + Double(modalDepth) * 6
        frame = (inner.x + 1, inner.y + inset, inner.w - 2, inner.h - inset)
        pushDepth = 0
        kind = "cover"
      case "popover":
        frame = (inner.x + 18, inner.y + 40, inner.w - 36, 80)
        kind = "popover"
      default:  // alert, dialog
        frame = (inner.x + 14, inner.y + inner.h / 2 - 35, inner.w - 28, 70)
        kind = "alert"
      }
      shapes.append(
        "<rect x=\"\(frame.x)\" y=\"\(frame.y)\" width=\"\(frame.w)\" height=\"\(frame.h)\" rx=\"\(kind == "sheet" ? 10 : 4)\" class=\"\(kind)\"/>")
      let text = label.count > 22 ? String(label.prefix(21)) + "…" : label
      shapes.append(
        "<text x=\"\(frame.x + 6)\" y=\"\(frame.y + 14)\" class=\"label\">\(escaped(style == "root" ? "root" : "\(style): \(text)"))</text>")
    }
    return "<svg viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\" role=\"img\">"
      + shapes.joined() + "</svg>"
  }

  private static func coverage(_ coverage: CampaignReport.Coverage) -> String {
    var html = ["<h2>Coverage</h2><div class=\"coverage\">"]
    func bars(_ title: String, _ counts: [CampaignReport.Count]) -> String {
      let top = max(counts.map(\.count).max() ?? 1, 1)
      let rows = counts.map { count in
        "<tr><td><code>\(escaped(count.name))</code></td><td class=\"bar\"><span style=\"width:\(Int(Double(count.count) / Double(top) * 100))%\"></span></td><td class=\"n\">\(count.count)</td></tr>"
      }
      return "<div><h3>\(title)</h3><table>\(rows.joined())</table></div>"
    }
    html.append(bars("actions", coverage.actions))
    html.append(bars("screen depth at quiescence", coverage.screenDepths))
    html.append(bars("most frequent action pairs", Array(coverage.actionPairs.sorted { $0.count > $1.count }.prefix(15))))
    if !coverage.skipReasons.isEmpty { html.append(bars("skipped steps", coverage.skipReasons)) }
    html.append("</div>")
    html.append(
      "<p>\(coverage.actionPairs.count) distinct action pairs; \(coverage.distinctStates) distinct states; \(coverage.deferredStackChanges) deferred stack changes\(coverage.uikitWarnings.map { "; \($0) UIKit warnings (log only)" } ?? "").</p>")
    return html.joined(separator: "\n")
  }

  private static let style = """
    body{font:14px/1.45 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;margin:0 auto;max-width:1200px;padding:0 24px 48px;color:#1d1d1f}
    header{padding:18px 0;border-bottom:4px solid #2e7d32}header.bad{border-color:#c62828}h1{margin:0 0 4px}
    code,pre{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12.5px}pre{background:#f5f5f7;padding:12px;border-radius:6px;overflow:auto}
    .summary{display:flex;gap:12px;flex-wrap:wrap;margin:16px 0}.stat{background:#f5f5f7;border-radius:8px;padding:8px 14px;min-width:90px}
    .stat b{display:block;font-size:20px}.stat span{color:#6e6e73;font-size:12px}
    .failure{border:1px solid #e0e0e0;border-radius:10px;padding:4px 16px 12px;margin:20px 0}.explanation{font-weight:600;color:#c62828}
    .timeline{display:flex;gap:14px;overflow-x:auto;padding:8px 0}figure{margin:0;flex:0 0 170px}figure.broke figcaption{color:#c62828}
    figcaption{font-size:12px;margin-top:4px}.tag{background:#c62828;color:#fff;border-radius:4px;padding:0 5px;font-size:11px}
    ul.model{list-style:none;padding:0;margin:4px 0 0;color:#424245}ul.model li{font-family:ui-monospace,Menlo,monospace;font-size:11px}
    .empty{color:#8e8e93}.device{fill:#fff;stroke:#1d1d1f;stroke-width:2}.device.broke{stroke:#c62828;stroke-width:4}
    .screen{fill:#eef3fb;stroke:#90a4c8}.push{fill:#e3f2e6;stroke:#6aa57a}.sheet{fill:#fff4de;stroke:#d49a2a}.cover{fill:#f3e5f5;stroke:#9c64a6}
    .alert{fill:#fff;stroke:#444;stroke-width:1.5}.popover{fill:#e0f7fa;stroke:#26a1b3}.label{font:9px ui-monospace,Menlo,monospace;fill:#1d1d1f}
    .diff{display:flex;gap:24px}.diff>div{flex:1}.diff ul{padding-left:18px}.diff li.changed{background:#ffebee;color:#b71c1c}
    table{border-collapse:collapse;margin:8px 0}td,th{border-bottom:1px solid #e5e5ea;padding:4px 10px;text-align:left}td.n{text-align:right}
    tr.bad td{background:#ffebee}.coverage{display:flex;gap:24px;flex-wrap:wrap}.bar{width:160px}.bar span{display:block;height:10px;background:#5e8fd6;border-radius:3px}
    .warning{background:#fff3cd;padding:8px 12px;border-radius:6px}
    """
}
