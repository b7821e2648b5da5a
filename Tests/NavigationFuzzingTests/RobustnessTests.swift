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
    /// Before the names of its output files: "" or "NAME-".
    var prefix = ""

    var stdout: String { (try? String(contentsOf: folder.appendingPathComponent(prefix + "stdout.txt"), encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: folder.appendingPathComponent(prefix + "stderr.txt"), encoding: .utf8)) ?? "" }

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

  /// Starts `navfuzz` in `folder`; its output goes to `outputNamed`-stdout.txt and -stderr.txt
  /// there (several processes can run in one folder).
  static func start(
    _ arguments: [String], in folder: URL, environment extra: [String: String] = [:], outputNamed name: String? = nil
  ) throws -> Started {
    let process = Process()
    process.executableURL = CLI.binary
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"].merging(extra) { $1 }) { $1 }
    let prefix = name.map { "\($0)-" } ?? ""
    for stream in ["stdout.txt", "stderr.txt"] {
      _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(prefix + stream).path, contents: nil)
    }
    process.standardOutput = try FileHandle(forWritingTo: folder.appendingPathComponent(prefix + "stdout.txt"))
    process.standardError = try FileHandle(forWritingTo: folder.appendingPathComponent(prefix + "stderr.txt"))
    try process.run()
    return Started(process: process, folder: folder, prefix: prefix)
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

  // MARK: Issue 37: no lost work, clear words

  /// A `--jobs 2` campaign whose worker was killed (SIGKILL, as the out-of-memory killer does)
  /// exited 2 with no summary and no saved trace, though this process had found the defect.
  /// Now the other processes' results are summarised and saved, the lost worker is named with
  /// its runs and its signal, and the exit code is 1 for a violation found, else 2.
  @Test func aKilledWorkerLosesOnlyItsOwnRuns() throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let killed = ["NAVFUZZ_TEST_KILL_WORKERS": "1"]
    let found = try CLI.run(
      ["run", "--topology", "basic", "--engine", "no-write-back", "--runs", "40", "--jobs", "2", "--out", "failures"], in: folder,
      environment: killed)
    #expect(found.status == 1, "\(found.stdout)\(found.stderr)")
    #expect(found.stdout.contains("lost: worker 2 (runs 20..<40) was killed by signal 9 (SIGKILL)"), "\(found.stdout)")
    #expect(found.stdout.contains("incomplete: 20 of 40 runs ran"), "\(found.stdout)")
    #expect(found.stderr.contains("error: worker 2 (runs 20..<40) was killed by signal 9 (SIGKILL)"), "\(found.stderr)")
    let saved = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("failures").path)
    #expect(saved.count == 1 && saved[0].hasPrefix("basic-no-write-back-"), "\(saved)")
    #expect(found.stdout.contains("    saved failures/\(saved.first ?? "?")"), "\(found.stdout)")
    // Nothing found by the processes that ended: the campaign is still incomplete, exit 2.
    let clean = try CLI.run(["run", "--topology", "basic", "--runs", "10", "--jobs", "2"], in: folder, environment: killed)
    #expect(clean.status == 2, "\(clean.stdout)\(clean.stderr)")
    #expect(clean.stdout.contains("result: no violations"), "\(clean.stdout)")
    #expect(clean.stdout.contains("lost: worker 2 (runs 5..<10) was killed by signal 9"), "\(clean.stdout)")
  }

  /// SIGTERM while `run` was still starting (here: loading a large topology file) killed it
  /// with the shell's 143, not the 130 docs/COMMANDS.md promises: the handler was installed once
  /// the command began its campaign.
  @Test func sigtermWhileARunIsStartingExits130() throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    // A chain of 20,000 screens: seconds to load in a debug build, its progress line said first.
    let screens = (0..<20_000).map { index in
      index == 19_999
        ? #"{"name": "s\#(index)", "slots": []}"#
        : #"{"name": "s\#(index)", "slots": [{"name": "next", "style": "push", "screen": "s\#(index + 1)"}, {"name": "sheet", "style": "sheet"}]}"#
    }
    try CLI.write(#"{"name": "big", "root": "s0", "screens": [\#n"# + screens.joined(separator: ",\n") + "]}\n", to: "big.json", in: folder)
    // Many runs: should a fast build load the file before the signal comes, the signal still
    // finds work to stop (`--seconds` bounds it should the signal never come).
    let started = try Self.start(
      ["run", "--topology", "big.json", "--runs", "100000", "--seconds", "600", "--jobs", "1"], in: folder,
      environment: ["NAVFUZZ_PROGRESS": "1"])
    #expect(started.waitForStderr("loading big.json"), "\(started.stderr)")
    kill(started.process.processIdentifier, SIGTERM)
    guard started.end(within: 120, "SIGTERM while loading a topology") else { return }
    #expect(started.process.terminationReason == .exit && started.process.terminationStatus == 130, "\(started.stderr)")
    #expect(started.stdout.contains("interrupted: "), "\(started.stdout)")
  }

  /// SIGTERM to `bench`, which never looked for it: killed, 143. Now it stops at the next part.
  @Test func sigtermStopsABenchAtItsNextPart() throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    // The first part takes seconds in a debug build; the others are made short.
    let started = try Self.start(
      [
        "bench", "--reference-steps", "10000000", "--observation-retracks", "10", "--runs", "1", "--explore-states", "10",
        "--fuzz-inputs", "1", "--nesting-depth", "2",
      ], in: folder, environment: ["NAVFUZZ_PROGRESS": "1"])
    #expect(started.waitForStderr("bench: reference machine (part 1 of 6)"), "\(started.stderr)")
    kill(started.process.processIdentifier, SIGTERM)
    guard started.end(within: 300, "SIGTERM to bench") else { return }
    #expect(started.process.terminationReason == .exit && started.process.terminationStatus == 130, "\(started.stderr)")
    #expect(started.stdout.contains("interrupted: 1 of 6 parts measured"), "\(started.stdout)")
  }

  /// A debug build's `bench --runs 1` said nothing for two minutes: each part now says it starts.
  @Test func benchSaysWhichPartItMeasures() throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try CLI.run(
      [
        "bench", "--reference-steps", "10", "--observation-retracks", "10", "--runs", "1", "--explore-states", "10",
        "--fuzz-inputs", "1", "--nesting-depth", "2",
      ], in: folder, environment: ["NAVFUZZ_PROGRESS": "1"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let parts = ["reference machine", "Observation alone", "engine runs", "explorer", "fuzz target inputs", "nesting"]
    for (index, part) in parts.enumerated() {
      #expect(outcome.stderr.contains("bench: \(part) (part \(index + 1) of 6)"), "\(outcome.stderr)")
    }
  }

  /// `mutants --explore` shrinks each mutant's first failure exhaustively below its depth, which
  /// said nothing however long it took; it shows its progress now, as the campaign and the
  /// explorer do.
  @Test func mutantsSayTheyAreShrinking() throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let started = try Self.start(
      ["mutants", "--seeds", "1", "--runs", "200", "--explore", "--depth", "2"], in: folder,
      environment: ["NAVFUZZ_PROGRESS": "1"])
    #expect(started.waitForStderr("(1 of \(BuiltInEngines.mutants.count)): shrinking, "), "\(started.stderr)")
    started.process.interrupt()
    started.end(within: 300, "mutants after Ctrl-C")
  }

  /// Paths that are not regular files read "cannot read the file (permissions?)", and a named
  /// pipe blocked the read for good. Now each says what it is.
  @Test func aPathThatIsNoRegularFileSaysWhatItIs() throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("null.navtrace").path, withDestinationPath: "/dev/null")
    #expect(mkfifo(folder.appendingPathComponent("pipe.navtrace").path, 0o600) == 0)
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("folder.baseline"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("null.json").path, withDestinationPath: "/dev/null")
    let cases: [(arguments: [String], message: String)] = [
      (["replay", "null.navtrace"], "null.navtrace:1: error: a symbolic link to '/dev/null', which is a device, not a trace file"),
      (["replay", "/dev/null"], "/dev/null:1: error: a device, not a trace file"),
      (["replay", "pipe.navtrace"], "pipe.navtrace:1: error: a named pipe (FIFO), not a trace file"),
      (["run", "--topology", "basic", "--runs", "1", "--baseline", "folder.baseline"], "folder.baseline:1: error: a folder, not a baseline file"),
      (["run", "--topology", "null.json", "--runs", "1"], "null.json: error: a symbolic link to '/dev/null', which is a device, not a topology file"),
    ]
    for (arguments, message) in cases {
      let started = try Self.start(arguments, in: folder)
      guard started.end(within: 60, arguments.joined(separator: " ")) else { continue }
      #expect(started.process.terminationStatus == 2, "\(arguments): \(started.stderr)")
      #expect(started.stderr.contains(message), "\(arguments): \(started.stderr)")
    }
  }

  /// A full disk read "NSCocoaErrorDomain error 512". Every write now names the file and the
  /// system's reason, exits 2 and leaves no half file. Here the disk is "full" at 1 KB
  /// (`ulimit -f`, SIGXFSZ ignored so the write fails with EFBIG instead of killing the process).
  @Test func aWriteThatDoesNotFitNamesTheFileAndTheReasonAndLeavesNothing() throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let long = Self.slowToShrink()
    try CLI.write(long, to: "long.navtrace", in: folder)
    let commands: [(arguments: String, file: String)] = [
      ("run --topology basic --runs 3 --jobs 1 --report out", "out/report.json"),
      ("replay long.navtrace --record", "long.navtrace"),
    ]
    for (arguments, file) in commands {
      let outcome = try CLI.run(
        ["-c", "trap '' XFSZ; ulimit -f 2; exec \"$0\" \(arguments)", CLI.binary.path], in: folder, executable: "/bin/sh")
      #expect(outcome.status == 2, "\(arguments): \(outcome.stdout)\(outcome.stderr)")
      #expect(outcome.stderr.contains("\(file): error: could not write the file: File too large"), "\(arguments): \(outcome.stderr)")
      #expect(!outcome.stderr.contains("NSCocoaErrorDomain"), "\(outcome.stderr)")
    }
    // No half file, no temporary file: the report folder is empty, the trace as it was.
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path)
    #expect(left.isEmpty, "\(left)")
    #expect(try String(contentsOf: folder.appendingPathComponent("long.navtrace"), encoding: .utf8) == long)
    let others = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
    #expect(others.isEmpty, "\(others)")
  }
}

