import Foundation
import NavFuzzEngines
import NavigationFuzzing
import Testing

/// corpus/libfuzzer-seeds/ is what `navfuzz encode corpus/regressions` writes, byte for byte:
/// a regression added without its seed (six were) is a case libFuzzer never starts from, and a
/// seed whose trace is gone or changed starts it from a run nobody can read.
@MainActor
@Suite struct LibFuzzerSeedsTests {
  static let seeds = CorpusReplayTests.corpus.appendingPathComponent("libfuzzer-seeds")

  @Test func everyRegressionIsASeedAsEncodeWritesIt() throws {
    var expected: [String] = []
    for trace in CorpusReplayTests.traces(in: "regressions") {
      let parsed = try TraceFormat.parse(String(contentsOfFile: trace.path, encoding: .utf8), source: trace.path)
      let topology = try #require(Topology.named(parsed.topology))
      let relative = "\(topology.name)/\(trace.name).bin"
      expected.append(relative)
      let committed = FileManager.default.contents(atPath: Self.seeds.appendingPathComponent(relative).path)
      #expect(
        committed.map(Array.init) == FuzzInput.encode(parsed, topology: topology, engine: .default),
        "corpus/libfuzzer-seeds/\(relative) is \(committed == nil ? "missing" : "stale"): run 'swift run navfuzz encode corpus/regressions'")
    }
    let folders = try FileManager.default.contentsOfDirectory(atPath: Self.seeds.path)
    let committed = try folders.flatMap { folder in
      try FileManager.default.contentsOfDirectory(atPath: Self.seeds.appendingPathComponent(folder).path).map { "\(folder)/\($0)" }
    }
    let orphans = committed.filter { !expected.contains($0) }.sorted()
    #expect(orphans.isEmpty, "seeds without a trace in corpus/regressions: \(orphans)")
    #expect(committed.count >= expected.count)
  }
}
