import Foundation
import NavFuzzEngines
import NavigationFuzzing
import Testing

/// Messages a user reads when their input is wrong: read errors where the input is wrong (not a
/// diff later), every character visible, every line bounded, in our own words, at a line.
@MainActor
@Suite struct MessageTests {
  static func parseError(_ text: String) -> TraceError? {
    do {
      _ = try TraceFormat.parse(text, source: "bad.navtrace")
      return nil
    } catch {
      return error
    }
  }

  /// Entries of `expect state` and `expect screen` that can never hold were compared like any
  /// other and failed as a diff, exit 1: a typo reported as an engine bug.
  nonisolated static let malformedExpectations: [(topology: String, line: String, fragment: String)] = [
    ("basic", "expect state presentedChild", "'presentedChild' is not an 'expect state' entry"),
    ("basic", "expect state =1", "'=1' is not an 'expect state' entry"),
    ("basic", "expect state nowhere=1", "unknown slot 'nowhere'"),
    ("basic", "expect state presentedChild=x", "the id must be a whole number, found 'x'"),
    ("basic", "expect state presentedChild=-1", "the id must be at least 0"),
    ("basic", "expect state isPresented=1", "'isPresented' is a Bool slot"),
    ("basic", "expect state presentedChild=1 presentedChild=2", "'presentedChild' is listed twice"),
    ("basic", "expect state path=1", "topology 'basic' has no path"),
    ("stack", "expect state path=", "an empty path is left out"),
    ("stack", "expect state path=1,,2", "a path value must be a whole number, found ''"),
    ("stack", "expect state path[0]=1", "is a path element, not a slot"),
    ("basic", "expect screen root bogus", "'bogus' is not an 'expect screen' entry"),
    ("basic", "expect screen root shelf:presentedChild#1", "unknown style 'shelf'"),
    ("basic", "expect screen root sheet:nowhere#1", "unknown slot 'nowhere'"),
    ("basic", "expect screen root sheet:#1", "names no address"),
    ("basic", "expect screen root sheet:presentedChild#one", "the id after '#' must be a whole number"),
    ("basic", "expect screen root sheet:isPresented#1", "'isPresented' is a Bool slot, which shows no id"),
  ]

  @Test(arguments: 0..<malformedExpectations.count)
  func malformedExpectEntriesAreReadErrorsAtTheirLine(_ index: Int) throws {
    let (topology, line, fragment) = Self.malformedExpectations[index]
    let error = try #require(Self.parseError("navtrace 1\ntopology \(topology)\n\(line)\n"), "read without error: \(line)")
    #expect(error.line == 3)
    #expect(error.message.contains(fragment), "\(error)")
  }

  @Test func wellFormedExpectEntriesStillRead() throws {
    let basic = try TraceFormat.parse(
      "navtrace 1\ntopology basic\nexpect state presentedChild=1 isPresented=on presentedChild.pushedChild=7\n"
        + "expect screen root sheet:presentedChild#1 push:presentedChild.pushedChild#7 sheet:isPresented push:pushedChild sheet:?\n"
        + "expect state\nexpect screen\n")
    #expect(basic.steps.count == 4)
    let stack = try TraceFormat.parse(
      "navtrace 1\ntopology stack\nexpect state path=1,2 path[1].presentedChild=3\nexpect screen root push:path[0]#1 push:path[1]#2\n")
    #expect(stack.steps.count == 2)
  }

  /// A number past 64 bits was "not a whole number".
  @Test func numbersBeyondSixtyFourBitsSaySo() throws {
    let big = try #require(Self.parseError("navtrace 1\ntopology basic\nset presentedChild 99999999999999999999\n"))
    #expect(big.message == "the id 99999999999999999999 is beyond the largest number a trace takes (9223372036854775807, the largest 64-bit integer)")
    let small = try #require(Self.parseError("navtrace 1\ntopology basic\nadvance -99999999999999999999\n"))
    #expect(small.message.contains("is below the smallest number a trace takes"), "\(small)")
    let path = try #require(Self.parseError("navtrace 1\ntopology stack\npath set 1 9223372036854775808\n"))
    #expect(path.message.contains("a path value 9223372036854775808 is beyond the largest number"), "\(path)")
    let fraction = try #require(Self.parseError("navtrace 1\ntopology basic\nset presentedChild 1.5\n"))
    #expect(fraction.message == "the id must be a whole number, found '1.5'")
  }

  /// "unknown slot 'presented​Child'" (a zero-width space inside) looked like a slot the message
  /// then listed as known.
  @Test(arguments: ["\u{200B}", "\u{00A0}", "\u{2028}", "\u{FEFF}", "\u{202E}", "\u{7F}"])
  func invisibleCharactersShowAsCodePoints(_ character: String) throws {
    let error = try #require(Self.parseError("navtrace 1\ntopology basic\nset presented\(character)Child 1\n"))
    let code = String(character.unicodeScalars.first!.value, radix: 16, uppercase: true)
    #expect(error.message.contains("'presented<U+\(String(repeating: "0", count: 4 - code.count) + code)>Child'"), "\(error)")
    #expect(!error.description.contains(character), "\(error.description.debugDescription)")
  }

  /// Parse-time messages were cut at 1,000 characters; a replay-time one was not (300,095
  /// characters for a 20,000-level address).
  @Test func aReplayTimeErrorIsBoundedToo() throws {
    let address = Array(repeating: "presentedChild", count: 20_000).joined(separator: ".")
    let trace = try TraceFormat.parse("navtrace 1\ntopology basic\nset \(address) 1\n", source: "deep.navtrace")
    do {
      _ = try Replay.run(trace, topology: .basic, engine: .default)
      Issue.record("replayed a slot that does not exist")
    } catch {
      #expect(error.line == 3)
      #expect(error.message.count <= MessageText.lineLimit, "\(error.message.count) characters")
      #expect(error.message.hasPrefix("'presentedChild.presentedChild"), "\(error.message.prefix(80))")
      #expect(error.message.contains("characters left out"))
      #expect(error.message.hasSuffix("does not exist now: its screen is not in the model"), "\(error.message.suffix(80))")
    }
  }

  @Test func everyLineOfAMessageIsBoundedAndKeepsItsEnd() {
    let long = String(repeating: "a", count: 5_000) + "END"
    let shown = MessageText.shown("first\n" + long)
    let lines = shown.split(separator: "\n")
    #expect(lines.count == 2 && lines[0] == "first")
    #expect(lines[1].count <= MessageText.lineLimit)
    #expect(lines[1].hasSuffix("aaaEND"))
    #expect(MessageText.shown("short") == "short")
  }
}

/// Topology files: problems at their line and column, in our words, never the decoder's.
@Suite struct TopologyFileMessageTests {
  static func problem(_ json: String) -> TopologyFile.Problem? { TopologyFileTests.problem(json) }

  static func document(values: String) -> String {
    """
    {"name": "kinds", "root": "home", "screens": [
      {"name": "home", "slots": [], "destinations": [{"kind": "item", "screen": "item", "values": [1,
        \(values)]}]},
      {"name": "item", "slots": []}]}
    """
  }

  /// `1.5`, `1e308` and 2^63 were "invalid JSON" at the end of the file.
  @Test(arguments: [
    ("1.5", "1.5 is not a whole number"), ("1e308", "1e308 is not a whole number"),
    ("9223372036854775808", "9223372036854775808 is beyond the largest path value, 9223372036854775807"),
  ])
  func aPathValueThatIsNotAWholeNumberIsLocated(_ value: String, _ message: String) throws {
    let problem = try #require(Self.problem(Self.document(values: value)))
    #expect(problem.description.hasPrefix("app.json:3:5: screens[0].destinations[0].values[1]: error: \(message)"), "\(problem)")
    #expect(!problem.description.contains("invalid JSON"), "\(problem)")
  }

  /// "Expected to decode Dictionary<String, Any> but found an array instead" was Foundation's.
  @Test func aValueOfTheWrongKindIsSaidInOurWordsAtItsPlace() throws {
    let list = try #require(Self.problem(#"{"name": "x", "root": "a", "screens": {"name": "a"}}"#))
    #expect(list.description == "app.json:1:39: screens: error: expected a list here, found an object", "\(list)")
    let object = try #require(Self.problem(#"{"name": "x", "root": "a", "screens": [["a"]]}"#))
    #expect(object.description == "app.json:1:40: screens[0]: error: expected an object here, found a list", "\(object)")
    let bool = try #require(
      Self.problem(#"{"name": "x", "root": "a", "screens": [{"name": "a", "slots": [{"name": "s", "style": "sheet", "bool": "yes"}]}]}"#))
    #expect(bool.description.hasSuffix("screens[0].slots[0].bool: error: expected true or false here, found a string"), "\(bool)")
    let string = try #require(Self.problem(#"{"name": 7, "root": "a", "screens": []}"#))
    #expect(string.description == "app.json:1:10: name: error: expected a string here, found the number 7", "\(string)")
    for problem in [list, object, bool, string] {
      #expect(!problem.description.contains("Expected to decode"), "\(problem)")
    }
  }

  /// Slots named `root`, `path` or `on` were accepted, then read as trace keywords.
  @Test(arguments: ["root", "path", "on", "off", "settle"])
  func aSlotNamedAfterATraceKeywordIsRefused(_ name: String) throws {
    let problem = try #require(
      Self.problem(#"{"name": "x", "root": "a", "screens": [{"name": "a", "slots": [{"name": "\#(name)", "style": "sheet"}]}]}"#))
    #expect(problem.place == "screens[0].slots[0].name")
    #expect(problem.message.contains("\"\(name)\" is a trace keyword"), "\(problem)")
    #expect(problem.message.contains("reserved: navtrace, topology, engine, semantics, set,"), "\(problem)")
  }

  /// A loop of symbolic links was "no such file".
  @Test func aSymbolicLinkLoopIsNamedAsSuch() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navfuzz-loop-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = folder.appendingPathComponent("a.json").path
    let second = folder.appendingPathComponent("b.json").path
    try FileManager.default.createSymbolicLink(atPath: first, withDestinationPath: second)
    try FileManager.default.createSymbolicLink(atPath: second, withDestinationPath: first)
    do {
      _ = try TopologyFile.load(first)
      Issue.record("loaded a loop")
    } catch {
      #expect(error.message == "a loop of symbolic links: following them never reaches a file", "\(error)")
    }
    let dangling = folder.appendingPathComponent("c.json").path
    try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "gone.json")
    #expect(MissingPath.reason(dangling) == "a symbolic link to 'gone.json', which does not exist")
    #expect(MissingPath.reason(folder.appendingPathComponent("none.json").path) == "no such file")
  }
}
