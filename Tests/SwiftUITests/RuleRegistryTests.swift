import Foundation
import HeadlessUIKit
import SwiftUI
import Testing

/// The registry, the tests and docs/SEMANTICS.md name the same rules.
@Suite struct RuleRegistryTests {
  private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// "state-lives-as-long-as-its-identity" → "stateLivesAsLongAsItsIdentity": the case's name, and
  /// the name of its test.
  private static func caseName(_ id: String) -> String {
    let parts = id.split(separator: "-")
    return parts.first!.lowercased() + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  @Test func idsAreUniqueAndRoundTrip() {
    let ids = SwiftUIRule.allCases.map(\.id)
    #expect(Set(ids).count == ids.count)
    for rule in SwiftUIRule.allCases {
      #expect(SwiftUIRule(id: rule.id) == rule)
      #expect(!rule.source.isEmpty)
    }
  }

  @Test func everyRuleHasATestNamedAfterIt() throws {
    let folder = Self.root.appendingPathComponent("Tests/SwiftUITests")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
    let sources = try files.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }.joined()
    for rule in SwiftUIRule.allCases {
      #expect(sources.contains("@Test func \(Self.caseName(rule.id))()"), "no test named after \(rule.id)")
    }
  }

  @Test func everyRuleIsTaggedInSemantics() throws {
    let semantics = try String(contentsOf: Self.root.appendingPathComponent("docs/SEMANTICS.md"), encoding: .utf8)
    guard let start = semantics.range(of: "## 6. SwiftUI") else {
      Issue.record("docs/SEMANTICS.md has no SwiftUI section")
      return
    }
    let section = semantics[start.lowerBound...]
    for rule in SwiftUIRule.allCases {
      #expect(section.contains("[rule \(rule.id) · \(rule.evidence.rawValue)]"), "SEMANTICS does not tag \(rule.id)")
    }
  }
}
