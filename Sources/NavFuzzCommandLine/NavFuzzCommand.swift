import ArgumentParser
import Foundation
import NavigationFuzzing

/// The whole `navfuzz` command line. The `navfuzz` executable runs it with the built-in engines and
/// topologies; a package's own executable runs it with its engines and topologies registered too
/// (`NavFuzzCommand.main(engines:topologies:)`), and gets every command with them.
public struct NavFuzzCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "navfuzz",
    abstract: "Fuzz state-driven navigation on a headless UIKit, against reference state machines.",
    discussion: """
      Exit codes: 0 nothing violated, 1 violations found or expectations unmet, 2 usage or input \
      error (or a lost --jobs worker while nothing was found), 130 interrupted (Ctrl-C, SIGTERM); \
      each in full in docs/COMMANDS.md, "Exit codes". '--' ends the options: a file named '-x' can \
      go after it.
      """,
    subcommands: [
      RunCommand.self, ReplayCommand.self, ShrinkCommand.self, ExploreCommand.self, MutantsCommand.self, ListCommand.self,
      EncodeCommand.self, ImportCommand.self, ReportCommand.self,
      BenchCommand.self,
    ],
    defaultSubcommand: RunCommand.self
  )

  public init() {}

  /// Registers `engines` and `topologies` by name (as `EngineChoice.register` and
  /// `Topology.register` do), then runs the command line with them beside the built-in ones:
  /// `--engine`, `--topology`, traces' `engine` lines and `list` all know them. Worker processes
  /// (`--jobs`) start this same executable, so they know them too.
  @MainActor
  public static func main(engines: [EngineChoice], topologies: [Topology] = []) {
    for engine in engines { EngineChoice.register(engine) }
    for topology in topologies { Topology.register(topology) }
    main()
  }

  /// Runs the command; any usage or input error exits with code 2 (argument-parser's default is 64).
  /// The commands it prints to rerun or replay a failure name the executable running it.
  public static func main() {
    if let name = runningExecutableName { ReplayCommandLine.executable = name }
    let arguments = Array(CommandLine.arguments.dropFirst())
    // A `--jobs` worker is signalled by the process that started it, which reads its exit status
    // and output: it keeps the handling its command gives it (none for an explorer's worker,
    // which dies at once; a campaign's part still written and exit 0).
    let isWorker = arguments.contains { $0.hasPrefix("--worker-") }
    let interruption = isWorker ? nil : Interruption.install()
    do {
      var command = try parseAsRoot(DashArguments.prepared(arguments))
      try command.run()
      // A command that does not look for a signal (`list`) still ended early by it, as far as
      // the caller knows: 130, as documented, never 0.
      if interruption?.happened == true { Foundation.exit(130) }
    } catch let exit as ExitCode {
      Foundation.exit(exit.rawValue)
    } catch {
      let code = exitCode(for: error)
      if code == .success {
        Self.exit(withError: error)  // --help and friends
      }
      // Located errors ("file:line: error: …") print as they are; others get argument-parser's text.
      let located = error is InputError || error is WriteError || error is TraceError || error is TopologyFile.Problem
      Output.error(located ? "\(error)" : fullMessage(for: error))
      Foundation.exit(2)
    }
  }
}

/// The name of the executable running: the file /proc/self/exe leads to on Linux (`--jobs`
/// workers are started by that path, which would be their `argv[0]`), else `argv[0]`'s last part.
private var runningExecutableName: String? {
  let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first
  guard let name = path?.split(separator: "/").last, !name.isEmpty else { return nil }
  return String(name)
}

/// The built-in engine, for a command that measures or encodes with it; a usage error where the
/// executable registers none (a package's own command line that left the built-in engines out).
@MainActor
func builtInEngine(for command: String) throws -> EngineChoice {
  guard let engine = EngineChoice.registeredDefault else {
    throw ValidationError(
      "\(command) runs the built-in engine '\(EngineChoice.defaultName)', which this executable does not register (BuiltInEngines.register())")
  }
  return engine
}

/// A failure the user caused (bad input): printed, exit code 2.
struct InputError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// A file that could not be written (a full disk, a read-only place, a name too long): printed
/// with its path, exit code 2.
struct WriteError: Error, CustomStringConvertible {
  let path: String
  let reason: String
  var description: String { "\(path): error: could not write the file: \(reason)" }
}

enum Output {
  /// One message on stderr, as `MessageText` shows it: it may quote user input (a name with a
  /// zero-width space in it, a 20,000-level address), so invisible characters show as code
  /// points and each line is bounded.
  static func error(_ message: String) {
    FileHandle.standardError.write(Data((MessageText.shown(message) + "\n").utf8))
  }

  /// Writes a file whole or not at all (`WholeFile`: a temporary file renamed into place); a
  /// failure is a `WriteError` naming the file and the system's reason (a full disk, a read-only place).
  static func write(_ text: String, to path: String) throws {
    try write(Data(text.utf8), to: path)
  }

  static func write(_ data: Data, to path: String) throws {
    try writing(path) {
      let folder = parentFolder(of: path)
      if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
      try WholeFile.write(data, to: path)
    }
  }

  /// Runs `body`, which writes `path` (a file, or a folder of files); a failure becomes a
  /// `WriteError` naming the file it was about (a `WriteFailure`'s, Foundation's
  /// `NSFilePath`, else `path`).
  static func writing<Result>(_ path: String, _ body: () throws -> Result) throws -> Result {
    do {
      return try body()
    } catch let error as WriteError {
      throw error
    } catch let error as TraceError {
      throw error  // a file read on the way (a baseline re-read before it is written) was malformed
    } catch let error as WriteFailure {
      throw WriteError(path: error.path, reason: error.reason)
    } catch {
      let file = (error as NSError).userInfo[NSFilePathErrorKey] as? String ?? path
      throw WriteError(path: file, reason: reason(for: error))
    }
  }

  /// "No space left on device", not Foundation's `NSCocoaErrorDomain` dump.
  static func reason(for error: any Error) -> String {
    if let error = error as? WriteError { return error.reason }
    return WriteFailure.reason(for: error)
  }

  static var stderrIsTerminal: Bool { isatty(2) != 0 }

  /// Checks, before any work, that files can be written into `path` (a folder, created on
  /// demand): an empty path, an existing file or a read-only place is an input error now, not
  /// after a campaign whose findings would then be lost.
  static func checkFolder(_ path: String, option: String) throws {
    try checkWritable(path, option: option, isFolder: true)
  }

  /// The same for one file: its folder must be writable and the path must not be a folder.
  static func checkFile(_ path: String, option: String) throws {
    try checkWritable(path, option: option, isFolder: false)
  }

  private static func checkWritable(_ path: String, option: String, isFolder: Bool) throws {
    let kind = isFolder ? "folder" : "file"
    guard !path.isEmpty else {
      throw InputError("error: \(option) '': an empty path names no \(kind)" + (isFolder ? " (use '.' for this folder)" : ""))
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      return try checkCreatable(path, option: option)
    }
    guard isDirectory.boolValue == isFolder else {
      throw InputError(
        "\(path): error: \(option) names a \(isFolder ? "file" : "folder"); it must name a \(kind)" + (isFolder ? " (existing or new)" : ""))
    }
    guard FileManager.default.isWritableFile(atPath: path) else {
      throw InputError("\(path): error: \(option): the \(kind) is not writable")
    }
    try probe(isFolder ? path : parentFolder(of: path), for: path, option: option)
  }

  /// Creates and removes a file in `folder`: the only test that holds for every reason a write
  /// fails (a read-only file system, /proc, root's permission checks that pass where the write
  /// then does not).
  private static func probe(_ folder: String, for path: String, option: String) throws {
    let probe = (folder.isEmpty ? "." : folder) + "/.navfuzz-write-check-\(getpid())"
    let descriptor = open(probe, O_CREAT | O_EXCL | O_WRONLY, 0o600)
    guard descriptor >= 0 else {
      let reason = String(cString: strerror(errno))
      throw InputError("\(path): error: \(option): cannot write into '\(folder.isEmpty ? "." : folder)': \(reason)")
    }
    close(descriptor)
    unlink(probe)
  }

  /// The folder that holds `path` ("" for a bare name, "/" at the top), as the files the tool
  /// writes find it.
  static func parentFolder(of path: String) -> String { WholeFile.parentFolder(of: path) }

  /// The nearest existing ancestor of `path` must be a writable folder.
  private static func checkCreatable(_ path: String, option: String) throws {
    var ancestor = parentFolder(of: path)
    while true {
      let candidate = ancestor.isEmpty ? "." : ancestor
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory) {
        guard isDirectory.boolValue else {
          throw InputError("\(path): error: \(option): '\(candidate)' is a file, so nothing can be created under it")
        }
        guard FileManager.default.isWritableFile(atPath: candidate) else {
          throw InputError("\(path): error: \(option): cannot create it, '\(candidate)' is not writable")
        }
        return try probe(candidate, for: path, option: option)
      }
      if ancestor.isEmpty || ancestor == "/" { return }
      ancestor = parentFolder(of: ancestor)
    }
  }
}

struct EngineOption<Role: EngineRole>: ParsableArguments {
  @Option(name: .long, help: ArgumentHelp(Role.engineHelp))
  var engine: String?

  @Option(name: .long, help: "The semantics profile that judges the engine: navfuzz, swift-navigation or swiftui (default: the trace's, else the engine's own); see 'navfuzz list'.")
  var semantics: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Accept violations of an invariant, with the reason (required); every report lists them. Repeatable.",
      valueName: "INVARIANT=REASON"))
  var allow: [String] = []

  /// The engine named by `--engine`, else by `fallback` (a trace's), else the default; judged by
  /// `--semantics`, else by `traceSemantics`, else by the profile the engine declares.
  @MainActor
  func choice(default fallback: String? = nil, semantics traceSemantics: String? = nil) throws -> EngineChoice {
    let name = engine ?? fallback ?? EngineChoice.defaultName
    guard let choice = EngineChoice.named(name) else {
      throw ValidationError("unknown engine '\(name)' (known: \(EngineChoice.all.map(\.name).joined(separator: ", ")))")
    }
    var judged = choice
    if let profileName = semantics ?? traceSemantics {
      guard let profile = SemanticsProfile.named(profileName) else {
        throw ValidationError(
          "unknown semantics '\(profileName)' (known: \(SemanticsProfile.all.map(\.name).joined(separator: ", ")))")
      }
      judged = judged.judged(by: profile)
    }
    var allowed: [InvariantID: String] = [:]
    for entry in allow {
      // Not `split`: it drops empty pieces, and `--allow ''` or `--allow =x` would then have none.
      let name = String(entry.prefix { $0 != "=" })
      let reason = entry.count > name.count ? String(entry.dropFirst(name.count + 1)) : nil
      guard let invariant = InvariantID(rawValue: name) else {
        throw ValidationError(
          "--allow '\(entry)': unknown invariant '\(name)' (known: \(InvariantID.allCases.map(\.rawValue).joined(separator: ", ")))")
      }
      // A second reason for one invariant would silently replace the first in every report.
      if let earlier = allowed[invariant] {
        throw ValidationError("--allow '\(entry)': '\(name)' is already allowed by --allow '\(earlier)'; give one reason")
      }
      allowed[invariant] = entry
      do {
        judged = try judged.allowing(invariant, because: reason ?? "")
      } catch {
        throw ValidationError("--allow '\(entry)': \(error) (write --allow \(invariant.rawValue)=REASON)")
      }
    }
    return judged
  }

  /// The engine to replay `trace` on: `--engine` if given, else the trace's own `engine` line (an
  /// unknown name there is an error at that line), else the default; judged by `--semantics`, else
  /// by the trace's `semantics` line, else by the profile the engine declares.
  @MainActor
  func choice(for trace: Trace) throws -> EngineChoice {
    if engine == nil, let name = trace.engine, EngineChoice.named(name) == nil {
      throw TraceError(
        file: trace.source, line: trace.engineLine ?? 1,
        message: "unknown engine '\(name)' (known: \(EngineChoice.all.map(\.name).joined(separator: ", ")))")
    }
    return try choice(default: trace.engine, semantics: trace.semantics)
  }
}

/// A built-in or registered topology by name, or a topology file (`*.json`), which is loaded,
/// validated and registered under the name it declares.
func topology(named name: String) throws -> Topology {
  if name.hasSuffix(".json") {
    // Loading is linear, but a file of 100,000 screens still takes seconds: say what is going on.
    let size = (try? FileManager.default.attributesOfItem(atPath: name)[.size] as? Int) ?? 0
    let progress = Progress(total: 0)
    if size > 1_000_000 { progress.line("loading \(name) (\(size / 1_000_000) MB)", elapsed: 0) }
    defer { progress.finish() }
    do {
      let topology = try TopologyFile.load(name)
      Topology.register(topology)
      return topology
    } catch {
      throw InputError("\(error)")
    }
  }
  guard let topology = Topology.named(name) else {
    throw ValidationError(
      "unknown topology '\(name)' (known: \(Topology.all.map(\.name).joined(separator: ", ")), or a topology file ending in .json)")
  }
  return topology
}

/// `--topology FILE.json` for commands that read traces: registers the file's topology first.
struct TopologyFileOption: ParsableArguments {
  @Option(name: .customLong("topology"), help: "A topology file (.json) the traces refer to by its name.")
  var file: String?

  func register() throws {
    guard let file else { return }
    guard file.hasSuffix(".json") else {
      throw ValidationError("--topology here names a topology file (.json); built-in topologies need no option")
    }
    _ = try NavFuzzCommandLine.topology(named: file)
  }
}

/// "basic, counter, stack, …": every topology the registry knows, for help texts.
let topologyNames = Topology.all.map(\.name).joined(separator: ", ")

/// Reads and parses a trace file; a missing, unreadable or malformed file is an input error.
@MainActor
func loadTrace(_ path: String) throws -> Trace {
  let data: Data
  do throws(InputFile.Unreadable) {
    data = try InputFile.read(path, kind: "trace file")
  } catch {
    throw TraceError(file: path, line: 1, message: error.reason)
  }
  guard let text = String(data: data, encoding: .utf8) else {
    let place = UTF8Validation.firstInvalidByte(in: data)
    throw TraceError(
      file: path, line: place?.line ?? 1,
      message: "not UTF-8 text (column \(place?.column ?? 1)): a .navtrace file is UTF-8 text")
  }
  return try TraceFormat.parse(text, source: path)
}
