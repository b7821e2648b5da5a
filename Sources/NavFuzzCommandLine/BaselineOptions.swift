import ArgumentParser
import Foundation
import NavigationFuzzing

/// `--baseline FILE`, `--update-baseline` and `--reason`: known defects, read before a campaign
/// and, in record mode, written after it (whole or not at all).
struct BaselineOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Known defects (a baseline file): reported apart, searched past, and only new defects fail the run (exit 1).",
      valueName: "FILE"))
  var baseline: String?
  @Flag(
    help: "Record mode: add the defects this campaign finds to the --baseline file (created if missing), with --reason; exit 0 once written.")
  var updateBaseline = false
  @Option(help: "Why the defects --update-baseline records are accepted (required with it).") var reason: String?

  func validate() throws {
    if updateBaseline, baseline == nil { throw ValidationError("--update-baseline needs --baseline FILE: the file to write") }
    if updateBaseline, (reason ?? "").allSatisfy(\.isWhitespace) {
      throw ValidationError("--update-baseline needs --reason TEXT: why the defects it records are accepted")
    }
    if reason != nil, !updateBaseline { throw ValidationError("--reason goes with --update-baseline") }
  }

  /// The baseline to judge by: the file's, or an empty one when recording into a file that does
  /// not exist yet. A file that cannot be read, or is malformed, is an error at its file and line.
  func load() throws -> DefectBaseline? {
    guard let path = baseline else { return nil }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      if updateBaseline {
        try Output.checkFile(path, option: "--baseline")
        return DefectBaseline()
      }
      throw TraceError(file: path, line: 1, message: "no such file (--update-baseline creates it)")
    }
    // Read (and found well-formed) before the write check: a folder or a malformed file is
    // said as such.
    let known = try DefectBaselineFile.read(path)
    if updateBaseline { try Output.checkFile(path, option: "--baseline") }
    return known
  }

  /// Record mode: adds `defects` to the file, whole or not at all, and says what changed. The
  /// file is read again under a lock first (`DefectBaselineFile`): what another run recorded
  /// since this one started stays.
  func record(_ defects: [Defect]) throws {
    guard updateBaseline, let path = self.baseline, let reason else { return }
    let recorded = try Output.writing(path) { try DefectBaselineFile.record(defects, reason: reason, into: path) }
    print("baseline: \(path) now lists \(recorded.after) known defect(s), \(recorded.added) recorded by this run")
  }

  /// The worker processes' arguments: they read the same file (never write it); a file record
  /// mode has yet to create knows no defect.
  var workerArguments: [String] {
    guard let baseline, FileManager.default.fileExists(atPath: baseline) else { return [] }
    return ["--baseline", baseline]
  }
}
