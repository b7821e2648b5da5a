import Foundation

/// Why a path the user named cannot be opened, in words that say what to fix.
///
/// Why: `FileManager.fileExists` answers false for a loop of symbolic links, a link to nothing, a
/// folder that cannot be searched and a missing file alike, so all of them read "no such file" —
/// and a user stares at a file that `ls` lists. The system's own error tells them apart.
package enum MissingPath {
  /// The reason `path` does not open; `missing` is what to say when nothing is there at all
  /// ("no such file", "no such file or folder").
  public static func reason(_ path: String, missing: String = "no such file") -> String {
    var info = stat()
    guard stat(path, &info) != 0 else { return missing }
    let error = errno
    switch error {
    case ELOOP:
      return "a loop of symbolic links: following them never reaches a file"
    case ENOENT:
      if lstat(path, &info) == 0, let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
        return "a symbolic link to '\(target)', which does not exist"
      }
      return missing
    case ENOTDIR:
      return "a part of the path is a file, not a folder"
    case EACCES:
      return "permission denied: a folder on the way cannot be searched"
    case ENAMETOOLONG:
      return "the path is too long for the file system"
    default:
      return String(cString: strerror(error))
    }
  }
}
