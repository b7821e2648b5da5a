import Foundation
import NavFuzzEngines
import NavigationFuzzing
import Testing

/// The command line speaks in defects: a line per defect, `--baseline` and `--update-baseline`,
/// `--verbose`, and the same defects whatever `--jobs`.
@Suite struct DefectCommandLineTests {
  typealias CLI = CommandLineTests

  /// Record mode, then a run judged by the file, then an engine with a new bug: exit 0, 0, 1,
  /// and the last names only the new defect.
  @Test func aBaselineRecordedThenReadPassesAndANewBugFailsNamingOnlyIt() throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let campaign = ["run", "--topology", "basic", "--runs", "40", "--jobs", "1"]
    let recorded = try CLI.run(
      campaign + [
        "--engine", "identity-ignored", "--baseline", "known.baseline", "--update-baseline", "--reason", "stale screens yet",
      ], in: folder)
    #expect(recorded.status == 0, "\(recorded.stdout)\(recorded.stderr)")
    #expect(recorded.stdout.contains("baseline: known.baseline now lists 1 known defect(s), 1 recorded by this run"))
    let file = try String(contentsOf: folder.appendingPathComponent("known.baseline"), encoding: .utf8)
    let baseline = try DefectBaseline.parse(file)
    #expect(baseline.entries.map(\.reason) == ["stale screens yet"])
    let known = baseline.entries[0].signature

    let judged = try CLI.run(campaign + ["--engine", "identity-ignored", "--baseline", "known.baseline"], in: folder)
    #expect(judged.status == 0, "\(judged.stdout)\(judged.stderr)")
    #expect(judged.stdout.contains("result: 1 known defect(s) in "), "\(judged.stdout)")
    #expect(judged.stdout.contains("  known \(known.shortID)  "), "\(judged.stdout)")
    #expect(!judged.stdout.contains("  defect "), "\(judged.stdout)")

    // The known defect and a new one: a push dismissed instead of popped stays on screen (the
    // screen shows what the reference does not, as a screen kept under an old id does), and,
    // inside a sheet, takes the sheet with it.
    let newBug = try CLI.run(
      campaign + ["--engine", "push-dismissed-not-popped", "--baseline", "known.baseline", "--report", "report"], in: folder)
    #expect(newBug.status == 1, "\(newBug.stdout)\(newBug.stderr)")
    let printed = newBug.stdout.split(separator: "\n").filter { $0.hasPrefix("  defect ") }
    #expect(printed.count == 1, "\(newBug.stdout)")
    #expect(!printed.contains { $0.contains(known.shortID) }, "\(newBug.stdout)")
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("report/report.json")))
    let defects = try #require((json as? [String: Any])?["defects"] as? [[String: Any]])
    #expect(defects.map { $0["known"] as? Bool } == [false, true])
    #expect(defects.allSatisfy { $0["id"] is String && $0["count"] is Int && $0["invariants"] is [String] && $0["race"] is Bool })
    #expect(defects[1]["id"] as? String == known.id)
    let markdown = try String(contentsOf: folder.appendingPathComponent("report/report.md"), encoding: .utf8)
    let newID = try #require(defects[0]["id"] as? String)
    #expect(markdown.contains("## Defect `\(newID.prefix(8))`: "), "\(markdown)")
    #expect(markdown.contains("| `\(known.shortID)` | `\(known.description)` |"), "\(markdown)")
    let junit = try String(contentsOf: folder.appendingPathComponent("report/junit.xml"), encoding: .utf8)
    #expect(junit.contains("name=\"defect \(known.shortID) "))
    #expect(junit.contains("<skipped message=\"known defect"))
  }

  @Test func aMalformedBaselineIsAnErrorAtItsLineExitTwo() throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    try CLI.write("navfuzz-baseline 1\ndefect 0ad5d85eae02b497\n  reason\n", to: "bad.baseline", in: folder)
    let bad = try CLI.run(["run", "--topology", "basic", "--runs", "5", "--baseline", "bad.baseline"], in: folder)
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("bad.baseline:3: error: 'reason' needs the reason"), "\(bad.stderr)")
    let missing = try CLI.run(["run", "--topology", "basic", "--runs", "5", "--baseline", "none.baseline"], in: folder)
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("none.baseline:1: error: no such file"), "\(missing.stderr)")
    let noReason = try CLI.run(["run", "--topology", "basic", "--runs", "5", "--baseline", "b", "--update-baseline"], in: folder)
    #expect(noReason.status == 2)
    #expect(noReason.stderr.contains("--update-baseline needs --reason"), "\(noReason.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("b").path))
  }

  /// One line per defect (count, first run seed, shortest length, invariants), then each new
  /// defect's shortest trace; `--verbose` adds every failing run; `--jobs` changes nothing.
  @Test func theSummaryListsDefectsAndIsTheSameWhateverTheJobs() throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let campaign = ["run", "--topology", "basic", "--engine", "push-dismissed-not-popped", "--runs", "40"]
    let one = try CLI.run(campaign + ["--jobs", "1"], in: folder)
    let two = try CLI.run(campaign + ["--jobs", "2"], in: folder)
    #expect(one.status == 1)
    #expect(two.stdout == one.stdout)
    let lines = one.stdout.split(separator: "\n").map(String.init)
    let result = try #require(lines.first { $0.hasPrefix("result: ") })
    let count = try #require(Int(result.dropFirst("result: ".count).prefix { $0.isNumber }))
    #expect(count >= 2, "\(one.stdout)")
    let defectLines = lines.filter { $0.range(of: #"^  [0-9a-f]{8}  \d+ run\(s\), first run seed \d+, shortest \d+ steps, invariants "#, options: .regularExpression) != nil }
    #expect(defectLines.count == count, "\(one.stdout)")
    #expect(lines.filter { $0.hasPrefix("  defect ") }.count == count)
    #expect(lines.filter { $0.hasPrefix("    signature ") }.count == count)
    let verbose = try CLI.run(campaign + ["--jobs", "1", "--verbose"], in: folder)
    let runs = verbose.stdout.split(separator: "\n").filter { $0.hasPrefix("    - basic run ") }
    let failing = defectLines.compactMap { Int($0.dropFirst(12).prefix { $0.isNumber }) }.reduce(0, +)
    #expect(runs.count == failing, "\(verbose.stdout)")
  }
}
