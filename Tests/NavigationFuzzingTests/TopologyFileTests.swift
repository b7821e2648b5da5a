import Foundation
@testable import NavFuzzEngines
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

  /// Saved traces are named TOPOLOGY-ENGINE-INVARIANT.navtrace: a name too long for that (a file
  /// system takes 255 bytes) is rejected, and the message does not echo all of it.
  @Test func aNameTooLongForAFileNameIsRejected() throws {
    #expect(Self.problem(Self.document(named: "\"" + String(repeating: "a", count: 100) + "\"")) == nil)
    let problem = try #require(Self.problem(Self.document(named: "\"" + String(repeating: "a", count: 101) + "\"")))
    #expect(problem.place == "name")
    #expect(problem.message.contains("use at most 100 ASCII letters"), "\(problem)")
    #expect(problem.message.count < 300, "\(problem)")
  }

  /// A key written twice in one object: JSON parsers keep one value silently; here it is an error
  /// at the second one. The same key in two different objects is fine.
  @Test func aDuplicateKeyIsRejectedAtItsLine() throws {
    let json = """
      { "name": "shop", "root": "home",
        "screens": [ { "name": "home", "slots": [], "name": "cart" } ] }
      """
    let problem = try #require(Self.problem(json))
    #expect(problem.description == #"app.json:2:47: error: duplicate key "name" in one object (only one of its values would count)"#)
    // Values equal to a key, and one key in several objects, are not duplicates.
    #expect(Self.problem(#"{"name": "shop", "root": "name", "screens": [{"name": "name", "slots": []}]}"#) == nil)
  }

  @Test func unknownKeysAreRejectedWhereTheyAre() throws {
    let misspelt = #"{"name": "x", "root": "home", "screens": [{"name": "home", "slots": [{"name": "a", "style": "sheet", "sreen": "home"}]}]}"#
    let problem = try #require(Self.problem(misspelt))
    #expect(problem.description == #"app.json:1:70: screens[0].slots[0]: error: unknown key "sreen" (known here: name, style, screen, bool, buttons, onDismiss, keepsModel)"#)
    let top = try #require(Self.problem(#"{"name": "x", "root": "home", "extra": 1, "screens": [{"name": "home", "slots": []}]}"#))
    #expect(top.description.contains(#"unknown key "extra""#))
  }

  @Test func callbacksNameIntentsOfTheirScreen() throws {
    let json = #"""
      {"name": "mail", "root": "inbox", "screens": [
        {"name": "inbox", "onAppear": "refresh", "onDisappear": "refresh",
         "slots": [{"name": "alert", "style": "alert", "buttons": ["compose", "refresh"]},
                   {"name": "compose", "style": "sheet", "onDismiss": "refresh"}],
         "intents": [{"name": "compose", "effects": ["set compose 1"]}, {"name": "refresh", "effects": ["save"]}]}]}
      """#
    let topology = try TopologyFile.parse(Data(json.utf8), file: "app.json")
    #expect(topology.spec.root.slots[0].buttons == ["compose", "refresh"])
    #expect(topology.spec.root.slots[1].onDismiss == "refresh")
    #expect(topology.spec.root.onAppear == "refresh" && topology.spec.root.onDisappear == "refresh")
    let unknown = try #require(Self.problem(json.replacingOccurrences(of: #"["compose", "refresh"]"#, with: #"["compose", "sned"]"#)))
    #expect(
      unknown.description
        == #"app.json: screens[0].slots[0].buttons[1]: error: screen "inbox" has no intent "sned" (its intents: compose, refresh)"#)
    let onAppear = try #require(Self.problem(json.replacingOccurrences(of: #""onAppear": "refresh""#, with: #""onAppear": "x""#)))
    #expect(onAppear.place == "screens[0].onAppear")
    let sheetButtons = try #require(
      Self.problem(json.replacingOccurrences(of: #""style": "sheet""#, with: #""style": "sheet", "buttons": ["compose"]"#)))
    #expect(sheetButtons.description == "app.json: screens[0].slots[1].buttons: error: only an alert or a dialog has buttons")
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
    #expect(throws: TopologyFile.Problem(file: folder.path, place: "", message: "a folder, not a topology file (.json)")) {
      try TopologyFile.load(folder.path)
    }
  }

  /// A comment in a hand-written topology file got Foundation's words ("Invalid value around
  /// line 2"): say that JSON has no comments, at the comment's line and column.
  @Test(arguments: ["// the shop app", "/* the shop app */"])
  func aCommentIsNamedAsOneAtItsPlace(_ comment: String) throws {
    let json = "{\n  \"name\": \"shop\", \"root\": \"home\",\n    \(comment)\n  \"screens\": [{\"name\": \"home\", \"slots\": []}]\n}\n"
    let found = try #require(Self.problem(json))
    #expect(found.file == "app.json:3:5", "\(found)")
    #expect(found.message.contains("JSON allows no comments"), "\(found)")
    // Slashes inside a string are no comment.
    #expect(Self.problem(#"{"name": "a//b", "root": "home", "screens": [{"name": "home", "slots": []}]}"#)?.message.contains("comment") != true)
  }
}

