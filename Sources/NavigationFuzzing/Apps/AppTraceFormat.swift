/// Reads and writes app traces: the `.navtrace` format's header, with `app NAME` where a
/// topology trace has `topology NAME`, and steps that name what a person taps
/// (docs/TRACES.md, "App traces").
public enum AppTraceFormat {
  /// The trace as text: the header, the app, one action a line.
  public static func print(_ trace: AppTrace) -> String {
    (["navtrace \(TraceFormat.version)", "app \(trace.app)"] + trace.actions.map(\.traceLine)).joined(separator: "\n") + "\n"
  }

  /// `text` in double quotes, with `"` and `\` escaped by a backslash.
  public static func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  /// Parses an app trace; a malformed line is an error naming `source` and the line.
  public static func parse(_ text: String, source: String = "<trace>") throws(TraceError) -> AppTrace {
    func fail(_ line: Int, _ message: String) -> TraceError { TraceError(file: source, line: line, message: message) }
    if text.isEmpty { throw fail(1, "empty file: expected the header 'navtrace \(TraceFormat.version)'") }
    var header = false
    var app: String?
    var appLine = 2
    var actions: [AppAction] = []
    var lines: [Int] = []
    for (offset, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
      let number = offset + 1
      let words: [Word]
      do { words = try tokens(rawLine) } catch let message { throw fail(number, message.text) }
      guard let verb = words.first else { continue }
      if !header {
        guard verb.text == "navtrace", words.count == 2, !verb.quoted else {
          throw fail(number, "expected the header 'navtrace \(TraceFormat.version)'")
        }
        guard Int(words[1].text) == TraceFormat.version else {
          throw fail(number, "unsupported trace version '\(words[1].text)' (this navfuzz reads version \(TraceFormat.version))")
        }
        header = true
        continue
      }
      if app == nil {
        guard verb.text == "app", words.count == 2 else {
          throw fail(number, "expected 'app NAME' after the header (an app trace), found '\(rawLine.trimmingWhitespace)'")
        }
        app = words[1].text
        appLine = number
        continue
      }
      do {
        actions.append(try action(words))
        lines.append(number)
      } catch let message {
        throw fail(number, message.text)
      }
    }
    guard header else { throw fail(1, "no header: expected 'navtrace \(TraceFormat.version)'") }
    guard let app else { throw fail(1, "no 'app NAME' line") }
    var trace = AppTrace(app: app, actions: actions, lines: lines, source: source)
    trace.appLine = appLine
    return trace
  }

  struct Message: Error { let text: String }

  /// A word of a line, and whether it was written in quotes (a label may be any text).
  struct Word {
    var text: String
    var quoted: Bool
  }

  /// The words of a line: separated by spaces or tabs, a quoted word may hold them (`\"`, `\\`
  /// escape), and `#` at the start or after a space or tab, outside quotes, starts a comment.
  static func tokens(_ line: Substring) throws(Message) -> [Word] {
    var words: [Word] = []
    var current = ""
    var inWord = false
    var inQuotes = false
    var escaping = false
    for character in line {
      if inQuotes {
        if escaping {
          guard character == "\"" || character == "\\" else {
            throw Message(text: "unknown escape '\\\(character)' in a quoted label (only \\\" and \\\\)")
          }
          current.append(character)
          escaping = false
        } else if character == "\\" {
          escaping = true
        } else if character == "\"" {
          inQuotes = false
          words.append(Word(text: current, quoted: true))
          current = ""
          inWord = false
        } else {
          current.append(character)
        }
        continue
      }
      if character == " " || character == "\t" || character == "\r" {
        if inWord { words.append(Word(text: current, quoted: false)) }
        current = ""
        inWord = false
      } else if character == "#", !inWord {
        return words
      } else if character == "\"" {
        guard !inWord else { throw Message(text: "a quote inside a word: a quoted label stands alone") }
        inQuotes = true
        inWord = true
      } else {
        current.append(character)
        inWord = true
      }
    }
    if inQuotes { throw Message(text: "a quoted label that never ends: expected a closing '\"'") }
    if inWord { words.append(Word(text: current, quoted: false)) }
    return words
  }

  static func action(_ words: [Word]) throws(Message) -> AppAction {
    let verb = words[0].text
    let arguments = Array(words.dropFirst())
    func label(_ usage: String) throws(Message) -> String {
      guard arguments.count == 1, arguments[0].quoted else { throw Message(text: "'\(verb)' takes \(usage)") }
      return arguments[0].text
    }
    func number(_ word: Word, _ what: String) throws(Message) -> Int {
      guard !word.quoted, TraceFormat.isWholeNumber(word.text), let value = Int(word.text) else {
        throw Message(text: TraceFormat.wholeNumberProblem(word.text, what))
      }
      guard value >= 0 else { throw Message(text: "\(what) must be 0 or more, found \(value)") }
      return value
    }
    switch verb {
    case "tap": return .tap(try label("a label in quotes: 'tap \"Add\"'"))
    case "open-url":
      guard arguments.count == 1 else { throw Message(text: "'open-url' takes a URL: 'open-url myapp://item/1'") }
      return .openURL(arguments[0].text)
    case "tick":
      guard arguments.isEmpty else { throw Message(text: "'tick' takes no arguments") }
      return .tick
    case "settle":
      guard arguments.isEmpty else { throw Message(text: "'settle' takes no arguments") }
      return .settle
    case "advance":
      guard arguments.count == 1 else { throw Message(text: "'advance' takes a duration in virtual milliseconds") }
      return .advance(try number(arguments[0], "the duration"))
    case "user":
      guard let gesture = arguments.first, !gesture.quoted else { throw Message(text: "'user' takes a gesture") }
      let rest = Array(arguments.dropFirst())
      switch (gesture.text, rest.count) {
      case ("back", 0): return .back
      case ("back-to", 1): return .backTo(try number(rest[0], "the stack index"))
      case ("swipe-back", 0): return .swipeBack
      case ("swipe-back-cancel", 0): return .swipeBackCancel
      case ("dismiss", 0): return .dismiss
      case ("dismiss-cancel", 0): return .dismissCancel
      case ("alert-tap", 1) where rest[0].quoted: return .alertTap(rest[0].text)
      case ("tab", 1) where rest[0].quoted: return .tab(rest[0].text)
      default:
        throw Message(
          text: "unknown user gesture '\(arguments.map(\.text).joined(separator: " "))' (back, back-to N, swipe-back, swipe-back-cancel, dismiss, dismiss-cancel, alert-tap \"TITLE\", tab \"TITLE\")")
      }
    default:
      throw Message(text: "unknown step '\(verb)' in an app trace (tap \"LABEL\", user GESTURE, open-url URL, tick, advance N, settle)")
    }
  }
}

extension Substring {
  fileprivate var trimmingWhitespace: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
  }
}
