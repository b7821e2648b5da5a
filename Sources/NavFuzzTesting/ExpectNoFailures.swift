import NavigationFuzzing
import Testing

#if canImport(XCTest)
  import XCTest
#endif

extension NavFuzz {
  /// Fuzzes `engine` like `check`, and records each new defect as one test issue at the caller's
  /// line — in Swift Testing (`Issue.record`) or, outside it, in XCTest (`XCTFail`) — with its
  /// signature, how many runs failed with it, its shortest trace, the command that reruns it and
  /// a − expected / + actual diff. The defects `baseline` knows are not issues (`baseline` is what
  /// `navfuzz run --baseline FILE` reads: `DefectBaseline.parse`):
  ///
  /// ```swift
  /// @Test @MainActor func myEngineSurvivesFuzzing() {
  ///   NavFuzz.expectNoFailures(engine: myEngine, topology: .basic, runs: 300)
  /// }
  /// ```
  @MainActor
  @discardableResult
  public static func expectNoFailures(
    engine: EngineChoice, topology: Topology = .basic, runs: Int = 200, seed: UInt64 = 1, maxSteps: Int = 32,
    baseline: DefectBaseline? = nil, noRaces: Bool = false, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> CheckResult {
    let result = check(
      engine: engine, topology: topology, runs: runs, seed: seed, maxSteps: maxSteps, baseline: baseline, noRaces: noRaces)
    for defect in result.defects where !defect.isKnown {
      let message = CheckResult.issueText(for: defect, topology: topology, engine: engine, maxSteps: maxSteps)
      if Test.current != nil {
        Issue.record(
          Comment(rawValue: message),
          sourceLocation: SourceLocation(
            fileID: fileID, filePath: String(describing: filePath), line: Int(line), column: Int(column)))
      } else {
        #if canImport(XCTest)
          XCTFail(message, file: filePath, line: line)
        #else
          Issue.record(
            Comment(rawValue: message),
            sourceLocation: SourceLocation(
              fileID: fileID, filePath: String(describing: filePath), line: Int(line), column: Int(column)))
        #endif
      }
    }
    return result
  }
}
