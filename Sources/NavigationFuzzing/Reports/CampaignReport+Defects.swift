extension CampaignReport {
  /// One defect of a campaign, as report.json gives it (schema version 3).
  public struct DefectEntry: Codable, Sendable {
    /// One failing run of the defect.
    public struct Run: Codable, Sendable {
      public var topology: String
      public var runIndex: Int
      /// A decimal string, as `seed`.
      public var runSeed: String
      /// What the run showed first, unshrunk: `INVARIANT: CHECK`.
      public var symptom: String
      /// The run reached this known defect and went on past it (`--baseline`).
      public var searchedPast: Bool
    }

    /// The signature's stable hash, 16 hex digits (the terminal shows the first 8).
    public var id: String
    /// `INVARIANT: CHECK`, ` | race` for a race (docs/REPORTS.md, "Defects and signatures").
    public var signature: String
    /// Failing runs.
    public var count: Int
    /// What the shortest trace breaks, in invariant order.
    public var invariants: [String]
    /// The shortest trace; nil for a known defect every run of which was searched past.
    public var trace: String?
    public var shortestSteps: Int?
    /// The topology of the shortest trace.
    public var topology: String
    /// A decimal string: the seed of the first run that failed with it.
    public var firstRunSeed: String
    /// The first thing that goes wrong in the shortest trace, as its check explained it.
    public var explanation: String?
    public var race: Bool
    /// For a race: each gesture and program change its trace needs in one run-loop turn.
    public var raceNeeds: [String]
    /// In the baseline (`--baseline`): reported, not failed.
    public var known: Bool
    public var knownReason: String?
    /// Where the shortest trace was saved.
    public var source: String?
    public var replayCommand: String?
    /// Every failing run, in run order.
    public var runs: [Run]

    @MainActor
    init(_ defect: Defect, source: String?, replayCommand: String?) {
      id = defect.id
      signature = defect.signature.description
      count = defect.count
      invariants = defect.invariants.map(\.rawValue)
      trace = defect.shortest.map { TraceFormat.print($0.shrunk) }
      shortestSteps = defect.shortest?.shrunk.actions.count
      topology = defect.topology
      firstRunSeed = String(defect.firstRunSeed)
      explanation = defect.finding.map { "\($0.invariant.rawValue): \($0.explanation)" }
      race = defect.isRace
      raceNeeds = defect.raceNeeds
      known = defect.isKnown
      knownReason = defect.knownReason
      self.source = source
      self.replayCommand = replayCommand
      runs = defect.instances.map {
        Run(
          topology: $0.topology, runIndex: $0.runIndex, runSeed: String($0.runSeed), symptom: $0.symptom.description,
          searchedPast: $0.searchedPast)
      }
    }

    /// The first 8 hex digits of `id`.
    public var shortID: String { String(id.prefix(8)) }

    /// `12 runs, first run seed 3, shortest 4 steps`: what a heading says after the signature.
    public var counts: String {
      "\(count) failing run(s), first run seed \(firstRunSeed)" + (shortestSteps.map { ", shortest \($0) steps" } ?? "")
    }
  }

  /// New defects: what makes a campaign fail.
  public var newDefects: [DefectEntry] { defects.filter { !$0.known } }
}
