import Foundation

/// A baseline file that several campaigns record into (`navfuzz run --update-baseline`), each
/// keeping what the others recorded.
///
/// Why: a campaign reads the baseline when it starts and records when it ends, minutes later.
/// Two campaigns on one file (two CI jobs, two terminals) both read it before either wrote, so
/// the second write replaced the first one's entries — both said they had recorded their defect
/// and the file kept one. Now recording holds an exclusive lock (`flock`) on a sibling lock file,
/// re-reads the file under it, records into what is there now, and writes the file whole
/// (`WholeFile`) before letting go.
package enum DefectBaselineFile {
  /// What one recording did: the entries the file held just before it (another run's included)
  /// and after it.
  package struct Recorded: Equatable {
    package var before: Int
    package var after: Int
    package var added: Int { after - before }
  }

  /// The lock file beside `path`: `known.baseline` → `known.baseline.lock`. It stays (removing it
  /// would let a third run lock a new file while a second holds the old one).
  package static func lockPath(for path: String) -> String { path + ".lock" }

  /// Records `defects` with `reason` into the baseline file at `path` (created if missing), under
  /// the lock. A malformed file is a `TraceError` at its line, as when it is read.
  package static func record(_ defects: [Defect], reason: String, into path: String) throws -> Recorded {
    try withLock(on: path) {
      let current = try read(path)
      let updated = current.recording(defects, reason: reason)
      try WholeFile.write(Data(updated.print().utf8), to: path)
      return Recorded(before: current.entries.count, after: updated.entries.count)
    }
  }

  /// The baseline the file holds now; an empty one when there is no file yet. Anything but a
  /// regular file of UTF-8 text in the format is a `TraceError` at its line.
  package static func read(_ path: String) throws -> DefectBaseline {
    var info = stat()
    guard stat(path, &info) == 0 || errno != ENOENT else { return DefectBaseline() }
    let data: Data
    do throws(InputFile.Unreadable) {
      data = try InputFile.read(path, kind: "baseline file")
    } catch {
      throw TraceError(file: path, line: 1, message: error.reason)
    }
    guard let text = String(data: data, encoding: .utf8) else {
      let place = UTF8Validation.firstInvalidByte(in: data)
      throw TraceError(
        file: path, line: place?.line ?? 1, message: "not UTF-8 text (column \(place?.column ?? 1)): a baseline file is UTF-8 text")
    }
    return try DefectBaseline.parse(text, source: path)
  }

  /// Runs `body` holding an exclusive lock on `path`'s lock file: a second recorder waits.
  static func withLock<Result>(on path: String, _ body: () throws -> Result) throws -> Result {
    let lock = lockPath(for: path)
    let descriptor = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw WriteFailure(path: lock, errno: errno) }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else { throw WriteFailure(path: lock, errno: errno) }
    }
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }
}
