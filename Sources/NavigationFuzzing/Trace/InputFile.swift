import Foundation

/// Reads a file the user named as input (a trace, a baseline, a topology), or says in words what
/// the path is instead.
///
/// Why: `FileManager.contents(atPath:)` answers nil for a folder, a device, a socket and a file
/// without read permission alike, so each read "cannot read the file (permissions?)" — and on a
/// named pipe (FIFO) it blocks until someone writes to it. The kind of thing the path leads to
/// (after symbolic links) is looked at first, and only a regular file is read.
public enum InputFile {
  /// Why `path` could not be read, in the words an error message shows after "FILE:1: error: ".
  public struct Unreadable: Error, Equatable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
  }

  /// The bytes of the regular file at `path`; `kind` names what it should be ("trace file",
  /// "baseline file", "topology file") in the reason for anything else.
  public static func read(_ path: String, kind: String) throws(Unreadable) -> Data {
    var info = stat()
    guard stat(path, &info) == 0 else { throw Unreadable(reason: MissingPath.reason(path)) }
    if let other = describe(mode: info.st_mode) {
      // `ln -s /dev/null x.navtrace`: the name looks like a trace; say where it leads.
      var link = stat()
      if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK,
        let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path)
      {
        throw Unreadable(reason: "a symbolic link to '\(target)', which is \(other), not a \(kind)")
      }
      throw Unreadable(reason: "\(other), not a \(kind)")
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw Unreadable(reason: "cannot read the file: \(String(cString: strerror(errno)))")
    }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    do {
      return try handle.readToEnd() ?? Data()
    } catch {
      throw Unreadable(reason: "cannot read the file: \(WriteFailure.reason(for: error))")
    }
  }

  /// What a file of `mode` is when it is not a regular file ("a folder", "a device"), else nil.
  static func describe(mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: "a folder"
    case S_IFCHR, S_IFBLK: "a device"
    case S_IFIFO: "a named pipe (FIFO)"
    case S_IFSOCK: "a socket"
    default: "not a regular file"
    }
  }
}
