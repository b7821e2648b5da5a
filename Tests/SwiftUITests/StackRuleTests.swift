import HeadlessUIKit
import SwiftUI
import Testing

// One test per rule of stacks, paths and destinations, named after the rule.

@Observable final class PathModel {
  var path: [Int] = []
  var title = "Root"
  var log: [String] = []
}

private struct NumberScreen: View {
  let number: Int
  @State private var taps = 0
  var body: some View {
    VStack {
      Text("Screen \(number)")
      Button("Tap \(number): \(taps)") { taps += 1 }
      NavigationLink("Next", value: number + 1)
      NavigationLink("Word", value: "word")
    }
  }
}

private struct PathHost: View {
  @Bindable var model: PathModel
  var body: some View {
    NavigationStack(path: $model.path) {
      VStack {
        Text(model.title)
        NavigationLink("One", value: 1)
        NavigationLink("Pushed view") { Text("A view destination") }
      }
      .navigationDestination(for: Int.self) { NumberScreen(number: $0) }
    }
  }
}

private struct DuplicateDestinations: View {
  @Bindable var model: PathModel
  var body: some View {
    NavigationStack(path: $model.path) {
      NavigationLink("One", value: 1)
        .navigationDestination(for: Int.self) { Text("Root's \($0)") }
    }
  }
}

private struct PushedWithDuplicate: View {
  var body: some View {
    NavigationStack {
      NavigationLink("Go", value: "go")
        .navigationDestination(for: String.self) { _ in
          NavigationLink("Number", value: 7)
            .navigationDestination(for: Int.self) { Text("Inner's \($0)") }
        }
        .navigationDestination(for: Int.self) { Text("Root's \($0)") }
    }
  }
}

private struct NestedStacks: View {
  var body: some View {
    NavigationStack {
      NavigationLink("Go", value: 1)
        .navigationDestination(for: Int.self) { number in
          NavigationStack {
            NavigationLink("Deeper", value: number + 1)
          }
        }
    }
  }
}

@MainActor
private func stack(_ window: UIWindow) -> UINavigationController {
  window.rootViewController as! UINavigationController
}

@MainActor
@Suite struct StackRuleTests {
  @Test func backWritesTheShorterPath() {
    let model = PathModel()
    model.path = [1, 2]
    let window = launch(rootView: PathHost(model: model))
    #expect(window.userTapBack() == .performed)
    settle()
    #expect(model.path == [1])
    #expect(stack(window).viewControllers.count == 2)
    #expect(window.userPopBack(toIndex: 0) == .performed)  // the long-press menu: one write
    settle()
    #expect(model.path == [])
    #expect(swiftUI.hasApplied(.backWritesTheShorterPath))
  }

  @Test func pathWritesAfterTheTransition() {
    let model = PathModel()
    model.path = [1, 2]
    let window = launch(rootView: PathHost(model: model))
    #expect(window.userSwipeBack(cancelled: true) == .performed)
    settle()
    #expect(model.path == [1, 2])  // a cancelled swipe writes nothing
    #expect(window.userSwipeBack() == .performed)
    HeadlessEnvironment.current.runLoop.advance(by: 100)
    #expect(model.path == [1, 2])  // not while the pop runs
    settle()
    #expect(model.path == [1])
    #expect(swiftUI.hasApplied(.pathWritesAfterTheTransition))
  }

  @Test func appendingSeveralPushesOnce() {
    let model = PathModel()
    let window = launch(rootView: PathHost(model: model))
    var calls: [NavigationCall.Kind] = []
    HeadlessEnvironment.current.onNavigationCall = { calls.append($0.kind) }
    model.path = [1, 2, 3]
    settle()
    #expect(calls == [.setViewControllers])
    #expect(stack(window).viewControllers.count == 4)
    #expect(window.screenDump.contains("text \"Screen 3\""))
    #expect(swiftUI.hasApplied(.appendingSeveralPushesOnce))
  }

  @Test func positionsAreIdentities() {
    let model = PathModel()
    model.path = [1, 2]
    let window = launch(rootView: PathHost(model: model))
    tap(window, "Tap 2: 0")
    model.path.append(3)  // the prefix stays, with its state
    settle()
    #expect(window.screenDump.contains("button \"Tap 2: 1\""))
    model.path = [5, 2, 3]  // a change at position 0: every screen from there is new
    settle()
    #expect(window.screenDump.contains("button \"Tap 2: 0\""))
    #expect(swiftUI.hasApplied(.positionsAreIdentities))
  }

  @Test func unchangedPathIsANoOp() {
    let model = PathModel()
    model.path = [1, 2]
    _ = launch(rootView: PathHost(model: model))
    var calls = 0
    HeadlessEnvironment.current.onNavigationCall = { _ in calls += 1 }
    model.path = [1, 2]
    model.title = "Again"  // the stack is evaluated again, with an equal path
    settle()
    #expect(calls == 0)
    #expect(swiftUI.hasApplied(.unchangedPathIsANoOp))
  }

  @Test func initialPathShownAtOnce() {
    let model = PathModel()
    model.path = [1, 2]
    HeadlessEnvironment.reset()
    let window = SwiftUIEnvironment.current.launch(rootView: PathHost(model: model))
    // Before any turn of the run loop: the stack is there, the top on screen.
    #expect(stack(window).viewControllers.count == 3)
    #expect(!HeadlessEnvironment.current.isTransitioning)
    #expect(swiftUI.hasApplied(.initialPathShownAtOnce))
  }

  @Test func nestedStackIsTheSurroundingStack() {
    let window = launch(rootView: NestedStacks())
    tap(window, "Go")
    tap(window, "Deeper")
    #expect(stack(window).viewControllers.count == 3)
    #expect(swiftUI.diagnostics.contains { $0.kind == .nestedNavigationStack })
  }

  @Test func destinationNearestTheRootWins() {
    let window = launch(rootView: PushedWithDuplicate())
    tap(window, "Go")
    tap(window, "Number")
    #expect(window.screenDump.contains("text \"Root's 7\""))
    #expect(swiftUI.diagnostics.contains {
      $0.kind == .destinationDeclaredEarlier
        && $0.message == "A navigationDestination for “Swift.Int” was declared earlier on the stack. Only the destination declared closest to the root view of the stack will be used."
    })
  }

  @Test func linkWithoutDestinationIsInert() {
    let model = PathModel()
    let window = launch(rootView: PathHost(model: model))
    tap(window, "One")
    tap(window, "Word")
    #expect(model.path == [1])
    #expect(swiftUI.diagnostics.contains {
      $0.kind == .linkWithoutDestination
        && $0.message.hasPrefix("A NavigationLink is presenting a value of type “Swift.String” but there is no matching navigationDestination declaration visible from the location of the link. The link cannot be activated.")
    })
  }

  @Test func valueWithoutDestinationIsABlankScreen() {
    let window = launch(rootView: NavigationStack(path: .constant(NavigationPath(["lost"]))) { Text("Root") })
    #expect(stack(window).viewControllers.count == 2)
    #expect(window.screenDump.hasSuffix("[pushed]"))
    #expect(swiftUI.diagnostics.contains { $0.kind == .valueWithoutDestination })
  }

  @Test func viewDestinationLinksPush() {
    let model = PathModel()
    let window = launch(rootView: PathHost(model: model))
    tap(window, "Pushed view")
    #expect(window.screenDump.hasSuffix("[pushed]\n  text \"A view destination\""))
    #expect(model.path == [])
    #expect(window.userTapBack() == .performed)
    settle()
    #expect(stack(window).viewControllers.count == 1)
    #expect(swiftUI.hasApplied(.viewDestinationLinksPush))
  }
}
