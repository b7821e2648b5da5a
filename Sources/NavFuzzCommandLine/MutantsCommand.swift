import ArgumentParser
import Foundation
import NavigationFuzzing

struct MutantsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mutants",
    abstract: "Fuzz every mutant engine: caught or not, time to first detection, shrunk vs shortest trace.",
    discussion: """
      A mutant that escapes shows no times: they would be the times to other invariants' failures. \
      Ctrl-C ends the table early: the rows measured so far stay, exit code 130.
      """)

  @Option(parsing: .unconditional, help: "Campaign seeds per mutant (time to detection is the median over them).")
  var seeds = 10
  @Option(parsing: .unconditional, help: "At most this many runs per campaign.") var runs = 2_000
  @Flag(help: "Also run the breadth-first explorer for the shortest counterexample.") var explore = false
  @Option(parsing: .unconditional, help: "Explorer depth (--explore), also the depth the shrinker searches below.") var depth = 5
  @Option(help: "Write each mutant's shrunk trace to DIR/<engine>.navtrace.") var writeCorpus: String?
  @Option(
    help:
      "Judge every mutant by this semantics profile (navfuzz, swift-navigation or swiftui) instead of its base engine's own; see 'navfuzz list'."
  )
  var semantics: String?
  @Flag(
    help:
      "Instead of time to detection: fuzz each mutant for --runs runs from seed 1 and compare its defects with those it is known to show at 2,000 runs (all of them, the last first seen at the run its entry records; before it, no other); exit 1 on a difference or a mutant with no entry.")
  var defects = false
  @Flag(help: "Never put a user gesture in the run-loop turn of a program change (no races; see docs/REPORTS.md).")
  var noRaces = false

  func validate() throws {
    guard seeds >= 1 else { throw ValidationError("--seeds must be at least 1, found \(seeds)") }
    guard runs >= 1 else { throw ValidationError("--runs must be at least 1, found \(runs)") }
    guard depth >= 1 else { throw ValidationError("--depth must be at least 1, found \(depth)") }
    if defects, semantics != nil {
      throw ValidationError("--defects compares each mutant judged by its own profile: leave out --semantics")
    }
    if let semantics, SemanticsProfile.named(semantics) == nil {
      throw ValidationError(
        "unknown semantics '\(semantics)' (known: \(SemanticsProfile.all.map(\.name).joined(separator: ", ")))")
    }
  }

  func run() throws {
    try MainActor.assumeIsolated {
      if let writeCorpus { try Output.checkFolder(writeCorpus, option: "--write-corpus") }
      if defects { return try checkDefects() }
      let clock = ContinuousClock()
      let origin = clock.now
      let now = { (clock.now - origin).seconds }
      let interruption = Interruption.install()
      let progress = Progress(total: EngineChoice.mutants.count, label: "mutants")
      var escaped = 0
      var unwritten = 0
      var measured = 0
      print("mutant                        invariant                caught  median s  worst s  shrunk  shortest  judged by")
      let profile = semantics.flatMap(SemanticsProfile.named)
      for (number, mutant) in EngineChoice.mutants.enumerated() {
        let engine = profile.map { mutant.judged(by: $0) } ?? mutant
        let exploreShortest: ((Topology, EngineChoice, InvariantID) -> Int?)? =
          explore
          ? { topology, engine, target in
            var explorer = Explorer(topology: topology, engine: engine)
            explorer.maxDepth = depth
            explorer.target = target
            explorer.noRaces = noRaces
            return explorer.run(now: now, timeLimit: 120) { position in
              progress.line(
                "\(mutant.name) (\(number + 1) of \(EngineChoice.mutants.count)): exploring, depth \(position.depth), "
                  + "\(position.done) of \(position.of) prefixes", elapsed: now())
              return !interruption.happened
            }.trace?.actions.count
          } : nil
        let row = MutantsReport.row(
          for: engine, seeds: seeds, runs: runs, exhaustiveShrinkDepth: explore ? depth : 0, noRaces: noRaces, now: now,
          explore: exploreShortest, keepsGoing: { !interruption.happened },
          shrinkProgress: { position in
            progress.line(
              "\(mutant.name) (\(number + 1) of \(EngineChoice.mutants.count)): shrinking, \(ShrinkCommand.describe(position))",
              elapsed: now())
          }
        ) { seed in
          let text =
            "\(mutant.name) (\(number + 1) of \(EngineChoice.mutants.count)): seed \(seed) of \(seeds) done, "
            + progress.left(done: number, elapsed: now())
          // Each mutant's first seed always shows (a log then names every mutant, however quick),
          // the others as the interval allows.
          if seed == 1 { progress.phase(text, elapsed: now()) } else { progress.line(text, elapsed: now()) }
        }
        // Interrupted within the row: it is incomplete, so it is left out, not shown as measured.
        if interruption.happened { break }
        measured += 1
        if !row.caught { escaped += 1 }
        // An escaped mutant's times would be those of other invariants' failures: not shown.
        let median = row.caught ? row.medianSeconds.map { String(format: "%.3f", $0) } ?? "-" : "-"
        let worst = row.caught ? row.worstSeconds.map { String(format: "%.3f", $0) } ?? "-" : "-"
        let shrunk = row.shrunk.map { String($0.actions.count) } ?? "-"
        let shortest = row.shortest.map(String.init) ?? "-"
        progress.finish()
        print(
          "\(row.engine.padding(30))\(row.expected.rawValue.padding(25))\((row.caught ? "yes" : "NO").padding(8))\(median.padding(10))\(worst.padding(9))\(shrunk.padding(8))\(shortest.padding(10))\(row.semantics)"
        )
        if let directory = writeCorpus, let trace = row.shrunk {
          // One trace that cannot be written does not cost the rest of the table: named, exit 2.
          do {
            try Output.write(TraceFormat.print(trace), to: "\(directory)/\(row.engine).navtrace")
          } catch {
            Output.error("\(error)")
            unwritten += 1
          }
        }
      }
      progress.finish()
      if interruption.happened {
        print("interrupted: \(measured) of \(EngineChoice.mutants.count) mutants measured, \(escaped) escaped")
      } else {
        print(escaped == 0 ? "all \(EngineChoice.mutants.count) mutants caught" : "\(escaped) mutant(s) escaped")
      }
      if unwritten > 0 { print("\(unwritten) trace(s) not written to --write-corpus") }
      if escaped > 0 { throw ExitCode(1) }
      if unwritten > 0 { throw ExitCode(2) }
      if interruption.happened { throw ExitCode(130) }
    }
  }
}

extension MutantsCommand {
  /// `--defects`: each mutant's defects against `MutantDefects`.
  @MainActor
  func checkDefects() throws {
    let clock = ContinuousClock()
    var differing = 0
    print("mutant                        topology       defects  expected  by run  expected  seconds")
    for engine in EngineChoice.mutants {
      let started = clock.now
      guard let outcome = MutantDefects.check(engine, runs: runs) else { continue }
      let seconds = String(format: "%.2f", (clock.now - started).seconds)
      let expected = outcome.expected
      print(
        "\(outcome.engine.padding(30))\(outcome.topology.padding(15))\(String(outcome.found.count).padding(9))"
          + "\((expected.map { String($0.signatures.count) } ?? "-").padding(10))\(String(outcome.completeBy).padding(8))"
          + "\((expected.map { String($0.completeBy) } ?? "-").padding(10))\(seconds)"
          + (outcome.matches ? "" : expected == nil ? "  NO ENTRY" : "  DIFFERS"))
      guard !outcome.matches else { continue }
      differing += 1
      let signatures = expected?.signatures ?? []
      for signature in outcome.found where !signatures.contains(signature) { print("  + \(signature)") }
      for signature in signatures where !outcome.found.contains(signature) { print("  - \(signature)") }
      if Set(outcome.found) == Set(signatures), outcome.found != signatures { print("  (the same defects, in another order)") }
      // What was measured, in list order with the run that first showed each: what the entry
      // would read once each defect is understood (docs/REPORTS.md, "What a mutant shows").
      for (signature, run) in zip(outcome.found, outcome.firstRuns) { print("  measured: from run \(run): \(signature)") }
    }
    print(
      differing == 0
        ? "every mutant shows the defects it is known to show (\(runs) runs from seed 1)"
        : "\(differing) mutant(s) show other defects than they are known to show, or have no entry")
    if differing > 0 { throw ExitCode(1) }
  }
}
