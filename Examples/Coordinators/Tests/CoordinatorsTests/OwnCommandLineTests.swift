import Foundation
import Testing

/// The package's own command line (`coordinators-fuzz`: three lines on `NavFuzzCommandLine`),
/// built next to the tests: it knows the app's engines and topology, in this process and in the
/// worker processes `--jobs` starts, and the commands it prints run it, not `navfuzz`.
@Suite struct OwnCommandLineTests {
  struct Outcome {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static let binary: URL = {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("coordinators-fuzz").path), folder.path != "/" {
      folder.deleteLastPathComponent()
    }
    return folder.appendingPathComponent("coordinators-fuzz")
  }()

  static func run(_ arguments: [String], in folder: URL) throws -> Outcome {
    try #require(FileManager.default.fileExists(atPath: binary.path), "coordinators-fuzz is not built next to the tests")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = folder
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Outcome(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }

  static func scratch() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("coordinators-fuzz-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func listShowsTheRegisteredEnginesAndTopology() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let listed = try Self.run(["list"], in: folder)
    #expect(listed.status == 0)
    for name in ["  coordinators ", "  coordinators-one-pop "] {
      #expect(listed.stdout.contains(name), "\(listed.stdout)")
    }
  }

  @Test func aFailureNamesThisExecutableAndReplaysWithIt() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try Self.run(
      ["run", "--engine", "coordinators-one-pop", "--topology", "coordinators", "--runs", "100", "--jobs", "1"], in: folder)
    #expect(run.status == 1, "\(run.stderr)")
    let replayLine = try #require(run.stdout.split(separator: "\n").first { $0.contains("replay: ") })
    #expect(replayLine.contains("replay: swift run coordinators-fuzz replay navfuzz-failures/"), "\(replayLine)")
    #expect(run.stdout.hasPrefix("coordinators-fuzz run: topology coordinators"))
    #expect(!run.stdout.contains("navfuzz run"))
    let path = String(replayLine.split(separator: " ").last!)
    let replayed = try Self.run(["replay", path], in: folder)
    #expect(replayed.status == 0, "\(replayed.stdout)\(replayed.stderr)")
  }

  @Test func workersKnowTheRegisteredEngines() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let arguments = ["run", "--engine", "coordinators", "--topology", "coordinators", "--runs", "120"]
    let one = try Self.run(arguments + ["--jobs", "1"], in: folder)
    let two = try Self.run(arguments + ["--jobs", "2"], in: folder)
    #expect(one.status == 0, "\(one.stdout)\(one.stderr)")
    #expect(two.status == 0, "\(two.stdout)\(two.stderr)")
    #expect(one.stdout == two.stdout)
  }
}
