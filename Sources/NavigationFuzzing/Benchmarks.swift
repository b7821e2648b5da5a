import NavigationReference

/// The work `navfuzz bench` times: the reference machine alone, and whole runs of the engine on
/// HeadlessUIKit with every invariant checked after every step.
@MainActor
package enum Benchmarks {
  /// Applies `count` random program steps to the reference machine of `topology`; returns a
  /// checksum so the work cannot be optimised away.
  public static func referenceSteps(_ count: Int, topology: Topology, seed: UInt64 = 1) -> UInt64 {
    var random = SplitMix64(seed: seed)
    let addresses = sampleAddresses(topology.spec, depth: 3)
    let flags = addresses.map { topology.spec.slot(at: $0)?.isFlag ?? false }
    var machine = ReferenceMachine(topology: topology.spec)
    var checksum: UInt64 = 0
    for step in 0..<count {
      let pick = random.below(addresses.count)
      let address = addresses[pick]
      let applied: Bool
      switch random.below(8) {
      case 0, 1, 2:
        applied =
          flags[pick]
          ? machine.toggle(address, on: true, generation: step)
          : machine.set(address, id: 1 + random.below(3), generation: step)
      case 3: applied = machine.mutate(address)
      case 4: applied = machine.clear(address)
      case 5: applied = machine.pathAppend(1 + random.below(3), generation: step)
      case 6: applied = machine.pathRemoveLast(1)
      default:
        machine.userRemoved(slot: address, generation: machine.item(at: address)?.generation ?? -1)
        applied = true
      }
      if applied { checksum &+= 1 }
      if step % 64 == 63 { machine = ReferenceMachine(topology: topology.spec) }
    }
    return checksum
  }

  /// Runs `runs` random runs of up to `maxSteps` steps; returns the number of steps taken and the
  /// tracked observation runs the engine started meanwhile (`NavigationEngine.observationRuns`).
  public static func engineRuns(
    _ runs: Int, maxSteps: Int, topology: Topology, engine: EngineChoice
  ) -> (steps: Int, observationRuns: Int) {
    // The engine's count is its own, read through any of its worlds: one built first, the last run's after.
    let before = Runner(topology: topology, engine: engine).world.engine.observationRuns
    var steps = 0
    var after = before
    for index in 0..<runs {
      let (taken, runner) = Campaign.randomRun(
        topology: topology, engine: engine, seed: Campaign.runSeed(campaignSeed: 7, index: index), maxSteps: maxSteps)
      steps += taken.count
      after = runner.world.engine.observationRuns
    }
    return (steps, after &- before)
  }

  /// Runs `count` libFuzzer inputs of `length` pseudo-random bytes (from `seed`) as the fuzz
  /// target does, without libFuzzer's instrumentation: what a `Fuzz/build.sh` binary spends per
  /// input beyond its coverage counters. Returns the steps decoded and the violations found.
  public static func fuzzInputs(
    _ count: Int, length: Int, topology: Topology, engine: EngineChoice, seed: UInt64 = 1
  ) -> (steps: Int, violations: Int) {
    var random = SplitMix64(seed: seed)
    var steps = 0
    var violations = 0
    for _ in 0..<count {
      let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      let (decoded, violation) = FuzzTarget.run(bytes, topology: topology, engine: engine)
      steps += decoded.count
      if violation != nil { violations += 1 }
    }
    return (steps, violations)
  }

  /// Fills `depth` nested item sheets on `basic` (`presentedChild`, then `presentedChild` of that
  /// screen, …) in one program turn, one step per level with every check, then settles: the engine
  /// presents them one on top of the other. Returns the screens shown, so the work is observable.
  /// Its time must grow with `depth` about linearly: nothing may build or compare a whole address
  /// (or anything else as long as the nesting) per level per step.
  public static func nesting(depth: Int, engine: EngineChoice) -> (screens: Int, violations: [Violation]) {
    let runner = Runner(topology: .basic, engine: engine)
    let slot = Topology.basic.spec.screens[0].slotIndex(named: "presentedChild")!
    var address = Address.root
    for level in 0..<depth {
      address = address.appending(.slot(slot))
      _ = try? runner.perform(.set(address, id: 1), index: level)
    }
    _ = try? runner.perform(.settle, index: depth)
    return (runner.world.screenEntries().count, runner.violations)
  }

  /// Slot addresses of the topology's shape down to `depth` (existing or not at any moment).
  static func sampleAddresses(_ spec: TopologySpec, depth: Int) -> [Address] {
    var result: [Address] = []
    func walk(_ type: Int, _ address: Address, _ remaining: Int) {
      guard remaining > 0 else { return }
      for (index, slot) in spec.screens[type].slots.enumerated() {
        let slotAddress = address.appending(.slot(index))
        result.append(slotAddress)
        if let child = slot.child { walk(child, slotAddress, remaining - 1) }
      }
      if let element = spec.screens[type].pathDestinations.first?.screen {
        for index in 0..<2 { walk(element, address.appending(.pathElement(index)), remaining - 1) }
      }
    }
    walk(0, .root, depth)
    return result
  }
}
