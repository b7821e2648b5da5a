import Foundation
import NavFuzzEngines
import NavigationFuzzing
import Testing

/// The command line under the inputs a new user tried (issue "robust and quiet"): no hang, no
/// lost work on Ctrl-C or a deadline, clear messages, progress where work is long.
@MainActor
@Suite struct RobustnessTests {
  typealias CLI = CommandLineTests

  /// A `navfuzz` process whose output goes to files (a pipe nobody reads could stall it).
  struct Started {
    var process: Process
    var folder: URL

    var stdout: String { (try? String(contentsOf: folder.appendingPathComponent("stdout.txt"), encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: folder.appendingPathComponent("stderr.txt"), encoding: .utf8)) ?? "" }

    /// Waits up to `seconds` for it to end; kills it (and records an issue) if it does not.
    @discardableResult
    func end(within seconds: Double, _ what: String) -> Bool {
      let deadline = Date().addingTimeInterval(seconds)
      while process.isRunning, Date() < deadline { usleep(20_000) }
      guard process.isRunning else { return true }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      Issue.record("\(what): still running after \(Int(seconds)) s")
      return false
    }

    /// Waits until stderr shows `text` (or the process ends, or `seconds` pass).
    func waitForStderr(_ text: String, seconds: Double = 300) -> Bool {
      let deadline = Date().addingTimeInterval(seconds)
      while !stderr.contains(text), process.isRunning, Date() < deadline { usleep(50_000) }
      return stderr.contains(text)
    }
  }

  static func start(_ arguments: [String], in folder: URL, environment extra: [String: String] = [:]) throws -> Started {
    let process = Process()
    process.executableURL = CLI.binary
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"].merging(extra) { $1 }) { $1 }
    for name in ["stdout.txt", "stderr.txt"] {
      _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: nil)
    }
    process.standardOutput = try FileHandle(forWritingTo: folder.appendingPathComponent("stdout.txt"))
    process.standardError = try FileHandle(forWritingTo: folder.appendingPathComponent("stderr.txt"))
    try process.run()
    return Started(process: process, folder: folder)
  }

  // MARK: Hangs

  /// `--seconds` was looked at between runs only: one run of 2^63 − 1 steps ran for ten minutes.
  /// On `basic`, the richest tree, where the built-in engine stays clean for thousands of steps.
  @Test func aDeadlineStopsARunWithinIt() throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let started = try Self.start(
      ["run", "--topology", "basic", "--runs", "1", "--max-steps", "9223372036854775807", "--seconds", "2", "--jobs", "1"],
      in: folder)
    guard started.end(within: 120, "run --max-steps 9223372036854775807 --seconds 2") else { return }
    #expect(started.process.terminationStatus == 0, "\(started.stderr)")
    #expect(started.stdout.contains("time limit: 1 of 1 runs ran, the last cut short after "), "\(started.stdout)")
    #expect(started.stdout.contains("result: no violations"))
  }

  /// The first SIGTERM, too, was looked at between runs only.
  @Test(arguments: [SIGTERM, SIGINT])
  func theFirstSignalStopsARunWithinIt(_ signal: Int32) throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    // --seconds bounds it should this test die before it signals.
    let started = try Self.start(
      ["run", "--topology", "basic", "--runs", "1", "--max-steps", "9223372036854775807", "--seconds", "600", "--jobs", "1"],
      in: folder, environment: ["NAVFUZZ_PROGRESS": "1"])
    #expect(started.waitForStderr("a long run under way"), "\(started.stderr)")
    kill(started.process.processIdentifier, signal)
    guard started.end(within: 60, "one signal to a long run") else { return }
    #expect(started.process.terminationReason == .exit && started.process.terminationStatus == 130, "\(started.stderr)")
    #expect(started.stdout.contains("interrupted: 1 of 1 runs ran, the last cut short after "), "\(started.stdout)")
  }

  // MARK: No lost work

  /// A failing trace whose shrink takes a while: the mutant's 4-step failure after 600 steps
  /// that do nothing to it.
  static func slowToShrink() -> String {
    let padding = Array(repeating: "set presentedChild 1\nsettle\nclear presentedChild\nsettle", count: 150).joined(separator: "\n")
    return "navtrace 1\ntopology basic\nengine no-write-back\n\(padding)\ntoggle isPresented on\nsettle\nuser dismiss\nsettle\n"
  }

  /// Ctrl-C during `shrink` printed and wrote nothing: the best trace so far was gone.
  @Test func anInterruptedShrinkPrintsAndSavesItsBestTraceSoFar() throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    try CLI.write(Self.slowToShrink(), to: "long.navtrace", in: folder)
    let started = try Self.start(
      ["shrink", "long.navtrace", "--out", "best.navtrace"], in: folder, environment: ["NAVFUZZ_PROGRESS": "1"])
    #expect(started.waitForStderr("shrinking dismissal-writes-back: "), "\(started.stderr)")
    started.process.interrupt()
    guard started.end(within: 120, "shrink after Ctrl-C") else { return }
    #expect(started.process.terminationReason == .exit && started.process.terminationStatus == 130, "\(started.stderr)")
    #expect(started.stdout.contains("interrupted: the shortest failing trace so far, dismissal-writes-back: 604 → "), "\(started.stdout)")
    let saved = try String(contentsOf: folder.appendingPathComponent("best.navtrace"), encoding: .utf8)
    #expect(saved.contains("expect violation dismissal-writes-back"), "\(saved)")
    // What was saved still fails the same way: replayed, it reproduces.
    let replay = try CLI.run(["replay", "best.navtrace"], in: folder)
    #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
    #expect(replay.stdout.contains("REPRODUCES best.navtrace"), "\(replay.stdout)")
  }

  // MARK: Messages

  /// `expect` entries that can never hold were a diff, exit 1; now a read error, exit 2.
  @Test func aMalformedExpectEntryIsAReadErrorExitTwo() throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    try CLI.write("navtrace 1\ntopology basic\nset presentedChild 1\nsettle\nexpect state presentedChild\n", to: "t.navtrace", in: folder)
    let outcome = try CLI.run(["replay", "t.navtrace"], in: folder)
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("t.navtrace:5: error: 'presentedChild' is not an 'expect state' entry"), "\(outcome.stderr)")
  }

  /// A loop of symbolic links was "no such file or folder".
  @Test func aSymbolicLinkLoopIsNamedAsSuch() throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("a.navtrace").path, withDestinationPath: "b.navtrace")
    try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("b.navtrace").path, withDestinationPath: "a.navtrace")
    let outcome = try CLI.run(["replay", "a.navtrace"], in: folder)
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("a.navtrace:1: error: a loop of symbolic links"), "\(outcome.stderr)")
  }

  /// `--seconds 1e308` printed a 309-digit number of seconds left.
  @Test func anEnormousTimeBudgetReadsAsOne() throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try CLI.run(
      ["run", "--topology", "basic", "--runs", "3", "--seconds", "1e308", "--jobs", "1"], in: folder,
      environment: ["NAVFUZZ_PROGRESS": "1"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stderr.contains("(at most more than a year)"), "\(outcome.stderr)")
    #expect(!outcome.stderr.contains("0000000000"), "\(outcome.stderr)")
  }

  /// An `--out` the system refuses (here /proc, which even root cannot write) was found after
  /// the campaign, its findings then unsaved.
  @Test(arguments: [["--out", "/proc/navfuzz-out"], ["--report", "/proc/navfuzz-report"]])
  func anUnwritableOutputIsFoundBeforeTheCampaign(_ option: [String]) throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    #if os(Linux)
      let arguments = option
    #else
      // No /proc here: a folder nobody may write into.
      let locked = folder.appendingPathComponent("locked")
      try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o555])
      let arguments = [option[0], locked.appendingPathComponent("x").path]
    #endif
    let outcome = try CLI.run(["run", "--topology", "basic", "--engine", "no-write-back", "--runs", "50"] + arguments, in: folder)
    #expect(outcome.status == 2, "\(outcome.stdout)")
    #expect(outcome.stderr.contains("error: \(option[0]): "), "\(outcome.stderr)")
    #expect(!outcome.stdout.contains("navfuzz run:"), "the campaign ran before the check: \(outcome.stdout)")
  }

  /// `--engine` was "the engine to fuzz" on every command.
  @Test func engineHelpSaysWhatEachCommandDoesWithIt() throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let expected = [
      "run": "The engine to fuzz", "replay": "The engine to replay the traces on", "shrink": "The engine to shrink the trace on",
      "import": "The engine the input was fuzzed on", "explore": "The engine to explore", "report": "The engine to replay the traces on",
    ]
    for (command, help) in expected.sorted(by: { $0.key < $1.key }) {
      let outcome = try CLI.run([command, "--help"], in: folder)
      let flattened = outcome.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(flattened.contains(help), "\(command): \(outcome.stdout)")
      if command != "run" { #expect(!flattened.contains("The engine to fuzz"), "\(command)") }
    }
  }

  /// `--run-seed S` printed "seed 1", the campaign's default, not S.
  @Test func aRerunBySeedNamesItsRunSeed() throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try CLI.run(["run", "--topology", "basic", "--run-seed", "12345", "--max-steps", "4"], in: folder)
    #expect(outcome.stdout.contains("semantics navfuzz, run seed 12345, 1 runs of up to 4 steps"), "\(outcome.stdout)")
  }

  /// A saved failure replayed as printed said `PASS`, read as "gone".
  @Test func aTraceWhoseExpectedFailureOccursReproducesAndACleanOnePasses() throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let corpus = CorpusReplayTests.corpus
    let mutant = corpus.appendingPathComponent("mutants/no-write-back.navtrace").path
    let regression = corpus.appendingPathComponent("regressions/rule1-source-of-truth.navtrace").path
    let outcome = try CLI.run(["replay", mutant, regression], in: folder)
    #expect(outcome.status == 0, "\(outcome.stdout)")
    #expect(outcome.stdout.contains("REPRODUCES \(mutant) (state-ui-consistency, dismissal-writes-back, reference-agreement,"), "\(outcome.stdout)")
    #expect(!outcome.stdout.contains("PASS \(mutant)"), "\(outcome.stdout)")
    #expect(outcome.stdout.contains("PASS \(regression)"), "\(outcome.stdout)")
    #expect(outcome.stdout.contains("1 passed, 1 reproduce their expected violations, 0 failed"), "\(outcome.stdout)")
  }

  /// `import` of a mutant's crash without `--engine` decoded it on the built-in engine and said
  /// it "violates nothing", exit 0: libFuzzer keeps only bytes.
  @Test func aLibFuzzerCrashImportsWithoutFlags() throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let engine = try #require(BuiltInEngines.named("no-write-back"))
    let trace = try TraceFormat.parse(
      String(contentsOf: CorpusReplayTests.corpus.appendingPathComponent("mutants/no-write-back.navtrace"), encoding: .utf8))
    let crashes = folder.appendingPathComponent("fuzz-work/basic-no-write-back/crashes")
    try FileManager.default.createDirectory(at: crashes, withIntermediateDirectories: true)
    let crash = crashes.appendingPathComponent("crash-0123456789abcdef")
    try Data(FuzzInput.encode(trace, topology: .basic, engine: engine)).write(to: crash)
    // Without the record, it decodes on the built-in engine and says how to do better.
    let bare = try CLI.run(["import", crash.path], in: folder)
    #expect(bare.status == 0)
    #expect(bare.stdout.contains("violates nothing on topology basic, engine state-driven; no navfuzz-target.txt beside it"), "\(bare.stdout)")
    // The fuzz target writes the record before it traps, where libFuzzer puts the crash.
    FuzzCrashRecord.write(topology: "basic", engine: "no-write-back", arguments: ["navfuzz-libfuzzer", "-artifact_prefix=\(crashes.path)/"])
    #expect(FuzzCrashRecord.path(besideArtifact: crash.path) == crashes.appendingPathComponent("navfuzz-target.txt").path)
    let imported = try CLI.run(["import", crash.path, "--out", "imported.navtrace"], in: folder)
    #expect(imported.status == 1, "\(imported.stdout)\(imported.stderr)")
    #expect(imported.stdout.contains("fuzzed on topology basic, engine no-write-back (recorded in "), "\(imported.stdout)")
    #expect(imported.stdout.contains("engine no-write-back\n"), "\(imported.stdout)")
    // A prefix that is not a folder: `<prefix>navfuzz-target.txt` beside `<prefix>crash-<hash>`.
    #expect(FuzzCrashRecord.path(besideArtifact: "out/ci-fuzz-crash-abc123") == "out/ci-fuzz-navfuzz-target.txt")
    #expect(FuzzCrashRecord.path(besideArtifact: "input.bin") == "navfuzz-target.txt")
  }

  // MARK: Reports

  /// Reports did not say the floor they were held to; a replay of 2 traces said "2 runs"; a
  /// rotation's JUnit class name was a comma list.
  @Test func reportsSayTheFloorCountTracesAndNameRotationClasses() throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try CLI.run(["run", "--topology", "basic", "--runs", "5", "--min-distinct-states", "3", "--report", "floor"], in: folder)
    let markdown = try String(contentsOf: folder.appendingPathComponent("floor/report.md"), encoding: .utf8)
    #expect(markdown.contains("distinct states (--min-distinct-states 3)"), "\(markdown)")
    let html = try String(contentsOf: folder.appendingPathComponent("floor/report.html"), encoding: .utf8)
    #expect(html.contains("distinct states (floor 3)"))
    let corpus = CorpusReplayTests.corpus.appendingPathComponent("regressions")
    _ = try CLI.run(
      ["report", corpus.appendingPathComponent("rule1-source-of-truth.navtrace").path,
       corpus.appendingPathComponent("rule3-cascade-dismiss-nested.navtrace").path, "--report", "replayed"], in: folder)
    let replayed = try String(contentsOf: folder.appendingPathComponent("replayed/report.md"), encoding: .utf8)
    #expect(replayed.contains(": 2 traces, "), "\(replayed)")
    let rotation = try CLI.run(["run", "--engine", "no-write-back", "--runs", "80", "--report", "rotation", "--jobs", "1"], in: folder)
    #expect(rotation.status == 1)
    // Each defect's case is filed under the topology of its shortest trace (the one its body
    // replays), each invariant's under "rotation": a real topology or "rotation", never the
    // comma list of the rotation's topologies.
    let report = try JSONDecoder().decode(
      CampaignReport.self, from: Data(contentsOf: folder.appendingPathComponent("rotation/report.json")))
    let topologies = report.campaign.topology.split(separator: ",").map(String.init)
    #expect(topologies.count > 1, "\(report.campaign.topology)")
    let junit = try String(contentsOf: folder.appendingPathComponent("rotation/junit.xml"), encoding: .utf8)
    let cases = junit.components(separatedBy: "<testcase classname=\"").dropFirst().map { text in
      let className = String(text.prefix { $0 != "\"" })
      let name = String(text.components(separatedBy: "name=\"")[1].prefix { $0 != "\"" })
      // A failing case's body holds its trace; its `topology` line names the trace's topology.
      let body = text.components(separatedBy: "</testcase>")[0]
      let traceTopology = body.split(separator: "\n").first { $0.hasPrefix("topology ") }?.dropFirst("topology ".count)
      return (className: className, name: name, traceTopology: traceTopology.map(String.init))
    }
    let defectCases = cases.filter { $0.name.hasPrefix("defect ") }
    #expect(!report.defects.isEmpty)
    #expect(defectCases.count == report.defects.count, "\(cases.map(\.name))")
    for defect in report.defects {
      let filed = defectCases.first { $0.name.hasPrefix("defect \(defect.shortID) ") }
      #expect(filed?.className == "navfuzz.\(defect.topology).no-write-back", "\(String(describing: filed))")
      #expect(filed?.traceTopology == defect.topology, "\(String(describing: filed))")
      #expect(topologies.contains(defect.topology))
    }
    let invariantCases = cases.filter { !$0.name.hasPrefix("defect ") }
    #expect(!invariantCases.isEmpty)
    #expect(invariantCases.allSatisfy { $0.className == "navfuzz.rotation.no-write-back" }, "\(invariantCases.map(\.className))")
  }

  // MARK: Progress

  /// `run --jobs` said one line at the end; `mutants` nothing for 84 s.
  @Test func longCommandsShowProgressWithWhatIsLeft() throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let jobs = try CLI.run(
      ["run", "--topology", "basic", "--runs", "40", "--jobs", "2"], in: folder, environment: ["NAVFUZZ_PROGRESS": "1"])
    #expect(jobs.status == 0)
    #expect(jobs.stderr.contains(" runs in 2 processes (0 done), "), "\(jobs.stderr)")
    #expect(jobs.stderr.contains(" runs left"), "\(jobs.stderr)")
    let mutants = try CLI.run(["mutants", "--seeds", "1", "--runs", "1"], in: folder, environment: ["NAVFUZZ_PROGRESS": "1"])
    #expect(mutants.stderr.contains("(1 of \(BuiltInEngines.mutants.count)): seed 1 of 1 done, \(BuiltInEngines.mutants.count) mutants left"), "\(mutants.stderr)")
  }

  /// An escaped mutant showed a median: the time to some other invariant's failure.
  @Test func anEscapedMutantShowsNoTimes() throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try CLI.run(["mutants", "--seeds", "2", "--runs", "3"], in: folder)
    let escaped = outcome.stdout.split(separator: "\n").filter { $0.split(separator: " ").dropFirst(2).first == "NO" }
    #expect(!escaped.isEmpty, "\(outcome.stdout)")
    for row in escaped {
      let columns = row.split(separator: " ")
      #expect(columns[3] == "-" && columns[4] == "-", "\(row)")
    }
  }
}
