import Foundation

/// Writes a file whole or not at all: the bytes go to a temporary file in the same folder, which
/// is flushed to disk and then renamed over the target. A full disk, a read-only place or a
/// killed process leave the old file (or none) where it was, never half a file.
///
/// Why not `Data.write(to:options: .atomic)`: on Linux its failure on a full disk reads
/// "NSCocoaErrorDomain error 512" with no errno underneath, and it leaves its temporary file
/// behind. Here every failure is a `WriteFailure` with the system's words for it.
package enum WholeFile {
  /// Writes `data` to `path` (its folder must exist).
  package static func write(_ data: Data, to path: String) throws(WriteFailure) {
    let temporary = try stage(data, for: path)
    guard rename(temporary, path) == 0 else {
      let error = errno
      unlink(temporary)
      throw WriteFailure(path: path, errno: error)
    }
  }

  /// Writes `data` to a new temporary file beside `path` and returns the temporary file's path:
  /// renaming it onto `path` (`rename(2)`) puts the whole file in place at once. For a set of
  /// files that should change together (`ReportWriter`), each is staged before any is renamed.
  package static func stage(_ data: Data, for path: String) throws(WriteFailure) -> String {
    let folder = parentFolder(of: path)
    // A short name of its own: the target's name plus a suffix could exceed the 255-byte limit
    // where the target's own does not.
    var template = Array(((folder.isEmpty ? "" : folder == "/" ? "/" : folder + "/") + ".navfuzz-XXXXXX.tmp").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
    guard descriptor >= 0 else { throw WriteFailure(path: path, errno: errno) }
    let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    func fail(_ error: Int32) -> WriteFailure {
      close(descriptor)
      unlink(temporary)
      return WriteFailure(path: path, errno: error)
    }
    // mkstemp makes the file 0600; a written file gets the mode an ordinary one would (the old
    // file's, else 0666 less the umask), so a saved trace stays readable by the team.
    var existing = stat()
    let mode = stat(path, &existing) == 0 ? existing.st_mode & 0o7777 : 0o666 & ~currentUmask
    if fchmod(descriptor, mode) != 0 { throw fail(errno) }
    var written = 0
    let failed: Int32? = data.withUnsafeBytes { bytes -> Int32? in
      guard let base = bytes.baseAddress else { return nil }
      while written < bytes.count {
        let count = Foundation.write(descriptor, base + written, bytes.count - written)
        if count < 0 {
          if errno == EINTR { continue }
          return errno
        }
        written += count
      }
      return nil
    }
    if let failed { throw fail(failed) }
    // A file system that reserves space late (NFS, quotas) says ENOSPC here, not at write(2).
    if fsync(descriptor) != 0, errno != EINVAL { throw fail(errno) }
    guard close(descriptor) == 0 else {
      let error = errno
      unlink(temporary)
      throw WriteFailure(path: path, errno: error)
    }
    return temporary
  }

  /// The process's umask (read by setting it and setting it back).
  private static var currentUmask: mode_t {
    let mask = umask(0o022)
    umask(mask)
    return mask
  }

  /// The folder that holds `path` ("" for a bare name, "/" at the top). Plain string work: on
  /// Linux, Foundation's `deletingLastPathComponent` traps on a bare relative name.
  package static func parentFolder(of path: String) -> String {
    var path = Substring(path)
    while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
    guard let slash = path.lastIndex(of: "/") else { return "" }
    let head = path[..<slash]
    return head.isEmpty ? "/" : String(head)
  }
}

/// A file that could not be written: its path and the system's reason ("No space left on device").
public struct WriteFailure: Error, Equatable, CustomStringConvertible {
  public var path: String
  public var reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  init(path: String, errno: Int32) {
    self.init(path: path, reason: String(cString: strerror(errno)))
  }

  public var description: String { "\(path): error: could not write the file: \(reason)" }

  /// The system's words for `error`: its POSIX error's, wherever Foundation nested it, else its
  /// own description ("No space left on device", not "NSCocoaErrorDomain error 512").
  public static func reason(for error: any Error) -> String {
    if let error = error as? WriteFailure { return error.reason }
    var cause: NSError? = error as NSError
    while let current = cause {
      if current.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(current.code))) }
      cause = current.userInfo[NSUnderlyingErrorKey] as? NSError
    }
    return (error as NSError).localizedDescription
  }
}
