import ArgumentParser
import Foundation
import NavigationFuzzing

struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Measure the reference machine's steps/s and the engine's actions/s (build with -c release).")

  @Option(help: ArgumentHelp("The topology: \(topologyNames), or a topology file (.json).")) var topology = "basic"
  @Option(parsing: .unconditional, help: "Reference steps to time.") var referenceSteps = 2_000_000
  @Option(parsing: .unconditional, help: "Engine runs to time (32 steps each).") var runs = 2_000

  func validate() throws {
    guard referenceSteps >= 1, runs >= 1 else { throw ValidationError("--reference-steps and --runs must be at least 1") }
  }

  func run() throws {
    try MainActor.assumeIsolated {
      let topology = try NavFuzz.topology(named: self.topology)
      let clock = ContinuousClock()
      #if DEBUG
        print("note: this is a debug build; measure with 'swift run -c release navfuzz bench'")
      #endif
      var started = clock.now
      let checksum = Benchmarks.referenceSteps(referenceSteps, topology: topology)
      let referenceSeconds = (clock.now - started).seconds
      started = clock.now
      let steps = Benchmarks.engineRuns(runs, maxSteps: 32, topology: topology)
      let engineSeconds = (clock.now - started).seconds
      print("topology \(topology.name), one core")
      print(String(format: "reference machine:  %12.0f steps/s  (%d steps, checksum %llu)", Double(referenceSteps) / referenceSeconds, referenceSteps, checksum))
      print(String(format: "engine + invariants: %11.0f actions/s (%d actions in %d runs)", Double(steps) / engineSeconds, steps, runs))
      print(String(format: "runs of 32 steps:   %12.0f runs/s", Double(runs) / engineSeconds))
    }
  }
}

extension Duration {
  var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
