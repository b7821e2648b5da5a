import Foundation
import NavFuzzEngines
import NavigationFuzzing
import NavigationReference
import Testing

/// `navfuzz run` without `--topology` (and so plain `swift run navfuzz`) rotates over every
/// registered topology: a bug that only one topology can show is still caught by the README's
/// first command, and its rerun command names that topology.
@Suite struct DefaultCampaignTests {
  typealias CLI = CommandLineTests
  /// What the command line's registry holds: the built-in topologies (tests here register more
  /// in their own process, which the command line never sees).
  static let commandLineTopologies = Topology.builtIn

  @Test func theRunsAreSplitEvenlyInRegistryOrder() {
    let topologies = [Topology.basic, .stack, .covers]
    #expect(CampaignRotation(topologies: topologies, runs: 10).shares.map(\.runs) == [4, 3, 3])
    #expect(CampaignRotation(topologies: topologies, runs: 2).shares.map(\.runs) == [1, 1, 0])
    #expect(CampaignRotation(topologies: topologies, runs: 9).shares.map(\.topology.name) == ["basic", "stack", "covers"])
    let rotation = CampaignRotation(topologies: topologies, runs: 9)
    #expect([0, 1, 2].map { rotation.deadline(ofShare: $0, seconds: 6) } == [2, 4, 6])
  }

  @Test func aTopologyRegisteredLaterJoinsTheRotation() {
    let joiner = Topology(
      spec: TopologySpec(name: "rotation-joiner", screens: Topology.basic.spec.screens), summary: "basic, renamed")
    Topology.register(joiner)
    let names = CampaignRotation.everyTopology(runs: 1_000).shares.map(\.topology.name)
    #expect(names.contains("rotation-joiner"))
    #expect(Array(names.prefix(Topology.builtIn.count)) == Topology.builtIn.map(\.name))
  }

  /// The README's first command, exactly: every built-in topology gets its share and is clean.
  @Test func theDefaultCampaignCoversEveryTopologyAndIsClean() throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try CLI.run([], in: folder)
    #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
    let lines = outcome.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.first == "navfuzz run: \(Self.commandLineTopologies.count) topologies in turn, engine state-driven, semantics navfuzz, seed 1, 500 runs of up to 32 steps",
      "\(outcome.stdout)")
    let rotation = CampaignRotation(topologies: Self.commandLineTopologies, runs: 500)
    for share in rotation.shares {
      let line = lines.first { $0.hasPrefix("  \(share.topology.name) ") }
      #expect(line?.contains(" \(share.runs) runs, ") == true, "\(share.topology.name): \(outcome.stdout)")
      #expect(line?.hasSuffix(": no violations") == true, "\(share.topology.name): \(outcome.stdout)")
    }
    #expect(lines.last == "result: no violations")
  }

  /// `--jobs N` splits each topology's share across processes; the output is byte for byte the
  /// one of a single process, and the same on every run.
  @Test func theRotationIsDeterministicWhateverTheJobs() throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    for engine in ["state-driven", "restores-popped-screens"] {
      let arguments = ["run", "--runs", "48", "--seed", "5", "--engine", engine, "--out", "failures-\(engine)"]
      let one = try CLI.run(arguments + ["--jobs", "1"], in: folder)
      let again = try CLI.run(arguments + ["--jobs", "1"], in: folder)
      let two = try CLI.run(arguments + ["--jobs", "2"], in: folder)
      let three = try CLI.run(arguments + ["--jobs", "3"], in: folder)
      #expect(one.stdout.hasPrefix("navfuzz run: \(Self.commandLineTopologies.count) topologies in turn, engine \(engine)"), "\(one.stdout)\(one.stderr)")
      #expect(again.stdout == one.stdout)
      #expect(two.status == one.status, "\(two.stderr)")
      #expect(two.stdout == one.stdout)
      #expect(three.stdout == one.stdout)
    }
  }

  /// `cover-without-navigation` shows only where there are covers: plain `navfuzz` catches it on
  /// `covers`, says so, and the printed rerun command (and the topology's share alone) repeat it.
  @Test func aMutantOnlyACoverShowsIsCaughtAndItsRerunNamesTheTopology() throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let engine = "cover-without-navigation"
    let found = try CLI.run(["--engine", engine, "--report", "report"], in: folder)
    #expect(found.status == 1, "\(found.stdout)\(found.stderr)")
    let lines = found.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("  basic ") && $0.hasSuffix(": no violations") }, "\(found.stdout)")
    let coversLine = try #require(lines.first { $0.hasPrefix("  covers ") }, "\(found.stdout)")
    #expect(coversLine.contains("defect(s)"), "\(coversLine)")
    #expect(lines.contains { $0.hasPrefix("result: ") && $0.contains("defect(s)") }, "\(found.stdout)")
    #expect(lines.contains { $0.hasPrefix("  defect ") && $0.contains(" (covers): ") }, "\(found.stdout)")
    #expect(found.stdout.contains("    saved navfuzz-failures/covers-\(engine)-"), "\(found.stdout)")
    let rerun = try #require(lines.first { $0.hasPrefix("    rerun: swift run navfuzz run --topology covers ") }, "\(found.stdout)")
    let arguments = rerun.dropFirst("    rerun: swift run navfuzz ".count).split(separator: " ").map(String.init)
    let again = try CLI.run(arguments + ["--out", "again"], in: folder)
    #expect(again.status == 1, "\(again.stdout)\(again.stderr)")
    #expect(again.stdout.hasPrefix("navfuzz run: topology covers, engine \(engine)"), "\(again.stdout)")
    // The share alone: the covers line's counts are those of `--topology covers --runs N`.
    let share = try #require(CampaignRotation(topologies: Self.commandLineTopologies, runs: 500).shares.first { $0.topology.name == "covers" })
    let alone = try CLI.run(
      ["run", "--topology", "covers", "--engine", engine, "--runs", "\(share.runs)", "--out", "alone", "--jobs", "1"], in: folder)
    let aloneLines = alone.stdout.split(separator: "\n").map(String.init)
    let counts = try #require(aloneLines.dropFirst().first).split(separator: ",").prefix(3).map { $0.trimmingCharacters(in: .whitespaces) }
    // "steps 1603", "skipped 63", "distinct states 109" → "1603 steps", "63 skipped", "109 distinct states".
    for count in counts {
      let words = count.split(separator: " ")
      #expect(coversLine.contains("\(words.last!) \(words.dropLast().joined(separator: " "))"), "\(count) in \(coversLine)")
    }
    // One report for the whole rotation, naming every topology and the failure's own replay.
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("report/report.json"))) as? [String: Any])
    let campaign = try #require(json["campaign"] as? [String: Any])
    #expect(campaign["topology"] as? String == Self.commandLineTopologies.map(\.name).joined(separator: ","))
    #expect((json["totals"] as? [String: Any])?["runs"] as? Int == 500)
    let failures = try #require(json["failures"] as? [[String: Any]])
    #expect(!failures.isEmpty)
    for failure in failures {
      #expect((failure["trace"] as? String)?.contains("topology covers\n") == true)
      #expect((failure["replayCommand"] as? String)?.contains("navfuzz-failures/covers-") == true)
    }
  }

  @Test func aRunSeedNeedsATopology() throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try CLI.run(["run", "--run-seed", "7"], in: folder)
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("--run-seed repeats one run of one topology: add --topology"), "\(outcome.stderr)")
    let help = try CLI.run(["run", "--help"], in: folder)
    #expect(help.stdout.contains("Without --topology the campaign is a rotation"), "\(help.stdout)")
  }

  /// With fewer runs than topologies, the topologies left without a run are named, never dropped.
  @Test func topologiesWithoutARunAreSaidSo() throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try CLI.run(["run", "--runs", "2", "--jobs", "1"], in: folder)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let last = try #require(Self.commandLineTopologies.last?.name)
    #expect(outcome.stdout.contains("  \(last) "), "\(outcome.stdout)")
    #expect(outcome.stdout.contains("not run: --runs 2 leaves no run for it"), "\(outcome.stdout)")
  }

  /// A time budget is sliced evenly: runs that would never end still leave every topology its turn.
  @Test func aTimeBudgetGivesEveryTopologyItsSlice() throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try CLI.run(["run", "--runs", "100000000", "--seconds", "2", "--jobs", "1"], in: folder)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    for topology in Self.commandLineTopologies {
      let line = outcome.stdout.split(separator: "\n").first { $0.hasPrefix("  \(topology.name) ") }
      let runs = line?.dropFirst(2 + topology.name.count).drop { $0 == " " }.prefix { $0.isNumber }
      #expect((runs.flatMap { Int($0) } ?? 0) > 0, "\(topology.name): \(outcome.stdout)")
    }
  }

  /// The coverage floor is compared with the distinct states summed over the topologies.
  @Test func theCoverageFloorIsTheSumOverTopologies() throws {
    let folder = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let missed = try CLI.run(["run", "--runs", "16", "--min-distinct-states", "100000", "--jobs", "1", "--report", "r"], in: folder)
    #expect(missed.status == 1, "\(missed.stderr)")
    let line = try #require(missed.stdout.split(separator: "\n").first { $0.hasPrefix("coverage floor missed: ") })
    #expect(line.hasSuffix(" distinct states (summed over topologies), fewer than 100000"), "\(line)")
    let total = try #require(missed.stdout.split(separator: "\n").first { $0.hasPrefix("  total: ") })
    let sum = Int(line.dropFirst("coverage floor missed: ".count).prefix { $0.isNumber })
    #expect(sum != nil && total.contains("distinct states \(sum!) (summed over topologies)"), "\(total)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("r/report.json"))) as? [String: Any])
    let coverage = try #require(json["coverage"] as? [String: Any])
    #expect(coverage["distinctStates"] as? Int == sum)
    #expect(coverage["floorMet"] as? Bool == false)
    let met = try CLI.run(["run", "--runs", "16", "--min-distinct-states", "\(sum!)", "--jobs", "1"], in: folder)
    #expect(met.status == 0, "\(met.stdout)")
  }
}
