import HeadlessUIKit
import SwiftUI
import Testing

// One test per rule of the graph (docs/SEMANTICS.md, "SwiftUI"), named after the rule.

@Observable final class Counter {
  var value = 0
  var shows = true
  var key = 1
}

/// Counts how often bodies run, outside what the views observe.
final class BodyCount: @unchecked Sendable {
  var value = 0
}

private struct CountingRow: View {
  let name: String
  @State private var taps = 0
  var body: some View {
    Button("\(name) \(taps)") { taps += 1 }
  }
}

private struct IdentityHost: View {
  var model: Counter
  var body: some View {
    VStack {
      if model.shows {
        CountingRow(name: "Row")
      }
      CountingRow(name: "Keyed").id(model.key)
      Text("value \(model.value)")
    }
  }
}

private struct ObservingView: View {
  var model: Counter
  let count: BodyCount
  var body: some View {
    count.value += 1
    return Text("value \(model.value)")
  }
}

private final class LegacyStore: ObservableObject {
  @Published var name = "first"
}

private struct LegacyView: View {
  @ObservedObject var store: LegacyStore
  var body: some View { Text(store.name) }
}

private struct SelfWritingView: View {
  @State private var value = 0
  var body: some View {
    value = 1
    return Text("value")
  }
}

@MainActor
@Suite struct GraphRuleTests {
  @Test func stateLivesAsLongAsItsIdentity() {
    let model = Counter()
    let window = launch(rootView: IdentityHost(model: model))
    tap(window, "Row 0")
    #expect(window.screenDump.contains("button \"Row 1\""))
    model.value = 5  // the host's body runs again: the row's state stays
    settle()
    #expect(window.screenDump.contains("button \"Row 1\"") && window.screenDump.contains("value 5"))
    model.shows = false  // the branch goes, and its state with it
    settle()
    model.shows = true
    settle()
    #expect(window.screenDump.contains("button \"Row 0\""))
    tap(window, "Keyed 0")
    tap(window, "Keyed 1")
    #expect(window.screenDump.contains("button \"Keyed 2\""))
    model.key = 2  // `.id` changes: a new identity
    settle()
    #expect(window.screenDump.contains("button \"Keyed 0\""))
    #expect(swiftUI.hasApplied(.stateLivesAsLongAsItsIdentity))
  }

  @Test func observationDrivesUpdates() {
    let model = Counter()
    let count = BodyCount()
    let window = launch(rootView: ObservingView(model: model, count: count))
    #expect(window.screenDump.contains("value 0"))
    model.value = 3
    settle()
    #expect(window.screenDump.contains("value 3"))
    let evaluations = count.value
    model.shows.toggle()  // not read by the body: nothing is evaluated again
    settle()
    #expect(count.value == evaluations)
    #expect(swiftUI.hasApplied(.observationDrivesUpdates))
  }

  @Test func updatesOnTheRunLoop() {
    let model = Counter()
    let count = BodyCount()
    let window = launch(rootView: ObservingView(model: model, count: count))
    let before = count.value
    model.value = 1
    model.value = 2
    model.value = 3
    // Never in the write: the screen changes on a later turn, once for the three writes.
    #expect(window.screenDump.contains("value 0"))
    #expect(count.value == before)
    HeadlessEnvironment.current.runLoop.tick()
    #expect(window.screenDump.contains("value 3"))
    #expect(count.value == before + 1)
    #expect(swiftUI.hasApplied(.updatesOnTheRunLoop))
  }

  @Test func observableObjectDrivesUpdates() {
    let store = LegacyStore()
    let window = launch(rootView: LegacyView(store: store))
    #expect(window.screenDump.contains("text \"first\""))
    store.name = "second"
    #expect(window.screenDump.contains("text \"first\""))
    settle()
    #expect(window.screenDump.contains("text \"second\""))
    #expect(swiftUI.hasApplied(.observableObjectDrivesUpdates))
  }

  @Test func modifyingStateDuringUpdate() {
    _ = launch(rootView: SelfWritingView())
    #expect(swiftUI.diagnostics.contains {
      $0.kind == .modifyingStateDuringUpdate
        && $0.message == "Modifying state during view update, this will cause undefined behavior."
    })
  }
}
