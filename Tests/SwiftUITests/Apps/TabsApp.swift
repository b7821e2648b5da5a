// An app written as ordinary iOS 17 SwiftUI code: a TabView(selection:) with a stack per tab,
// an ObservableObject store, a sheet and an alert. In an app target it would carry `@main`; a
// test target has its own entry point.
import SwiftUI

enum AppTab: Hashable {
  case home, settings
}

final class Store: ObservableObject {
  @Published var selectedTab = AppTab.home
  @Published var homePath: [String] = []
  @Published var showsProfile = false
  @Published var showsSignOut = false
  @Published var tabWrites = 0
  @Published var signedOut = false
}

struct TabsApp: App {
  @StateObject private var store = Store()

  var body: some Scene {
    WindowGroup {
      RootTabsView()
        .environmentObject(store)
    }
  }
}

struct RootTabsView: View {
  @EnvironmentObject var store: Store

  var body: some View {
    TabView(selection: Binding(get: { store.selectedTab }, set: { store.selectedTab = $0; store.tabWrites += 1 })) {
      HomeTab()
        .tabItem { Label("Home", systemImage: "house") }
        .tag(AppTab.home)
      SettingsTab()
        .tabItem { Label("Settings", systemImage: "gear") }
        .tag(AppTab.settings)
    }
    .sheet(isPresented: $store.showsProfile) {
      Text("Profile")
    }
  }
}

struct HomeTab: View {
  @EnvironmentObject var store: Store

  var body: some View {
    NavigationStack(path: $store.homePath) {
      VStack {
        Text("Home")
        NavigationLink("Open A", value: "A")
        Button("Profile") { store.showsProfile = true }
      }
      .navigationDestination(for: String.self) { name in
        Text("Page \(name)")
      }
    }
  }
}

struct SettingsTab: View {
  @EnvironmentObject var store: Store
  @State private var visits = 0

  var body: some View {
    NavigationStack {
      Form {
        Text("Settings")
        Text("Visits \(visits)")
        Button("Sign out", role: .destructive) { store.showsSignOut = true }
      }
      .onAppear { visits += 1 }
      .alert("Sign out?", isPresented: $store.showsSignOut) {
        Button("Sign out", role: .destructive) { store.signedOut = true }
        Button("Cancel", role: .cancel) {}
      }
    }
  }
}
