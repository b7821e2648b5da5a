import ArgumentParser
import NavigationFuzzing

struct ListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "list", abstract: "List topologies, engines, semantics profiles and invariants.")

  func run() throws {
    MainActor.assumeIsolated {
      print("topologies:")
      for topology in Topology.all { print("  \(topology.name.padding(16)) \(topology.summary)") }
      print("engines:")
      for engine in EngineChoice.all {
        let caughtBy = engine.expectedInvariant.map { " [caught by \($0.rawValue)]" } ?? ""
        let judgedBy = engine.semantics == .navfuzz ? "" : " [semantics \(engine.semantics.name)]"
        print("  \(engine.name.padding(28)) \(engine.summary)\(caughtBy)\(judgedBy)")
      }
      print("semantics:")
      for profile in SemanticsProfile.all {
        print("  \(profile.name.padding(28)) \(profile.summary)")
        let switches = profile.switches.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
        print("  \("".padding(28)) \(switches)")
      }
      print("invariants:")
      for invariant in InvariantID.allCases { print("  \(invariant.rawValue.padding(24)) \(invariant.summary)") }
    }
  }
}

extension String {
  func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
