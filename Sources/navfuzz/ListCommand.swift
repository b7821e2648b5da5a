import ArgumentParser
import NavigationFuzzing

struct ListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "list", abstract: "List topologies, engines and invariants.")

  func run() throws {
    MainActor.assumeIsolated {
      print("topologies:")
      for topology in Topology.all { print("  \(topology.name.padding(16)) \(topology.summary)") }
      print("engines:")
      for engine in EngineChoice.all {
        let caughtBy = engine.expectedInvariant.map { " [caught by \($0.rawValue)]" } ?? ""
        print("  \(engine.name.padding(28)) \(engine.summary)\(caughtBy)")
      }
      print("invariants:")
      for invariant in InvariantID.allCases { print("  \(invariant.rawValue.padding(24)) \(invariant.summary)") }
    }
  }
}

extension String {
  func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
