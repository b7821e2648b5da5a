// An app written as ordinary iOS 17 SwiftUI code: tree-based navigation, optional enum
// destinations in an @Observable model driving a push by item, two sheets, an alert and a
// confirmation dialog. Compiled unchanged in the Swift 6 (SwiftUITests) and Swift 5
// (SwiftUISwift5Tests) language modes. In an app target it would carry `@main`; a test target
// has its own entry point, so the tests launch it instead.
import Observation
import SwiftUI

struct Fruit: Identifiable, Hashable {
  let id: Int
  var name: String
}

@Observable
final class TreeModel {
  /// What the list shows over itself.
  enum Destination: Equatable {
    case detail(Fruit)
    case about
  }
  /// What a fruit's screen shows over itself.
  enum DetailDestination: Equatable {
    case edit(Fruit)
    case confirmDelete(Fruit)
  }

  var fruits = [Fruit(id: 1, name: "Apple"), Fruit(id: 2, name: "Banana")]
  var destination: Destination?
  var detailDestination: DetailDestination?
  var alertMessage: String?
  var log: [String] = []

  var detail: Fruit? {
    get { if case .detail(let fruit) = destination { return fruit } else { return nil } }
    set {
      if let newValue { destination = .detail(newValue) } else if case .detail = destination { destination = nil }
    }
  }

  var showsAbout: Bool {
    get { destination == .about }
    set { if newValue { destination = .about } else if destination == .about { destination = nil } }
  }

  var editing: Fruit? {
    get { if case .edit(let fruit) = detailDestination { return fruit } else { return nil } }
    set {
      if let newValue {
        detailDestination = .edit(newValue)
      } else if case .edit = detailDestination {
        detailDestination = nil
      }
    }
  }

  var confirmsDelete: Bool {
    get { if case .confirmDelete = detailDestination { return true } else { return false } }
    set { if !newValue, case .confirmDelete = detailDestination { detailDestination = nil } }
  }

  var showsAlert: Bool {
    get { alertMessage != nil }
    set { if !newValue { alertMessage = nil } }
  }

  func delete(_ fruit: Fruit) {
    fruits.removeAll { $0.id == fruit.id }
    log.append("deleted \(fruit.name)")
    detailDestination = nil
    destination = nil
    alertMessage = "\(fruit.name) deleted"
  }
}

struct TreeApp: App {
  @State private var model = TreeModel()

  var body: some Scene {
    WindowGroup {
      FruitListView(model: model)
    }
  }
}

struct FruitListView: View {
  @Bindable var model: TreeModel

  var body: some View {
    NavigationStack {
      List {
        ForEach(model.fruits) { fruit in
          Button(fruit.name) { model.destination = .detail(fruit) }
        }
      }
      .navigationTitle("Fruits")
      .toolbar {
        ToolbarItem(placement: .primaryAction) {
          Button("About") { model.destination = .about }
        }
      }
      .navigationDestination(item: $model.detail) { fruit in
        FruitDetailView(fruit: fruit, model: model)
      }
      .sheet(isPresented: $model.showsAbout) {
        AboutView()
      }
      .alert("Done", isPresented: $model.showsAlert, presenting: model.alertMessage) { _ in
        Button("OK") { model.log.append("alert OK") }
      } message: { message in
        Text(message)
      }
    }
  }
}

struct FruitDetailView: View {
  let fruit: Fruit
  @Bindable var model: TreeModel
  @Environment(\.dismiss) private var dismiss

  var body: some View {
    VStack {
      Text(fruit.name)
      Button("Edit") { model.detailDestination = .edit(fruit) }
      Button("Delete", role: .destructive) { model.detailDestination = .confirmDelete(fruit) }
      Button("Close") { dismiss() }
    }
    .navigationTitle(fruit.name)
    .sheet(item: $model.editing, onDismiss: { model.log.append("edit dismissed") }) { fruit in
      EditFruitView(fruit: fruit, model: model)
    }
    .confirmationDialog("Delete \(fruit.name)?", isPresented: $model.confirmsDelete, titleVisibility: .visible) {
      Button("Delete", role: .destructive) { model.delete(fruit) }
    }
  }
}

struct EditFruitView: View {
  let fruit: Fruit
  var model: TreeModel
  @State private var name = ""
  @Environment(\.dismiss) private var dismiss

  var body: some View {
    NavigationStack {
      Form {
        TextField("Name", text: $name)
        Text("Editing \(fruit.name)")
      }
      .navigationTitle("Edit")
      .toolbar {
        ToolbarItem(placement: .cancellationAction) {
          Button("Cancel") { dismiss() }
        }
        ToolbarItem(placement: .confirmationAction) {
          Button("Save") {
            model.log.append("saved \(name)")
            dismiss()
          }
        }
      }
      .onAppear { name = fruit.name }
    }
  }
}

struct AboutView: View {
  @Environment(\.dismiss) private var dismiss
  @State private var taps = 0

  var body: some View {
    VStack {
      Text("About Fruits")
      Text("Tapped \(taps) times")
      Button("Tap") { taps += 1 }
      Button("Done") { dismiss() }
    }
    .interactiveDismissDisabled(taps > 2)
  }
}
