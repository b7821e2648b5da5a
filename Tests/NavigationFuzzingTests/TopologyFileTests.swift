import Foundation
@testable import NavigationFuzzing
import Testing

/// Topology files: names a trace can carry, every key known, syntax errors located.
@Suite struct TopologyFileTests {
  static func problem(_ json: String) -> TopologyFile.Problem? {
    do {
      _ = try TopologyFile.parse(Data(json.utf8), file: "app.json")
      return nil
    } catch {
      return error
    }
  }

  static func document(named name: String) -> String {
    #"{"name": "# + name + #", "root": "home", "screens": [{"name": "home", "slots": []}]}"#
  }

  @Test(arguments: [#""basic""#, #""""#, #""my shop""#, #""shop🛒""#, #""a/b""#, #""stack""#])
  func namesThatTracesCouldNotCarryAreRejected(_ name: String) throws {
    let problem = try #require(Self.problem(Self.document(named: name)), "accepted \(name)")
    #expect(problem.place == "name")
    #expect(problem.message.contains("topology"), "\(problem)")
  }

  @Test func aPlainNameIsAccepted() throws {
    #expect(Self.problem(Self.document(named: #""my-shop_2""#)) == nil)
  }

  @Test func unknownKeysAreRejectedWhereTheyAre() throws {
    let misspelt = #"{"name": "x", "root": "home", "screens": [{"name": "home", "slots": [{"name": "a", "style": "sheet", "sreen": "home"}]}]}"#
    let problem = try #require(Self.problem(misspelt))
    #expect(problem.description == #"app.json: screens[0].slots[0]: error: unknown key "sreen" (known here: name, style, screen, bool)"#)
    let top = try #require(Self.problem(#"{"name": "x", "root": "home", "extra": 1, "screens": [{"name": "home", "slots": []}]}"#))
    #expect(top.description.contains(#"unknown key "extra""#))
  }

  @Test func syntaxErrorsHaveALineAndAColumn() throws {
    let problem = try #require(Self.problem("{\n  \"name\": \"a\",\n  x\n}"))
    #expect(problem.description.hasPrefix("app.json:3:3: error: invalid JSON"), "\(problem)")
    let truncated = try #require(Self.problem("{\n  \"name\": "))
    #expect(truncated.description.hasPrefix("app.json:2:11: error: invalid JSON"), "\(truncated)")
  }

  @Test func aMissingFileAndAFolderAreTold() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navfuzz-topology-\(UUID().uuidString).json")
    #expect(throws: TopologyFile.Problem(file: folder.path, place: "", message: "no such file")) {
      try TopologyFile.load(folder.path)
    }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(throws: TopologyFile.Problem(file: folder.path, place: "", message: "this is a folder; a topology file is a .json file")) {
      try TopologyFile.load(folder.path)
    }
  }
}
