import Foundation
@testable import NavFuzzEngines
@testable import NavigationFuzzing
@_spi(Rules) import StateDrivenNavigation
import Testing

/// Known-defect baselines: the file, a campaign judged by one, and runs that search past the
/// defects it knows.
@MainActor
@Suite struct DefectBaselineTests {
  /// The built-in engine with two unrelated bugs put back: alerts never run `onDismiss`
  /// (`alert-no-ondismiss`, in about half the runs) and a modal stays when its presenter is popped
  /// (`modal-outlives-presenter`, in a few runs in a hundred).
  static let twoBugs = EngineChoice(
    name: "alert-no-ondismiss+modal-outlives-presenter", summary: "two unrelated bugs",
    make: {
      var rules = EngineRules()
      rules.runsOnDismissForAlerts = false
      rules.dismissesModalsOfDepartedPresenter = false
      return StateDrivenEngine(rules: rules)
    })

  static let alertDefect = "ondismiss-exactly-once: a · presentations: · entered, · on screen, but onDismiss ran · time(s), too few"
  static let modalDefect = "reference-agreement: the screen shows a presentation the reference does not"

  func campaign(_ engine: EngineChoice, seed: UInt64 = 1, runs: Int, baseline: DefectBaseline? = nil, searching: Bool = true)
    -> Campaign.Result
  {
    var options = Campaign.Options()
    options.seed = seed
    options.runs = runs
    options.baseline = baseline
    options.searchesPastKnownDefects = searching
    return Campaign(topology: .basic, engine: engine, options: options).run()
  }

  /// The baseline of the alert bug alone, as `--update-baseline` records it.
  func alertBaseline(_ alone: Campaign.Result? = nil) -> DefectBaseline {
    let alone = alone ?? campaign(BuiltInEngines.named("alert-no-ondismiss")!, runs: 40)
    return DefectBaseline().recording(alone.defects, reason: "alerts run no onDismiss yet (#257)")
  }

  @Test func aFileReadsBackAsItWasWrittenInAFixedOrder() throws {
    let alone = campaign(BuiltInEngines.named("alert-no-ondismiss")!, runs: 40)
    let baseline = alertBaseline(alone)
    #expect(baseline.entries.map(\.signature.description) == [Self.alertDefect])
    let text = baseline.print()
    #expect(text.hasPrefix("navfuzz-baseline 1\n"))
    #expect(text.contains("  reason alerts run no onDismiss yet (#257)\n"))
    // The example is the defect's shortest trace, whole, on one line: which run fails first and
    // how far its shrink gets are the campaign's to decide, not the file's.
    let shortest = try #require(alone.defects.first?.shortest).shrunk.actions
    let example = shortest.map { TraceFormat.line(for: $0, spec: Topology.basic.spec) }.joined(separator: " · ")
    #expect(example.hasPrefix("set ") && example.contains("alert ") && example.hasSuffix(" · settle"), "\(example)")
    #expect(text.contains("  example basic: \(example)\n"), "\(text)")
    let read = try DefectBaseline.parse(text, source: "known.baseline")
    #expect(read == baseline)
    #expect(read.print() == text)
    // Recording again adds nothing; recording another defect adds its entry, the old one kept.
    #expect(read.recording(campaign(BuiltInEngines.named("alert-no-ondismiss")!, runs: 40).defects, reason: "x") == read)
    let more = read.recording(campaign(Self.twoBugs, runs: 150).defects, reason: "modals outlive their presenter (#192)")
    #expect(Set(more.entries.map(\.signature.description)) == [Self.alertDefect, Self.modalDefect])
    #expect(more.entry(forID: baseline.entries[0].id)?.reason == "alerts run no onDismiss yet (#257)")
    #expect(try DefectBaseline.parse(more.print()).print() == more.print())
  }

  @Test(arguments: [
    ("", 1, "empty file"),
    ("defect 0ad5d85eae02b497\n", 1, "expected the header"),
    ("navfuzz-baseline 1\nreason x\n", 2, "'reason' before the first 'defect' line"),
    ("navfuzz-baseline 1\ndefect 0AD5\n", 2, "16 lowercase hex digits"),
    ("navfuzz-baseline 1\n# known\ndefect 0ad5d85eae02b497\n  signature state-ui-consistency: · holds an item but no controller on screen shows it\n", 3, "no 'reason' line"),
    ("navfuzz-baseline 1\ndefect 0ad5d85eae02b497\n  reason r\n", 2, "no 'signature' line"),
    ("navfuzz-baseline 1\ndefect 0ad5d85eae02b497\n  signature state-ui-consistency: other\n  reason r\n", 3, "this signature's id is"),
    ("navfuzz-baseline 1\ndefect 0ad5d85eae02b497\n  signature nothing: x\n", 3, "a signature reads 'INVARIANT: CHECK'"),
    ("navfuzz-baseline 1\ndefect 0ad5d85eae02b497\n  reason\n", 3, "'reason' needs the reason"),
    ("navfuzz-baseline 1\ndefect 0ad5d85eae02b497\n  because r\n", 3, "unknown line 'because'"),
    (
      "navfuzz-baseline 1\ndefect 0ad5d85eae02b497\n  signature state-ui-consistency: · holds an item but no controller on screen shows it\n  reason r\ndefect 0ad5d85eae02b497\n",
      5, "listed twice (first at line 2)"
    ),
    ("navfuzz-baseline 1\n\u{0}\n", 1, "binary data"),
  ])
  func aMalformedFileIsAnErrorAtItsLine(_ text: String, _ line: Int, _ message: String) {
    let error = #expect(throws: TraceError.self) { try DefectBaseline.parse(text, source: "known.baseline") }
    #expect(error?.file == "known.baseline")
    #expect(error?.line == line, "\(String(describing: error))")
    #expect(error?.message.contains(message) == true, "\(String(describing: error))")
  }

  /// With the alert bug known, the two-bug engine fails only on the modal bug; the alert bug is
  /// reported apart, with its reason, and counted.
  @Test func knownDefectsAreReportedApartAndOnlyNewOnesFail() {
    let result = campaign(Self.twoBugs, runs: 150, baseline: alertBaseline())
    #expect(result.newDefects.map(\.signature.description) == [Self.modalDefect])
    #expect(result.knownDefects.map(\.signature.description) == [Self.alertDefect])
    #expect(result.knownDefects[0].knownReason == "alerts run no onDismiss yet (#257)")
    #expect(result.knownDefects[0].count > 10)
    #expect(result.failures.count == 1)
    // Listed new first.
    #expect(result.defects.map(\.isKnown) == [false, true])
    let check = NavFuzz.check(engine: Self.twoBugs, runs: 150, baseline: alertBaseline())
    #expect(!check.passed)
    #expect(check.failures.count == 1)
  }

  /// A run that reaches a known defect steps back and goes on; most runs then end clean or with
  /// the next defect, instead of ending at the known one.
  @Test func runsGoOnPastKnownDefects() {
    let baseline = alertBaseline()
    let searching = campaign(Self.twoBugs, runs: 80, baseline: baseline)
    let known = searching.knownDefects[0]
    #expect(known.instances.contains { $0.searchedPast })
    // Searched past, not shrunk: the runs that only reached it have no failure of their own.
    #expect(known.instances.filter(\.searchedPast).count > known.instances.count / 2)
    let stopping = campaign(Self.twoBugs, runs: 80, baseline: baseline, searching: false)
    #expect(stopping.knownDefects[0].instances.allSatisfy { !$0.searchedPast })
  }

  /// The measurement: with the dominant defect baselined, the run that first shows the rare one
  /// comes sooner than when every run that meets the dominant one ends there.
  @Test func theNextDefectSurfacesSoonerWithTheDominantOneBaselined() {
    let baseline = alertBaseline()
    func firstRun(seed: UInt64, searching: Bool) -> Int {
      let result = campaign(Self.twoBugs, seed: seed, runs: 250, baseline: baseline, searching: searching)
      return result.newDefects.first { $0.signature.description == Self.modalDefect }?.instances[0].runIndex ?? 250
    }
    let seeds: [UInt64] = [1, 2, 3, 4, 5, 6]
    let searching = seeds.map { firstRun(seed: $0, searching: true) }
    let stopping = seeds.map { firstRun(seed: $0, searching: false) }
    print("runs to the second defect, searching past the first: \(searching); stopping at it: \(stopping)")
    #expect(searching.reduce(0, +) < stopping.reduce(0, +), "searching \(searching), stopping \(stopping)")
  }

  // MARK: Issue 37: no lost work, clear words

  /// A baseline from a Windows checkout (CRLF line ends, a last line ending in a bare CR) was
  /// refused at line 1, its whole text quoted as the "header": "\r\n" is one Character, so
  /// splitting on "\n" found one line.
  @Test func aBaselineWithCRLFLineEndsReadsAsItsLFTwin() throws {
    let text = alertBaseline().print()
    let crlf = text.replacingOccurrences(of: "\n", with: "\r\n")
    #expect(try DefectBaseline.parse(crlf, source: "known.baseline") == DefectBaseline.parse(text))
    let lastLineCR = String(text.dropLast()) + "\r"
    #expect(try DefectBaseline.parse(lastLineCR, source: "known.baseline") == DefectBaseline.parse(text))
  }

  /// A message quotes the offending line, cut to a terminal's width, never the file.
  @Test func aMalformedBaselineQuotesItsLineCutShort() {
    let long = String(repeating: "x", count: 5_000)
    for text in ["\(long)\r\nsecond line\r\n", "navfuzz-baseline 1\r\ndefect \(long)\r\n"] {
      do {
        _ = try DefectBaseline.parse(text, source: "known.baseline")
        Issue.record("parsed: \(text.prefix(40))")
      } catch {
        #expect(error.description.count < 300, "\(error.description.count) characters: \(error.description.prefix(400))")
        #expect(!error.description.contains("second line"), "\(error.description.prefix(400))")
        #expect(error.description.contains("xxxx…"), "\(error.description.prefix(400))")
      }
    }
  }

  /// Two `run --update-baseline` on one file at once both said they had recorded their defect;
  /// the file kept the last writer's alone (each read the file when it started and wrote it when
  /// it ended). Now each re-reads the file under a lock and adds to what is there.
  @Test func twoRecordingRunsOnOneFileAtOnceKeepBothDefects() throws {
    let folder = try CommandLineTests.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let mutants = ["no-write-back", "alert-no-ondismiss"]
    let started = try mutants.map { engine in
      try RobustnessTests.start(
        [
          "run", "--topology", "basic", "--engine", engine, "--runs", "100", "--jobs", "1", "--out", "failures-\(engine)",
          "--baseline", "known.baseline", "--update-baseline", "--reason", "recorded by \(engine)",
        ], in: folder, outputNamed: engine)
    }
    for run in started {
      guard run.end(within: 300, "run --update-baseline") else { return }
      #expect(run.process.terminationStatus == 0, "\(run.stdout)\(run.stderr)")
      #expect(run.stdout.contains(" recorded by this run"), "\(run.stdout)")
    }
    let text = try String(contentsOf: folder.appendingPathComponent("known.baseline"), encoding: .utf8)
    let baseline = try DefectBaseline.parse(text, source: "known.baseline")
    #expect(Set(baseline.entries.map(\.reason)) == Set(mutants.map { "recorded by \($0)" }), "\(text)")
  }
}

