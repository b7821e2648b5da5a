import Foundation
import NavigationFuzzing
import Synchronization

/// The progress of long work on stderr: on a terminal, one line redrawn in place; elsewhere
/// nothing, unless asked for (`NAVFUZZ_PROGRESS=1` prints a plain line every few seconds, for a
/// CI log that should show a long job is alive; `NAVFUZZ_PROGRESS=0` silences a terminal too).
/// Wall-clock time here only paces what is printed; it never decides anything in the simulated world.
/// A class: the closures that stop long work (`Campaign.keepsGoing`) report through it too.
final class Progress {
  var total: Int
  var timeBudget: Double?
  var label = "runs"
  /// Steps of the run under way, for a line during one long run.
  var stepsThisRun = 0
  private let mode = Mode.current
  private var lastPrinted = -Double.infinity
  private var printedOnTerminal = false
  /// Seconds between lines when they go to a log.
  static let logInterval = 5.0

  /// Where progress goes.
  enum Mode {
    case terminal, log, quiet

    static var current: Mode {
      switch ProcessInfo.processInfo.environment["NAVFUZZ_PROGRESS"] {
      case "0": .quiet
      case "1": Output.stderrIsTerminal ? .terminal : .log
      default: Output.stderrIsTerminal ? .terminal : .quiet
      }
    }
  }

  init(total: Int, timeBudget: Double? = nil, label: String = "runs") {
    self.total = total
    self.timeBudget = timeBudget
    self.label = label
  }

  func update(runs: Int, steps: Int, distinctStates: Int, failures: Int, elapsed: Double) {
    guard isDue(elapsed) else { return }
    let rate = Double(steps) / max(elapsed, 1e-9)
    line(
      "\(runs) \(label), \(String(format: "%.0f", rate)) actions/s, \(distinctStates) distinct states, \(failures) violation(s), "
        + left(done: runs, elapsed: elapsed), elapsed: elapsed)
  }

  /// What is left: the runs (or other units) not done, and at most the time the budget leaves.
  func left(done: Int, elapsed: Double) -> String {
    let units = "\(max(total - done, 0)) \(label) left"
    guard let timeBudget else { return units }
    return units + " (at most \(Self.duration(max(timeBudget - elapsed, 0))))"
  }

  /// Whether a line would show now: callers skip building one that would not.
  func isDue(_ elapsed: Double) -> Bool {
    mode != .quiet && elapsed - lastPrinted >= (mode == .terminal ? 0.2 : Self.logInterval)
  }

  /// Shows `line` if enough time has passed since the last one (the first always shows).
  func line(_ line: String, elapsed: Double) {
    guard isDue(elapsed) else { return }
    lastPrinted = elapsed
    switch mode {
    case .terminal:
      printedOnTerminal = true
      Output.progress("\r\u{1B}[K" + MessageText.shown(line))
    case .log:
      Output.progress(String(format: "[%.0f s] ", elapsed) + MessageText.shown(line) + "\n")
    case .quiet:
      break
    }
  }

  /// Shows `line` now, however soon after the last one: the start of a new part of the work
  /// (`bench`'s figures, a mutant's shrink), which a log should show even when parts are quick.
  func phase(_ line: String, elapsed: Double) {
    lastPrinted = -Double.infinity
    self.line(line, elapsed: elapsed)
  }

  /// Clears the terminal line (before the results are printed, or a line of them).
  func finish() {
    if printedOnTerminal { Output.progress("\r\u{1B}[K") }
    printedOnTerminal = false
  }

  /// A duration as a person reads it: "42 s", "12 min", "3.5 h", "9 days", "more than a year"
  /// (`--seconds 1e308` leaves no 309-digit number of seconds).
  static func duration(_ seconds: Double) -> String {
    switch seconds {
    case ..<60: String(format: "%.0f s", seconds)
    case ..<3_600: String(format: "%.0f min", seconds / 60)
    case ..<172_800: String(format: "%.1f h", seconds / 3_600)
    case ..<31_536_000: String(format: "%.0f days", seconds / 86_400)
    default: "more than a year"
    }
  }
}

extension Output {
  /// Progress text on stderr as it is (terminal control codes included).
  static func progress(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}

/// Ctrl-C (SIGINT) and SIGTERM end long work early but cleanly: the work stops within the step
/// it is in (a run, a replay, a shrink), then what was found so far is printed and saved. A
/// second signal kills at once. `NavFuzzCommand.main` installs the handlers before it reads the
/// command line, so a signal while a command is still starting (loading a large topology file)
/// stops it the same way, not with the shell's 143; a command that returns normally after a
/// signal exits 130.
struct Interruption: Sendable {
  private static let flag = Atomic<Bool>(false)
  private static let installed = Atomic<Bool>(false)

  var happened: Bool { Self.flag.load(ordering: .relaxed) }

  /// Installs the handlers once (a later call returns the same interruption: installing again
  /// after a first signal would take away "a second signal kills at once").
  static func install() -> Interruption {
    guard !installed.exchange(true, ordering: .relaxed) else { return Interruption() }
    // A parent may have started us with these signals blocked (a test runner's thread does):
    // unblock them, or Ctrl-C and SIGTERM would never arrive.
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    sigaddset(&unblocked, SIGINT)
    sigaddset(&unblocked, SIGTERM)
    sigprocmask(SIG_UNBLOCK, &unblocked, nil)
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber) { number in
        Interruption.flag.store(true, ordering: .relaxed)
        signal(number, SIG_DFL)
      }
    }
    return Interruption()
  }
}
