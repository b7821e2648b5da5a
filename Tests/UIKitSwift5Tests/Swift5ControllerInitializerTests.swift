import Foundation
import Testing
import UIKit

/// A Swift 5 app's list screens, as such apps write them: one with no initializer of its own,
/// made with `init()`, and one whose own `init()` (no `override`, as against Apple's UIKit) calls
/// `super.init(style:)`, both made from a non-isolated scene delegate.
final class Swift5PlainList: UITableViewController {
  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
}

final class Swift5SettingsList: UITableViewController {
  init() { super.init(style: .grouped) }
  required init?(coder: NSCoder) { fatalError("made in code") }
}

final class Swift5ListSceneDelegate: NSObject, UIWindowSceneDelegate {
  var window: UIWindow?
  let navigationController = UINavigationController(rootViewController: Swift5PlainList())

  func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
    guard let windowScene = scene as? UIWindowScene else { return }
    let window = UIWindow(windowScene: windowScene)
    window.rootViewController = navigationController
    window.makeKeyAndVisible()
    self.window = window
  }

  func showSettings() { navigationController.pushViewController(Swift5SettingsList(), animated: true) }
}

@MainActor
@Suite struct Swift5ControllerInitializerTests {
  @Test func listScreensMadeWithInitShowTheirTables() throws {
    let environment = HeadlessEnvironment.reset()
    let delegate = Swift5ListSceneDelegate()
    let scene = try #require(UIApplication.shared.connectedScenes.first)
    delegate.scene(scene, willConnectTo: scene.session, options: UIScene.ConnectionOptions())
    delegate.showSettings()
    environment.runLoop.settle()
    let stack = delegate.navigationController.viewControllers
    let list = try #require(stack.first as? Swift5PlainList)
    let settings = try #require(stack.last as? Swift5SettingsList)
    #expect(stack.count == 2)
    #expect(list.tableView.style == .plain && list.tableView.numberOfRows(inSection: 0) == 3)
    #expect(settings.tableView.style == .grouped && settings.tableView.dataSource === settings)
  }
}
