import Foundation

/// What a libFuzzer crash was fuzzed on, written beside it, so `navfuzz import CRASH` needs no
/// flags.
///
/// Why: libFuzzer saves only the input's bytes, and the same bytes decode to another run on
/// another topology or engine. `import` without `--engine` decoded a mutant's crash on the
/// built-in engine and said it "violates nothing". The fuzz target knows both (from
/// `NAVFUZZ_TOPOLOGY` and `NAVFUZZ_ENGINE`) and where libFuzzer puts its artifacts
/// (`-artifact_prefix`), so before it traps it writes `<prefix>navfuzz-target.txt`:
///
/// ```
/// topology basic
/// engine pop-to-self
/// ```
///
/// `import` finds it from the crash's own name (`<prefix>crash-<hash>`). One record serves every
/// artifact under one prefix, as `Fuzz/run.sh` gives each topology and engine a folder of its own.
package enum FuzzCrashRecord {
  public static let fileSuffix = "navfuzz-target.txt"

  /// The record's text.
  public static func text(topology: String, engine: String) -> String {
    "topology \(topology)\nengine \(engine)\n"
  }

  /// The topology and engine a record names (nil where it names none).
  public static func parse(_ text: String) -> (topology: String?, engine: String?) {
    var topology: String?
    var engine: String?
    for line in text.split(whereSeparator: \.isNewline) {
      let words = line.split(separator: " ").map(String.init)
      guard words.count == 2 else { continue }
      if words[0] == "topology" { topology = words[1] }
      if words[0] == "engine" { engine = words[1] }
    }
    return (topology, engine)
  }

  /// libFuzzer's artifact prefix among its arguments (`-artifact_prefix=DIR/`); "" when not
  /// given (it then writes artifacts into the working directory).
  public static func artifactPrefix(arguments: [String]) -> String {
    let flag = "-artifact_prefix="
    return arguments.last { $0.hasPrefix(flag) }.map { String($0.dropFirst(flag.count)) } ?? ""
  }

  /// The record beside an artifact: `<prefix>navfuzz-target.txt`, where the artifact is
  /// `<prefix>crash-<hash>` (or leak-, timeout-, oom-, slow-unit-); for any other name, the
  /// record in the artifact's folder.
  public static func path(besideArtifact artifact: String) -> String {
    let slash = artifact.lastIndex(of: "/")
    let folder = slash.map { String(artifact[...$0]) } ?? ""
    let name = slash.map { String(artifact[artifact.index(after: $0)...]) } ?? artifact
    for kind in ["crash-", "leak-", "timeout-", "oom-", "slow-unit-"] {
      guard let range = name.range(of: kind, options: .backwards) else { continue }
      let hash = name[range.upperBound...]
      if !hash.isEmpty, hash.allSatisfy(\.isHexDigit) { return folder + name[..<range.lowerBound] + fileSuffix }
    }
    return folder + fileSuffix
  }

  /// Writes the record for the process's own artifact prefix (best effort: a crash is about to
  /// be saved; failing to say what it was fuzzed on must not stop that).
  public static func write(topology: String, engine: String, arguments: [String] = CommandLine.arguments) {
    let path = artifactPrefix(arguments: arguments) + fileSuffix
    guard let file = fopen(path, "w") else { return }
    fputs(text(topology: topology, engine: engine), file)
    fclose(file)
  }
}
