import Testing
import UIKit

/// A fresh world with a key window whose root is a navigation controller, as an app's scene
/// delegate would set it up.
@MainActor
struct UIKitWorld {
  let environment: HeadlessEnvironment
  let window = UIWindow()
  let root = UIViewController()
  let navigation: UINavigationController

  init() {
    environment = HeadlessEnvironment.reset()
    navigation = UINavigationController(rootViewController: root)
    window.rootViewController = navigation
    window.makeKeyAndVisible()
  }

  func settle() { environment.runLoop.settle() }
}
