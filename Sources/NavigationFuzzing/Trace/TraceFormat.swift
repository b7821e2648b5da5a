import NavigationReference

/// Reads and writes the `.navtrace` format (docs/TRACES.md). Lines end in LF or CRLF.
/// `print(parse(text))` is stable and `parse(print(trace)) == trace`.
public enum TraceFormat {
  public static let version = 1

  /// Words a trace gives a meaning of their own, which a slot name must not take: the verbs, and
  /// `root`, `on` and `off`, which stand where an address or a value does (`app root intent`,
  /// `expect screen root`, `toggle isPresented on`). A slot named `path` would read as the root
  /// path in `expect state path=1`, one named `tab` as the selected tab in `expect state tab=1`,
  /// one named `root` as the root screen in `app root save`.
  public static let reservedWords = [
    "navtrace", "topology", "engine", "semantics", "set", "mutate", "clear", "toggle", "bump", "path", "app", "user",
    "select-tab", "tick", "advance", "settle", "until", "expect", "root", "on", "off", "tab",
  ]

  // MARK: Writing

  public static func print(_ trace: Trace) -> String {
    var lines = ["navtrace \(version)", "topology \(trace.topology)"]
    if let engine = trace.engine { lines.append("engine \(engine)") }
    if let semantics = trace.semantics { lines.append("semantics \(semantics)") }
    let spec = Topology.named(trace.topology)?.spec
    for step in trace.steps { lines.append(line(for: step, spec: spec)) }
    return lines.joined(separator: "\n") + "\n"
  }

  public static func line(for step: Step, spec: TopologySpec?) -> String {
    func name(_ address: Address) -> String { spec?.describe(address) ?? "\(address)" }
    switch step {
    case .set(let address, let id): return "set \(name(address)) \(id)"
    case .mutate(let address): return "mutate \(name(address))"
    case .clear(let address): return "clear \(name(address))"
    case .toggle(let address, let on): return "toggle \(name(address)) \(on ? "on" : "off")"
    case .bump(let address): return address.isRoot ? "bump" : "bump \(name(address))"
    case .pathAppend(let value): return "path append \(pathValue(value, spec: spec))"
    case .pathRemoveLast(let count): return "path remove-last \(count)"
    case .pathSet(let values): return (["path", "set"] + values.map { pathValue($0, spec: spec) }).joined(separator: " ")
    case .app(let address, let intent): return "app \(address.isRoot ? "root" : name(address)) \(intent)"
    case .selectTab(let tab): return "select-tab \(tab)"
    case .user(let gesture):
      switch gesture {
      case .dismiss: return "user dismiss"
      case .dismissCancel: return "user dismiss-cancel"
      case .alertTap(let index): return "user alert-tap \(index)"
      case .back: return "user back"
      case .backTo(let index): return "user back-to \(index)"
      case .swipeBack: return "user swipe-back"
      case .swipeBackCancel: return "user swipe-back-cancel"
      case .tab(let index): return "user tab \(index)"
      }
    case .tick: return "tick"
    case .advance(let milliseconds): return "advance \(milliseconds)"
    case .settle: return "settle"
    case .untilTransitionEnd: return "until transition-end"
    case .expect(let expectation):
      switch expectation {
      case .ok: return "expect ok"
      case .violation(let id): return "expect violation \(id.rawValue)"
      case .state(let entries): return (["expect", "state"] + entries).joined(separator: " ")
      case .screen(let entries): return (["expect", "screen"] + entries).joined(separator: " ")
      }
    case .afterClearing(let step, let first):
      return ([line(for: step, spec: spec), "after-clearing"] + first.map(name)).joined(separator: " ")
    }
  }

  /// A path value as written: with its kind (`detail 1`) on a path with several kinds.
  private static func pathValue(_ value: Int, spec: TopologySpec?) -> String {
    guard let root = spec?.root, root.pathDestinations.count > 1, let kind = root.pathDestination(for: value) else {
      return String(value)
    }
    return "\(root.pathDestinations[kind].name) \(value)"
  }

  // MARK: Reading

  /// Parses a trace; the topology may be given by the caller when the file names a user topology.
  public static func parse(
    _ text: String, source: String = "<trace>", topologies: [Topology] = Topology.all
  ) throws(TraceError) -> Trace {
    // A message quotes the line: `TraceError` bounds it (a megabyte-long line is shown by its
    // start and end) and shows its invisible characters.
    func fail(_ line: Int, _ message: String) -> TraceError { TraceError(file: source, line: line, message: message) }
    if text.isEmpty { throw fail(1, "empty file: expected the header 'navtrace \(version)'") }
    if text.unicodeScalars.contains(where: { $0.value == 0 || ($0.value < 32 && $0 != "\n" && $0 != "\r" && $0 != "\t") }) {
      let line = text.prefix { $0 != "\u{0}" }.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count
      throw fail(max(line, 1), "binary data: a .navtrace file is text")
    }
    var header: Int?
    var topology: Topology?
    var engine: String?
    var semantics: String?
    var steps: [Step] = []
    var lines: [Int] = []
    var engineLine: Int?
    // "\r\n" is one Character, not "\n": split on any line break so CRLF files read as LF ones.
    for (offset, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
      let number = offset + 1
      // A bare CR (old Mac line ends) would run lines together; said here, not as a strange word.
      if let cr = rawLine.firstIndex(of: "\r"), rawLine[cr...].contains(where: { !$0.isWhitespace }) {
        throw fail(number, "a carriage return (CR) inside the line: lines end in LF or CRLF")
      }
      let content = withoutComment(rawLine)
      let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
      guard let verb = words.first else { continue }
      if header == nil {
        guard verb == "navtrace", words.count == 2 else {
          throw fail(number, "expected the header 'navtrace \(version)', found '\(content.trimmed)'")
        }
        guard let version = Int(words[1]), version == Self.version else {
          throw fail(number, "unsupported trace version '\(words[1])' (this navfuzz reads version \(version))")
        }
        header = version
        continue
      }
      if topology == nil {
        if verb == "app", words.count == 2 {
          throw fail(number, "an app trace ('app \(words[1])'): it replays on its app, with NavFuzz.replay(_:app:), not on a topology")
        }
        guard verb == "topology", words.count == 2 else {
          throw fail(number, "expected 'topology NAME' after the header, found '\(content.trimmed)'")
        }
        guard let found = topologies.first(where: { $0.name == words[1] }) else {
          throw fail(
            number,
            "unknown topology '\(words[1])' (known: \(topologies.map(\.name).joined(separator: ", ")); a topology from a file needs --topology FILE.json)")
        }
        topology = found
        continue
      }
      if verb == "topology" { throw fail(number, "'topology NAME' must come once, right after the header") }
      if verb == "engine" {
        guard words.count == 2, steps.isEmpty, engine == nil else {
          throw fail(number, "'engine NAME' must come once, right after the topology line")
        }
        engine = words[1]
        engineLine = number
        continue
      }
      if verb == "semantics" {
        guard words.count == 2, steps.isEmpty, semantics == nil else {
          throw fail(number, "'semantics NAME' must come once, before the first step")
        }
        guard SemanticsProfile.named(words[1]) != nil else {
          throw fail(
            number,
            "unknown semantics '\(words[1])' (known: \(SemanticsProfile.all.map(\.name).joined(separator: ", ")))")
        }
        semantics = words[1]
        continue
      }
      do {
        steps.append(try parseStep(words, spec: topology!.spec))
        lines.append(number)
      } catch let message {
        throw fail(number, message.text)
      }
    }
    if header == nil { throw fail(1, "no header: expected 'navtrace \(version)'") }
    guard let topology else { throw fail(1, "no 'topology NAME' line") }
    if let contradiction = contradictoryExpectation(steps, lines: lines) { throw fail(contradiction.line, contradiction.message) }
    var trace = Trace(topology: topology.name, engine: engine, semantics: semantics, steps: steps, lines: lines, source: source)
    trace.engineLine = engineLine
    return trace
  }

  struct Message: Error { let text: String }

  /// A line without its comment: '#' starts one at the start of a line or after a space or tab
  /// ('presentedChild#1' in `expect screen` is not a comment).
  static func withoutComment(_ line: Substring) -> Substring {
    var previous: Character = " "
    for index in line.indices {
      let character = line[index]
      if character == "#", previous == " " || previous == "\t" { return line[..<index] }
      previous = character
    }
    return line
  }

  static func parseStep(_ words: [String], spec: TopologySpec) throws(Message) -> Step {
    if ["set", "clear", "toggle"].contains(words[0]), let order = words.firstIndex(of: writeOrderWord) {
      return try parseWriteOrder(step: parseStep(Array(words[..<order]), spec: spec), words[(order + 1)...], spec: spec)
    }
    let verb = words[0]
    let arguments = Array(words.dropFirst())
    func expectCount(_ count: Int, _ usage: String) throws(Message) {
      guard arguments.count == count else { throw Message(text: "'\(verb)' takes \(usage)") }
    }
    func int(_ text: String, _ what: String, minimum: Int = 0) throws(Message) -> Int {
      guard let value = Int(text) else { throw Message(text: wholeNumberProblem(text, what)) }
      guard value >= minimum else { throw Message(text: "\(what) must be at least \(minimum), found \(value)") }
      return value
    }
    func address(_ text: String, allowPathElement: Bool = false) throws(Message) -> Address {
      switch spec.parseAddress(text) {
      case .success(let address):
        guard allowPathElement || { if case .slot? = address.last { true } else { false } }() else {
          throw Message(text: "'\(text)' is a path element, not a slot")
        }
        return address
      case .failure(let error): throw Message(text: "\(error) in '\(text)'")
      }
    }
    // A tab is always there: the program selects it, never sets or clears it.
    func programSlot(_ text: String) throws(Message) -> Address {
      let target = try address(text)
      if spec.slot(at: target)?.style == .tab {
        throw Message(text: "'\(text)' is a tab, always there: select it with 'select-tab \(spec.tab(containing: target))'")
      }
      return target
    }
    // A tab of the topology's tab bar, by index.
    func tab(_ text: String) throws(Message) -> Int {
      guard spec.hasTabs else { throw Message(text: "topology '\(spec.name)' has no tabs (a topology with tabs such as 'tabs' has)") }
      let index = try int(text, "the tab index")
      guard index < spec.tabCount else { throw Message(text: "there is no tab \(index) (its tabs: \(spec.describeTabs))") }
      return index
    }
    switch verb {
    case "set":
      try expectCount(2, "a slot address and an id: 'set presentedChild 1'")
      let target = try programSlot(arguments[0])
      if spec.slot(at: target)?.isFlag == true {
        throw Message(text: "'\(arguments[0])' is a Bool slot: use 'toggle \(arguments[0]) on|off'")
      }
      return .set(target, id: try int(arguments[1], "the id"))
    case "mutate", "clear":
      try expectCount(1, "a slot address")
      let target = try programSlot(arguments[0])
      return verb == "mutate" ? .mutate(target) : .clear(target)
    case "toggle":
      try expectCount(2, "a Bool slot and on|off: 'toggle isPresented on'")
      let target = try programSlot(arguments[0])
      guard spec.slot(at: target)?.isFlag == true else {
        throw Message(text: "'\(arguments[0])' is not a Bool slot: use 'set' or 'clear'")
      }
      guard arguments[1] == "on" || arguments[1] == "off" else {
        throw Message(text: "toggle takes 'on' or 'off', found '\(arguments[1])'")
      }
      return .toggle(target, on: arguments[1] == "on")
    case "bump":
      guard arguments.count <= 1 else { throw Message(text: "'bump' takes at most a screen address") }
      guard let text = arguments.first else { return .bump(.root) }
      let target = try address(text, allowPathElement: true)
      guard !spec.screenTypes(at: target).isEmpty else {
        throw Message(text: "'\(text)' shows a leaf or an alert, which has no model to bump")
      }
      return .bump(target)
    case "path":
      guard spec.root.hasPath else {
        throw Message(text: "topology '\(spec.name)' has no path (a stack topology such as 'stack' has)")
      }
      guard let sub = arguments.first else { throw Message(text: "'path' takes append, remove-last or set") }
      switch sub {
      case "append":
        let values = try pathValues(arguments.dropFirst(), spec: spec)
        guard values.count == 1, arguments.count <= 3 else {
          throw Message(text: "'path append' takes a value, optionally after its kind: 'path append 1', 'path append detail 1'")
        }
        return .pathAppend(values[0])
      case "remove-last":
        try expectCount(2, "'remove-last COUNT'")
        return .pathRemoveLast(try int(arguments[1], "the count", minimum: 1))
      case "set":
        return .pathSet(try pathValues(arguments.dropFirst(), spec: spec))
      default:
        throw Message(text: "unknown path operation '\(sub)' (append, remove-last, set)")
      }
    case "app":
      try expectCount(2, "a screen address (or 'root') and an intent: 'app path[2] endMeeting'")
      let target = arguments[0] == "root" ? Address.root : try address(arguments[0], allowPathElement: true)
      let types = spec.screenTypes(at: target)
      guard !types.isEmpty else {
        throw Message(text: "'\(arguments[0])' shows a leaf or an alert, which has no intents")
      }
      // On an element of a path with several kinds: an intent of any kind (whether element i
      // offers it depends on its value, known when the step runs).
      guard types.contains(where: { spec.screens[$0].intent(named: arguments[1]) != nil }) else {
        let known = types.flatMap { spec.screens[$0].intents.map(\.name) }
        let name = types.map { spec.screens[$0].name }.joined(separator: " | ")
        throw Message(
          text: "screen '\(name)' has no intent '\(arguments[1])' (its intents: \(known.isEmpty ? "none" : known.joined(separator: ", ")))")
      }
      return .app(target, intent: arguments[1])
    case "user":
      guard let gesture = arguments.first else { throw Message(text: "'user' takes a gesture") }
      switch (gesture, arguments.count) {
      case ("dismiss", 1): return .user(.dismiss)
      case ("dismiss-cancel", 1): return .user(.dismissCancel)
      case ("alert-tap", 2): return .user(.alertTap(try int(arguments[1], "the button index")))
      case ("back", 1): return .user(.back)
      case ("back-to", 2): return .user(.backTo(try int(arguments[1], "the stack index")))
      case ("swipe-back", 1): return .user(.swipeBack)
      case ("swipe-back-cancel", 1): return .user(.swipeBackCancel)
      case ("tab", 2): return .user(.tab(try tab(arguments[1])))
      default:
        throw Message(
          text: "unknown user gesture '\(arguments.joined(separator: " "))' (dismiss, dismiss-cancel, alert-tap N, back, back-to N, swipe-back, swipe-back-cancel, tab N)")
      }
    case "select-tab":
      try expectCount(1, "a tab index: 'select-tab 1'")
      return .selectTab(try tab(arguments[0]))
    case "tick":
      try expectCount(0, "no arguments")
      return .tick
    case "advance":
      try expectCount(1, "a duration in virtual milliseconds")
      return .advance(try int(arguments[0], "the duration"))
    case "settle":
      try expectCount(0, "no arguments")
      return .settle
    case "until":
      guard arguments == ["transition-end"] else { throw Message(text: "'until' takes 'transition-end'") }
      return .untilTransitionEnd
    case "expect":
      guard let what = arguments.first else { throw Message(text: "'expect' takes ok, violation, state or screen") }
      switch what {
      case "ok":
        try expectCount(1, "nothing after 'ok'")
        return .expect(.ok)
      case "violation":
        try expectCount(2, "an invariant id")
        guard let id = InvariantID(rawValue: arguments[1]) else {
          throw Message(text: "unknown invariant '\(arguments[1])' (known: \(InvariantID.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return .expect(.violation(id))
      case "state":
        return .expect(.state(try stateEntries(arguments.dropFirst(), spec: spec)))
      case "screen":
        return .expect(.screen(try screenEntries(arguments.dropFirst(), spec: spec)))
      default:
        throw Message(text: "unknown expectation '\(what)' (ok, violation, state, screen)")
      }
    default:
      throw Message(text: "unknown step '\(verb)'")
    }
  }
}

extension TraceFormat {
  /// Path values, each optionally after its kind's name (`detail 1 record 3`, or `1 3`): a value
  /// must be one the path takes, and of the kind named.
  fileprivate static func pathValues(_ words: ArraySlice<String>, spec: TopologySpec) throws(Message) -> [Int] {
    let root = spec.root
    var values: [Int] = []
    var named: Int?
    for word in words {
      guard let value = Int(word) else {
        if isWholeNumber(word) { throw Message(text: wholeNumberProblem(word, "a path value")) }
        guard named == nil, let kind = root.pathDestinations.firstIndex(where: { $0.name == word }) else {
          throw Message(
            text: named == nil
              ? "'\(word)' is neither a path value nor a kind of the path (\(root.describeDestinations))"
              : "a kind must be followed by a value, found '\(word)'")
        }
        named = kind
        continue
      }
      guard value >= 0 else { throw Message(text: "a path value must be at least 0, found \(value)") }
      guard let kind = root.pathDestination(for: value) else {
        throw Message(text: "the path takes no value \(value) (\(root.describeDestinations))")
      }
      if let named, named != kind {
        throw Message(
          text: "value \(value) is a \(root.pathDestinations[kind].name), not a \(root.pathDestinations[named].name) (\(root.describeDestinations))")
      }
      values.append(value)
      named = nil
    }
    if named != nil { throw Message(text: "a kind must be followed by a value") }
    return values
  }
}

extension TraceFormat {
  /// Digits, optionally after a sign: a whole number, whether or not it fits in an `Int`.
  static func isWholeNumber(_ text: String) -> Bool {
    let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
    return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// Why `text` is not a number a trace takes: a whole number out of `Int`'s range says so (not
  /// "not a whole number"), anything else is not a whole number.
  static func wholeNumberProblem(_ text: String, _ what: String) -> String {
    guard isWholeNumber(text) else { return "\(what) must be a whole number, found '\(text)'" }
    return text.first == "-"
      ? "\(what) \(text) is below the smallest number a trace takes (\(Int.min))"
      : "\(what) \(text) is beyond the largest number a trace takes (\(Int.max), the largest 64-bit integer)"
  }
}

extension Substring {
  /// Without surrounding spaces, tabs and carriage returns (no Foundation needed).
  fileprivate var trimmed: String {
    var text = self
    while let first = text.first, first == " " || first == "\t" || first == "\r" { text = text.dropFirst() }
    while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
    return String(text)
  }
}
