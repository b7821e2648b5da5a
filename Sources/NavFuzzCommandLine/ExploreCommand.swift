import ArgumentParser
import Foundation
import NavigationFuzzing

struct ExploreCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "explore",
    abstract: "Breadth-first search over action sequences: distinct states per depth and the shortest failing trace.")

  @Option(help: ArgumentHelp("The topology: \(topologyNames), or a topology file (.json).")) var topology = "basic"
  @OptionGroup var engineOption: EngineOption<ExploreCommand>
  @Option(parsing: .unconditional, help: "The deepest sequence length to explore.") var depth = 6
  @Option(parsing: .unconditional, help: "Stop after this many distinct states.") var maxStates = 200_000
  @Option(parsing: .unconditional, help: "Stop after this many seconds.") var seconds: Double = 120
  @Option(help: "Write the shortest failing trace here.") var out: String?
  @Flag(
    help: "Treat item ids 1 and 2 as interchangeable: count and expand one state of each pair that differs only by swapping them (topologies without app intents).")
  var symmetry = false
  @Flag(help: "Never put a user gesture in the run-loop turn of a program change (no races; see docs/REPORTS.md).")
  var noRaces = false
  @Flag(
    help: "Replay every order of commuting program writes within a run-loop turn (by default one order is replayed; see docs/EXPLORING.md).")
  var noReduction = false
  @Flag(
    help: "Require the partial-order reduction: stop with an error if the engine runs code during a program write, instead of searching without it.")
  var reduction = false
  @Option(
    parsing: .unconditional,
    help: "Expand prefixes in this many processes (the same search whatever the number). Default 1: it pays only where the cores are free.")
  var jobs = 1
  /// Set by `--jobs` in the processes it starts: expand the prefixes in this file, print the
  /// expansions on stdout, nothing else.
  @Option(help: .hidden) var workerInput: String?

  func validate() throws {
    guard depth >= 1 else { throw ValidationError("--depth must be at least 1") }
    guard maxStates >= 1 else { throw ValidationError("--max-states must be at least 1") }
    guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1, found \(jobs)") }
    guard seconds.isFinite, seconds > 0 else { throw ValidationError("--seconds must be a number of seconds above 0, found \(seconds)") }
    guard !(reduction && noReduction) else { throw ValidationError("--reduction and --no-reduction contradict each other") }
  }

  func run() throws {
    try MainActor.assumeIsolated {
      let topology = try NavFuzz.topology(named: self.topology)
      let engine = try engineOption.choice()
      if let out { try Output.checkFile(out, option: "--out") }
      var explorer = Explorer(topology: topology, engine: engine)
      explorer.maxDepth = depth
      explorer.stateLimit = maxStates
      explorer.noRaces = noRaces
      explorer.reducesCommutingWrites = !noReduction
      explorer.requiresReduction = reduction
      if symmetry {
        guard Explorer.symmetryIsSound(topology: topology, engine: engine) else {
          throw ValidationError(
            "--symmetry: topology '\(topology.name)' has app feature code (intents), which may treat ids 1 and 2 differently")
        }
        explorer.symmetry = true
      }
      if let workerInput {
        let text: String
        do { text = try String(contentsOfFile: workerInput, encoding: .utf8) } catch {
          throw ValidationError("\(workerInput): cannot read the prefixes: \(error.localizedDescription)")
        }
        FileHandle.standardOutput.write(Data(try explorer.expandEncoded(text).utf8))
        return
      }
      let interruption = Interruption.install()
      let processes = jobs
      if processes > 1 {
        let arguments = workerArguments
        let prepared = explorer
        explorer.expandsBatch = { batch in
          ParallelExplorer.expand(
            batch, with: prepared, jobs: processes, workerArguments: arguments, interrupted: { interruption.happened })
        }
      }
      let clock = ContinuousClock()
      let started = clock.now
      let progress = Progress(total: 0, label: "prefixes")
      let result = explorer.run(now: { (clock.now - started).seconds }, timeLimit: seconds) { position in
        progress.total = position.of
        progress.line(
          "depth \(position.depth): \(position.done) of \(position.of) prefixes expanded, \(position.statesSeen) distinct states",
          elapsed: (clock.now - started).seconds)
        return !interruption.happened
      }
      progress.finish()
      let elapsed = (clock.now - started).seconds
      print("\(ReplayCommandLine.executable) explore: topology \(topology.name), engine \(engine.name), semantics \(engine.semantics.name), depth \(depth)")
      if let refused = result.reductionRefused {
        guard !reduction else {
          FileHandle.standardError.write(Data("error: --reduction: \(refused)\n".utf8))
          throw ExitCode(2)
        }
        print("  reduction: refused, every order replayed: \(refused)")
      }
      if result.symmetric { print("  symmetry: states equal up to swapping ids 1 and 2 count once") }
      for (index, count) in result.statesPerDepth.enumerated() { print("  depth \(index + 1): \(count) new states") }
      print(String(format: "  %d distinct states, %d replays, %.0f states/s", result.statesVisited, result.replays, Double(result.statesVisited) / max(elapsed, 1e-9)))
      if explorer.reducesCommutingWrites, result.reductionRefused == nil {
        print("  reduction: \(result.candidatesCommuted) candidates not replayed (commuting program writes)")
      }
      if let cut = result.cutShort { print("  search cut short: \(cut)") }
      if let violation = result.violation, let trace = result.trace {
        print("shortest failure (\(trace.actions.count) steps): \(violation.invariant.rawValue): \(violation.explanation)")
        print(TraceFormat.print(trace), terminator: "")
        if let out { try Output.write(TraceFormat.print(trace), to: out) }
        throw ExitCode(1)
      }
      print(result.cutShort == nil ? "result: no violation up to depth \(depth)" : "result: no violation in the explored part")
      if interruption.happened { throw ExitCode(130) }
    }
  }
}

extension ExploreCommand {
  /// The command line of a `--jobs` worker: this search's topology, engine and keys.
  var workerArguments: [String] {
    var arguments = ["explore", "--topology", topology]
    if let engine = engineOption.engine { arguments += ["--engine", engine] }
    if let semantics = engineOption.semantics { arguments += ["--semantics", semantics] }
    for allowance in engineOption.allow { arguments += ["--allow", allowance] }
    if symmetry { arguments.append("--symmetry") }
    if noRaces { arguments.append("--no-races") }
    if noReduction { arguments.append("--no-reduction") }
    return arguments
  }
}
