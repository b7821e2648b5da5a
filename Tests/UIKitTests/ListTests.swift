import Foundation
import Testing
import UIKit

/// Tables and collections as a list screen that pushes a detail uses them.
@MainActor
@Suite struct ListTests {
  private final class Items: UITableViewController {
    var items = ["a", "b", "c"]
    var selections: [Int] = []
    var deselections: [Int] = []
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
      let cell = tableView.dequeueReusableCell(withIdentifier: "item", for: indexPath)
      var content = cell.defaultContentConfiguration()
      content.text = items[indexPath.row]
      cell.contentConfiguration = content
      return cell
    }
    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
      selections.append(indexPath.row)
      navigationController?.pushViewController(UIViewController(), animated: false)
    }
    override func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) { deselections.append(indexPath.row) }
    override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
      items.remove(at: indexPath.row)
    }
  }

  @Test func indexPathsReadAsSectionAndRowOrItem() {
    var path = IndexPath(row: 3, section: 1)
    #expect(path.section == 1 && path.row == 3 && path.item == 3)
    path.item = 4
    #expect(path == IndexPath(item: 4, section: 1))
  }

  @Test func aTapOnARowSelectsItAndTellsTheDelegate() throws {
    let world = UIKitWorld()
    let list = Items(style: .plain)
    list.tableView.register(UITableViewCell.self, forCellReuseIdentifier: "item")
    world.navigation.pushViewController(list, animated: false)
    world.settle()
    #expect(list.view === list.tableView && list.tableView.numberOfRows(inSection: 0) == 3)
    let cell = try #require(list.tableView.cellForRow(at: IndexPath(row: 1, section: 0)))
    #expect((cell.contentConfiguration as? UIListContentConfiguration)?.text == "b")
    list.tableView.userSelectRow(at: IndexPath(row: 1, section: 0))
    list.tableView.userSelectRow(at: IndexPath(row: 2, section: 0))
    list.tableView.userSelectRow(at: IndexPath(row: 9, section: 0))
    world.settle()
    #expect(list.selections == [1, 2] && list.deselections == [1])
    #expect(list.tableView.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
    #expect(world.navigation.viewControllers.count == 4)
    list.tableView.deselectRow(at: IndexPath(row: 2, section: 0), animated: true)
    #expect(list.tableView.indexPathForSelectedRow == nil && list.deselections == [1])
    list.tableView.userDeleteRow(at: IndexPath(row: 0, section: 0))
    #expect(list.items == ["b", "c"])
  }

  private final class Grid: NSObject, UICollectionViewDataSource, UICollectionViewDelegate {
    var selected: [IndexPath] = []
    var refused: IndexPath?
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 4 }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
      collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { indexPath != refused }
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { selected.append(indexPath) }
  }

  @Test func aTapOnAnItemAsksAndTellsTheDelegate() {
    _ = UIKitWorld()
    let grid = Grid()
    let collection = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
    collection.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    collection.dataSource = grid
    collection.delegate = grid
    grid.refused = IndexPath(item: 0, section: 0)
    collection.userSelectItem(at: IndexPath(item: 0, section: 0))
    collection.userSelectItem(at: IndexPath(item: 3, section: 0))
    #expect(grid.selected == [IndexPath(item: 3, section: 0)])
    #expect(collection.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0)])
    #expect(collection.cellForItem(at: IndexPath(item: 3, section: 0))?.reuseIdentifier == "cell")
    #expect(collection.cellForItem(at: IndexPath(item: 4, section: 0)) == nil)
  }

  @Test func batchUpdatesCompleteOnTheNextTurn() {
    let world = UIKitWorld()
    let table = UITableView(frame: .zero, style: .insetGrouped)
    var log: [String] = []
    table.performBatchUpdates({ log.append("updates") }) { log.append("done:\($0)") }
    #expect(log == ["updates"])
    world.environment.runLoop.tick()
    #expect(log == ["updates", "done:true"])
  }
}
