import Foundation
import NavFuzzEngines
import NavigationFuzzing
import NavigationReference
import Testing

@Suite struct TraceFormatTests {
  static let everyVerb = """
    navtrace 1
    topology stack
    # a comment line
    path append 3   # a trailing comment
    path remove-last 1
    path set 1 2 3
    set path[1].presentedChild 4
    set path[1].presentedChild.pushedChild 7
    mutate path[1].presentedChild
    clear path[1].presentedChild
    toggle path[0].isPresented on
    toggle path[0].isPresented off
    bump
    bump path[0]
    user dismiss
    user dismiss-cancel
    user alert-tap 0
    user back
    user back-to 1
    user swipe-back
    user swipe-back-cancel
    tick
    advance 300
    expect ok
    settle
    expect violation identity-rebinding
    expect state path=1,2,3 path[1].presentedChild=4
    expect screen root push:path[0]#1 sheet:path[1].presentedChild#4
    """

  @Test func printingAParsedTraceIsStableAndRoundTrips() throws {
    let trace = try TraceFormat.parse(Self.everyVerb)
    #expect(trace.steps.count == 25)
    let printed = TraceFormat.print(trace)
    let reparsed = try TraceFormat.parse(printed)
    #expect(reparsed == trace)
    #expect(TraceFormat.print(reparsed) == printed)
    #expect(printed.contains("expect screen root push:path[0]#1 sheet:path[1].presentedChild#4"))
    #expect(trace.lines.first == 4)
  }

  @Test func appStepsRoundTrip() throws {
    let text = "navtrace 1\ntopology syncups-stack\napp root openSyncUp\napp path[0] startMeeting\napp path[1] endMeeting\n"
    let trace = try TraceFormat.parse(text)
    #expect(trace.steps.count == 3)
    #expect(TraceFormat.print(trace) == text)
  }

  @MainActor @Test func untilTransitionEndRoundTripsAndStopsBeforeTheNextTurn() throws {
    let text = "navtrace 1\ntopology basic\nset alert 1\nsettle\nuser alert-tap 0\nuntil transition-end\n"
    let trace = try TraceFormat.parse(text)
    #expect(trace.steps.last == .untilTransitionEnd)
    #expect(TraceFormat.print(trace) == text)
    #expect(throws: (any Error).self) { try TraceFormat.parse("navtrace 1\ntopology basic\nuntil settled\n") }
    // The alert's transition has ended; its nil write-back waits for the next turn.
    let stopped = try Replay.run(
      TraceFormat.parse(text + "expect state alert=1\ntick\nexpect state\n"), topology: .basic, engine: .default)
    #expect(stopped.passed, "\(stopped.unmetExpectations)")
    let runner = Runner(topology: .basic, engine: .default)
    try runner.perform(.untilTransitionEnd, index: 0)
    #expect(runner.statistics.skipped == 1)  // nothing was running: skipped, not an error
  }

  @Test func engineLineIsKept() throws {
    let trace = try TraceFormat.parse("navtrace 1\ntopology basic\nengine no-write-back\nsettle\n")
    #expect(trace.engine == "no-write-back")
    #expect(try TraceFormat.parse(TraceFormat.print(trace)) == trace)
  }

  /// Each malformed input, the line the error must name, and a fragment of its message.
  static let malformed: [(String, Int, String)] = [
    ("", 1, "empty file"),
    ("\u{0}\u{1}\u{2}binary", 1, "binary data"),
    ("navtrace 2\ntopology basic\n", 1, "unsupported trace version '2'"),
    ("hello\n", 1, "expected the header"),
    ("navtrace 1\n", 1, "no 'topology NAME' line"),
    ("navtrace 1\ntopology nowhere\n", 2, "unknown topology 'nowhere'"),
    ("navtrace 1\ntopology basic\nset nothing 1\n", 3, "unknown slot 'nothing'"),
    ("navtrace 1\ntopology basic\n\nset presentedChild\n", 4, "'set' takes"),
    ("navtrace 1\ntopology basic\nset presentedChild x\n", 3, "the id must be a whole number"),
    ("navtrace 1\ntopology basic\nadvance -5\n", 3, "at least 0"),
    ("navtrace 1\ntopology basic\nset isPresented 1\n", 3, "is a Bool slot"),
    ("navtrace 1\ntopology basic\ntoggle presentedChild on\n", 3, "is not a Bool slot"),
    ("navtrace 1\ntopology basic\npath append 1\n", 3, "has no path"),
    ("navtrace 1\ntopology basic\nexpect violation nonsense\n", 3, "unknown invariant 'nonsense'"),
    ("navtrace 1\ntopology basic\nfly away\n", 3, "unknown step 'fly'"),
    ("navtrace 1\ntopology basic\nuser jump\n", 3, "unknown user gesture"),
    ("navtrace 1\ntopology counter\nset fact.x 1\n", 3, "leaf screen"),
    ("navtrace 1\ntopology basic\nsettle\nengine x\n", 4, "right after the topology line"),
    ("navtrace 1\ntopology syncups-stack\napp path[0] fly\n", 3, "has no intent 'fly'"),
    ("navtrace 1\ntopology basic\napp root startMeeting\n", 3, "its intents: none"),
    ("navtrace 1\ntopology basic\nset presentedChild 1\ntopology counter\n", 4, "'topology NAME' must come once"),
    ("navtrace 1\r\ntopology basic\rset presentedChild 1\r", 2, "a carriage return (CR) inside the line"),
    ("navtrace 1\ntopology basic\nset presentedChild " + String(repeating: "9", count: 100_000) + "\n", 3, "…"),
  ]

  @Test(arguments: 0..<malformed.count)
  func malformedInputIsAnErrorNamingFileAndLine(_ index: Int) {
    let (text, line, fragment) = Self.malformed[index]
    do {
      _ = try TraceFormat.parse(text, source: "bad.navtrace")
      Issue.record("parsed without error: \(text.debugDescription)")
    } catch {
      #expect(error.file == "bad.navtrace")
      #expect(error.line == line)
      #expect(error.message.contains(fragment), "\(error)")
      #expect(error.description.hasPrefix("bad.navtrace:\(line): error: "))
      #expect(error.message.count <= 1_001, "a message quotes a long line whole")
    }
  }

  @Test func randomBytesNeverCrashTheParser() {
    var random = SplitMix64(seed: 42)
    for _ in 0..<500 {
      let bytes = (0..<random.below(80)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      let text = String(decoding: bytes, as: UTF8.self)
      _ = try? TraceFormat.parse("navtrace 1\ntopology basic\n" + text)
      _ = try? TraceFormat.parse(text)
    }
  }

  @Test func crlfLineEndingsReadLikeLF() throws {
    let lf = "navtrace 1\ntopology basic\nengine no-write-back\nset presentedChild 1\nsettle\nexpect ok\n"
    let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
    #expect(crlf.contains("\r\n"))
    let trace = try TraceFormat.parse(crlf)
    #expect(trace == (try TraceFormat.parse(lf)))
    #expect(trace.lines == [4, 5, 6])
    #expect(trace.engineLine == 3)
    #expect(throws: TraceError(file: "<trace>", line: 3, message: "unknown step 'sett'")) {
      try TraceFormat.parse("navtrace 1\r\ntopology basic\r\nsett\r\n")
    }
  }

  /// Every number a trace can hold, at its largest: the replay ends in a result or a located
  /// error, never a trap (the virtual clock once overflowed on the second `advance`).
  @Test(arguments: [
    "topology basic\nadvance 9223372036854775807\nadvance 1\nset presentedChild 1\nadvance 9223372036854775807\nsettle",
    "topology basic\nset presentedChild 9223372036854775807\nsettle\nmutate presentedChild\nsettle",
    "topology basic\nset alert 1\nsettle\nuser alert-tap 9223372036854775807",
    "topology basic\nset presentedChild 1\nset presentedChild.pushedChild 2\nsettle\nuser back-to 9223372036854775807",
    "topology stack\npath append 9223372036854775807\nsettle\npath append 9223372036854775807\nsettle",
    "topology stack\npath set 9223372036854775807 1 2\nsettle\npath remove-last 9223372036854775807",
    "topology stack\npath append 1\nset path[9223372036854775807].presentedChild 2",
  ])
  @MainActor func extremeNumbersNeverTrap(_ body: String) throws {
    let trace = try TraceFormat.parse("navtrace 1\n" + body + "\n", source: "extreme.navtrace")
    do {
      let result = try Replay.run(trace, topology: Topology.named(trace.topology)!, engine: .default)
      #expect(result.performedSteps.count == trace.steps.count)
    } catch {
      #expect(error.file == "extreme.navtrace")
      #expect(error.line > 2)
    }
  }
}
