/// What a failing run shows first, as found (unshrunk): its first violation, named as a signature
/// names a finding (`DefectSignature(of:)`, `INVARIANT: CHECK`). Cheap — no replay — so every failing run has
/// one: a campaign shrinks only the first run of each symptom and counts the others with its
/// defect, and searches past a run whose symptom reads as a known defect's signature without
/// shrinking anything.
public struct FailureSymptom: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
  public var description: String

  public init(_ violation: Violation) {
    description = DefectSignature(of: violation).description
  }

  /// A symptom as a baseline file or a worker process writes it.
  public init(text: String) { description = text }

  public static func < (lhs: FailureSymptom, rhs: FailureSymptom) -> Bool { lhs.description < rhs.description }

  public init(from decoder: any Decoder) throws { description = try decoder.singleValueContainer().decode(String.self) }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
