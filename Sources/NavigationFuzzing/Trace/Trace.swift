/// A run, as a file: a topology, optionally an engine, and steps. docs/TRACES.md is the format.
public struct Trace: Hashable, Sendable {
  public var topology: String
  /// The engine the trace was recorded against (mutant traces name theirs); nil: the default.
  public var engine: String?
  /// The semantics profile that judges the trace (`semantics NAME`); nil: the engine's own.
  public var semantics: String?
  public var steps: [Step]
  /// The source line of each step (1-based), when parsed from a file.
  public var lines: [Int]
  /// Where the trace came from, for error messages.
  public var source: String
  /// The source line of the `engine NAME` line, when parsed from a file (for "unknown engine").
  public var engineLine: Int?

  public init(
    topology: String, engine: String? = nil, semantics: String? = nil, steps: [Step], lines: [Int]? = nil,
    source: String = "<trace>"
  ) {
    self.topology = topology
    self.engine = engine
    self.semantics = semantics
    self.steps = steps
    self.lines = lines ?? steps.indices.map { $0 + 1 }
    self.source = source
  }

  /// Equal traces say the same thing; where they came from does not matter.
  public static func == (lhs: Trace, rhs: Trace) -> Bool {
    lhs.topology == rhs.topology && lhs.engine == rhs.engine && lhs.semantics == rhs.semantics && lhs.steps == rhs.steps
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(topology)
    hasher.combine(engine)
    hasher.combine(semantics)
    hasher.combine(steps)
  }

  /// The same trace with other steps (line numbers follow the steps kept).
  func replacingSteps(_ steps: [Step]) -> Trace {
    Trace(topology: topology, engine: engine, semantics: semantics, steps: steps, source: source)
  }

  /// The actions only, without expectations.
  public var actions: [Step] { steps.filter { !$0.isExpectation } }
}

/// A problem with a trace or its input, located at a file and line: exit code 2. The message is
/// kept as `MessageText` shows it (invisible characters as code points, bounded), whether the
/// problem was found reading the file or replaying it.
public struct TraceError: Error, Equatable, CustomStringConvertible {
  public var file: String
  public var line: Int
  public var message: String

  public init(file: String, line: Int, message: String) {
    self.file = file
    self.line = line
    self.message = MessageText.shown(message)
  }

  public var description: String { "\(MessageText.visibleCharacters(file)):\(line): error: \(message)" }
}
