import NavigationReference

/// What names a defect: the same for every failure of one cause, different for different causes,
/// and the same in every run, seed, process and machine. docs/REPORTS.md ("Defects and
/// signatures") defines it for users, with its limits.
///
/// A failure is one run that broke an invariant; its defect is *what first goes wrong* in its
/// shrunk trace (`DefectEvidence.firstFinding`), named by the documented difference between two
/// semantics profiles it is (`SemanticsDifference`), else by where the world first parts from the
/// reference there (`FirstDivergence`: `reference-agreement: the screen lacks a presentation the
/// reference shows`), else, when the screen and the model agree with it (onDismiss run twice, a
/// call UIKit refused), by the check that fired: the invariant and its explanation with every word that names a slot, an id,
/// a count or a value replaced by `·`.
///
/// Slot names, ids, the check that happened to fire first, whether the trace needs a race, and the
/// other steps of the trace are left out on purpose: one engine rule broken shows through every
/// slot, through several checks and through many stories, and each would otherwise count as a
/// defect of its own. (A race is a way to reach a defect: `Defect.isRace` says whether every
/// trace found for it needs one.)
public struct DefectSignature: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The invariant of the first finding (`reference-agreement` for a divergence).
  public var invariant: InvariantID
  /// Which check of the invariant fired, or where the world first parts from the reference.
  public var check: String

  public init(invariant: InvariantID, check: String) {
    self.invariant = invariant
    self.check = check
  }

  /// The signature of a failure whose first finding is `violation`.
  public init(of violation: Violation) {
    if let divergence = FirstDivergence.check(of: violation) {
      self.init(invariant: .referenceAgreement, check: divergence)
    } else {
      self.init(invariant: violation.invariant, check: Self.check(from: violation.explanation))
    }
  }

  /// `INVARIANT: CHECK`: what a baseline file stores. Its stable hash is the defect's id.
  public var description: String { "\(invariant.rawValue): \(check)" }

  /// Reads `description` back; nil for text that is not one.
  public init?(_ text: some StringProtocol) {
    let body = Substring(text)
    guard let colon = body.firstIndex(of: ":"), let invariant = InvariantID(rawValue: String(body[..<colon])) else {
      return nil
    }
    let check = body[body.index(after: colon)...].drop { $0 == " " }
    guard !check.isEmpty else { return nil }
    self.init(invariant: invariant, check: String(check))
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

  /// By text: the order a baseline file lists its entries in.
  public static func < (lhs: DefectSignature, rhs: DefectSignature) -> Bool { lhs.description < rhs.description }

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
