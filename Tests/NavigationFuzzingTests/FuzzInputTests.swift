import NavFuzzEngines
import NavigationFuzzing
import Testing

@MainActor
@Suite struct FuzzInputTests {
  /// ASan parses its defaults as `name=value` pairs separated by `:` from a C string: a malformed
  /// one is ignored with only a warning, so the speed would silently go.
  @Test func addressSanitizerDefaultsAreWellFormed() {
    let defaults = FuzzTarget.addressSanitizerDefaults
    #expect(defaults.isASCII && defaults.hasPointerRepresentation)
    #expect(defaults.utf8Start[defaults.utf8CodeUnitCount] == 0)
    let text = defaults.description
    let pairs = text.split(separator: ":", omittingEmptySubsequences: false).map { $0.split(separator: "=", omittingEmptySubsequences: false) }
    #expect(pairs.allSatisfy { $0.count == 2 && !$0[0].isEmpty && !$0[1].isEmpty && $0[0].allSatisfy { $0.isLetter || $0 == "_" } })
    #expect(pairs.contains { $0[0] == "malloc_context_size" && $0[1] == "0" })
  }

  @Test func everyByteStringDecodesAndRunsWithoutAHarnessError() {
    var random = SplitMix64(seed: 99)
    for topology in Topology.builtIn {
      for _ in 0..<60 {
        let bytes = (0..<random.below(120)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let (steps, runner) = FuzzInput.decode(bytes, topology: topology, engine: .default)
        #expect(steps.count <= FuzzInput.maxSteps)
        #expect(steps.count <= max(bytes.count, 0))
        runner.finish(stepIndex: steps.count)
        // The real engine survives whatever the bytes say, and every decoded trace is valid text.
        #expect(runner.violations.isEmpty, "\(TraceFormat.print(Trace(topology: topology.name, steps: steps)))")
        #expect((try? TraceFormat.parse(TraceFormat.print(Trace(topology: topology.name, steps: steps)))) != nil)
      }
    }
  }

  @Test func encodingATraceAndDecodingItGivesTheSameSteps() throws {
    let trace = try TraceFormat.parse(
      """
      navtrace 1
      topology stack
      path set 1 2
      settle
      set path[1].presentedChild 3
      advance 500
      user dismiss
      tick
      toggle path[0].isPushed on
      settle
      user back-to 1
      settle
      """)
    let bytes = FuzzInput.encode(trace, topology: .stack, engine: .default)
    let (decoded, _) = FuzzInput.decode(bytes, topology: .stack, engine: .default)
    #expect(decoded == trace.actions)
  }

  @Test func emptyInputIsAnEmptyRun() {
    let (steps, runner) = FuzzInput.decode([], topology: .basic, engine: .default)
    #expect(steps.isEmpty)
    #expect(!runner.hasViolation)
  }

  @Test func aMutantIsCaughtFromBytes() {
    // "set <slot 1> <id index 0>", settle, user dismiss, settle — as choices.
    let trace = Trace(topology: "basic", steps: [.set(try! Topology.basic.spec.parseAddress("presentedChild").get(), id: 1), .settle, .user(.dismiss), .settle])
    let bytes = FuzzInput.encode(trace, topology: .basic, engine: .default)
    let (steps, runner) = FuzzInput.decode(bytes, topology: .basic, engine: BuiltInEngines.named("no-write-back")!)
    #expect(steps == trace.steps)
    #expect(runner.violations.contains { $0.invariant == .dismissalWritesBack })
  }
}
