/// What `--engine` is for in a command: its help says so (only `run` fuzzes it).
protocol EngineRole {
  static var engineHelp: String { get }
}

extension RunCommand: EngineRole {
  static let engineHelp = "The engine to fuzz: state-driven (default) or a mutant; see 'navfuzz list'."
}
extension ExploreCommand: EngineRole {
  static let engineHelp = "The engine to explore: state-driven (default) or a mutant; see 'navfuzz list'."
}
extension ReplayCommand: EngineRole {
  static let engineHelp = "The engine to replay the traces on, instead of each trace's 'engine' line (else state-driven); see 'navfuzz list'."
}
extension ReportCommand: EngineRole {
  static let engineHelp = ReplayCommand.engineHelp
}
extension ShrinkCommand: EngineRole {
  static let engineHelp = "The engine to shrink the trace on, instead of its 'engine' line (else state-driven); see 'navfuzz list'."
}
extension ImportCommand: EngineRole {
  static let engineHelp =
    "The engine the input was fuzzed on (NAVFUZZ_ENGINE). Default: the one the fuzz target recorded beside the crash, else state-driven."
}
