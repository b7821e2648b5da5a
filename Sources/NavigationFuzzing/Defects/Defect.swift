/// A cause, not an instance: every failing run of a campaign whose failure has one signature
/// (`DefectSignature`), with the shortest shrunk trace among them. ClusterFuzz calls it a crash
/// state; a failure is one run that showed it.
public struct Defect: Sendable {
  /// One failing run of the defect.
  public struct Instance: Sendable, Equatable {
    public var topology: String
    public var runIndex: Int
    public var runSeed: UInt64
    /// What the run showed first, unshrunk.
    public var symptom: FailureSymptom
    /// The run reached this known defect and went on past it (`--baseline`): it was not shrunk.
    public var searchedPast: Bool
  }

  public var signature: DefectSignature
  /// The failing runs, in run order (in a rotation: topology by topology).
  public var instances: [Instance]
  /// The failure with the shortest shrunk trace that needs no race — else the shortest race — (the
  /// earliest run on a tie). nil only for a known defect that every run searched past: none of
  /// them was shrunk.
  public var shortest: Campaign.Failure?
  /// The topology of `shortest`.
  public var topology: String
  /// Every invariant `shortest`'s trace violates, in `InvariantID` order (for a defect known only
  /// from its baseline entry: its signature's).
  public var invariants: [InvariantID]
  /// For a race: the gesture and program change `shortest`'s trace needs in one run-loop turn.
  public var raceNeeds: [String]
  /// The first thing that goes wrong in `shortest`'s trace, with names and ids: what the
  /// signature abstracts.
  public var finding: Violation?
  /// For a known defect: why its baseline accepts it.
  public var knownReason: String?

  public var id: String { signature.id }
  /// Every trace found for it needs a user gesture in the run-loop turn of a program change
  /// (`shortest` is a race only when no other is found).
  public var isRace: Bool { !raceNeeds.isEmpty }
  public var isKnown: Bool { knownReason != nil }
  /// How many runs failed with it.
  public var count: Int { instances.count }
  public var firstRunSeed: UInt64 { instances[0].runSeed }

  /// `INVARIANT: explanation` of the first finding, or the signature when no run was shrunk.
  public var headline: String {
    finding.map { "\($0.invariant.rawValue): \($0.explanation)" } ?? signature.description
  }
}

extension Defect {
  /// New defects first, known ones after; within each, those that need nothing special before
  /// races; then by first failing run. The order every summary and report lists them in.
  static func listOrder(_ lhs: Defect, _ rhs: Defect) -> Bool {
    (lhs.isKnown ? 1 : 0, lhs.isRace ? 1 : 0) < (rhs.isKnown ? 1 : 0, rhs.isRace ? 1 : 0)
  }

  /// The defects of several campaigns (a rotation's topologies, in order) as one list: the same
  /// signature in two is one defect, its runs added, its shortest trace the shorter one (the
  /// earlier on a tie).
  public static func merging(_ lists: [[Defect]]) -> [Defect] {
    var merged: [Defect] = []
    var position: [DefectSignature: Int] = [:]
    for defect in lists.joined() {
      guard let index = position[defect.signature] else {
        position[defect.signature] = merged.count
        merged.append(defect)
        continue
      }
      merged[index].instances += defect.instances
      if let candidate = defect.shortest,
        merged[index].shortest.map({
          isBetterExample(candidate, isRace: defect.isRace, than: $0, isRace: merged[index].isRace)
        }) ?? true
      {
        merged[index].shortest = candidate
        merged[index].topology = defect.topology
        merged[index].invariants = defect.invariants
        merged[index].raceNeeds = defect.raceNeeds
        merged[index].finding = defect.finding
      }
    }
    return stableSorted(merged)
  }

  /// Whether `candidate` shows a defect better than `current`: it needs no race where `current`
  /// does, or as much and fewer steps. What picks a defect's `shortest`.
  static func isBetterExample(
    _ candidate: Campaign.Failure, isRace candidateIsRace: Bool, than current: Campaign.Failure, isRace currentIsRace: Bool
  ) -> Bool {
    (candidateIsRace ? 1 : 0, candidate.shrunk.actions.count) < (currentIsRace ? 1 : 0, current.shrunk.actions.count)
  }

  /// `listOrder`, keeping the given order among equals (first failing run).
  static func stableSorted(_ defects: [Defect]) -> [Defect] {
    defects.enumerated().sorted { lhs, rhs in
      listOrder(lhs.element, rhs.element) || (!listOrder(rhs.element, lhs.element) && lhs.offset < rhs.offset)
    }.map(\.element)
  }
}
