import Foundation
import NavFuzzSwiftUI
import NavigationFuzzing
import SwiftUI
import Testing

/// The committed traces of the planted bugs replay from their files and still reproduce; with
/// the bug fixed they would pass, and the test would say so.
@MainActor
@Suite struct AppTraceFileTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Traces")

  func trace(_ name: String) throws -> AppTrace {
    let url = Self.folder.appendingPathComponent(name)
    return try AppTraceFormat.parse(String(contentsOf: url, encoding: .utf8), source: name)
  }

  @Test func theSetterThatIgnoresNilTraceReproduces() throws {
    let violation = try NavFuzz.replay(trace("setter-ignores-nil.navtrace"), app: SetterIgnoresNilApp())
    #expect(violation?.invariant == .dismissalWritesBack)
    #expect(violation?.stepIndex == 3)
  }

  @Test func thePathThatIgnoresPopsTraceReproduces() throws {
    let violation = try NavFuzz.replay(trace("path-ignores-pops.navtrace"), app: PathIgnoresPopsApp())
    #expect(violation?.invariant == .dismissalWritesBack)
  }

  @Test func theSameStepsPassOnceTheBugIsFixed() throws {
    let steps = try trace("path-ignores-pops.navtrace").actions
    let run = AppRun.replay(steps, launch: { SwiftUIAppUnderTest(PathTakesPopsApp()) })
    #expect(run.violation == nil)
    #expect(run.skipped == 0)
    #expect(NavFuzz.check(app: PathTakesPopsApp(), runs: 100).passed)
  }
}
