import NavigationReference

/// The entries of `expect state` and `expect screen`, checked when the trace is read.
///
/// Why here: an entry that can never match (`expect state presentedChild`, a slot the topology
/// does not have, `expect screen root bogus`) used to be compared like any other and fail as a
/// diff, exit 1 — a typo reported as a bug in the engine. Read errors name the file and line and
/// exit 2, as every other malformed line does.
extension TraceFormat {
  /// `expect state` entries: `address=id` for an item slot, `address=on` for a Bool slot,
  /// `path=1,2,3` for the root path, `tab=N` for the selected tab of a tab bar; each address at
  /// most once.
  static func stateEntries(_ words: ArraySlice<String>, spec: TopologySpec) throws(Message) -> [String] {
    var keys: [Substring] = []
    for entry in words {
      let key = entry.prefix { $0 != "=" }
      guard key.count < entry.count, !key.isEmpty else {
        throw Message(
          text: "'\(entry)' is not an 'expect state' entry: write ADDRESS=ID, ADDRESS=on (a Bool slot), path=VALUES or tab=N")
      }
      let value = String(entry.dropFirst(key.count + 1))
      guard !keys.contains(key) else { throw Message(text: "'\(key)' is listed twice in 'expect state'") }
      keys.append(key)
      if key == "path" {
        try stateOfPath(value, entry: entry, spec: spec)
        continue
      }
      if key == "tab" {
        try stateOfTab(value, entry: entry, spec: spec)
        continue
      }
      let address: Address
      switch spec.parseAddress(String(key)) {
      case .success(let found): address = found
      case .failure(let error): throw Message(text: "\(error) in '\(entry)'")
      }
      guard let slot = spec.slot(at: address) else {
        throw Message(text: "'\(key)' is a path element, not a slot: 'expect state' lists slots (and the path as path=VALUES)")
      }
      if slot.style == .tab {
        throw Message(
          text: "'\(key)' is a tab, always there: 'expect state' lists what its screen holds, and the selected tab as 'tab=\(spec.tab(containing: address))'")
      }
      if slot.isFlag {
        guard value == "on" else {
          throw Message(
            text: "'\(key)' is a Bool slot: it is listed as '\(key)=on' when set, and left out when not, found '\(entry)'")
        }
      } else {
        guard let id = Int(value), id >= 0 else {
          throw Message(text: "in '\(entry)': " + (Int(value) == nil ? wholeNumberProblem(value, "the id") : "the id must be at least 0"))
        }
      }
    }
    return Array(words)
  }

  /// `path=1,2,3`: values the path takes, a non-empty path (an empty one is left out).
  private static func stateOfPath(_ value: String, entry: String, spec: TopologySpec) throws(Message) {
    guard spec.root.hasPath else {
      throw Message(text: "'\(entry)': topology '\(spec.name)' has no path")
    }
    guard !value.isEmpty else {
      throw Message(text: "'\(entry)': an empty path is left out of 'expect state'")
    }
    for text in value.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
      guard let element = Int(text) else {
        throw Message(text: "in '\(entry)': " + wholeNumberProblem(text, "a path value") + " (path=VALUES takes values separated by ',')")
      }
      guard element >= 0, spec.root.pathDestination(for: element) != nil else {
        throw Message(text: "in '\(entry)': the path takes no value \(element) (\(spec.root.describeDestinations))")
      }
    }
  }

  /// `tab=N`: the tab a tab bar selects, one other than the first (tab 0 is left out, as the
  /// model prints it).
  private static func stateOfTab(_ value: String, entry: String, spec: TopologySpec) throws(Message) {
    guard spec.hasTabs else {
      throw Message(text: "'\(entry)': topology '\(spec.name)' has no tabs")
    }
    guard let tab = Int(value) else {
      throw Message(text: "in '\(entry)': " + wholeNumberProblem(value, "the tab index"))
    }
    guard tab != 0 else {
      throw Message(text: "'\(entry)': the first tab, tab 0, is left out of 'expect state'")
    }
    guard tab > 0, tab < spec.tabCount else {
      throw Message(text: "in '\(entry)': there is no tab \(tab) (its tabs: \(spec.describeTabs))")
    }
  }

  /// `expect screen` entries: `root`, then `style:address` with an optional `#id` (what a
  /// profile compares with identity carries one), a style the topology format knows; `style:?`
  /// is what replays show for a controller the harness cannot place, and reads back.
  static func screenEntries(_ words: ArraySlice<String>, spec: TopologySpec) throws(Message) -> [String] {
    let styles = SlotStyle.allCases.map(\.rawValue)
    for entry in words where entry != "root" {
      let style = entry.prefix { $0 != ":" }
      guard style.count < entry.count else {
        throw Message(
          text: "'\(entry)' is not an 'expect screen' entry: write 'root' or STYLE:ADDRESS#ID (styles: \(styles.joined(separator: ", ")))")
      }
      guard styles.contains(String(style)) else {
        throw Message(text: "unknown style '\(style)' in '\(entry)' (styles: \(styles.joined(separator: ", ")))")
      }
      let place = entry.dropFirst(style.count + 1)
      if place == "?" { continue }
      let label = place.prefix { $0 != "#" }
      guard !label.isEmpty else { throw Message(text: "'\(entry)' names no address after '\(style):'") }
      let address: Address
      switch spec.parseAddress(String(label)) {
      case .success(let found): address = found
      case .failure(let error): throw Message(text: "\(error) in '\(entry)'")
      }
      guard label.count < place.count else { continue }
      let id = String(place.dropFirst(label.count + 1))
      guard let number = Int(id), number >= 0 else {
        throw Message(text: "in '\(entry)': " + (Int(id) == nil ? wholeNumberProblem(id, "the id after '#'") : "the id must be at least 0"))
      }
      if spec.slot(at: address)?.isFlag == true {
        throw Message(text: "'\(label)' is a Bool slot, which shows no id: write '\(style):\(label)'")
      }
    }
    return Array(words)
  }
}

extension TraceFormat {
  /// The first pair of `expect ok` and `expect violation` lines that cannot both hold, as a
  /// message at the later one's line; nil when there is none.
  ///
  /// Why: `expect ok` says no invariant has been violated so far, and a violation stays. So an
  /// `expect ok` after an `expect violation`, or an `expect violation` after an `expect ok` with
  /// no step between them that could violate anything, is a contradiction in the file: it used
  /// to be replayed and fail as if the engine had misbehaved (exit 1), not read as the input
  /// error it is (exit 2).
  static func contradictoryExpectation(_ steps: [Step], lines: [Int]) -> (line: Int, message: String)? {
    var firstViolation: (line: Int, id: InvariantID)?
    var lastOK: Int?
    for (index, step) in steps.enumerated() {
      let line = lines.indices.contains(index) ? lines[index] : index + 1
      guard case .expect(let expectation) = step else {
        lastOK = nil
        continue
      }
      switch expectation {
      case .ok:
        if let violation = firstViolation {
          return (
            line,
            "'expect ok' (no violation so far) contradicts 'expect violation \(violation.id.rawValue)' at line \(violation.line): a violation stays; keep one of them"
          )
        }
        lastOK = line
      case .violation(let id):
        if let ok = lastOK {
          return (
            line,
            "'expect violation \(id.rawValue)' contradicts 'expect ok' at line \(ok): no step between them could violate anything; keep one of them"
          )
        }
        if firstViolation == nil { firstViolation = (line, id) }
      case .state, .screen:
        break
      }
    }
    return nil
  }
}
