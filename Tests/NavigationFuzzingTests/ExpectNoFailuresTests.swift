import NavFuzzTesting
import NavFuzzEngines
import NavigationFuzzing
import Synchronization
import Testing

#if canImport(XCTest)
  import XCTest
#endif

/// `NavFuzz.expectNoFailures` records each failure at the caller's line, with the shrunk trace,
/// the rerun command and a − expected / + actual diff.
@MainActor
@Suite struct ExpectNoFailuresTests {
  @Test func aFailureIsAnIssueAtTheCallersLine() {
    let mutant = BuiltInEngines.named("no-write-back")!
    final class Recorded: Sendable { let issues = Mutex<[Issue]>([]) }
    let box = Recorded()
    let line = #line + 2
    withKnownIssue {
      NavFuzz.expectNoFailures(engine: mutant, runs: 60)
    } matching: { issue in
      box.issues.withLock { $0.append(issue) }
      return true
    }
    let recorded = box.issues.withLock { $0 }
    #expect(!recorded.isEmpty)
    for issue in recorded {
      #expect(issue.sourceLocation?.line == line)
      #expect(issue.sourceLocation?.fileName == "ExpectNoFailuresTests.swift")
      let text = issue.comments.map(\.rawValue).joined()
      #expect(text.contains("shrunk trace"))
      #expect(text.contains("navtrace 1\ntopology basic\nengine no-write-back\n"))
      #expect(text.contains("--run-seed "))
      #expect(text.contains("− expected  + actual"))
    }
  }

  @Test func aPassingEngineRecordsNothing() {
    let result = NavFuzz.expectNoFailures(engine: .default, runs: 20)
    #expect(result.passed)
    #expect(result.runs == 20)
  }

  @Test func theDiffMarksWhatIsMissingAndWhatAppeared() {
    #expect(
      LineDiff.lines(expected: ["root", "sheet:a#1", "push:b#2"], actual: ["root", "push:b#2", "cover:c#3"])
        == ["  root", "− sheet:a#1", "  push:b#2", "+ cover:c#3"])
    #expect(LineDiff.lines(expected: [], actual: ["x"]) == ["+ x"])
  }
}

#if canImport(XCTest)
  /// Outside Swift Testing, the same failure is an XCTest failure at the caller's line.
  final class ExpectNoFailuresXCTests: XCTestCase {
    var failures: [(description: String, line: Int)] = []
    var capturing = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
      guard capturing else {
        return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      }
      failures.append((description, lineNumber))
    }

    // Not `@MainActor`: Linux XCTest cannot call isolated test methods; XCTest runs them on the main thread.
    func testAFailureIsAnXCTestFailureAtTheCallersLine() {
      capturing = true
      let line = #line + 2
      MainActor.assumeIsolated {
        _ = NavFuzz.expectNoFailures(engine: BuiltInEngines.named("no-write-back")!, runs: 60)
      }
      capturing = false
      let recorded = failures
      XCTAssertFalse(recorded.isEmpty)
      for failure in recorded {
        XCTAssertEqual(failure.line, line)
        XCTAssertTrue(failure.description.contains("shrunk trace"), failure.description)
      }
    }
  }
#endif
