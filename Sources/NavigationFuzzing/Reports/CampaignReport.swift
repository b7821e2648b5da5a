/// Everything a report says, in one versioned, Codable value: what ran, what was checked, what
/// broke and how. docs/REPORTS.md documents the schema. Every list is in a fixed order.
public struct CampaignReport: Codable, Sendable {
  /// 2: seeds are strings (a UInt64 above 2^53 loses digits in most JSON readers); failures
  /// group the invariants one cause showed (`alsoViolated`); totals count expected violations.
  /// 3: campaigns list their defects (`defects`); `failures` holds the shortest failure of each
  /// new defect, and each names its defect.
  public static let schemaVersion = 3
  public static let toolVersion = "0.1.0"

  public struct Campaign: Codable, Sendable {
    public var kind: String  // "campaign" or "replay"
    public var topology: String
    public var engine: String
    /// The semantics profile that judged the run (or the profiles, comma-separated, for replays).
    public var semantics: String?
    /// What the harness did not check because the engine does not offer it.
    public var notChecked: [String]?
    /// Violations accepted, each with its reason.
    public var allowed: [EngineContract.Allowance]?
    /// A decimal string: JSON numbers above 2^53 lose precision in most readers.
    public var seed: String?
    public var runs: Int
    public var maxSteps: Int?
    public var swarm: Bool?
    public var durationSeconds: Double
    public var traces: [String]?
    /// Replays: the topology of each trace in `traces`.
    public var traceTopologies: [String]?
  }

  public struct Totals: Codable, Sendable {
    public var runs: Int
    public var steps: Int
    public var skippedSteps: Int
    public var actionsPerSecond: Double
    /// Violations that `expect violation` lines asked for (replays); 0 for campaigns.
    public var expectedViolations: Int
  }

  public struct InvariantSummary: Codable, Sendable {
    public var id: String
    public var summary: String
    public var checks: Int
    public var violations: Int
  }

  public struct Count: Codable, Sendable {
    public var name: String
    public var count: Int
  }

  public struct Coverage: Codable, Sendable {
    public var actions: [Count]
    /// "first→second".
    public var actionPairs: [Count]
    public var distinctStates: Int
    /// Controllers on screen at quiescent points: name is the depth.
    public var screenDepths: [Count]
    public var skipReasons: [Count]
    public var deferredStackChanges: Int
    /// UIKit's log-only warnings, counted instead of checked (`EngineContract.avoidsUIKitWarnings`).
    public var uikitWarnings: Int?
    public var minDistinctStates: Int?
    public var floorMet: Bool
  }

  /// One step of a failing trace, replayed: what was on screen and in the model after it.
  public struct Frame: Codable, Sendable {
    public var index: Int
    public var step: String
    public var screen: [String]
    public var model: [String]
    /// Invariants first violated at this step.
    public var violations: [String]
  }

  public struct Failure: Codable, Sendable {
    public var invariant: String
    /// Other invariants the same cause (the same shrunk trace) violated, in invariant order.
    public var alsoViolated: [String]
    public var explanation: String
    /// 0-based index into the shrunk trace's steps.
    public var stepIndex: Int
    /// A decimal string, as `seed`.
    public var runSeed: String?
    public var source: String?
    public var originalSteps: Int
    public var shrunkSteps: Int
    public var trace: String
    public var expectedModel: [String]
    public var actualModel: [String]
    public var expectedScreen: [String]
    public var actualScreen: [String]
    public var timeline: [Frame]
    public var replayCommand: String
    /// Campaigns: whether replaying the shrunk trace fails again (false only for an engine that
    /// is not deterministic); nil for replayed traces, which are their own evidence.
    public var reproduces: Bool?
    /// What a reader must know before trusting the trace: set when it does not reproduce.
    public var warning: String?
    /// The inferred rules of UIKit the verdict may rest on (`Violation.restsOnInferredRules`);
    /// absent when none.
    public var restsOnInferredRules: [String]?
    /// Campaigns: the id of the defect this failure is the shortest of.
    public var defect: String?
  }

  public var schemaVersion = Self.schemaVersion
  public var tool = ["name": "navfuzz", "version": Self.toolVersion]
  public var campaign: Campaign
  public var totals: Totals
  public var invariants: [InvariantSummary]
  public var coverage: Coverage
  public var failures: [Failure]
  /// Campaigns: every defect found, in list order (new before known, races after the others);
  /// replays: none (a replayed trace is its own evidence).
  public var defects: [DefectEntry]

  public var passed: Bool { failures.isEmpty && coverage.floorMet }

  /// The one-line verdict every format heads with: what passed or what broke, never "no
  /// violations" over traces that expected some, never "0 failures" when only the floor failed.
  public var verdict: String {
    let known = defects.count(where: \.known)
    let knownNote = known > 0 ? " (\(known) known defect(s) accepted)" : ""
    if campaign.kind == "campaign", !failures.isEmpty {
      return "\(failures.count) new defect(s)" + knownNote + (coverage.floorMet ? "" : " and the coverage floor missed")
    }
    if !failures.isEmpty {
      return "\(failures.count) failure(s)" + (coverage.floorMet ? "" : " and the coverage floor missed")
    }
    if !coverage.floorMet {
      return "coverage floor missed: \(coverage.distinctStates) distinct states, below \(coverage.minDistinctStates ?? 0)"
    }
    if campaign.kind == "replay" {
      return "\(totals.runs) trace(s) met their expectations"
        + (totals.expectedViolations > 0 ? " (\(totals.expectedViolations) expected violation(s) seen)" : "")
    }
    return known > 0 ? "no new defects" + knownNote : "no violations"
  }

  /// "Shrunk from 31 to 4 steps." for campaigns; "12 steps." for replayed traces (never shrunk).
  public func stepsSentence(_ failure: Failure) -> String {
    campaign.kind == "replay" || failure.originalSteps == failure.shrunkSteps
      ? "\(failure.shrunkSteps) steps."
      : "Shrunk from \(failure.originalSteps) to \(failure.shrunkSteps) steps."
  }

  /// Failures with the same cause (the same trace) become one, headed by the first invariant in
  /// `InvariantID` order; the others are listed in `alsoViolated`. Order: by cause as first seen.
  static func grouped(_ failures: [Failure]) -> [Failure] {
    func rank(_ id: String) -> Int { InvariantID.allCases.firstIndex { $0.rawValue == id } ?? Int.max }
    /// The trace's actions: a campaign's shrunk traces differ only in their `expect` lines when
    /// one bug broke two invariants; a replayed file is its own cause.
    func cause(_ failure: Failure) -> String {
      (failure.runSeed == nil ? (failure.source ?? "") : "")
        + failure.trace.split(separator: "\n").filter { !$0.hasPrefix("expect ") }.joined(separator: "\n")
    }
    var groups: [[Failure]] = []
    for failure in failures {
      if let index = groups.firstIndex(where: { cause($0[0]) == cause(failure) }) {
        groups[index].append(failure)
      } else {
        groups.append([failure])
      }
    }
    return groups.map { group in
      let ordered = group.sorted { rank($0.invariant) < rank($1.invariant) }
      var head = ordered[0]
      head.alsoViolated = ordered.dropFirst().map(\.invariant).filter { $0 != head.invariant }
      return head
    }
  }
}

extension CampaignReport {
  static func counts(_ statistics: RunStatistics) -> ([InvariantSummary], Coverage) {
    let invariants = InvariantID.allCases.map {
      InvariantSummary(
        id: $0.rawValue, summary: $0.summary, checks: statistics.checks[$0, default: 0],
        violations: statistics.violations[$0, default: 0])
    }
    let coverage = Coverage(
      actions: ActionKind.allCases.compactMap { kind in statistics.actionCounts[kind].map { Count(name: kind.rawValue, count: $0) } },
      actionPairs: statistics.actionPairs.keys.sorted().map {
        Count(name: "\($0.first.rawValue)→\($0.second.rawValue)", count: statistics.actionPairs[$0]!)
      },
      distinctStates: statistics.distinctStates.count,
      screenDepths: statistics.depthHistogram.keys.sorted().map { Count(name: String($0), count: statistics.depthHistogram[$0]!) },
      skipReasons: statistics.skipReasons.keys.sorted().map { Count(name: $0, count: statistics.skipReasons[$0]!) },
      deferredStackChanges: statistics.deferredStackChanges, uikitWarnings: statistics.uikitWarnings, minDistinctStates: nil,
      floorMet: true)
    return (invariants, coverage)
  }

  /// Replays a failing trace step by step for the report's pictures.
  @MainActor
  static func timeline(of trace: Trace, topology: Topology, engine: EngineChoice) -> [Frame] {
    var frames: [Frame] = []
    var seen: Set<InvariantID> = []
    let spec = topology.spec
    _ = try? Replay.run(trace, topology: topology, engine: engine) { index, runner in
      let fresh = runner.violations.map(\.invariant).filter { !seen.contains($0) }
      seen.formUnion(fresh)
      frames.append(
        Frame(
          index: index, step: TraceFormat.line(for: trace.steps[index], spec: spec),
          screen: runner.world.screenEntries().map(\.description),
          model: runner.world.rootModel.stateDescription(detailed: false), violations: fresh.map(\.rawValue)))
    }
    return frames
  }

  /// The report of a campaign. `savedTraces` holds, per defect in `result.defects`' order, where
  /// its shortest trace was saved ("" when it was not).
  @MainActor
  public init(
    campaign result: NavigationFuzzing.Campaign.Result, topology: Topology, engine: EngineChoice,
    options: NavigationFuzzing.Campaign.Options, durationSeconds: Double, minDistinctStates: Int?,
    savedTraces: [String]
  ) {
    let statistics = result.statistics
    var (invariants, coverage) = Self.counts(statistics)
    coverage.minDistinctStates = minDistinctStates
    coverage.floorMet = statistics.distinctStates.count >= (minDistinctStates ?? 0)
    self.campaign = Campaign(
      kind: "campaign", topology: topology.name, engine: engine.name, semantics: engine.semantics.name,
      notChecked: engine.contract.notChecked, allowed: engine.contract.allowances, seed: String(options.seed),
      runs: result.runsCompleted, maxSteps: options.maxSteps, swarm: options.swarm, durationSeconds: durationSeconds,
      traces: nil, traceTopologies: nil)
    self.totals = Totals(
      runs: result.runsCompleted, steps: statistics.steps, skippedSteps: statistics.skipped,
      actionsPerSecond: durationSeconds > 0 ? Double(statistics.steps) / durationSeconds : 0, expectedViolations: 0)
    self.invariants = invariants
    self.coverage = coverage
    (self.defects, self.failures) = Self.defects(
      result.defects, savedTraces: savedTraces, engine: engine, maxSteps: options.maxSteps)
  }

  /// The defects' entries, and the failures of the new ones (their shortest), each with its
  /// timeline and replay command.
  @MainActor
  static func defects(_ defects: [Defect], savedTraces: [String], engine: EngineChoice, maxSteps: Int) -> (
    [DefectEntry], [Failure]
  ) {
    var entries: [DefectEntry] = []
    var failures: [Failure] = []
    for (index, defect) in defects.enumerated() {
      let path = savedTraces[safe: index] ?? ""
      let topology = Topology.named(defect.topology) ?? .basic
      let replayCommand = defect.shortest.map { failure in
        path.isEmpty
          ? ReplayCommandLine.run(
            topology: defect.topology, engine: engine.name, semantics: engine.semantics.name, runSeed: failure.runSeed,
            maxSteps: maxSteps)
          : ReplayCommandLine.replay(path, topology: defect.topology)
      }
      entries.append(DefectEntry(defect, source: path.isEmpty ? nil : path, replayCommand: replayCommand))
      guard !defect.isKnown, let failure = defect.shortest, let replayCommand else { continue }
      let violation = failure.shrunkViolation
      var report = Failure(
        invariant: violation.invariant.rawValue, alsoViolated: [], explanation: violation.explanation,
        stepIndex: violation.stepIndex, runSeed: String(failure.runSeed), source: path.isEmpty ? nil : path,
        originalSteps: failure.original.actions.count, shrunkSteps: failure.shrunk.actions.count,
        trace: TraceFormat.print(failure.shrunk), expectedModel: violation.expectedModel,
        actualModel: violation.actualModel, expectedScreen: violation.expectedScreen, actualScreen: violation.actualScreen,
        timeline: Self.timeline(of: failure.shrunk, topology: topology, engine: engine), replayCommand: replayCommand)
      report.alsoViolated = defect.invariants.map(\.rawValue).filter { $0 != report.invariant }
      report.reproduces = failure.reproduces
      report.warning = failure.reproduces ? nil : NavigationFuzzing.Campaign.Failure.nondeterminismHint
      report.restsOnInferredRules = violation.restsOnInferredRules.isEmpty ? nil : violation.restsOnInferredRules
      report.defect = defect.id
      failures.append(report)
    }
    return (entries, failures)
  }

  /// The report of replayed traces (`navfuzz report`).
  @MainActor
  public init(replays: [(path: String, trace: Trace, result: ReplayResult)], durationSeconds: Double) {
    var statistics = RunStatistics()
    for replay in replays {
      var one = replay.result.statistics
      one.runs = 1
      statistics.merge(one)
    }
    let (invariants, coverage) = Self.counts(statistics)
    self.campaign = Campaign(
      kind: "replay", topology: Set(replays.map(\.trace.topology)).sorted().joined(separator: ","),
      engine: Set(replays.map(\.result.engine)).sorted().joined(separator: ","),
      semantics: Set(replays.map(\.result.semantics)).sorted().joined(separator: ","),
      notChecked: Array(Set(replays.flatMap(\.result.notChecked))).sorted(),
      allowed: Array(Set(replays.flatMap(\.result.allowed))).sorted { ($0.invariant, $0.reason) < ($1.invariant, $1.reason) },
      seed: nil, runs: replays.count,
      maxSteps: nil, swarm: nil, durationSeconds: durationSeconds, traces: replays.map(\.path),
      traceTopologies: replays.map(\.trace.topology))
    self.totals = Totals(
      runs: replays.count, steps: statistics.steps, skippedSteps: statistics.skipped,
      actionsPerSecond: durationSeconds > 0 ? Double(statistics.steps) / durationSeconds : 0,
      expectedViolations: replays.map { $0.result.violations.count - $0.result.unexpectedViolations.count }.reduce(0, +))
    self.invariants = invariants
    self.coverage = coverage
    self.defects = []
    self.failures = Self.grouped(replays.flatMap { replay -> [Failure] in
      let topology = Topology.named(replay.trace.topology) ?? .basic
      // The engine the trace ran, as it was judged (else the one registered under its name).
      let engine = replay.result.ranWith
        ?? EngineChoice.named(replay.result.engine)?.judged(by: SemanticsProfile.named(replay.result.semantics) ?? .navfuzz)
      let frames = engine.map { Self.timeline(of: replay.trace, topology: topology, engine: $0) } ?? []
      let unexpected = replay.result.unexpectedViolations.map { violation in
        var failure = Failure(
          invariant: violation.invariant.rawValue, alsoViolated: [], explanation: violation.explanation,
          stepIndex: violation.stepIndex, runSeed: nil, source: replay.path, originalSteps: replay.trace.actions.count,
          shrunkSteps: replay.trace.actions.count, trace: TraceFormat.print(replay.trace),
          expectedModel: violation.expectedModel, actualModel: violation.actualModel,
          expectedScreen: violation.expectedScreen, actualScreen: violation.actualScreen, timeline: frames,
          replayCommand: ReplayCommandLine.replay(replay.path, topology: replay.trace.topology))
        failure.restsOnInferredRules = violation.restsOnInferredRules.isEmpty ? nil : violation.restsOnInferredRules
        return failure
      }
      let unmet = replay.result.unmetExpectations.map { unmet in
        Failure(
          invariant: "expectation", alsoViolated: [], explanation: unmet.description, stepIndex: max(0, (replay.trace.lines.firstIndex(of: unmet.line) ?? 0)),
          runSeed: nil, source: replay.path, originalSteps: replay.trace.actions.count,
          shrunkSteps: replay.trace.actions.count, trace: TraceFormat.print(replay.trace), expectedModel: [],
          actualModel: [], expectedScreen: [], actualScreen: [], timeline: frames,
          replayCommand: ReplayCommandLine.replay(replay.path, topology: replay.trace.topology))
      }
      return unexpected + unmet
    })
  }
}
