import HeadlessUIKit
import NavigationReference

extension Runner {
  /// A runner for a run that follows others of the same topology and engine: on the world the
  /// last of them left, reset (`World+Reset`), when its engine offers that and the reset brings
  /// it back whole; on a fresh world otherwise. Either way the run is the one a fresh world
  /// makes. When this runner goes, its world is kept for the next such run — so a caller holds
  /// the runner for as long as it reads anything of its world.
  ///
  /// Used where runs follow each other and each runner is let go before the next is asked for:
  /// campaigns' random runs, the explorer's replays, the libFuzzer target.
  static func reusingWorld(topology: Topology, engine: EngineChoice, stopsAtFirstViolation: Bool = false) -> Runner {
    let world = WorldReuse.take(topology.spec, engine: engine) ?? World(topology: topology.spec, engine: engine)
    let runner = Runner(world: world, topology: topology, engine: engine, stopsAtFirstViolation: stopsAtFirstViolation)
    WorldReuse.keep(world, of: topology.spec, engine: engine, usedBy: runner)
    return runner
  }
}

/// The one world kept for the next run (`Runner.reusingWorld`).
///
/// Kept from the moment its runner is made, and handed on only once that runner is gone (held
/// weakly here: asked when the next run wants a world, not in a deinit, so when a world is handed
/// on never depends on when a deinit runs) and only if its run found no violation (a world that
/// went wrong is never reused, even checked). One world, and building any other lets it go first
/// (`World.init`), while its own UIKit is still current, so a controller's deinit that calls UIKit
/// acts on its own world as it does when a world is let go at the end of its run.
@MainActor
enum WorldReuse {
  private static var kept: (world: World, topology: TopologySpec, engine: EngineChoice)?
  private static weak var user: Runner?
  /// Worlds reset and handed out, and worlds that could not be reset (tests read them).
  private(set) static var resets = 0
  private(set) static var refusals = 0
  /// Off in tests that compare runs on fresh worlds with runs on reset ones.
  static var isEnabled = true

  static func keep(_ world: World, of topology: TopologySpec, engine: EngineChoice, usedBy runner: Runner) {
    guard isEnabled, world.pristine != nil else {
      letGo()
      return
    }
    kept = (world, topology, engine)
    user = runner
  }

  /// The kept world, reset, if its runner is gone, its run found nothing wrong, it was built for
  /// this topology and engine, and it comes back whole.
  static func take(_ topology: TopologySpec, engine: EngineChoice) -> World? {
    guard let candidate = kept, user == nil, !candidate.world.runFoundViolation,
      candidate.engine.isSameWorld(as: engine), candidate.topology == topology
    else {
      return nil
    }
    kept = nil
    guard candidate.world.reset(for: engine) else {
      refusals += 1
      return nil
    }
    resets += 1
    return candidate.world
  }

  /// Lets the kept world go, if any.
  static func letGo() {
    kept = nil
    user = nil
  }
}

extension EngineChoice {
  /// Whether a world built for `other` is one built for this: the same engine, judged by the same
  /// profile (the reference the world starts with).
  fileprivate func isSameWorld(as other: EngineChoice) -> Bool {
    name == other.name && semantics == other.semantics && mutantOf == other.mutantOf
      && expectedInvariant == other.expectedInvariant
  }
}
