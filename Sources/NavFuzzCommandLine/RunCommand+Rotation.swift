import Foundation
import NavigationFuzzing

extension RunCommand {
  /// `navfuzz run` without `--topology`: each topology's share of the runs in turn
  /// (`CampaignRotation`), one summary with a line per topology and the totals, every failure
  /// with the command that reruns it on its topology, one report for the whole rotation.
  @MainActor
  func runRotation(engine: EngineChoice, options: Campaign.Options, session: Session) throws {
    let rotation = CampaignRotation.everyTopology(runs: options.runs)
    let progress = Progress(total: options.runs, timeBudget: seconds)
    var outcomes: [Summary.RotationOutcome] = []
    var soFar = Campaign.Result()
    for (index, share) in rotation.shares.enumerated() {
      guard share.runs > 0 else {
        outcomes.append(.init(topology: share.topology, share: share.runs, result: nil, notRun: "--runs \(options.runs) leaves no run for it"))
        continue
      }
      // Once interrupted, the topologies not reached are listed as not run.
      guard !session.interruption.happened else {
        outcomes.append(.init(topology: share.topology, share: share.runs, result: nil, notRun: "interrupted"))
        continue
      }
      var part = options
      part.runs = share.runs
      let deadline = seconds.map { rotation.deadline(ofShare: index, seconds: $0) }
      let result = try fuzz(
        share.topology, named: share.topology.name, engine: engine, options: part, deadline: deadline,
        workerSeconds: deadline.map { max($0 - session.elapsed, 0.001) }, session: session, progress: progress,
        before: soFar, label: "\(share.topology.name): ")
      // For the progress line only (it counts distinct states as one set, the summary sums them).
      soFar.runsCompleted += result.runsCompleted
      soFar.statistics.merge(result.statistics)
      soFar.defects += result.defects
      outcomes.append(.init(topology: share.topology, share: share.runs, result: result, notRun: nil))
    }
    progress.finish()
    let elapsed = session.elapsed
    print(Summary.rotation(outcomes, engine: engine, options: options))
    let ran = outcomes.compactMap { outcome in outcome.result.map { (topology: outcome.topology, result: $0) } }
    let runsCompleted = ran.map(\.result.runsCompleted).reduce(0, +)
    let cutShort = ran.compactMap { $0.result.lastRunCutShortAfter == nil ? nil : "\($0.topology.name)\(cut($0.result))" }
    if session.interruption.happened {
      print("interrupted: \(runsCompleted) of \(options.runs) runs ran; the summary and reports cover those")
    } else if !cutShort.isEmpty {
      print("time limit: \(runsCompleted) of \(options.runs) runs ran (\(cutShort.joined(separator: "; "))); the summary and reports cover those")
    }
    let defects = Defect.merging(ran.map(\.result.defects))
    let saved = printDefects(defects, engine: engine, inRotation: true)
    let unwritten = saved.unwritten
    tellLostWorkers(session, runsCompleted: runsCompleted, of: options.runs)
    let parts = ran.map { CampaignReport.RotationPart(topology: $0.topology, result: $0.result) }
    let steps = ran.map(\.result.statistics.steps).reduce(0, +)
    Output.error(String(format: "took %.2f s (%.0f steps/s)", elapsed, Double(steps) / max(elapsed, 1e-9)))
    let distinctStates = ran.map(\.result.statistics.distinctStates.count).reduce(0, +)
    let floorMissed = minDistinctStates.map { distinctStates < $0 } ?? false
    if floorMissed {
      print("coverage floor missed: \(distinctStates) distinct states (summed over topologies), fewer than \(minDistinctStates!)")
    }
    if let report {
      let value = CampaignReport(
        rotation: parts, defects: defects, savedTraces: saved.paths, engine: engine, options: options,
        durationSeconds: elapsed, minDistinctStates: minDistinctStates)
      let files = try Output.writing(report) { try ReportWriter.write(value, to: report) }
      print("reports: \(files.joined(separator: " "))")
    }
    if options.baseline != nil { try baselineOptions.record(defects) }
    let failed = defects.contains { !$0.isKnown } && !baselineOptions.updateBaseline
    try throwExitCode(
      failed: failed || floorMissed, unwritten: unwritten, interrupted: session.interruption.happened,
      lostWorkers: !session.lostWorkers.isEmpty)
  }
}
