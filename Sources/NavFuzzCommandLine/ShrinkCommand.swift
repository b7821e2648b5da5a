import ArgumentParser
import Foundation
import NavigationFuzzing

struct ShrinkCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "shrink", abstract: "Shrink a failing trace to the shortest one that fails the same way.",
    discussion: """
      Ctrl-C (or SIGTERM) ends the shrink early: the shortest failing trace found so far is printed \
      (and written to --out), exit code 130.
      """)

  @Argument(help: "The failing trace.") var file: String
  @OptionGroup var engineOption: EngineOption<ShrinkCommand>
  @OptionGroup var topologyFile: TopologyFileOption
  @Option(help: "Write the shrunk trace here (whole or not at all) instead of printing it.") var out: String?
  @Option(parsing: .unconditional, help: "Then search breadth-first for a shorter trace, up to this length (0: skip).")
  var exhaustive = 5

  func validate() throws {
    guard exhaustive >= 0 else { throw ValidationError("--exhaustive must be at least 0, found \(exhaustive)") }
  }

  func run() throws {
    try MainActor.assumeIsolated {
      try topologyFile.register()
      if let out { try Output.checkFile(out, option: "--out") }
      let trace = try loadTrace(file)
      let topology = try NavFuzz.topology(named: trace.topology)
      let engine = try engineOption.choice(for: trace)
      let interruption = Interruption.install()
      let clock = ContinuousClock()
      let started = clock.now
      let elapsed = { (clock.now - started).seconds }
      let progress = Progress(total: 0, label: "replays")
      let result = try Replay.run(trace, topology: topology, engine: engine, keepsGoing: { !interruption.happened })
      guard !result.stoppedEarly else {
        print("\(file): interrupted while replaying it; nothing was shrunk")
        throw ExitCode(130)
      }
      guard let violation = result.violations.first else {
        print("\(file): no violation to shrink (engine \(engine.name))")
        return
      }
      var shrinker = Shrinker(topology: topology, engine: engine, target: violation.invariant)
      shrinker.keepsGoing = { !interruption.happened }
      shrinker.progress = { position in
        progress.line("shrinking \(violation.invariant.rawValue): \(Self.describe(position))", elapsed: elapsed())
      }
      let steps = shrinker.shrink(trace.actions, exhaustiveBelow: exhaustive, now: elapsed)
      progress.finish()
      let shrunk = Trace(
        topology: trace.topology, engine: trace.engine,
        semantics: engine.semanticsLineForTraces, steps: steps)
      let text = TraceFormat.print(shrunk)
      let how = shrinker.wasStopped ? "interrupted: the shortest failing trace so far, " : ""
      let summary =
        "\(how)\(violation.invariant.rawValue): \(trace.actions.count) → \(shrunk.actions.count) steps in \(shrinker.attempts) replays"
      if let out {
        do {
          try Output.write(text, to: out)
        } catch {
          // The shrunk trace is not lost: it is printed, and the error exits 2.
          print(text, terminator: "")
          throw error
        }
        print("\(summary); wrote \(out)")
      } else {
        print(text, terminator: "")
        if shrinker.wasStopped { Output.error(summary) }
      }
      throw ExitCode(shrinker.wasStopped ? 130 : 1)
    }
  }

  /// "removing steps: 120 of at most 5000 replays, 14 steps (from 31)".
  static func describe(_ position: Shrinker.Position) -> String {
    "\(position.phase): \(position.attempts) of at most \(position.attemptLimit) replays, "
      + "\(position.bestLength) steps (from \(position.originalLength))"
  }
}
