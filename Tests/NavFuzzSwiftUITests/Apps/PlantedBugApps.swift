// Two apps with one planted bug each, written as ordinary SwiftUI code: the kind of custom
// binding that looks harmless and breaks SwiftUI's write-back.
import Observation
import SwiftUI

@Observable
final class CartModel {
  var items = ["Tea", "Milk"]
  var editing: String?
  var path: [String] = []
}

/// A sheet by item through a custom `Binding(get:set:)` whose setter ignores `nil`: a person's
/// swipe down is never written back, so the sheet comes back.
struct SetterIgnoresNilApp: App {
  @State private var model = CartModel()

  var body: some Scene {
    WindowGroup {
      CartView(model: model)
    }
  }
}

struct CartView: View {
  let model: CartModel

  var body: some View {
    NavigationStack {
      VStack {
        Text("Cart")
        ForEach(model.items, id: \.self) { item in
          Button(item) { model.editing = item }
        }
      }
      .navigationTitle("Cart")
      .sheet(
        item: Binding(
          get: { model.editing.map(EditedItem.init) },
          set: { newValue in
            // The bug: only a new item is taken; the nil SwiftUI writes on a swipe is dropped.
            if let newValue { model.editing = newValue.name }
          })
      ) { item in
        Text("Editing \(item.name)")
      }
    }
  }
}

struct EditedItem: Identifiable {
  var name: String
  var id: String { name }
}

/// A NavigationStack(path:) through a custom binding that ignores shorter paths: a person's
/// back is never written back, so the path keeps a screen that is gone.
struct PathIgnoresPopsApp: App {
  @State private var model = CartModel()

  var body: some Scene {
    WindowGroup {
      AislesView(model: model)
    }
  }
}

/// The same app with the bug fixed: its path binding takes every write.
struct PathTakesPopsApp: App {
  @State private var model = CartModel()

  var body: some Scene {
    WindowGroup {
      AislesView(model: model, ignoresPops: false)
    }
  }
}

struct AislesView: View {
  let model: CartModel
  var ignoresPops = true

  var body: some View {
    NavigationStack(
      path: Binding(
        get: { model.path },
        set: { newValue in
          // The bug: a path only grows; the shorter path SwiftUI writes after a pop is dropped.
          if !ignoresPops || newValue.count >= model.path.count { model.path = newValue }
        })
    ) {
      VStack {
        NavigationLink("Fruit", value: "Fruit")
        NavigationLink("Bakery", value: "Bakery")
      }
      .navigationTitle("Aisles")
      .navigationDestination(for: String.self) { aisle in
        VStack {
          Text(aisle)
          NavigationLink("Shelf", value: aisle + " shelf")
        }
        .navigationTitle(aisle)
      }
    }
  }
}

/// A link to a value no destination declares: SwiftUI's link is inert, and says so.
struct InertLinkApp: App {
  var body: some Scene {
    WindowGroup {
      NavigationStack {
        VStack {
          NavigationLink("Open", value: 7)
          NavigationLink("Name", value: "name")
        }
        .navigationTitle("Links")
        .navigationDestination(for: String.self) { Text($0) }
      }
    }
  }
}

/// A sheet whose binding reads a plain class nothing observes: "Done" clears the flag, no view
/// is invalidated, and the sheet stays up though no state holds it.
struct UnobservedSheetApp: App {
  var body: some Scene {
    WindowGroup {
      UnobservedSheetView()
    }
  }
}

final class HelpFlags {
  var showsHelp = false
}

struct UnobservedSheetView: View {
  @State private var flags = HelpFlags()
  @State private var opens = 0

  var body: some View {
    VStack {
      Text("Opened \(opens)")
      Button("Help") {
        flags.showsHelp = true
        opens += 1
      }
    }
    .sheet(isPresented: Binding(get: { flags.showsHelp }, set: { flags.showsHelp = $0 })) {
      // The bug: a write to an unobserved object updates nothing on screen.
      Button("Done") { flags.showsHelp = false }
    }
  }
}

/// One button asks one host for two sheets at once: SwiftUI shows the first, and the second
/// waits with its message.
struct TwoSheetsAtOnceApp: App {
  var body: some Scene {
    WindowGroup {
      TwoSheetsView()
    }
  }
}

struct TwoSheetsView: View {
  @State private var showsFilters = false
  @State private var showsSort = false

  var body: some View {
    VStack {
      Button("Filters") { showsFilters = true }
      // The bug: "Reset" means to show both panels, and one host shows one sheet at a time.
      Button("Reset") {
        showsFilters = true
        showsSort = true
      }
    }
    .sheet(isPresented: $showsFilters) { Text("Filters") }
    .sheet(isPresented: $showsSort) { Text("Sort") }
  }
}

/// The same unobserved object on the way in: "Help" sets the flag and nothing is invalidated,
/// so the state holds a sheet that never comes.
struct UnobservedOpenApp: App {
  var body: some Scene {
    WindowGroup {
      UnobservedOpenView()
    }
  }
}

struct UnobservedOpenView: View {
  @State private var flags = HelpFlags()

  var body: some View {
    VStack {
      Text("Welcome")
      Button("Help") { flags.showsHelp = true }
    }
    .sheet(isPresented: Binding(get: { flags.showsHelp }, set: { flags.showsHelp = $0 })) {
      Text("Help")
    }
  }
}

/// A push by item, `navigationDestination(item:)`, through a setter that ignores `nil`: a
/// person's back is never written back.
struct DestinationIgnoresNilApp: App {
  @State private var model = CartModel()

  var body: some Scene {
    WindowGroup {
      NavigationStack {
        ShelfView(model: model)
      }
    }
  }
}

struct ShelfView: View {
  let model: CartModel

  var body: some View {
    VStack {
      ForEach(model.items, id: \.self) { item in
        Button(item) { model.editing = item }
      }
    }
    .navigationTitle("Shelf")
    .navigationDestination(
      item: Binding(
        get: { model.editing },
        set: { newValue in
          // The bug, as in SetterIgnoresNilApp: the nil SwiftUI writes after a pop is dropped.
          if let newValue { model.editing = newValue }
        })
    ) { item in
      Text("About \(item)")
    }
  }
}

/// A sheet by item whose item gets a new id every time the body asks (an id made in the getter,
/// as `UUID()` would be): each render is a new identity, so the sheet goes and comes back, and
/// its `onAppear` renders again.
struct ChangingIdentityApp: App {
  var body: some Scene {
    WindowGroup {
      ChangingIdentityView()
    }
  }
}

@Observable
final class TokenModel {
  var showsToken = false
  var appearances = 0
  @ObservationIgnored var issued = 0

  /// The bug: a fresh id on every read.
  func token() -> Token {
    issued += 1
    return Token(id: issued)
  }
}

struct Token: Identifiable {
  let id: Int
}

struct ChangingIdentityView: View {
  @State private var model = TokenModel()

  var body: some View {
    VStack {
      Text("Seen \(model.appearances)")
      Button("Show") { model.showsToken = true }
    }
    .sheet(item: Binding(get: { model.showsToken ? model.token() : nil }, set: { if $0 == nil { model.showsToken = false } })) { _ in
      Text("Token")
        .onAppear { model.appearances += 1 }
    }
  }
}
