import Foundation
import NavFuzzEngines
import NavigationFuzzing
import Testing

@Suite struct GuideTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test func everySwiftBlockOfTheGuideIsCompiledAndRunByTheTests() throws {
    let guide = try String(contentsOf: Self.root.appendingPathComponent("docs/GUIDE.md"), encoding: .utf8)
    let examples = try String(
      contentsOf: Self.root.appendingPathComponent("Tests/NavigationFuzzingTests/GuideExamples.swift"), encoding: .utf8)
    let blocks = guide.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    #expect(blocks.count >= 3)
    for block in blocks {
      #expect(examples.contains(block), "this block of docs/GUIDE.md is not in GuideExamples.swift:\n\(block)")
    }
  }

  @Test func aTopologyFileWithAMistakeNamesTheMistake() {
    let cases: [(String, String)] = [
      (#"{"name":"x","root":"home","screens":[{"name":"home","slots":[{"name":"a","style":"shelf"}]}]}"#,
       #"screens[0].slots[0].style: error: unknown style "shelf""#),
      (#"{"name":"x","root":"home","screens":[{"name":"home","slots":[{"name":"a","style":"push","screen":"nowhere"}]}]}"#,
       #"screens[0].slots[0].screen: error: no screen named "nowhere""#),
      (#"{"name":"x","root":"start","screens":[{"name":"home","slots":[]}]}"#, #"root: error: no screen named "start""#),
      (#"{"name":"x","root":"home","screens":[{"name":"home","slots":[{"style":"push"}]}]}"#,
       #"screens[0].slots[0]: error: missing "name""#),
      (#"{"name":"x","root":"home","screens":[{"name":"home","slots":[{"name":"e","style":"alert","screen":"home"}]}]}"#,
       #"screens[0].slots[0].screen: error: an alert shows no screen"#),
      (#"{"name":"x","root":"home","screens":[{"name":"home","slots":[]},{"name":"home","slots":[]}]}"#,
       #"screens[1].name: error: duplicate screen "home""#),
      (#"{"name": "x", "root": "#, "error: invalid JSON"),
    ]
    for (json, expected) in cases {
      do {
        _ = try TopologyFile.parse(Data(json.utf8), file: "app.json")
        Issue.record("accepted: \(json)")
      } catch {
        #expect(error.description.hasPrefix("app.json:"))
        #expect(error.description.contains(expected), "\(error)")
      }
    }
  }
}
