import Foundation
import NavFuzzEngines
import NavigationFuzzing
import Testing

/// Replays every committed trace: regressions must meet their expectations; each mutant trace
/// must still catch its mutant and must pass on the real engine.
@MainActor
@Suite struct CorpusReplayTests {
  nonisolated static let corpus = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("corpus")

  /// One committed trace as a test argument: each is its own named test case
  /// ("regressions/rule1-source-of-truth"), so a failure names the trace and can be rerun alone.
  struct CorpusTrace: Codable, Sendable, CustomTestStringConvertible {
    var folder: String
    var name: String
    var path: String { CorpusReplayTests.corpus.appendingPathComponent("\(folder)/\(name).navtrace").path }
    var testDescription: String { "\(folder)/\(name)" }
  }

  nonisolated static func files(in folder: String) -> [String] {
    traces(in: folder).map(\.path)
  }

  nonisolated static func traces(in folder: String) -> [CorpusTrace] {
    let directory = corpus.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".navtrace") }.sorted().map {
      CorpusTrace(folder: folder, name: String($0.dropLast(".navtrace".count)))
    }
  }

  func load(_ path: String) throws -> Trace {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return try TraceFormat.parse(text, source: path)
  }

  /// The traces found on an example topology file, `corpus/examples/NAME/` for
  /// Examples/topologies/NAME.json: kept apart from `regressions/`, whose traces need no option
  /// to replay (`navfuzz replay --topology Examples/topologies/NAME.json corpus/examples/NAME`).
  nonisolated static func exampleTraces() -> [CorpusTrace] {
    let directory = corpus.appendingPathComponent("examples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.sorted().flatMap { traces(in: "examples/\($0)") }
  }

  @Test func theCorpusIsThere() {
    #expect(Self.files(in: "regressions").count >= 15)
    #expect(!Self.exampleTraces().isEmpty)
    #expect(Self.files(in: "mutants").count == BuiltInEngines.mutants.count)
  }

  @Test(arguments: traces(in: "regressions"))
  func regressionMeetsItsExpectations(_ corpusTrace: CorpusTrace) throws {
    let path = corpusTrace.path
    let trace = try load(path)
    #expect(trace.steps.contains { $0.isExpectation }, "a regression without expectations checks nothing")
    let engine = try #require(BuiltInEngines.named(trace.engine ?? EngineChoice.default.name))
    let result = try Replay.run(trace, topology: Topology.named(trace.topology)!, engine: engine)
    for unmet in result.unmetExpectations { Issue.record("\(unmet)") }
    for violation in result.unexpectedViolations {
      Issue.record("\(path): violation \(violation.invariant.rawValue): \(violation.explanation)")
    }
  }

  @Test(arguments: exampleTraces())
  func exampleRegressionMeetsItsExpectations(_ corpusTrace: CorpusTrace) throws {
    let topologyName = String(corpusTrace.folder.dropFirst("examples/".count))
    let file = Self.corpus.deletingLastPathComponent().appendingPathComponent("Examples/topologies/\(topologyName).json")
    let topology = try TopologyFile.load(file.path)
    #expect(topology.name == topologyName, "corpus/examples/NAME holds traces of the topology called NAME")
    Topology.register(topology)  // traces say `topology NAME`
    try regressionMeetsItsExpectations(corpusTrace)
  }

  @Test(arguments: traces(in: "mutants"))
  func mutantTraceCatchesItsMutantAndPassesOnTheRealEngine(_ corpusTrace: CorpusTrace) throws {
    let path = corpusTrace.path
    let trace = try load(path)
    let name = try #require(trace.engine, "a mutant trace names its engine")
    let mutant = try #require(BuiltInEngines.named(name))
    let expected = try #require(mutant.expectedInvariant)
    #expect(trace.steps.contains(.expect(.violation(expected))))
    let topology = Topology.named(trace.topology)!
    let caught = try Replay.run(trace, topology: topology, engine: mutant)
    for unmet in caught.unmetExpectations { Issue.record("\(unmet)") }
    #expect(caught.passed)
    // The engine it is a mutant of, judged by the same profile, is clean on it.
    let base = try #require(BuiltInEngines.named(mutant.mutantOf ?? EngineChoice.default.name))
    #expect(trace.semantics == (mutant.semantics == .navfuzz ? nil : mutant.semantics.name))
    let onRealEngine = try Replay.run(
      Trace(topology: trace.topology, semantics: trace.semantics, steps: trace.actions, source: path),
      topology: topology, engine: base.judged(by: mutant.semantics))
    #expect(onRealEngine.violations.isEmpty, "\(onRealEngine.violations.map(\.explanation))")
  }
}
