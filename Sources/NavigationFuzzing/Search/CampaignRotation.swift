/// The default campaign (`navfuzz run` without `--topology`): every topology in turn, in the
/// registry's order, the runs split evenly among them. Each topology's share is exactly the
/// campaign `navfuzz run --topology T --seed S --runs N` — the same campaign seed, run indices from
/// 0 — so any topology's part of a rotation repeats on its own, and so does each of its runs by its
/// run seed. A topology added to the registry joins the rotation with nothing else to change.
package struct CampaignRotation: Sendable {
  /// One topology and the number of runs it gets.
  public struct Share: Sendable {
    public var topology: Topology
    public var runs: Int
  }

  public var shares: [Share]

  /// `runs` split over `topologies` in order: each gets `runs / count`, and the first
  /// `runs % count` one more. With fewer runs than topologies the last ones get none (and the
  /// summary says so).
  public init(topologies: [Topology], runs: Int) {
    let count = topologies.count
    shares = topologies.enumerated().map { index, topology in
      Share(topology: topology, runs: runs / count + (index < runs % count ? 1 : 0))
    }
  }

  /// The rotation of the default campaign: every topology the registry knows.
  public static func everyTopology(runs: Int) -> CampaignRotation {
    CampaignRotation(topologies: Topology.all, runs: runs)
  }

  /// When share `index` must end under a time budget of `seconds` for the whole rotation: each
  /// topology gets an equal slice, so a budget never runs out before the last topology.
  public func deadline(ofShare index: Int, seconds: Double) -> Double {
    seconds * Double(index + 1) / Double(shares.count)
  }
}
