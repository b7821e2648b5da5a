import NavigationReference

/// What names a defect: the same for every failure of one cause, different for different causes,
/// and the same in every run, seed, process and machine. docs/REPORTS.md ("Defects and
/// signatures") defines it for users, with its limits.
///
/// A failure is one run that broke an invariant; its defect is *what first goes wrong* in its
/// shrunk trace (`DefectEvidence.firstFinding`): the invariant, and which of that invariant's
/// checks fired — its explanation with every word that names a slot, an id, a count or a value
/// replaced by `·` — and whether the trace needs a user gesture in the run-loop turn of a program
/// change (a race, `RaceCheck`).
///
/// Slot names and styles, ids, and the other steps of the trace are left out on purpose: one
/// engine rule broken shows through every slot style and through many stories, and each would
/// otherwise count as a defect of its own.
public struct DefectSignature: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The invariant of the first finding.
  public var invariant: InvariantID
  /// Which check of the invariant fired: its explanation, abstracted (`check(from:)`).
  public var check: String
  /// The trace needs a user gesture in the run-loop turn of a program change.
  public var race: Bool

  public init(invariant: InvariantID, check: String, race: Bool = false) {
    self.invariant = invariant
    self.check = check
    self.race = race
  }

  /// `INVARIANT: CHECK`, with ` | race` for a race: what a baseline file stores. Its stable hash
  /// is the defect's id.
  public var description: String { "\(invariant.rawValue): \(check)" + (race ? " | race" : "") }

  /// Reads `description` back; nil for text that is not one.
  public init?(_ text: some StringProtocol) {
    var body = Substring(text)
    let race = body.hasSuffix(" | race")
    if race { body = body.dropLast(" | race".count) }
    guard let colon = body.firstIndex(of: ":"), let invariant = InvariantID(rawValue: String(body[..<colon])) else {
      return nil
    }
    let check = body[body.index(after: colon)...].drop { $0 == " " }
    guard !check.isEmpty else { return nil }
    self.init(invariant: invariant, check: String(check), race: race)
  }

  /// 16 hex digits, the same in every process: the FNV-1a hash of `description` (`StableHasher`,
  /// not Swift's `Hasher`, which is seeded per process).
  public var id: String {
    var hasher = StableHasher()
    for byte in description.utf8 { hasher.combine(Int(byte)) }
    let hex = String(hasher.value, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// The first 8 hex digits of `id`: what the terminal shows.
  public var shortID: String { String(id.prefix(8)) }

  /// Races after the others, then by text: the order defects are listed in.
  public static func < (lhs: DefectSignature, rhs: DefectSignature) -> Bool {
    (lhs.race ? 1 : 0, lhs.description) < (rhs.race ? 1 : 0, rhs.description)
  }

  /// An explanation with every word that names a slot, an id, a count or a value replaced by `·`
  /// (a run of them, with the commas of a list, by one): `'pushedChild' changed to id 2, but the
  /// model lost the new item` is `· changed to id · but the model lost the new item`.
  public static func check(from explanation: String) -> String {
    var words: [String] = []
    for word in explanation.split(separator: " ") {
      let names =
        word.contains { $0.isNumber || "'=[]#".contains($0) }
        || word.dropLast().contains { $0 == "." || $0 == ":" }
      guard names else {
        words.append(String(word))
        continue
      }
      let separator = word.last == ";" ? ";" : ""
      if let last = words.last, last.hasPrefix("·"), !last.hasSuffix(";") {
        words[words.count - 1] = "·" + separator
      } else {
        words.append("·" + separator)
      }
    }
    // A violation that explains nothing (seen from a shrunk trace that did not replay) still
    // needs a check a baseline file can hold and read back.
    return words.isEmpty ? "(no explanation)" : words.joined(separator: " ")
  }
}
