// An app written as ordinary iOS 17 SwiftUI code: a tab view, a NavigationStack(path:) over an
// @Observable model, value links, a sheet by item, a sheet by Bool from the toolbar, an alert,
// `dismiss()` from a sheet, and deep links through onOpenURL. Clean as a person uses it; its deep
// link writes the path whenever it arrives, even in the middle of a transition, which the
// fuzzer catches when it opens URLs.
import Observation
import SwiftUI

struct Note: Identifiable, Hashable {
  let id: Int
  var title: String
}

@Observable
final class NotesModel {
  var notes = [Note(id: 1, title: "Groceries"), Note(id: 2, title: "Ideas")]
  var path: [Int] = []
  var addsNote = false
  var tab = "Notes"

  func open(_ url: URL) {
    // notes://note/2. Its path write may land in the middle of a transition (a tests' finding).
    if url.host == "note", let id = Int(url.lastPathComponent), notes.contains(where: { $0.id == id }) {
      tab = "Notes"
      path = [id]
    }
  }
}

struct NotesApp: App {
  @State private var model = NotesModel()

  var body: some Scene {
    WindowGroup {
      NotesRootView(model: model)
    }
  }
}

struct NotesRootView: View {
  @Bindable var model: NotesModel

  var body: some View {
    TabView(selection: $model.tab) {
      NotesListView(model: model)
        .tabItem { Label("Notes", systemImage: "note") }
        .tag("Notes")
      NavigationStack {
        Text("Settings")
          .navigationTitle("Settings")
      }
      .tabItem { Label("Settings", systemImage: "gear") }
      .tag("Settings")
    }
    .onOpenURL { url in model.open(url) }
  }
}

struct NotesListView: View {
  @Bindable var model: NotesModel

  var body: some View {
    NavigationStack(path: $model.path) {
      List {
        ForEach(model.notes) { note in
          NavigationLink(note.title, value: note.id)
        }
      }
      .navigationTitle("Notes")
      .toolbar {
        ToolbarItem(placement: .primaryAction) {
          Button("Add") { model.addsNote = true }
        }
      }
      .navigationDestination(for: Int.self) { id in
        NoteView(model: model, id: id)
      }
      .sheet(isPresented: $model.addsNote) {
        AddNoteView(model: model)
      }
    }
  }
}

struct NoteView: View {
  @Bindable var model: NotesModel
  let id: Int
  // Each note screen's own presentations: every screen on the stack has these modifiers, and
  // state shared between them would ask two screens to present at once.
  @State private var editing: Note?
  @State private var confirmsDelete = false

  var body: some View {
    let note = model.notes.first { $0.id == id }
    VStack {
      Text(note?.title ?? "Gone")
      Button("Edit") { editing = note }
      Button("Delete") { confirmsDelete = true }
      NavigationLink("Next", value: id + 1)
    }
    .navigationTitle(note?.title ?? "Gone")
    .sheet(item: $editing) { note in
      Text("Editing \(note.title)")
    }
    .alert("Delete?", isPresented: $confirmsDelete) {
      Button("Delete", role: .destructive) {
        model.notes.removeAll { $0.id == id }
        model.path.removeAll { $0 == id }
      }
      Button("Cancel", role: .cancel) {}
    }
  }
}

struct AddNoteView: View {
  @Bindable var model: NotesModel
  @Environment(\.dismiss) private var dismiss

  var body: some View {
    VStack {
      Text("New note")
      Button("Save") {
        model.notes.append(Note(id: model.notes.count + 10, title: "Note \(model.notes.count + 1)"))
        dismiss()
      }
    }
  }
}
