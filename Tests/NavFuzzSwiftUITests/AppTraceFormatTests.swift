import NavigationFuzzing
import Testing

@Suite struct AppTraceFormatTests {
  @Test func everyActionPrintsAndReadsBack() throws {
    let actions: [AppAction] = [
      .tap("Add"), .tap("Say \"hi\" \\ # not a comment"), .alertTap("Delete"), .tab("Settings"), .back, .backTo(0),
      .swipeBack, .swipeBackCancel, .dismiss, .dismissCancel, .openURL("notes://note/2"), .tick, .advance(350), .settle,
    ]
    let trace = AppTrace(app: "NotesApp", actions: actions)
    let text = AppTraceFormat.print(trace)
    #expect(text.hasPrefix("navtrace 1\napp NotesApp\ntap \"Add\"\ntap \"Say \\\"hi\\\" \\\\ # not a comment\"\nuser alert-tap \"Delete\"\n"))
    #expect(try AppTraceFormat.parse(text) == trace)
  }

  @Test func aTopologyTraceReaderSaysAnAppTraceIsOne() {
    #expect(throws: TraceError(file: "a.navtrace", line: 2, message: "an app trace ('app NotesApp'): it replays on its app, with NavFuzz.replay(_:app:), not on a topology")) {
      try TraceFormat.parse("navtrace 1\napp NotesApp\ntap \"Add\"\n", source: "a.navtrace")
    }
  }

  @Test func commentsAndBlankLinesAreSkipped() throws {
    let trace = try AppTraceFormat.parse("# why\nnavtrace 1\n\napp A  # the app\ntap \"Tea\"  # a comment\nsettle\n")
    #expect(trace.actions == [.tap("Tea"), .settle])
    #expect(trace.lines == [5, 6])
  }

  @Test(arguments: [
    ("navtrace 1\napp A\ntap Tea\n", 3, "'tap' takes a label in quotes: 'tap \"Add\"'"),
    ("navtrace 1\napp A\ntap \"Tea\n", 3, "a quoted label that never ends: expected a closing '\"'"),
    ("navtrace 1\napp A\nuser fly\n", 3, "unknown user gesture 'fly' (back, back-to N, swipe-back, swipe-back-cancel, dismiss, dismiss-cancel, alert-tap \"TITLE\", tab \"TITLE\")"),
    ("navtrace 1\napp A\n\nadvance soon\n", 4, "the duration must be a whole number, found 'soon'"),
    ("navtrace 1\napp A\nuser back-to -1\n", 3, "the stack index must be 0 or more, found -1"),
    ("navtrace 1\ntopology basic\n", 2, "expected 'app NAME' after the header (an app trace), found 'topology basic'"),
    ("navtrace 1\napp A\njump\n", 3, "unknown step 'jump' in an app trace (tap \"LABEL\", user GESTURE, open-url URL, tick, advance N, settle)"),
  ])
  func aMalformedLineIsAnErrorAtItsLine(text: String, line: Int, message: String) {
    #expect(throws: TraceError(file: "bad.navtrace", line: line, message: message)) {
      try AppTraceFormat.parse(text, source: "bad.navtrace")
    }
  }
}
