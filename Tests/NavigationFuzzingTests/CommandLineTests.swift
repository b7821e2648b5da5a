import Foundation
import Testing

/// Runs the built `navfuzz` (it sits next to the test bundle: `swift test` builds every product) on
/// inputs that once crashed it, lost its findings or misreported them.
@Suite struct CommandLineTests {
  struct Outcome {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static let binary: URL = {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    // Linux: .build/<triple>/debug/NavFuzzPackageTests.xctest; macOS: …/NavFuzzPackageTests.xctest/Contents/MacOS/….
    while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("navfuzz").path), folder.path != "/" {
      folder.deleteLastPathComponent()
    }
    return folder.appendingPathComponent("navfuzz")
  }()

  /// A fresh folder for one test's files; the test removes it when it ends (`defer`), so runs of
  /// the suite leave nothing behind in the temporary directory.
  static func scratch() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navfuzz-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Runs `navfuzz` (or `executable`, a shell that starts it) with `arguments` in `folder`.
  static func run(
    _ arguments: [String], in folder: URL, environment extra: [String: String] = [:], executable: String? = nil
  ) throws -> Outcome {
    try #require(FileManager.default.fileExists(atPath: binary.path), "navfuzz is not built next to the tests: \(binary.path)")
    let process = Process()
    process.executableURL = executable.map { URL(fileURLWithPath: $0) } ?? binary
    process.arguments = arguments
    process.currentDirectoryURL = folder
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    environment.merge(extra) { $1 }
    process.environment = environment
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Outcome(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }

  static func write(_ text: String, to name: String, in folder: URL) throws {
    let url = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  @Test func mutantsWithNoSeedsOrRunsIsAUsageErrorNotACrash() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    for arguments in [["mutants", "--seeds", "0"], ["mutants", "--runs", "0"], ["mutants", "--seeds", "-3"]] {
      let outcome = try Self.run(arguments, in: folder)
      #expect(outcome.status == 2, "\(arguments): \(outcome.stderr)")
      #expect(outcome.stderr.contains("must be at least 1"), "\(arguments): \(outcome.stderr)")
    }
  }

  @Test func mutantsWithAnUnknownProfileIsAUsageError() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try Self.run(["mutants", "--semantics", "uikit"], in: folder)
    #expect(outcome.status == 2, "\(outcome.stderr)")
    #expect(outcome.stderr.contains("unknown semantics 'uikit'"), "\(outcome.stderr)")
  }

  @Test func theVirtualClockSaturatesInsteadOfCrashing() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.write("navtrace 1\ntopology basic\nadvance 9223372036854775807\nadvance 1\nset presentedChild 1\nsettle\nexpect ok\n", to: "end-of-time.navtrace", in: folder)
    let outcome = try Self.run(["replay", "end-of-time.navtrace"], in: folder)
    #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
    #expect(outcome.stdout.contains("1 passed, 0 failed"))
  }

  @Test func badNumbersAreClearUsageErrors() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let cases: [([String], String)] = [
      (["run", "--runs", "-1"], "--runs must be at least 1, found -1"),
      (["run", "--seconds", "nan"], "--seconds must be a number of seconds above 0"),
      (["run", "--seconds", "0"], "--seconds must be a number of seconds above 0"),
      (["run", "--max-steps", "0"], "--max-steps must be at least 1"),
      (["explore", "--seconds", "-1"], "--seconds must be a number of seconds above 0"),
      (["explore", "--topology", "syncups-tree", "--symmetry"], "--symmetry: topology 'syncups-tree' has app feature code"),
    ]
    for (arguments, message) in cases {
      let outcome = try Self.run(arguments, in: folder)
      #expect(outcome.status == 2, "\(arguments)")
      #expect(outcome.stderr.contains(message), "\(arguments): \(outcome.stderr)")
    }
  }

  @Test func replayCountsMissingFilesOnceAndNeverNegative() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try Self.run(["replay", "missing1", "missing2", "missing3"], in: folder)
    #expect(outcome.status == 2)
    #expect(outcome.stdout.contains("0 passed, 0 failed, 3 unreadable"), "\(outcome.stdout)")
  }

  @Test func anUnknownEngineIsOneErrorAndATracesEngineLineIsLocated() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["a", "b", "c"] {
      try Self.write("navtrace 1\ntopology basic\nset presentedChild 1\n", to: "traces/\(name).navtrace", in: folder)
    }
    let once = try Self.run(["replay", "--engine", "nope", "traces"], in: folder)
    #expect(once.status == 2)
    #expect(once.stderr.components(separatedBy: "unknown engine 'nope'").count == 2, "\(once.stderr)")
    try Self.write("navtrace 1\n# recorded on\n\ntopology basic\nengine nope\nset presentedChild 1\n", to: "engine.navtrace", in: folder)
    let located = try Self.run(["replay", "engine.navtrace"], in: folder)
    #expect(located.status == 2)
    #expect(located.stderr.contains("engine.navtrace:5: error: unknown engine 'nope'"), "\(located.stderr)")
  }

  @Test func anEmptyCorpusFolderIsAnErrorAndSkippedFilesAreNamed() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("empty"), withIntermediateDirectories: true)
    let empty = try Self.run(["replay", "empty"], in: folder)
    #expect(empty.status == 2)
    #expect(empty.stderr.contains("empty: error: no .navtrace files in this folder"), "\(empty.stderr)")
    try Self.write("navtrace 1\ntopology basic\nexpect ok\n", to: "mixed/good.navtrace", in: folder)
    try Self.write("navtrace 1\ntopology basic\nexpect ok\n", to: "mixed/typo.navtrac", in: folder)
    let mixed = try Self.run(["replay", "mixed"], in: folder)
    #expect(mixed.status == 0)
    #expect(mixed.stderr.contains("skipped 1 file(s) that do not end in .navtrace: typo.navtrac"), "\(mixed.stderr)")
  }

  @Test func outputPathsAreCheckedBeforeTheCampaign() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.write("not a folder\n", to: "existing-file", in: folder)
    let out = try Self.run(["run", "--engine", "no-write-back", "--runs", "50", "--out", "existing-file"], in: folder)
    #expect(out.status == 2)
    #expect(out.stderr.contains("existing-file: error: --out names a file"), "\(out.stderr)")
    #expect(!out.stdout.contains("navfuzz run:"), "the campaign ran before the check")
    let report = try Self.run(["run", "--runs", "1", "--report", ""], in: folder)
    #expect(report.status == 2)
    #expect(report.stderr.contains("--report '': an empty path names no folder"), "\(report.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["existing-file"])
  }

  /// A bare relative name (no slash) is a folder to create here; Foundation's path helpers trap on
  /// it on Linux, so the check must not use them.
  @Test func aBareRelativeOutputNameIsCreatedNotACrash() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = try Self.run(["run", "--engine", "no-write-back", "--runs", "60", "--out", "found"], in: folder)
    #expect(out.status == 1, "\(out.stderr)")
    let saved = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("found").path)
    #expect(saved.contains { $0.hasSuffix(".navtrace") }, "\(saved)")
  }

  @Test func aFailurePrintsItsShrunkTraceInlineAndARerunBySeedRepeatsIt() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let found = try Self.run(["run", "--topology", "basic", "--engine", "no-write-back", "--runs", "60"], in: folder)
    #expect(found.status == 1)
    #expect(found.stdout.contains("    | navtrace 1"), "\(found.stdout)")
    let seed = try #require(found.stdout.components(separatedBy: "run seed ").dropFirst().first?.prefix { $0.isNumber })
    let again = try Self.run(
      ["run", "--topology", "basic", "--engine", "no-write-back", "--run-seed", String(seed), "--out", "again"], in: folder)
    #expect(again.status == 1)
    #expect(again.stdout.contains("1 runs of up to 32 steps"), "\(again.stdout)")
    #expect(again.stdout.contains("run seed \(seed)"))
  }

  @Test func fileTopologiesAppearInEveryReplayCommandAndShrinkTakesThem() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.write(
      """
      { "name": "shop", "root": "home", "screens": [
        { "name": "home", "slots": [ { "name": "detail", "style": "sheet", "screen": "home" } ] } ] }
      """, to: "shop.json", in: folder)
    let found = try Self.run(
      ["run", "--topology", "shop.json", "--engine", "no-write-back", "--runs", "80", "--report", "report"], in: folder)
    #expect(found.status == 1, "\(found.stderr)")
    #expect(found.stdout.contains("replay: swift run navfuzz replay --topology shop.json navfuzz-failures/shop-"), "\(found.stdout)")
    for name in ["report.json", "report.md", "report.html", "junit.xml"] {
      let text = try String(contentsOf: folder.appendingPathComponent("report/\(name)"), encoding: .utf8)
      #expect(text.contains("--topology shop.json"), "\(name)")
    }
    let saved = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("navfuzz-failures").path).first)
    let shrink = try Self.run(
      ["shrink", "--topology", "shop.json", "--exhaustive", "0", "navfuzz-failures/\(saved)"], in: folder)
    #expect(shrink.status == 1, "\(shrink.stderr)")
    #expect(shrink.stdout.contains("topology shop"), "\(shrink.stdout)")
  }

  @Test func importWritesIntoTheFailuresFolderNotBesideTheInput() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("crashes"), withIntermediateDirectories: true)
    try Data([1, 0, 2, 0, 14, 0, 3, 0, 1, 0, 14, 0]).write(to: folder.appendingPathComponent("crashes/crash-1"))
    let outcome = try Self.run(["import", "crashes/crash-1", "--engine", "no-write-back"], in: folder)
    let written = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("crashes").path)
    #expect(written == ["crash-1"], "\(outcome.stdout)")
    if outcome.status == 1 {
      #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("navfuzz-failures/imported-crash-1.navtrace").path))
    }
  }

  @Test func replayShowsAnExpectationDiffAndRecordModeRewritesIt() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.write(
      "navtrace 1\ntopology basic\n# hand-written\nset presentedChild 1\nsettle\nexpect screen root\nexpect state\n",
      to: "hand.navtrace", in: folder)
    let failing = try Self.run(["replay", "hand.navtrace"], in: folder)
    #expect(failing.status == 1)
    #expect(failing.stdout.contains("− expected  + actual"), "\(failing.stdout)")
    #expect(failing.stdout.contains("+ sheet:presentedChild#1"), "\(failing.stdout)")
    #expect(failing.stdout.contains("+ presentedChild=1"), "\(failing.stdout)")
    let recorded = try Self.run(["replay", "--record", "hand.navtrace"], in: folder)
    #expect(recorded.status == 0, "\(recorded.stderr)")
    let text = try String(contentsOf: folder.appendingPathComponent("hand.navtrace"), encoding: .utf8)
    #expect(text == "navtrace 1\ntopology basic\n# hand-written\nset presentedChild 1\nsettle\nexpect screen root sheet:presentedChild#1\nexpect state presentedChild=1\n")
    let passing = try Self.run(["replay", "hand.navtrace"], in: folder)
    #expect(passing.status == 0)
  }

  @Test func helpListsEveryTopology() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let help = try Self.run(["run", "--help"], in: folder)
    for name in ["basic", "counter", "stack", "syncups-tree", "syncups-stack"] {
      #expect(help.stdout.contains(name), "\(name)")
    }
  }

  @Test func progressShowsInLogsWhenAskedAndOnlyThen() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try Self.run(["run", "--runs", "5", "--jobs", "1"], in: folder, environment: ["NAVFUZZ_PROGRESS": "1"])
    #expect(outcome.status == 0)
    // stderr is a pipe here, as in CI: plain lines, no terminal control codes.
    #expect(outcome.stderr.contains("[0 s] 1 runs, "), "\(outcome.stderr)")
    #expect(!outcome.stderr.contains("\u{1B}["))
    // Not asked for, and stderr not a terminal: quiet.
    let quiet = try Self.run(["run", "--runs", "5", "--jobs", "1"], in: folder)
    #expect(quiet.status == 0)
    #expect(!quiet.stderr.contains(" runs, "), "\(quiet.stderr)")
    let explore = try Self.run(["explore", "--depth", "2"], in: folder, environment: ["NAVFUZZ_PROGRESS": "1"])
    #expect(explore.stderr.contains("depth 1: 0 of 1 prefixes expanded"), "\(explore.stderr)")
    #expect(explore.stdout.contains("depth 1: 8 new states"), "\(explore.stdout)")
    // Several processes: the same search, line for line (but the speed).
    let alone = try Self.run(["explore", "--depth", "2", "--jobs", "1"], in: folder)
    let shared = try Self.run(["explore", "--depth", "2", "--jobs", "3"], in: folder)
    func withoutSpeed(_ text: String) -> String { text.split(separator: "\n").filter { !$0.contains("states/s") }.joined(separator: "\n") }
    #expect(withoutSpeed(shared.stdout) == withoutSpeed(alone.stdout) && alone.stdout.contains("depth 2: 98 new states"))
    let symmetric = try Self.run(["explore", "--depth", "2", "--symmetry"], in: folder)
    #expect(symmetric.stdout.contains("symmetry: states equal up to swapping ids 1 and 2 count once"))
    #expect(symmetric.stdout.contains("depth 1: 5 new states"), "\(symmetric.stdout)")
  }

  @Test func interruptingACampaignEndsWithItsSummaryAndReports() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let process = Process()
    process.executableURL = Self.binary
    // --seconds bounds the campaign should this test process die before it interrupts it (an
    // orphan would otherwise run for hours); 120 s is far beyond the moment it is interrupted.
    process.arguments = ["run", "--topology", "basic", "--runs", "100000000", "--seconds", "120", "--report", "report", "--jobs", "1"]
    process.currentDirectoryURL = folder
    // Progress lines say when the campaign is under way (stderr is a pipe: asked for).
    process.environment = ProcessInfo.processInfo.environment.merging(["NAVFUZZ_PROGRESS": "1"]) { $1 }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Wait for the campaign to be under way (its first progress line), then press Ctrl-C.
    var seen = Data()
    while !String(decoding: seen, as: UTF8.self).contains(" runs, "), process.isRunning {
      seen += err.fileHandleForReading.availableData
    }
    Self.interruptAndExpectItsSummary(process, stdout: out)
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("report/report.json").path))
  }

  @Test func jobsGiveTheSameSummaryAsOneProcess() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    // The rotation has its own test (DefaultCampaignTests); this is one topology's campaign.
    for engine in ["state-driven", "no-write-back"] {
      let arguments = ["run", "--topology", "basic", "--runs", "60", "--seed", "9", "--engine", engine, "--out", "failures"]
      let one = try Self.run(arguments + ["--jobs", "1"], in: folder)
      let two = try Self.run(arguments + ["--jobs", "2"], in: folder)
      let three = try Self.run(arguments + ["--jobs", "3"], in: folder)
      let everyCore = try Self.run(arguments, in: folder)  // the default: the number of cores
      #expect(one.stdout.contains("navfuzz run: topology basic, engine \(engine)"), "\(one.stdout)\(one.stderr)")
      #expect(two.status == one.status, "\(two.stderr)")
      #expect(two.stdout == one.stdout)
      #expect(three.stdout == one.stdout)
      #expect(everyCore.stdout == one.stdout)
    }
    let badJobs = try Self.run(["run", "--jobs", "0"], in: folder)
    #expect(badJobs.status == 2)
    #expect(badJobs.stderr.contains("--jobs must be at least 1, found 0"), "\(badJobs.stderr)")
  }

  @Test func benchJSONHasItsDocumentedKeys() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try Self.run(
      ["bench", "--json", "--reference-steps", "1000", "--observation-retracks", "500", "--runs", "150", "--explore-states", "20", "--fuzz-inputs", "12", "--nesting-depth", "30"],
      in: folder)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
    #expect(
      Set(object.keys) == [
        "topology", "build", "reference_steps", "observation_retracks", "engine_actions", "engine_tracked_runs_per_action", "runs_of_32_steps", "explorer_states",
        "fuzz_inputs", "nesting_depth", "resident_bytes_start", "resident_bytes_end", "resident_bytes_engine_start",
        "resident_bytes_engine_end",
      ])
    #expect(object["topology"] as? String == "basic")
    #expect(["debug", "release"].contains(object["build"] as? String))
    for key in ["reference_steps", "observation_retracks", "engine_actions", "runs_of_32_steps", "explorer_states", "fuzz_inputs", "nesting_depth"] {
      let rate = try #require(object[key] as? [String: Any], "\(key)")
      #expect(Set(rate.keys) == ["count", "seconds", "per_second"], "\(key)")
      #expect((rate["count"] as? Int ?? 0) > 0, "\(key)")
      #expect((rate["per_second"] as? Double ?? 0) > 0, "\(key)")
    }
    #expect((object["observation_retracks"] as? [String: Any])?["count"] as? Int == 500)
    // Every run builds at least its root screen, which tracks one run per slot.
    #expect((object["engine_tracked_runs_per_action"] as? Double ?? 0) > 0.05)
    #expect((object["runs_of_32_steps"] as? [String: Any])?["count"] as? Int == 150)
    #expect((object["explorer_states"] as? [String: Any])?["count"] as? Int == 20)
    #expect((object["fuzz_inputs"] as? [String: Any])?["count"] as? Int == 12)
    #expect((object["nesting_depth"] as? [String: Any])?["count"] as? Int == 30)
    #expect((object["resident_bytes_start"] as? Int ?? 0) > 1_000_000)
    #expect((object["resident_bytes_end"] as? Int ?? 0) > 1_000_000)
    // 150 runs keep nothing alive: the engine section ends about where it started.
    let engineStart = object["resident_bytes_engine_start"] as? Int ?? 0
    let engineEnd = object["resident_bytes_engine_end"] as? Int ?? 0
    #expect(engineStart > 1_000_000)
    #expect(engineEnd - engineStart < 8_000_000, "resident memory grew from \(engineStart) to \(engineEnd) bytes")
  }

  @Test func interruptingAParallelCampaignStopsItsProcessesAndMergesWhatRan() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let process = Process()
    process.executableURL = Self.binary
    // The default campaign, a rotation: interrupted in its first topology, it names the others as not run.
    // Bounded as above: each topology gets 120 s / 8 = 15 s, and the interrupt comes after 3.
    process.arguments = ["run", "--runs", "100000000", "--seconds", "120", "--jobs", "2"]
    process.currentDirectoryURL = folder
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    sleep(3)
    // To the parent alone: it must pass the signal on to its workers.
    let stdout = Self.interruptAndExpectItsSummary(process, stdout: out)
    #expect(stdout.contains(" topologies in turn, "), "\(stdout)")
    #expect(stdout.contains("not run: interrupted"), "\(stdout)")
  }

  @Test func anEmptyOrRepeatedAllowanceIsAUsageErrorNotACrash() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let empty = try Self.run(["run", "--topology", "basic", "--runs", "1", "--allow", ""], in: folder)
    #expect(empty.status == 2, "\(empty.stderr)")
    #expect(empty.stderr.contains("--allow '': unknown invariant ''"), "\(empty.stderr)")
    let twice = try Self.run(
      ["run", "--topology", "basic", "--runs", "1", "--allow", "state-ui-consistency=a", "--allow", "state-ui-consistency=b"],
      in: folder)
    #expect(twice.status == 2, "\(twice.stdout)")
    #expect(twice.stderr.contains("'state-ui-consistency' is already allowed by --allow 'state-ui-consistency=a'"), "\(twice.stderr)")
  }

  /// `--runs Int.max` with `--seconds` is a campaign "until the time is up"; split into processes
  /// it once trapped on `runs * part`.
  @Test func theLargestRunCountSplitsIntoProcesses() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try Self.run(
      ["run", "--topology", "basic", "--runs", "\(Int.max)", "--seconds", "0.5", "--jobs", "2"], in: folder)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("result: no violations"), "\(outcome.stdout)")
    let worker = try Self.run(
      ["run", "--topology", "basic", "--runs", "2", "--worker-first-index", "\(Int.max)"], in: folder)
    #expect(worker.status == 2)
    #expect(worker.stderr.contains("--worker-first-index must be at least 0 and leave room for --runs"), "\(worker.stderr)")
  }

  /// A write that fails after the work (here a file name too long for the file system) names the
  /// file and the reason, exits 2, and loses nothing: the shrunk trace is printed instead.
  @Test func aFailedWriteNamesTheFileAndKeepsTheWork() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.write(
      "navtrace 1\ntopology basic\nengine no-write-back\nset presentedChild 1\nsettle\nuser dismiss\nsettle\n",
      to: "failing.navtrace", in: folder)
    let tooLong = String(repeating: "x", count: 300) + ".navtrace"
    let shrink = try Self.run(["shrink", "--exhaustive", "0", "failing.navtrace", "--out", tooLong], in: folder)
    #expect(shrink.status == 2, "\(shrink.stdout)\(shrink.stderr)")
    #expect(shrink.stderr.contains("\(tooLong): error: could not write the file: "), "\(shrink.stderr)")
    #expect(!shrink.stderr.contains("NSCocoaErrorDomain"), "\(shrink.stderr)")
    #expect(shrink.stdout.hasPrefix("navtrace 1\ntopology basic\n"), "\(shrink.stdout)")
  }

  /// The four reports are one set: when one of them cannot be written (a folder where report.html
  /// goes), none of the others is, and the error names the culprit.
  @Test func reportsAreWrittenAsASetOrNotAtAll() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("report/report.html"), withIntermediateDirectories: true)
    try Self.write("navtrace 1\ntopology basic\nset presentedChild 1\nsettle\nexpect ok\n", to: "ok.navtrace", in: folder)
    let outcome = try Self.run(["report", "ok.navtrace", "--report", "report"], in: folder)
    #expect(outcome.status == 2, "\(outcome.stdout)")
    #expect(outcome.stderr.contains("report/report.html: error: could not write the file: Is a directory"), "\(outcome.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("report").path) == ["report.html"])
  }

  /// A trace the mutants table cannot write is named, and the table still covers every mutant.
  @Test func mutantsGoOnWhenATraceCannotBeWritten() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("traces/no-write-back.navtrace"), withIntermediateDirectories: true)
    let outcome = try Self.run(["mutants", "--seeds", "1", "--runs", "60", "--write-corpus", "traces"], in: folder)
    #expect(outcome.status != 0)
    #expect(outcome.stderr.contains("traces/no-write-back.navtrace: error: could not write the file"), "\(outcome.stderr)")
    #expect(outcome.stdout.contains("mutants caught") || outcome.stdout.contains("mutant(s) escaped"), "\(outcome.stdout)")
    #expect(outcome.stdout.contains("1 trace(s) not written to --write-corpus"), "\(outcome.stdout)")
  }

  /// Text that is not UTF-8 is located at its line, not at line 1.
  @Test func badUTF8IsLocatedAtItsLine() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("navtrace 1\ntopology basic\nset presentedChild 1\n# caf".utf8 + [0xE9] + Data(" au lait\n".utf8))
      .write(to: folder.appendingPathComponent("latin1.navtrace"))
    let trace = try Self.run(["replay", "latin1.navtrace"], in: folder)
    #expect(trace.status == 2)
    #expect(trace.stderr.contains("latin1.navtrace:4: error: not UTF-8 text (column 6)"), "\(trace.stderr)")
    try Data("{ \"name\": \"shop\",\n  \"root\": \"h".utf8 + [0xFF] + Data("me\", \"screens\": [] }\n".utf8))
      .write(to: folder.appendingPathComponent("latin1.json"))
    let topology = try Self.run(["run", "--topology", "latin1.json", "--runs", "1"], in: folder)
    #expect(topology.status == 2)
    #expect(topology.stderr.contains("latin1.json:2:13: error: not UTF-8 text"), "\(topology.stderr)")
    let folderAsTrace = try Self.run(["shrink", "."], in: folder)
    #expect(folderAsTrace.status == 2)
    #expect(folderAsTrace.stderr.contains(".:1: error: a folder, not a trace file"), "\(folderAsTrace.stderr)")
  }

  /// Sends SIGINT to a running campaign, which must end on its own, soon (else it is killed so
  /// the suite does not hang), with its summary and exit code 130 (1 if what ran found a defect).
  @discardableResult
  static func interruptAndExpectItsSummary(_ process: Process, stdout out: Pipe) -> String {
    process.interrupt()
    // Once in a while (seen under a loaded test run, not yet explained) the first SIGINT never
    // reaches the campaign; a process that has not reacted within 10 s gets it once more. A second
    // signal the campaign did receive would kill it (exit status not 130), so this cannot hide a
    // campaign that ends badly, nor one that ignores SIGINT.
    var deadline = Date().addingTimeInterval(10)
    while process.isRunning, Date() < deadline { usleep(20_000) }
    if process.isRunning { process.interrupt() }
    deadline = Date().addingTimeInterval(30)
    while process.isRunning, Date() < deadline { usleep(20_000) }
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      Issue.record("navfuzz ignored SIGINT")
    }
    let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    // 130 when the runs that ran found nothing; 1 when they found a defect (a long campaign of the
    // built-in engine may meet a rare race first): found work is reported either way.
    let foundNothing = stdout.contains("\nresult: no violations")
    #expect(process.terminationStatus == (foundNothing ? 130 : 1), "\(stdout)")
    #expect(foundNothing || stdout.contains("\nresult: ") && stdout.contains(" defect(s) in "), "\(stdout)")
    #expect(stdout.hasPrefix("navfuzz run: "), "\(stdout)")
    #expect(stdout.contains("interrupted: "), "\(stdout)")
    return stdout
  }

  // MARK: Issue 37: clear words, right exit codes

  /// `replay -hello.navtrace` read the name as the short flags `-h -e -l …`: the help, exit 0,
  /// as if the trace had passed. A single-dash word that names a file is that file; any other
  /// is an error naming it; `--` ends the options.
  @Test func aFileNameThatStartsWithADashIsAFileNeverHelp() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.write("navtrace 1\ntopology basic\nset presentedChild 1\nsettle\nexpect ok\n", to: "-hello.navtrace", in: folder)
    let asFile = try Self.run(["replay", "-hello.navtrace"], in: folder)
    #expect(asFile.status == 0, "\(asFile.stdout)\(asFile.stderr)")
    #expect(asFile.stdout.contains("PASS ./-hello.navtrace"), "\(asFile.stdout)")
    let afterDashes = try Self.run(["replay", "--", "-hello.navtrace"], in: folder)
    #expect(afterDashes.status == 0, "\(afterDashes.stdout)\(afterDashes.stderr)")
    #expect(afterDashes.stdout.contains("PASS -hello.navtrace"), "\(afterDashes.stdout)")
    for command in [["replay"], ["shrink"], ["run", "--topology", "basic"]] {
      let unknown = try Self.run(command + ["-hxyz.navtrace"], in: folder)
      #expect(unknown.status == 2, "\(command): \(unknown.stdout)\(unknown.stderr)")
      #expect(unknown.stderr.contains("error: unknown option '-hxyz.navtrace'"), "\(command): \(unknown.stderr)")
      #expect(!unknown.stdout.contains("OVERVIEW"), "\(command): \(unknown.stdout)")
    }
    // What stays as it was: `-h` is the help, a negative number is the option's to refuse.
    #expect(try Self.run(["replay", "-h"], in: folder).status == 0)
    let negative = try Self.run(["run", "--runs", "-5"], in: folder)
    #expect(negative.status == 2 && negative.stderr.contains("--runs must be at least 1, found -5"), "\(negative.stderr)")
  }

  /// `expect ok` (no violation so far) after `expect violation X` can never hold: replayed, it
  /// failed as an engine bug (exit 1). It is a contradiction in the file: exit 2 at its line.
  @Test func contradictoryExpectationsAreAReadErrorAtTheirLine() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let violation = "navtrace 1\ntopology basic\nengine no-write-back\ntoggle isPresented on\nsettle\nuser dismiss\nsettle\n"
      + "expect violation dismissal-writes-back\nexpect violation state-ui-consistency\nexpect violation reference-agreement\n"
    try Self.write(violation + "settle\nexpect ok\n", to: "after.navtrace", in: folder)
    try Self.write(
      "navtrace 1\ntopology basic\nset presentedChild 1\nsettle\nexpect ok\n# nothing between\nexpect violation reference-agreement\n",
      to: "adjacent.navtrace", in: folder)
    let after = try Self.run(["replay", "after.navtrace"], in: folder)
    #expect(after.status == 2, "\(after.stdout)\(after.stderr)")
    #expect(
      after.stderr.contains(
        "after.navtrace:12: error: 'expect ok' (no violation so far) contradicts 'expect violation dismissal-writes-back' at line 8"),
      "\(after.stderr)")
    let adjacent = try Self.run(["replay", "adjacent.navtrace"], in: folder)
    #expect(adjacent.status == 2, "\(adjacent.stdout)\(adjacent.stderr)")
    #expect(
      adjacent.stderr.contains("adjacent.navtrace:7: error: 'expect violation reference-agreement' contradicts 'expect ok' at line 5"),
      "\(adjacent.stderr)")
    // `expect ok` before the steps that violate is no contradiction: it holds, and so does the violation.
    try Self.write(violation.replacingOccurrences(of: "toggle isPresented on\n", with: "expect ok\ntoggle isPresented on\n"), to: "before.navtrace", in: folder)
    let before = try Self.run(["replay", "before.navtrace"], in: folder)
    #expect(before.status == 0 && before.stdout.contains("REPRODUCES before.navtrace"), "\(before.stdout)\(before.stderr)")
  }
}

