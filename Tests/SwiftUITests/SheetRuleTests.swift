import HeadlessUIKit
import SwiftUI
import Testing

// One test per rule of sheets, covers and popovers, named after the rule.

struct Note: Identifiable, Hashable {
  var id: Int
  var text: String
}

@Observable final class SheetModel {
  var isPresented = false
  var second = false
  var cover = false
  var popover = false
  var note: Note?
  var hostShown = true
  var log: [String] = []
}

private struct NoteSheet: View {
  let note: Note
  @State private var edits = 0
  var body: some View {
    VStack {
      Text(note.text)
      Button("Edit \(edits)") { edits += 1 }
    }
  }
}

private struct SheetHost: View {
  @Bindable var model: SheetModel
  var body: some View {
    VStack {
      Text("Host")
      Button("Show") { model.isPresented = true }
    }
    .onAppear { model.log.append("host appear") }
    .onDisappear { model.log.append("host disappear") }
    .sheet(isPresented: $model.isPresented, onDismiss: { model.log.append("onDismiss \(model.isPresented)") }) {
      SheetContent(model: model)
    }
    .sheet(isPresented: $model.second) { Text("Second") }
    .fullScreenCover(isPresented: $model.cover, onDismiss: { model.log.append("cover dismissed") }) {
      Text("Cover")
    }
    .popover(isPresented: $model.popover) { Text("Popover") }
    .sheet(item: $model.note, onDismiss: { model.log.append("note dismissed") }) { note in
      NoteSheet(note: note)
    }
  }
}

private struct SheetContent: View {
  var model: SheetModel
  @Environment(\.dismiss) private var dismiss
  @State private var locked = false
  var body: some View {
    VStack {
      Text("Sheet")
      Button("Lock") { locked = true }
      Button("Dismiss") { dismiss() }
      NavigationLink("Nowhere", value: 1)
    }
    .interactiveDismissDisabled(locked)
  }
}

private struct DisappearingHost: View {
  @Bindable var model: SheetModel
  var body: some View {
    VStack {
      if model.hostShown {
        Text("Inner").sheet(isPresented: $model.isPresented) { Text("Inner sheet") }
      }
    }
  }
}

@MainActor
private func presented(_ window: UIWindow) -> UIViewController? {
  window.rootViewController?.presentedViewController
}

@MainActor
@Suite struct SheetRuleTests {
  @Test func sheetFollowsItsBool() {
    let model = SheetModel()
    let window = launch(rootView: SheetHost(model: model))
    tap(window, "Show")
    #expect(window.screenDump.contains("[sheet]\n  text \"Sheet\""))
    model.isPresented = false
    settle()
    #expect(presented(window) == nil)
    #expect(model.log.filter { $0.hasPrefix("onDismiss") } == ["onDismiss false"])
    #expect(swiftUI.hasApplied(.sheetFollowsItsBool))
  }

  @Test func sheetFollowsItsItem() {
    let model = SheetModel()
    let window = launch(rootView: SheetHost(model: model))
    model.note = Note(id: 1, text: "first")
    settle()
    #expect(window.screenDump.contains("[sheet]\n  text \"first\""))
    model.note = nil
    settle()
    #expect(presented(window) == nil)
    #expect(model.log.contains("note dismissed"))
    #expect(swiftUI.hasApplied(.sheetFollowsItsItem))
  }

  @Test func itemIdentityChangeRepresents() {
    let model = SheetModel()
    let window = launch(rootView: SheetHost(model: model))
    model.note = Note(id: 1, text: "first")
    settle()
    let first = presented(window)
    model.note = Note(id: 2, text: "second")
    settle()
    #expect(presented(window) !== first && presented(window) != nil)
    #expect(window.screenDump.contains("[sheet]\n  text \"second\""))
    #expect(model.log.filter { $0 == "note dismissed" }.count == 1)
    #expect(swiftUI.hasApplied(.itemIdentityChangeRepresents))
  }

  @Test func sameIdentityUpdatesInPlace() {
    let model = SheetModel()
    let window = launch(rootView: SheetHost(model: model))
    model.note = Note(id: 1, text: "first")
    settle()
    tap(window, "Edit 0")
    let first = presented(window)
    model.note = Note(id: 1, text: "changed")
    settle()
    #expect(presented(window) === first)
    #expect(window.screenDump.contains("text \"changed\"") && window.screenDump.contains("button \"Edit 1\""))
    #expect(!model.log.contains("note dismissed"))
    #expect(swiftUI.hasApplied(.sameIdentityUpdatesInPlace))
  }

  @Test func swipeDownWritesBackAtTheEnd() {
    let model = SheetModel()
    let window = launch(rootView: SheetHost(model: model))
    tap(window, "Show")
    #expect(window.userSwipeToDismiss() == .performed)
    HeadlessEnvironment.current.runLoop.advance(by: 100)
    #expect(model.isPresented)  // the finger is up; the binding is written when the sheet is gone
    settle()
    #expect(!model.isPresented)
    #expect(model.log.last == "onDismiss false")  // written, then onDismiss
    #expect(swiftUI.hasApplied(.swipeDownWritesBackAtTheEnd))
  }

  @Test func cancelledSwipeWritesNothing() {
    let model = SheetModel()
    let window = launch(rootView: SheetHost(model: model))
    tap(window, "Show")
    #expect(window.userSwipeToDismiss(cancelled: true) == .performed)
    settle()
    #expect(model.isPresented)
    #expect(presented(window) != nil)
    #expect(!model.log.contains { $0.hasPrefix("onDismiss") })
    // Nothing in this module decides it: UIKit tells of completed swipes only.
    #expect(!swiftUI.hasApplied(.swipeDownWritesBackAtTheEnd))
  }

  @Test func interactiveDismissDisabledBlocksSwipe() {
    let model = SheetModel()
    let window = launch(rootView: SheetHost(model: model))
    tap(window, "Show")
    tap(window, "Lock")
    #expect(window.userSwipeToDismiss() != .performed)
    settle()
    #expect(model.isPresented && presented(window) != nil)
    #expect(swiftUI.hasApplied(.interactiveDismissDisabledBlocksSwipe))
  }

  @Test func onDismissAfterTheDismissal() {
    let model = SheetModel()
    let window = launch(rootView: SheetHost(model: model))
    tap(window, "Show")
    model.isPresented = false
    HeadlessEnvironment.current.runLoop.advance(by: 100)
    #expect(presented(window) != nil)  // animating away
    #expect(!model.log.contains { $0.hasPrefix("onDismiss") })
    settle()
    #expect(model.log.contains("onDismiss false"))
    #expect(swiftUI.hasApplied(.onDismissAfterTheDismissal))
  }

  @Test func onePresentationPerHost() {
    let model = SheetModel()
    let window = launch(rootView: SheetHost(model: model))
    tap(window, "Show")
    model.second = true
    settle()
    #expect(window.screenDump.contains("text \"Sheet\"") && !window.screenDump.contains("Second"))
    #expect(swiftUI.diagnostics.contains {
      $0.kind == .onlyOnePresentation
        && $0.message == "Currently, only presenting a single sheet is supported. The next sheet will be presented when the currently presented sheet gets dismissed."
    })
    model.isPresented = false
    settle()
    #expect(window.screenDump.contains("[sheet]\n  text \"Second\""))
  }

  @Test func simultaneousRequestsInDeclarationOrder() {
    let model = SheetModel()
    let window = launch(rootView: SheetHost(model: model))
    model.isPresented = true
    model.second = true
    model.cover = true
    settle()
    // Which one shows is unspecified: exactly one is shown, the others wait.
    var chain = 0
    var top = window.rootViewController
    while let next = top?.presentedViewController, next !== top {
      chain += 1
      top = next
    }
    #expect(chain == 1)
    #expect(swiftUI.hasApplied(.simultaneousRequestsInDeclarationOrder))
  }

  @Test func presenterGoneDropsItsSheet() {
    let model = SheetModel()
    let window = launch(rootView: DisappearingHost(model: model))
    model.isPresented = true
    settle()
    #expect(presented(window) != nil)
    model.hostShown = false
    HeadlessEnvironment.current.runLoop.tick()  // the update
    #expect(presented(window) != nil)  // until the next frame
    HeadlessEnvironment.current.runLoop.tick()
    HeadlessEnvironment.current.runLoop.tick()
    #expect(presented(window) == nil)  // gone without animation
    #expect(model.isPresented)  // nothing wrote the binding
    #expect(swiftUI.hasApplied(.presenterGoneDropsItsSheet))
  }

  @Test func fullScreenCoverHasNoSwipe() {
    let model = SheetModel()
    let window = launch(rootView: SheetHost(model: model))
    model.cover = true
    settle()
    #expect(window.screenDump.contains("[fullScreenCover]"))
    #expect(window.userSwipeToDismiss() != .performed)
    settle()
    #expect(model.cover)
    #expect(swiftUI.hasApplied(.fullScreenCoverHasNoSwipe))
  }

  @Test func popoverIsASheetInCompactWidth() {
    let model = SheetModel()
    let window = launch(rootView: SheetHost(model: model))
    model.popover = true
    settle()
    #expect(window.screenDump.contains("[sheet]\n  text \"Popover\""))
    #expect(window.userSwipeToDismiss() == .performed)
    settle()
    #expect(!model.popover)
    #expect(swiftUI.hasApplied(.popoverIsASheetInCompactWidth))
  }

  @Test func sheetIsItsOwnNavigationContext() {
    let model = SheetModel()
    let window = launch(rootView: NavigationStack { SheetHost(model: model).navigationDestination(for: Int.self) { Text("Pushed \($0)") } })
    tap(window, "Show")
    tap(window, "Nowhere")
    #expect(!window.screenDump.contains("Pushed"))
    #expect((window.rootViewController as? UINavigationController)?.viewControllers.count == 1)
    #expect(swiftUI.hasApplied(.sheetIsItsOwnNavigationContext))
  }

  @Test func sheetKeepsThePresenterVisible() {
    let model = SheetModel()
    _ = launch(rootView: SheetHost(model: model))
    model.isPresented = true
    settle()
    model.isPresented = false
    settle()
    #expect(model.log.filter { $0.hasPrefix("host") } == ["host appear"])
    model.cover = true
    settle()
    #expect(model.log.filter { $0.hasPrefix("host") } == ["host appear", "host disappear"])
    model.cover = false
    settle()
    #expect(model.log.filter { $0.hasPrefix("host") } == ["host appear", "host disappear", "host appear"])
    #expect(swiftUI.hasApplied(.sheetKeepsThePresenterVisible))
  }
}
