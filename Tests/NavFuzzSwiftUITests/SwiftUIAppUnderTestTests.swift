import NavFuzzSwiftUI
import NavigationFuzzing
import SwiftUI
import Testing

/// The adapter reads screens, offered actions, write-backs and presentations from the view graph
/// as they are after each step.
@MainActor
@Suite struct SwiftUIAppUnderTestTests {
  @Test func itOffersWhatTheTopScreenHas() {
    let app = SwiftUIAppUnderTest(NotesApp(), urls: ["notes://note/2"])
    #expect(app.screens == [
      AppScreen(placement: "root", title: nil),
      AppScreen(placement: "tab", title: "Notes", elements: ["Groceries", "Ideas", "Add"]),
    ])
    #expect(app.offeredActions == [
      .tap("Groceries"), .tap("Ideas"), .tap("Add"), .tab("Notes"), .tab("Settings"), .openURL("notes://note/2"),
    ])
    #expect(app.perform(.tap("Ideas")) == .performed)
    #expect(app.settle())
    #expect(app.screens.map(\.placement) == ["root", "tab", "pushed"])
    #expect(app.offeredActions == [
      .tap("Edit"), .tap("Delete"), .tap("Next"), .tab("Notes"), .tab("Settings"), .back, .swipeBack, .swipeBackCancel,
      .openURL("notes://note/2"),
    ])
    #expect(app.perform(.tap("Next")) == .performed)
    #expect(app.settle())
    // Two screens pushed: the long-press menu can pop to the stack's root.
    #expect(app.offeredActions.suffix(5) == [.back, .swipeBack, .swipeBackCancel, .backTo(0), .openURL("notes://note/2")])
  }

  @Test func itReadsPresentationsAndWriteBacks() {
    let app = SwiftUIAppUnderTest(NotesApp())
    #expect(app.perform(.tap("Add")) == .performed)
    #expect(app.settle())
    #expect(app.presentations == [AppPresentation(what: "sheet on \"Notes\"", held: true, shown: true, waiting: false)])
    #expect(app.offeredActions == [.tap("Save"), .dismiss, .dismissCancel])
    #expect(app.perform(.dismiss) == .performed)
    #expect(app.settle())
    #expect(app.presentations == [AppPresentation(what: "sheet on \"Notes\"", held: false, shown: false, waiting: false)])
    #expect(app.writeBacks == [AppWriteBack(what: "false or nil to the binding of the sheet on \"Notes\"", by: "a swipe down", taken: true)])
    #expect(app.perform(.dismiss) == .skipped("nothing is presented"))
  }
}
