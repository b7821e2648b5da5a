import Foundation
import NavFuzzEngines
import NavigationFuzzing
import Testing

/// The tables the docs keep of what the code has — the mutants, the topologies a rotation runs,
/// the exit codes — checked against the code, as `GuideTests` checks GUIDE's blocks: a mutant,
/// topology or exit code added without its row fails here.
@MainActor
@Suite struct DocsTablesTests {
  static func document(_ path: String) throws -> String {
    try String(contentsOf: GuideTests.root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The cells of each row of the Markdown table whose header row starts with `firstHeader`.
  static func table(in text: String, headedBy firstHeader: String) -> [[String]] {
    let lines = text.components(separatedBy: "\n")
    guard let header = lines.firstIndex(where: { $0.hasPrefix("| \(firstHeader) |") }) else { return [] }
    return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { line in
      line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
        .map { $0.trimmingCharacters(in: .whitespaces) }
    }
  }

  @Test func theMutantsTableHasEveryMutantInOrderWithTheInvariantThatCatchesIt() throws {
    let rows = Self.table(in: try Self.document("docs/MUTANTS.md"), headedBy: "mutant")
    #expect(rows.map { $0[0] } == BuiltInEngines.mutants.map(\.name))
    #expect(rows.map { $0[1] } == BuiltInEngines.mutants.map { $0.expectedInvariant?.rawValue ?? "?" })
  }

  @Test func theRotationSampleRunsEveryBuiltInTopologyInOrder() throws {
    let reports = try Self.document("docs/REPORTS.md")
    let sample = try #require(
      reports.components(separatedBy: "```\nnavfuzz run: ").dropFirst().first { $0.contains(" topologies in turn,") })
    let lines = sample.components(separatedBy: "\n")
    #expect(lines[0].hasPrefix("\(Topology.builtIn.count) topologies in turn,"))
    let topologyLines = lines.dropFirst().prefix { !$0.hasPrefix("  each line above") }
    #expect(topologyLines.map { String($0.split(separator: " ")[0]) } == Topology.builtIn.map(\.name))
  }

  @Test func everyExitCodeIsInTheOneTableAndTheHelpNamesEachOfThem() throws {
    let rows = Self.table(in: try Self.document("docs/COMMANDS.md"), headedBy: "code")
    let codes = rows.compactMap { Int32($0[0]) }
    #expect(codes == [0, 1, 2, 130])
    let folder = try CommandLineTests.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let help = try CommandLineTests.run(["--help"], in: folder)
    #expect(help.status == 0)
    let line = try #require(help.stdout.components(separatedBy: "\n\n").first { $0.contains("Exit codes:") })
    let flat = line.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for code in codes { #expect(flat.contains(" \(code) "), "--help does not name exit code \(code): \(flat)") }
    #expect(flat.contains("docs/COMMANDS.md"))
    // The README names codes too, and links to the table for all of them.
    let readme = try Self.document("README.md")
    #expect(readme.contains("(docs/COMMANDS.md#exit-codes)"))
  }
}
