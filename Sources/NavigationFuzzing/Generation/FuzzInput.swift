import NavigationReference

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// libFuzzer's bytes as a run, and back.
///
/// Decoding is *total*: every byte string is a valid run. Bytes are the generator's choices (which
/// kind of step, which slot, which id, how long to wait), each taken modulo what the current state
/// allows, so libFuzzer never wastes an execution on rejected input and a changed byte changes one
/// decision. Decoding stops when the bytes run out or at `maxSteps`.
@MainActor
public enum FuzzInput {
  public static let maxSteps = 64

  /// Decodes `bytes` into steps, running them on a fresh world as it goes (choices depend on state):
  /// one reset to be as fresh, when the last input's runner is gone (`Runner.reusingWorld`).
  /// Returns the steps and the runner that ran them (not yet finished).
  public static func decode(_ bytes: [UInt8], topology: Topology, engine: EngineChoice) -> ([Step], Runner) {
    let runner = Runner.reusingWorld(topology: topology, engine: engine, stopsAtFirstViolation: true)
    var generator = StepGenerator(choices: ByteChoices(bytes))
    var steps: [Step] = []
    while !generator.choices.isExhausted, steps.count < maxSteps {
      let step = generator.next(for: runner)
      steps.append(step)
      _ = try? runner.perform(step, index: steps.count - 1)
      if runner.hasViolation { break }
    }
    return (steps, runner)
  }

  /// Encodes a trace's actions as bytes that decode to the same steps, as far as the generator can
  /// produce them (it uses ids 1-3, its own durations, the buttons the alert on top has): a step it cannot produce is
  /// left out, and so are expectations. Used to turn the corpus into libFuzzer seeds.
  public static func encode(_ trace: Trace, topology: Topology, engine: EngineChoice) -> [UInt8] {
    let runner = Runner(topology: topology, engine: engine)
    let enabled = StepGenerator(choices: ByteChoices([])).enabled
    var bytes: [UInt8] = []
    var index = 0
    for step in trace.actions {
      let options = StepOptions(runner: runner, enabled: enabled)
      guard let encoded = encode(step, options: options, reference: runner.reference) else { continue }
      bytes += encoded
      _ = try? runner.perform(step, index: index)
      index += 1
      if bytes.count > 4 * maxSteps { break }
    }
    return bytes
  }

  private static func encode(_ step: Step, options: StepOptions, reference: ReferenceMachine) -> [UInt8]? {
    // A write order is one more choice after the step's own (`StepGenerator.inWriteOrder`): how
    // many of the slots it clears come first, which must be the first ones.
    var unordered = step, first: [Address] = []
    if case .afterClearing(let inner, let listed) = step { (unordered, first) = (inner, listed) }
    let cleared = WriteOrder.slotsCleared(by: unordered, in: reference)
    guard first.count < 256, first == Array(cleared.prefix(first.count)), let bytes = encodeUnordered(unordered, options: options)
    else {
      return nil
    }
    return cleared.isEmpty ? bytes : bytes + [UInt8(first.count)]
  }

  private static func encodeUnordered(_ step: Step, options: StepOptions) -> [UInt8]? {
    var start = 0
    var kindByte: UInt8?
    for (kind, weight) in options.candidates {
      if kind == step.kind {
        kindByte = UInt8(start)
        break
      }
      start += weight
    }
    guard let kindByte else { return nil }
    func index<T: Equatable>(_ value: T, in list: [T]) -> UInt8? {
      list.firstIndex(of: value).flatMap { $0 < 256 ? UInt8($0) : nil }
    }
    switch step {
    case .set(let address, let id):
      guard let slot = index(address, in: options.itemSlots.all), let id = index(id, in: generatedIDs) else { return nil }
      return [kindByte, slot, id]
    case .mutate(let address):
      return index(address, in: options.filledItemSlots.all).map { [kindByte, $0] }
    case .clear(let address):
      return index(address, in: options.filledSlots.all).map { [kindByte, $0] }
    case .toggle(let address, let on):
      let flagSlots = options.flagSlots.all
      guard let slot = flagSlots.firstIndex(where: { $0.address == address }), flagSlots[slot].filled == !on, slot < 256
      else { return nil }
      return [kindByte, UInt8(slot)]
    case .bump(let address):
      return index(address, in: options.screens.all).map { [kindByte, $0] }
    case .pathAppend(let value):
      return index(value, in: options.pathValueChoices).map { [kindByte, $0] }
    case .pathRemoveLast(let count):
      guard count >= 1, count <= options.pathCount else { return nil }
      return [kindByte, UInt8(count - 1)]
    case .pathSet(let values):
      guard values.count < 4 else { return nil }
      // Where the generator may rearrange the path, its first choice says not to (1 % 2).
      var bytes = options.pathValues.isEmpty ? [kindByte] : [kindByte, 1]
      bytes.append(UInt8(values.count))
      for value in values {
        guard let position = index(value, in: options.pathValueChoices) else { return nil }
        bytes.append(position)
      }
      return bytes
    case .app(let address, let intent):
      guard let position = options.intents.all.firstIndex(where: { $0.screen == address && $0.intent == intent }), position < 256
      else { return nil }
      return [kindByte, UInt8(position)]
    case .user(.alertTap(let button)):
      if options.alertButtons > 1 { return button < min(options.alertButtons, 256) ? [kindByte, UInt8(button)] : nil }
      return button == 0 ? [kindByte] : nil
    case .user(.backTo(let target)):
      return target < max(options.stackDepth - 1, 1) ? [kindByte, UInt8(target)] : nil
    case .selectTab(let tab), .user(.tab(let tab)):
      return tab < options.tabCount ? [kindByte, UInt8(tab)] : nil
    case .user: return [kindByte]
    case .advance(let milliseconds):
      return index(milliseconds, in: generatedDurations).map { [kindByte, $0] }
    case .tick, .settle, .untilTransitionEnd: return [kindByte]
    case .expect, .afterClearing: return nil
    }
  }
}

/// What the libFuzzer target does with one input. Which topology and engine it fuzzes comes from
/// the environment: `NAVFUZZ_TOPOLOGY` (default `basic`, or the binary's name) and `NAVFUZZ_ENGINE`
/// (default the built-in engine). On a violation it prints the invariant and the decoded trace, then traps, so libFuzzer
/// saves the input.
@MainActor
package enum FuzzTarget {
  public static func testOneInput(_ bytes: [UInt8]) {
    testOneInput(bytes, topology: configuredTopology, engine: configuredEngine)
  }

  /// Read once: the environment does not change during a fuzzing session. Without
  /// `NAVFUZZ_TOPOLOGY`, a binary named `navfuzz_<topology>` fuzzes that topology (how the
  /// ClusterFuzzLite build makes one fuzzer per topology).
  static let configuredTopology: Topology = {
    if let name = environmentValue("NAVFUZZ_TOPOLOGY") { return Topology.named(name) ?? .basic }
    let binary = CommandLine.arguments.first?.split(separator: "/").last.map(String.init) ?? ""
    return Topology.builtIn.first { binary == "navfuzz_\($0.name)" } ?? .basic
  }()
  /// `NAVFUZZ_ENGINE`, else the built-in engine: the target registers the built-in engines first.
  static let configuredEngine: EngineChoice = {
    let name = environmentValue("NAVFUZZ_ENGINE") ?? EngineChoice.defaultName
    guard let engine = EngineChoice.named(name) ?? EngineChoice.registeredDefault else {
      writeToStandardError("navfuzz: no engine named '\(name)' is registered in this fuzz target\n")
      exit(2)
    }
    return engine
  }()

  public static func testOneInput(_ bytes: [UInt8], topology: Topology, engine: EngineChoice) {
    let (steps, violation) = run(bytes, topology: topology, engine: engine)
    guard let violation else { return }
    let trace = Trace(
      topology: topology.name, engine: engine.name == EngineChoice.defaultName ? nil : engine.name,
      steps: steps + [.settle, .expect(.violation(violation.invariant))])
    FuzzCrashRecord.write(topology: topology.name, engine: engine.name)
    // Unbuffered, on stderr: the process is about to trap.
    writeToStandardError("navfuzz: violation \(violation.invariant.rawValue): \(violation.explanation)\n")
    writeToStandardError(TraceFormat.print(trace))
    fatalError("navfuzz: \(violation.invariant.rawValue)")
  }
}

extension FuzzTarget {
  /// AddressSanitizer's defaults in the fuzz target (`ASAN_OPTIONS` overrides them): no stack is
  /// recorded at each allocation and free. ASan still catches every bad access it would and prints
  /// where it happened; only its report of where the block was allocated and freed goes. Swift
  /// allocates all the time, and unwinding at every malloc and free cost a fifth of the target's
  /// CPU time (Fuzz/README.md, "Speed"); a crash is replayed with
  /// `ASAN_OPTIONS=malloc_context_size=30` for those stacks.
  /// Computed, not stored: ASan asks before anything is initialised, and a literal needs nothing.
  nonisolated public static var addressSanitizerDefaults: StaticString { "malloc_context_size=0" }

  /// One input's work, all of it (what `navfuzz bench` times as the target's): the decoded steps
  /// run with every check, then the final settle and checks; the first violation, if any.
  public static func run(_ bytes: [UInt8], topology: Topology, engine: EngineChoice) -> (steps: [Step], violation: Violation?) {
    let (steps, runner) = FuzzInput.decode(bytes, topology: topology, engine: engine)
    if !runner.hasViolation { runner.finish(stepIndex: steps.count) }
    return (steps, runner.violations.first)
  }
}

private func environmentValue(_ name: String) -> String? {
  getenv(name).map { String(cString: $0) }
}

private func writeToStandardError(_ text: String) {
  var text = text
  text.withUTF8 { buffer in _ = write(2, buffer.baseAddress, buffer.count) }
}
