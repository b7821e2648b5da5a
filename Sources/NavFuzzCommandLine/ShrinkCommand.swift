import ArgumentParser
import Foundation
import NavigationFuzzing

struct ShrinkCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "shrink", abstract: "Shrink a failing trace to the shortest one that fails the same way.")

  @Argument(help: "The failing trace.") var file: String
  @OptionGroup var engineOption: EngineOption
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
      let result = try Replay.run(trace, topology: topology, engine: engine)
      guard let violation = result.violations.first else {
        print("\(file): no violation to shrink (engine \(engine.name))")
        return
      }
      var shrinker = Shrinker(topology: topology, engine: engine, target: violation.invariant)
      let clock = ContinuousClock()
      let started = clock.now
      let steps = shrinker.shrink(trace.actions, exhaustiveBelow: exhaustive, now: { (clock.now - started).seconds })
      let shrunk = Trace(
        topology: trace.topology, engine: trace.engine,
        semantics: engine.semantics == .navfuzz ? nil : engine.semantics.name, steps: steps)
      let text = TraceFormat.print(shrunk)
      if let out {
        do {
          try Output.write(text, to: out)
        } catch {
          // The shrunk trace is not lost: it is printed, and the error exits 2.
          print(text, terminator: "")
          throw error
        }
        print("\(violation.invariant.rawValue): \(trace.actions.count) → \(shrunk.actions.count) steps in \(shrinker.attempts) replays; wrote \(out)")
      } else {
        print(text, terminator: "")
      }
      throw ExitCode(1)
    }
  }
}
