import Foundation
import Synchronization

/// The progress of long work on stderr. On a terminal: one line redrawn in place. Elsewhere (CI
/// logs): a plain line every few seconds, so a long job shows it is alive. Wall-clock time here
/// only paces what is printed; it never decides anything in the simulated world.
struct Progress {
  var total: Int
  var timeBudget: Double?
  var label = "runs"
  private let isTerminal = Output.stderrIsTerminal
  private var lastPrinted = -Double.infinity
  private var printedOnTerminal = false
  /// Seconds between lines when stderr is not a terminal.
  static let logInterval = 5.0

  init(total: Int, timeBudget: Double? = nil, label: String = "runs") {
    self.total = total
    self.timeBudget = timeBudget
    self.label = label
  }

  mutating func update(runs: Int, steps: Int, distinctStates: Int, failures: Int, elapsed: Double) {
    let rate = Double(steps) / max(elapsed, 1e-9)
    let left = timeBudget.map { String(format: ", %.0f s left", max($0 - elapsed, 0)) } ?? ", \(total - runs) \(label) left"
    let text =
      "\(runs) \(label), \(String(format: "%.0f", rate)) actions/s, \(distinctStates) distinct states, \(failures) violation(s)\(left)"
    line(text, elapsed: elapsed)
  }

  /// Shows `line` if enough time has passed since the last one (the first always shows).
  mutating func line(_ line: String, elapsed: Double) {
    let interval = isTerminal ? 0.2 : Self.logInterval
    guard elapsed - lastPrinted >= interval else { return }
    lastPrinted = elapsed
    if isTerminal {
      printedOnTerminal = true
      Output.error("\r\u{1B}[K" + line, terminator: "")
    } else {
      Output.error(String(format: "[%.0f s] ", elapsed) + line)
    }
  }

  /// Clears the terminal line.
  func finish() {
    if printedOnTerminal { Output.error("\r\u{1B}[K", terminator: "") }
  }
}

/// Ctrl-C (SIGINT) and SIGTERM end long work early but cleanly: the work stops after the current
/// run, then the summary and the reports of what ran are written. A second signal kills at once.
struct Interruption: Sendable {
  private static let flag = Atomic<Bool>(false)

  var happened: Bool { Self.flag.load(ordering: .relaxed) }

  static func install() -> Interruption {
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
