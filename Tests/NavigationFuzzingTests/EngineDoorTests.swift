import Foundation
import NavFuzzEngines
import NavigationFuzzing
import Testing

/// The built-in engine, its mutants and a user's engine come through one door: the same kind of
/// value, registered and selected by name the same way.
@MainActor
@Suite struct EngineDoorTests {
  @Test func aRegisteredEngineIsSelectedByNameLikeTheBuiltInOnes() throws {
    let mine = EngineChoice(name: "door-test-engine", summary: "a user's engine", make: { StateDrivenEngine() })
    #expect(EngineChoice.named("door-test-engine") == nil)
    EngineChoice.register(mine)
    let found = try #require(EngineChoice.named("door-test-engine"))
    #expect(found.summary == "a user's engine")
    #expect(EngineChoice.all.map(\.name).contains("door-test-engine"))
  }

  @Test func aBuiltInNameCannotBeTaken() {
    BuiltInEngines.register()
    EngineChoice.register(EngineChoice(name: "state-driven", summary: "impostor", make: { StateDrivenEngine() }))
    #expect(EngineChoice.named("state-driven")?.summary == EngineChoice.default.summary)
    #expect(EngineChoice.builtIn.map(\.name) == BuiltInEngines.all.map(\.name))
  }

  /// The harness links no engine: it knows the built-in ones only once they are registered, as
  /// built in, the way the `navfuzz` executable registers them.
  @Test func theBuiltInEnginesAreKnownByNameOnceRegistered() {
    BuiltInEngines.register()
    for engine in BuiltInEngines.all {
      #expect(EngineChoice.named(engine.name)?.summary == engine.summary)
    }
    #expect(EngineChoice.mutants.map(\.name) == BuiltInEngines.mutants.map(\.name))
    #expect(EngineChoice.registeredDefault?.name == EngineChoice.default.name)
  }

  @Test func everyMutantNamesTheInvariantThatCatchesItAndTheRealEngineNamesNone() {
    #expect(EngineChoice.default.expectedInvariant == nil)
    // Every mutant has its shrunk counterexample in corpus/mutants/, which the corpus replay runs.
    let committed = try! FileManager.default.contentsOfDirectory(
      atPath: CorpusReplayTests.corpus.appendingPathComponent("mutants").path
    ).filter { $0.hasSuffix(".navtrace") }.map { String($0.dropLast(".navtrace".count)) }.sorted()
    #expect(BuiltInEngines.mutants.map(\.name).sorted() == committed)
    for mutant in BuiltInEngines.mutants { #expect(mutant.expectedInvariant != nil, "\(mutant.name)") }
    #expect(Set(BuiltInEngines.all.map(\.name)).count == BuiltInEngines.all.count)
  }

  /// A mutant is judged by the profile its base engine declares, and knows which engine it breaks.
  @Test func mutantsAreJudgedByTheirBaseEnginesProfile() {
    let ofSwiftNavigationLike = BuiltInEngines.mutants.filter { $0.mutantOf == EngineChoice.swiftNavigationLike.name }
    #expect(ofSwiftNavigationLike.count == 5)
    for mutant in ofSwiftNavigationLike {
      #expect(mutant.name.hasPrefix("sn-"), "\(mutant.name)")
      #expect(mutant.semantics == .swiftNavigation, "\(mutant.name)")
      #expect(MutantsReport.topology(for: mutant).name != Topology.basic.name || mutant.name == "sn-pops-pusher-under-modal")
    }
    for mutant in BuiltInEngines.mutants where mutant.mutantOf != EngineChoice.swiftNavigationLike.name {
      #expect(mutant.mutantOf == EngineChoice.default.name, "\(mutant.name)")
      #expect(mutant.semantics == .navfuzz, "\(mutant.name)")
    }
    #expect(EngineChoice.default.mutantOf == nil)
    #expect(EngineChoice.swiftNavigationLike.mutantOf == nil)
  }

  /// A mutant's rules hold only in the world it was made in: the real engine, run after it, is
  /// the real engine again.
  @Test func aMutantsRulesDoNotOutliveItsWorld() throws {
    let text = "navtrace 1\ntopology basic\nset presentedChild 1\nsettle\nclear presentedChild\nsettle\n"
    let trace = try TraceFormat.parse(text)
    let mutant = try #require(BuiltInEngines.named("no-dismiss-on-nil"))
    #expect(try !Replay.run(trace, topology: .basic, engine: mutant).violations.isEmpty)
    #expect(try Replay.run(trace, topology: .basic, engine: .default).violations.isEmpty)
  }
}
