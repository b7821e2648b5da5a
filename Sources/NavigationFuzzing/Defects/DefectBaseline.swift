/// Known defects, each with the reason it is accepted: a file a team commits (`--baseline FILE`).
/// A campaign with a baseline reports known and new defects apart, fails only on new ones, and
/// searches past the known ones instead of spending its runs on them. docs/REPORTS.md
/// ("Known-defect baselines") gives the format:
///
/// ```
/// navfuzz-baseline 1
/// defect 43fdcc09521d0ff5
///   signature state-ui-consistency: · holds id · but the screen shows id ·
///   reason pushes carry no identity in swift-navigation (docs/SEMANTICS.md)
///   example basic: set pushedChild 1 · tick · set pushedChild 2 · settle
/// ```
public struct DefectBaseline: Sendable, Equatable {
  public struct Entry: Sendable, Equatable {
    public var signature: DefectSignature
    /// Why the defect is accepted: required.
    public var reason: String
    /// Its shortest trace on one line, for the reader (`TOPOLOGY: step · step`); not read.
    public var example: String?

    public var id: String { signature.id }
  }

  public static let header = "navfuzz-baseline 1"

  /// In file order; `print` writes them sorted by signature.
  public private(set) var entries: [Entry]

  public init(entries: [Entry] = []) {
    self.entries = entries
  }

  public func entry(forID id: String) -> Entry? { entries.first { $0.id == id } }

  /// The known defect a run that shows `symptom` first goes on past: the one whose signature it
  /// reads as.
  public func entry(forSymptom symptom: FailureSymptom) -> Entry? {
    entries.first { $0.signature.description == symptom.description }
  }

  /// The symptoms a campaign searches past: the known defects' own. A run whose
  /// first violation reads otherwise is shrunk and sorted like any other, even when it turns out
  /// to be a known defect's: a symptom seen elsewhere on the way to one defect may be another's
  /// first sign in the next campaign, and searching past it would hide that one.
  public var searchedSymptoms: Set<FailureSymptom> {
    Set(entries.map { FailureSymptom(text: $0.signature.description) })
  }

  // MARK: Reading

  /// Parses a baseline file; a malformed one is an error at its file and line.
  public static func parse(_ text: String, source: String = "<baseline>") throws(TraceError) -> DefectBaseline {
    func fail(_ line: Int, _ message: String) -> TraceError { TraceError(file: source, line: line, message: message) }
    /// What a message quotes of a line: its start, cut to a length a terminal line holds.
    func quoted(_ text: some StringProtocol) -> String { text.count > 80 ? String(text.prefix(80)) + "…" : String(text) }
    if text.unicodeScalars.contains(where: { $0.value == 0 || ($0.value < 32 && $0 != "\n" && $0 != "\r" && $0 != "\t") }) {
      throw fail(1, "binary data: a baseline file is text")
    }
    /// An entry as read so far.
    struct Pending {
      var id: String
      var line: Int
      var signature: DefectSignature?
      var reason: String?
      var example: String?
    }
    var sawHeader = false
    var pending: [Pending] = []
    var lastLine = 0
    // "\r\n" is one Character, not "\n": split on either, so a Windows checkout (CRLF) reads as
    // LF; splitting on "\n" alone made the whole file one line, quoted whole in the error.
    for (offset, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
      let number = offset + 1
      lastLine = number
      let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
      let content = line.drop { $0 == " " || $0 == "\t" }
      if content.isEmpty || content.hasPrefix("#") { continue }
      guard sawHeader else {
        guard content == header else { throw fail(number, "expected the header '\(header)', found '\(quoted(content))'") }
        sawHeader = true
        continue
      }
      let keyword = content.prefix { $0 != " " && $0 != "\t" }
      let value = String(content.dropFirst(keyword.count).drop { $0 == " " || $0 == "\t" })
      if keyword == "defect" {
        guard value.count == 16, value.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
          throw fail(number, "'defect' takes the defect's id, 16 lowercase hex digits; found '\(quoted(value))'")
        }
        if let earlier = pending.first(where: { $0.id == value }) {
          throw fail(number, "defect \(value) is listed twice (first at line \(earlier.line))")
        }
        pending.append(Pending(id: value, line: number))
        continue
      }
      guard !pending.isEmpty else { throw fail(number, "'\(quoted(keyword))' before the first 'defect' line") }
      let current = pending.count - 1
      switch keyword {
      case "signature":
        guard let signature = DefectSignature(value) else {
          throw fail(number, "a signature reads 'INVARIANT: CHECK' with an invariant 'navfuzz list' shows; found '\(quoted(value))'")
        }
        guard signature.id == pending[current].id else {
          throw fail(number, "this signature's id is \(signature.id), not \(pending[current].id) as its 'defect' line says")
        }
        pending[current].signature = signature
      case "reason":
        guard !value.isEmpty else { throw fail(number, "'reason' needs the reason the defect is accepted") }
        pending[current].reason = value
      case "example":
        pending[current].example = value
      default:
        throw fail(
          number, "unknown line '\(quoted(keyword))': an entry has 'signature', 'reason' and 'example' lines")
      }
    }
    guard sawHeader else { throw fail(max(lastLine, 1), "empty file: expected the header '\(header)'") }
    var entries: [Entry] = []
    for item in pending {
      guard let signature = item.signature else { throw fail(item.line, "defect \(item.id) has no 'signature' line") }
      guard let reason = item.reason else {
        throw fail(item.line, "defect \(item.id) has no 'reason' line: say why it is accepted")
      }
      entries.append(Entry(signature: signature, reason: reason, example: item.example))
    }
    return DefectBaseline(entries: entries)
  }

  // MARK: Writing

  /// The file: the header, then each entry, by signature. The same baseline prints
  /// the same bytes.
  public func print() -> String {
    var lines = [
      Self.header,
      "# Known defects. 'navfuzz run --baseline FILE' reports them apart, fails only on new ones and",
      "# searches past them; '--update-baseline --reason TEXT' adds what a campaign finds.",
    ]
    for entry in entries.sorted(by: { $0.signature < $1.signature }) {
      lines.append("")
      lines.append("defect \(entry.id)")
      lines.append("  signature \(entry.signature)")
      lines.append("  reason \(entry.reason)")
      if let example = entry.example { lines.append("  example \(example)") }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The baseline with `defects` recorded: each new one an entry with `reason` (record mode:
  /// nothing is removed, and a known entry keeps its reason).
  public func recording(_ defects: [Defect], reason: String) -> DefectBaseline {
    var entries = self.entries
    for defect in defects {
      if let index = entries.firstIndex(where: { $0.id == defect.id }) {
        if entries[index].example == nil { entries[index].example = defect.example }
      } else {
        entries.append(Entry(signature: defect.signature, reason: reason, example: defect.example))
      }
    }
    return DefectBaseline(entries: entries)
  }
}

extension Defect {
  /// The shortest trace on one line: `TOPOLOGY: step · step`.
  var example: String? {
    guard let shortest else { return nil }
    let spec = Topology.named(topology)?.spec
    return "\(topology): " + shortest.shrunk.actions.map { TraceFormat.line(for: $0, spec: spec) }.joined(separator: " · ")
  }
}

