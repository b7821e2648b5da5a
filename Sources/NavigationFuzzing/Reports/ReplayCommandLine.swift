import Foundation
import Synchronization

/// The shell commands reports and the terminal print to repeat a failure. A trace of a topology
/// loaded from a file is unreadable without that file, so the commands name it (`--topology FILE`).
package enum ReplayCommandLine {
  /// The executable the commands run: `navfuzz`, or a package's own executable running the
  /// command line with its engines and topologies registered (`NavFuzzCommand.main` names the one
  /// running), since only that one knows them.
  public static var executable: String {
    get { executableName.withLock { $0 } }
    set { executableName.withLock { $0 = newValue } }
  }
  private static let executableName = Mutex("navfuzz")

  /// `swift run navfuzz replay [--topology FILE] PATH`.
  public static func replay(_ path: String, topology: String) -> String {
    "swift run \(shellQuoted(executable)) replay" + topologyFileArgument(topology) + " " + shellQuoted(path)
  }

  /// `swift run navfuzz run --topology T --engine E --semantics S --run-seed R`: the one run again.
  public static func run(topology: String, engine: String, semantics: String, runSeed: UInt64, maxSteps: Int) -> String {
    let topologyArgument = TopologyFile.file(declaring: topology).map(shellQuoted) ?? topology
    return "swift run \(shellQuoted(executable)) run --topology \(topologyArgument) --engine \(engine) --semantics \(semantics) --run-seed \(runSeed)"
      + (maxSteps == 32 ? "" : " --max-steps \(maxSteps)")
  }

  /// ` --topology FILE` when `topology` came from a file, else nothing.
  public static func topologyFileArgument(_ topology: String) -> String {
    TopologyFile.file(declaring: topology).map { " --topology \(shellQuoted($0))" } ?? ""
  }

  /// The text as one shell word: unchanged when it is plain, else in single quotes.
  public static func shellQuoted(_ text: String) -> String {
    let plain = !text.isEmpty
      && text.unicodeScalars.allSatisfy {
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_./=:,+@".unicodeScalars.contains($0))
      }
    return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
