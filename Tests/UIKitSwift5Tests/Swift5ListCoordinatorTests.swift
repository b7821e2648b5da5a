import Foundation
import Testing
import UIKit

/// A Swift 5 list screen's glue as apps write it: a non-isolated `NSObject` that is the table's
/// data source and delegate, the search bar's and the text field's delegate, and the scene's
/// delegate, reading `IndexPath.row` and pushing from `didSelectRowAt`.
final class ListCoordinator: NSObject, UITableViewDataSource, UITableViewDelegate, UITextFieldDelegate,
  UISearchResultsUpdating, UIWindowSceneDelegate
{
  var window: UIWindow?
  let navigationController = UINavigationController()
  let table = UITableView(frame: .zero, style: .plain)
  let search = UISearchController(searchResultsController: nil)
  var items = ["Apples", "Pears"]
  var filter = ""

  func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
    guard let windowScene = scene as? UIWindowScene else { return }
    let window = UIWindow(windowScene: windowScene)
    let list = UIViewController()
    list.view.addSubview(table)
    list.navigationItem.searchController = search
    navigationController.viewControllers = [list]
    window.rootViewController = navigationController
    window.makeKeyAndVisible()
    self.window = window
    table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
    table.dataSource = self
    table.delegate = self
    search.searchResultsUpdater = self
  }

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
    cell.textLabel?.text = items[indexPath.row]
    return cell
  }

  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    tableView.deselectRow(at: indexPath, animated: true)
    let detail = UIViewController()
    detail.title = items[indexPath.row]
    navigationController.pushViewController(detail, animated: true)
  }

  func updateSearchResults(for searchController: UISearchController) {
    filter = searchController.searchBar.text ?? ""
  }

  func textFieldShouldReturn(_ textField: UITextField) -> Bool {
    textField.resignFirstResponder()
    return true
  }
}

@MainActor
@Suite struct Swift5ListCoordinatorTests {
  @Test func aNonisolatedListCoordinatorPushesFromARowAndFollowsTheSearch() throws {
    let environment = HeadlessEnvironment.reset()
    let coordinator = ListCoordinator()
    let scene = try #require(UIApplication.shared.connectedScenes.first)
    scene.delegate = coordinator
    coordinator.scene(scene, willConnectTo: scene.session, options: UIScene.ConnectionOptions())
    coordinator.table.userSelectRow(at: IndexPath(row: 1, section: 0))
    environment.runLoop.settle()
    #expect(coordinator.navigationController.topViewController?.title == "Pears")
    #expect(coordinator.table.indexPathForSelectedRow == nil)
    coordinator.search.searchBar.userType("Ap")
    #expect(coordinator.filter == "Ap")
  }
}
