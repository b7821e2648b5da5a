// An app written as ordinary iOS 17 SwiftUI code: a NavigationStack(path:) over a
// NavigationPath, value links of two types, deep links through onOpenURL, programmatic pops.
// In an app target it would carry `@main`; a test target has its own entry point.
import Observation
import SwiftUI

struct Recipe: Hashable, Codable {
  var name: String
}

@Observable
final class Router {
  var path = NavigationPath()

  func open(_ url: URL) {
    // navfuzz://recipes/Soup/steps/2
    let parts = url.pathComponents.filter { $0 != "/" }
    var path = NavigationPath()
    if url.host == "recipes", let name = parts.first {
      path.append(Recipe(name: name))
      if parts.count >= 3, parts[1] == "steps", let step = Int(parts[2]) { path.append(step) }
    }
    self.path = path
  }
}

struct PathApp: App {
  @State private var router = Router()

  var body: some Scene {
    WindowGroup {
      RecipesRootView()
        .environment(router)
    }
  }
}

struct RecipesRootView: View {
  @Environment(Router.self) private var router

  var body: some View {
    @Bindable var router = router
    NavigationStack(path: $router.path) {
      List {
        NavigationLink("Soup", value: Recipe(name: "Soup"))
        NavigationLink("Salad", value: Recipe(name: "Salad"))
        NavigationLink(value: 42) { Text("Answer") }
      }
      .navigationTitle("Recipes")
      .navigationDestination(for: Recipe.self) { recipe in
        RecipeView(recipe: recipe)
      }
      .navigationDestination(for: Int.self) { step in
        StepView(step: step)
      }
    }
    .onOpenURL { url in router.open(url) }
  }
}

struct RecipeView: View {
  let recipe: Recipe
  @State private var servings = 2

  var body: some View {
    VStack {
      Text(recipe.name)
      Text("Serves \(servings)")
      Button("More") { servings += 1 }
      NavigationLink("Step 1", value: 1)
    }
    .navigationTitle(recipe.name)
  }
}

struct StepView: View {
  let step: Int
  @Environment(Router.self) private var router
  @Environment(\.dismiss) private var dismiss

  var body: some View {
    VStack {
      Text("Step \(step)")
      NavigationLink("Next", value: step + 1)
      Button("Back") { dismiss() }
      Button("Start over") { router.path = NavigationPath() }
    }
  }
}
