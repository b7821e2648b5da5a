import ArgumentParser
import Foundation
import NavigationFuzzing

struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Measure the reference machine, the engine, whole runs and the explorer, side by side (build with -c release).")

  @Option(help: ArgumentHelp("The topology: \(topologyNames), or a topology file (.json).")) var topology = "basic"
  @Option(parsing: .unconditional, help: "Reference steps to time.") var referenceSteps = 2_000_000
  @Option(parsing: .unconditional, help: "Re-tracks of one observed property to time: Swift's Observation alone, no navigation.")
  var observationRetracks = 1_000_000
  @Option(parsing: .unconditional, help: "Engine runs to time (32 steps each).") var runs = 2_000
  @Option(parsing: .unconditional, help: "Distinct states the explorer times (breadth-first from the root).") var exploreStates = 2_000
  @Option(parsing: .unconditional, help: "libFuzzer inputs of 64 pseudo-random bytes to run as the fuzz target does (uninstrumented).")
  var fuzzInputs = 1_000
  @Option(parsing: .unconditional, help: "Nesting depth to settle: that many sheets, each presented on the one below.")
  var nestingDepth = 2_000
  @Flag(help: "Print one JSON object (keys in docs/REPORTS.md) instead of the table.") var json = false

  func validate() throws {
    guard referenceSteps >= 1, observationRetracks >= 1, runs >= 1, exploreStates >= 1, fuzzInputs >= 1, nestingDepth >= 1 else {
      throw ValidationError(
        "--reference-steps, --observation-retracks, --runs, --explore-states, --fuzz-inputs and --nesting-depth must be at least 1")
    }
  }

  func run() throws {
    try MainActor.assumeIsolated {
      let topology = try NavFuzz.topology(named: self.topology)
      let engine = try builtInEngine(for: "bench")
      var figures = BenchFigures(topology: topology.name)
      figures.residentBytesAtStart = ResidentMemory.bytes()
      let clock = ContinuousClock()
      let origin = clock.now
      // A debug build takes minutes: say which part is being measured, as each starts.
      let progress = Progress(total: Self.parts.count, label: "parts")
      let interruption = Interruption.install()
      /// Starts part `number`; after Ctrl-C or SIGTERM, stops instead (a part's figure alone
      /// would mislead, so none is printed).
      func part(_ number: Int) throws {
        if interruption.happened {
          progress.finish()
          print("interrupted: \(number - 1) of \(Self.parts.count) parts measured; no figures printed")
          throw ExitCode(130)
        }
        progress.phase(
          "bench: \(Self.parts[number - 1]) (part \(number) of \(Self.parts.count))", elapsed: (clock.now - origin).seconds)
      }
      try part(1)
      var started = clock.now
      let checksum = Benchmarks.referenceSteps(referenceSteps, topology: topology)
      figures.reference = .init(count: referenceSteps, seconds: (clock.now - started).seconds)
      try part(2)
      started = clock.now
      let retracks = Benchmarks.observationRetracks(observationRetracks)
      figures.observationRetracks = .init(count: retracks, seconds: (clock.now - started).seconds)
      figures.residentBytesBeforeEngine = ResidentMemory.bytes()
      try part(3)
      started = clock.now
      let (steps, trackedRuns) = Benchmarks.engineRuns(runs, maxSteps: 32, topology: topology, engine: engine)
      let engineSeconds = (clock.now - started).seconds
      figures.residentBytesAfterEngine = ResidentMemory.bytes()
      figures.engineActions = .init(count: steps, seconds: engineSeconds)
      figures.runs = .init(count: runs, seconds: engineSeconds)
      figures.engineTrackedRunsPerAction = Double(trackedRuns) / Double(max(steps, 1))
      var explorer = Explorer(topology: topology, engine: engine)
      explorer.maxDepth = 64
      explorer.stateLimit = exploreStates
      try part(4)
      started = clock.now
      let explored = explorer.run(now: { (clock.now - started).seconds }, timeLimit: 600)
      figures.explorerStates = .init(count: explored.statesVisited, seconds: (clock.now - started).seconds)
      try part(5)
      started = clock.now
      let fuzzed = Benchmarks.fuzzInputs(fuzzInputs, length: 64, topology: topology, engine: engine)
      figures.fuzzInputs = .init(count: fuzzInputs, seconds: (clock.now - started).seconds)
      // Before the nesting figure: the memory figure is the campaign's and the explorer's (a leak
      // shows as growth there), not that of 2,000 screens on screen at once.
      figures.residentBytesAtEnd = ResidentMemory.bytes()
      try part(6)
      started = clock.now
      let nested = Benchmarks.nesting(depth: nestingDepth, engine: engine)
      figures.nesting = .init(count: nestingDepth, seconds: (clock.now - started).seconds)
      progress.finish()
      if json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        print(String(decoding: try encoder.encode(figures), as: UTF8.self))
        return
      }
      #if DEBUG
        print("note: this is a debug build; measure with 'swift run -c release \(ReplayCommandLine.executable) bench'")
      #endif
      print("topology \(topology.name), one core")
      print(String(format: "reference machine:     %12.0f steps/s    (%d steps, checksum %llu)", figures.reference.perSecond, referenceSteps, checksum))
      print(
        String(
          format: "Observation alone:     %12.0f re-tracks/s (a write, its change callback, a new tracked read; no navigation)",
          figures.observationRetracks.perSecond))
      print(String(format: "engine + invariants:   %12.0f actions/s  (%d actions in %d runs)", figures.engineActions.perSecond, steps, runs))
      print(
        String(
          format: "  tracked runs:        %12.2f per action  (so Observation alone allows %.0f actions/s)",
          figures.engineTrackedRunsPerAction,
          figures.observationRetracks.perSecond / max(figures.engineTrackedRunsPerAction, 1e-9)))
      print(String(format: "runs of 32 steps:      %12.0f runs/s", figures.runs.perSecond))
      print(String(format: "explorer:              %12.0f states/s   (%d distinct states)", figures.explorerStates.perSecond, explored.statesVisited))
      print(
        String(
          format: "fuzz target:           %12.0f inputs/s   (%d inputs of 64 bytes, %d steps, uninstrumented%@)",
          figures.fuzzInputs.perSecond, fuzzInputs, fuzzed.steps, fuzzed.violations == 0 ? "" : ", violations!"))
      print(
        String(
          format: "nesting:               %12.2f s to settle depth %d (%d screens shown%@)", figures.nesting.seconds,
          nestingDepth, nested.screens, nested.violations.isEmpty ? "" : ", violations!"))
      print(String(format: "resident memory:       %12.1f MB at start, %.1f MB at end", Double(figures.residentBytesAtStart) / 1e6, Double(figures.residentBytesAtEnd) / 1e6))
      print(String(format: "  around engine runs:  %12.1f MB before, %.1f MB after", Double(figures.residentBytesBeforeEngine) / 1e6, Double(figures.residentBytesAfterEngine) / 1e6))
    }
  }
}

extension BenchCommand {
  /// The parts measured, in order, as the progress line names them.
  static let parts = [
    "reference machine", "Observation alone", "engine runs", "explorer", "fuzz target inputs", "nesting",
  ]
}

/// What `navfuzz bench --json` prints. The keys are stable (documented in docs/REPORTS.md): add
/// new ones, never rename or remove one.
struct BenchFigures: Encodable {
  struct Rate: Encodable {
    var count = 0
    var seconds = 0.0
    var perSecond: Double { Double(count) / max(seconds, 1e-9) }
    enum CodingKeys: String, CodingKey { case count, seconds, perSecond = "per_second" }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(count, forKey: .count)
      try container.encode(seconds, forKey: .seconds)
      try container.encode(perSecond, forKey: .perSecond)
    }
  }

  var topology: String
  var build: String = {
    #if DEBUG
      "debug"
    #else
      "release"
    #endif
  }()
  var reference = Rate()
  /// Swift's Observation alone: one write, its change callback and a new tracked read, per count.
  var observationRetracks = Rate()
  var engineActions = Rate()
  /// The engine's tracked `observe` runs (first runs and re-runs) per action in those runs.
  var engineTrackedRunsPerAction = 0.0
  var runs = Rate()
  var explorerStates = Rate()
  /// libFuzzer inputs of 64 bytes run as the target does, without the instrumentation.
  var fuzzInputs = Rate()
  /// `count` is the nesting depth, `seconds` the time to fill and settle it.
  var nesting = Rate()
  var residentBytesAtStart = 0
  var residentBytesAtEnd = 0
  /// Around the engine runs alone (the explorer's set of seen states grows by design): these two
  /// stay equal however many runs, or runs keep something alive.
  var residentBytesBeforeEngine = 0
  var residentBytesAfterEngine = 0

  enum CodingKeys: String, CodingKey {
    case topology, build
    case reference = "reference_steps"
    case observationRetracks = "observation_retracks"
    case engineActions = "engine_actions"
    case engineTrackedRunsPerAction = "engine_tracked_runs_per_action"
    case runs = "runs_of_32_steps"
    case explorerStates = "explorer_states"
    case fuzzInputs = "fuzz_inputs"
    case nesting = "nesting_depth"
    case residentBytesAtStart = "resident_bytes_start"
    case residentBytesAtEnd = "resident_bytes_end"
    case residentBytesBeforeEngine = "resident_bytes_engine_start"
    case residentBytesAfterEngine = "resident_bytes_engine_end"
  }
}

/// The process's resident memory now (Linux: /proc/self/statm), else its peak (getrusage).
enum ResidentMemory {
  static func bytes() -> Int {
    if let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) {
      let fields = statm.split(separator: " ")
      if fields.count > 1, let pages = Int(fields[1]) { return pages * Int(sysconf(Int32(_SC_PAGESIZE))) }
    }
    var usage = rusage()
    #if os(Linux)
      getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    #if os(Linux)
      return usage.ru_maxrss * 1024
    #else
      return usage.ru_maxrss
    #endif
  }
}

extension Duration {
  var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
