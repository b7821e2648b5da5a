import Foundation
import NavigationFuzzing

/// `navfuzz run --jobs N`: the campaign's run indices split into N contiguous ranges; the first
/// runs in this process, each other one in a process of its own started from this same executable
/// (`run --worker-first-index`), which writes a `CampaignPart` as JSON; the parts are merged in run
/// order (`Campaign.merge`), so the summary is the one `--jobs 1` prints, whatever N. Processes,
/// not threads: the simulated world is single-threaded and main-actor bound.
enum ParallelCampaign {
  /// A worker that ended without its part: killed (the OOM killer's SIGKILL), crashed, or wrote
  /// nothing readable. Its runs are missing from the merged result; the others' are kept.
  struct LostWorker: CustomStringConvertible {
    /// 2 for the first worker process (this process runs range 1).
    var number: Int
    var runs: Range<Int>
    /// "was killed by signal 9 (SIGKILL)", "exited with status 3", "wrote no readable result: …".
    var how: String
    var description: String { "worker \(number) (runs \(runs.lowerBound)..<\(runs.upperBound)) \(how)" }
  }

  /// A signal by the name `kill -l` gives it, for "killed by signal 9 (SIGKILL)".
  static func signalName(_ number: Int32) -> String {
    let names: [Int32: String] = [
      SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS",
      SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGFPE: "SIGFPE", SIGHUP: "SIGHUP", SIGPIPE: "SIGPIPE", SIGQUIT: "SIGQUIT",
    ]
    let name = names[number].map { " (\($0))" } ?? ""
    return "signal \(number)\(name)" + (number == SIGKILL ? ", as the out-of-memory killer does" : "")
  }

  /// Set by a test: every worker process kills itself (SIGKILL) before its first run, as the
  /// out-of-memory killer would, so the starting process's handling of a lost worker can be tested.
  static let testKillsWorkers = ProcessInfo.processInfo.environment["NAVFUZZ_TEST_KILL_WORKERS"] == "1"

  /// The executable to start again: /proc/self/exe on Linux (whatever the working directory or
  /// `argv[0]`), else `argv[0]` resolved as the shell did.
  static var executable: URL {
    if FileManager.default.fileExists(atPath: "/proc/self/exe") { return URL(fileURLWithPath: "/proc/self/exe") }
    return Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
  }

  /// Runs `ranges` in parallel: the first with `local`, here, once the others have started, each
  /// with `arguments(range)` as its worker's command line; returns the parts in range order.
  /// `local` gets, beside its range, a way to read how many runs the workers have done so far
  /// (each keeps its count in a file, `--worker-progress`), for a progress line over every
  /// process; `waiting` is told that count while this process waits for the workers, `finished`
  /// as each worker ends. A worker that ends without its part (killed, crashed) is returned in
  /// `lost`, not thrown: the other parts are what was found, and are kept. Once `interrupted`
  /// says so, the workers still running get SIGINT, so they stop within their current run and
  /// report what they ran (Ctrl-C on a terminal reaches them directly; SIGTERM sent to this
  /// process alone reaches them this way).
  static func run(
    ranges: [Range<Int>], arguments: (Range<Int>) -> [String], interrupted: () -> Bool,
    local: (Range<Int>, _ workersDone: () -> Int) -> CampaignPart, waiting: (Int) -> Void = { _ in },
    finished: (Int) -> Void
  ) throws -> (parts: [CampaignPart], lost: [LostWorker]) {
    guard let first = ranges.first else { return ([], []) }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navfuzz-jobs-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var processes: [(Process, URL)] = []
    var progressFiles: [URL] = []
    for (number, range) in ranges.enumerated().dropFirst() {
      let output = folder.appendingPathComponent("part-\(number).json")
      _ = FileManager.default.createFile(atPath: output.path, contents: nil)
      let progress = folder.appendingPathComponent("part-\(number).progress")
      progressFiles.append(progress)
      let process = Process()
      process.executableURL = executable
      process.arguments = arguments(range) + ["--worker-progress", progress.path]
      // A file, not a pipe: a worker never stalls on a full pipe while another is being read.
      process.standardOutput = try FileHandle(forWritingTo: output)
      process.standardError = FileHandle.standardError
      try process.run()
      processes.append((process, output))
    }
    /// The runs the workers have done, as they last wrote it (a missing or half-read file: 0).
    func workersDone() -> Int {
      progressFiles.reduce(0) { sum, file in
        sum + ((try? String(contentsOf: file, encoding: .utf8)).flatMap { Int($0) } ?? 0)
      }
    }
    var parts = [local(first, workersDone)]
    var told = Set<Int32>()
    var reported = 0
    var polls = 0
    while reported < processes.count {
      usleep(20_000)
      polls += 1
      if polls % 25 == 0 { waiting(workersDone()) }
      if interrupted() {
        for (process, _) in processes where process.isRunning && told.insert(process.processIdentifier).inserted {
          process.interrupt()
        }
      }
      while reported < processes.count, !processes[reported].0.isRunning {
        finished(reported + 1)
        reported += 1
      }
    }
    var lost: [LostWorker] = []
    for (offset, (process, output)) in processes.enumerated() {
      let number = offset + 1
      process.waitUntilExit()
      // Interrupted before it could install its handler: its runs did not run; not an error.
      if process.terminationReason == .uncaughtSignal, interrupted() { continue }
      let runs = ranges[number]
      if process.terminationReason == .uncaughtSignal {
        lost.append(LostWorker(number: number + 1, runs: runs, how: "was killed by \(signalName(process.terminationStatus))"))
        continue
      }
      guard process.terminationStatus == 0 else {
        lost.append(LostWorker(number: number + 1, runs: runs, how: "exited with status \(process.terminationStatus)"))
        continue
      }
      do {
        parts.append(try JSONDecoder().decode(CampaignPart.self, from: Data(contentsOf: output)))
      } catch {
        lost.append(LostWorker(number: number + 1, runs: runs, how: "wrote no readable result: \(error)"))
      }
    }
    return (parts, lost)
  }
}
