import Testing
import UIKit

private enum AccentTrait: UITraitDefinition {
  static let defaultValue = "none"
}

extension UIMutableTraits {
  fileprivate var accent: String {
    get { self[AccentTrait.self] }
    set { self[AccentTrait.self] = newValue }
  }
}

extension UITraitCollection {
  fileprivate var accent: String { self[AccentTrait.self] }
}

@MainActor
@Suite struct TraitTests {
  @Test func aTraitReadsItsDefaultUntilOverridden() {
    let world = UIKitWorld()
    #expect(world.root.traitCollection.accent == "none")
    world.root.traitOverrides.accent = "root"
    #expect(world.root.traitCollection.accent == "root")
    #expect(world.navigation.traitCollection.accent == "none")
  }

  @Test func overridesFlowToChildrenPushedLaterAndAcrossPresentations() {
    let world = UIKitWorld()
    world.navigation.traitOverrides.accent = "stack"
    let pushed = UIViewController()
    world.navigation.pushViewController(pushed, animated: true)
    world.settle()
    #expect(pushed.traitCollection.accent == "stack")

    let sheet = UIViewController()
    pushed.present(sheet, animated: true)
    world.settle()
    #expect(sheet.traitCollection.accent == "stack")
    sheet.traitOverrides.accent = "sheet"
    #expect(sheet.traitCollection.accent == "sheet")
    #expect(sheet.view.traitCollection.accent == "sheet")

    sheet.traitOverrides.remove(AccentTrait.self)
    #expect(!sheet.traitOverrides.contains(AccentTrait.self))
    #expect(sheet.traitCollection.accent == "stack")
  }

  @Test func theWindowIsTheTopOfTheHierarchy() {
    let world = UIKitWorld()
    world.window.traitOverrides.userInterfaceStyle = .dark
    #expect(world.root.traitCollection.userInterfaceStyle == .dark)
    #expect(UIViewController().traitCollection.userInterfaceStyle == .light)
  }

  @Test func collectionsAreBuiltFromMutations() {
    let traits = UITraitCollection { $0.accent = "built" }
    #expect(traits.accent == "built")
    #expect(traits.modifyingTraits { $0.horizontalSizeClass = .regular }.horizontalSizeClass == .regular)
    #expect(traits.modifyingTraits { $0.horizontalSizeClass = .regular }.accent == "built")
  }
}
