import HeadlessUIKit
import SwiftUI
import Testing

// One test per rule of dismiss, appearance and tasks, and of tabs, named after the rule.

final class Flag: @unchecked Sendable {
  var isSet = false
}

@Observable final class LifeModel {
  var path: [Int] = []
  var sheet = false
  var log: [String] = []
}

private struct DismissingScreen: View {
  let name: String
  var model: LifeModel
  @Environment(\.dismiss) private var dismiss
  @Environment(\.isPresented) private var isPresented
  var body: some View {
    VStack {
      Text("\(name) presented: \(isPresented)")
      Button("Dismiss \(name)") { dismiss() }
    }
    .onAppear { model.log.append("appear \(name)") }
    .onDisappear { model.log.append("disappear \(name)") }
  }
}

private struct LifeHost: View {
  @Bindable var model: LifeModel
  var body: some View {
    NavigationStack(path: $model.path) {
      DismissingScreen(name: "root", model: model)
        .navigationDestination(for: Int.self) { DismissingScreen(name: "pushed \($0)", model: model) }
    }
    .sheet(isPresented: $model.sheet, onDismiss: { model.log.append("onDismiss \(model.sheet)") }) {
      DismissingScreen(name: "sheet", model: model)
    }
  }
}

private struct TaskView: View {
  let flag: Flag
  let stream: AsyncStream<Int>
  var body: some View {
    Text("Working")
      .task {
        await withTaskCancellationHandler {
          for await _ in stream {}
        } onCancel: {
          flag.isSet = true
        }
      }
  }
}

@MainActor
@Suite struct LifecycleRuleTests {
  @Test func dismissActsWhereItIsRead() {
    let model = LifeModel()
    model.path = [1]
    let window = launch(rootView: LifeHost(model: model))
    tap(window, "Dismiss pushed 1")
    #expect(model.path == [])
    tap(window, "Dismiss root")  // at the root of a window: nothing
    #expect(window.screenDump == "[root]\n  text \"root presented: false\"\n  button \"Dismiss root\"")
    model.sheet = true
    settle()
    tap(window, "Dismiss sheet")
    #expect(window.rootViewController?.presentedViewController == nil)
    #expect(swiftUI.hasApplied(.dismissActsWhereItIsRead))
  }

  @Test func dismissWritesBackLikeTheUser() {
    let model = LifeModel()
    model.path = [1, 2]
    model.sheet = true
    let window = launch(rootView: LifeHost(model: model))
    #expect(window.userTap("Dismiss sheet") == .performed)
    HeadlessEnvironment.current.runLoop.advance(by: 100)
    #expect(model.sheet)  // written once the dismissal has ended
    settle()
    #expect(!model.sheet && model.log.last == "onDismiss false")
    #expect(window.userTap("Dismiss pushed 2") == .performed)
    HeadlessEnvironment.current.runLoop.advance(by: 100)
    #expect(model.path == [1, 2])
    settle()
    #expect(model.path == [1])
    #expect(swiftUI.hasApplied(.dismissWritesBackLikeTheUser))
  }

  @Test func appearAtTheStartDisappearAtTheEnd() {
    let model = LifeModel()
    _ = launch(rootView: LifeHost(model: model))
    model.log = []
    model.path = [1]
    HeadlessEnvironment.current.runLoop.tick()  // the update: the push begins
    #expect(model.log == ["appear pushed 1"])
    settle()
    #expect(model.log == ["appear pushed 1", "disappear root"])
    #expect(swiftUI.hasApplied(.appearAtTheStartDisappearAtTheEnd))
  }

  @Test func taskCancelledOnDisappear() {
    let flag = Flag()
    let (stream, continuation) = AsyncStream<Int>.makeStream()
    let model = LifeModel()
    let window = launch(rootView: NavigationStack(path: Binding(get: { model.path }, set: { model.path = $0 })) {
      Text("Root").navigationDestination(for: Int.self) { _ in TaskView(flag: flag, stream: stream) }
    })
    model.path = [1]
    settle()
    #expect(window.screenDump.contains("Working") && !flag.isSet)
    #expect(window.userTapBack() == .performed)
    settle()
    #expect(flag.isSet)
    continuation.finish()
    #expect(swiftUI.hasApplied(.taskCancelledOnDisappear))
  }

  @Test func tabTapsWriteTheSelection() {
    let window = launch(TabsApp())
    #expect(window.userTapTab("Settings") == .performed)
    settle()
    #expect(window.screenDump.contains("tabs Home [Settings]"))
    #expect(window.screenDump.contains("text \"Settings\""))
    #expect(swiftUI.hasApplied(.tabTapsWriteTheSelection))
  }

  @Test func retappingATabDoesNotPop() {
    let store = Store()
    let window = launch(rootView: RootTabsView().environmentObject(store))
    tap(window, "Open A")
    #expect(window.screenDump.contains("text \"Page A\""))
    let writes = store.tabWrites
    #expect(window.userTapTab("Home") == .performed)
    settle()
    #expect(store.tabWrites == writes + 1)  // the setter hears the same value
    #expect(store.homePath == ["A"] && window.screenDump.contains("text \"Page A\""))
    #expect(swiftUI.hasApplied(.retappingATabDoesNotPop))
  }

  @Test func tabsKeepTheirStacks() {
    let store = Store()
    let window = launch(rootView: RootTabsView().environmentObject(store))
    #expect(!window.screenDump.contains("Visits"))
    tap(window, "Open A")
    #expect(window.userTapTab("Settings") == .performed)
    settle()
    #expect(window.screenDump.contains("text \"Visits 1\""))  // built on first selection
    #expect(window.userTapTab("Home") == .performed)
    settle()
    #expect(store.homePath == ["A"] && window.screenDump.contains("text \"Page A\""))
    #expect(swiftUI.hasApplied(.tabsKeepTheirStacks))
  }
}
