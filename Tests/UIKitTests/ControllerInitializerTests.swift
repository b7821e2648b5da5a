import Foundation
import Testing
import UIKit

/// Controller subclasses written as iOS apps write them: each spelling below compiles against
/// Apple's UIKit, so it must compile here (this file is the compile half of the test), and each
/// controller so made must then behave as UIKit's does (the assertions).
@MainActor
@Suite struct ControllerInitializerTests {
  /// No initializer of its own: it inherits every one of UIKit's, `init()` included.
  private final class ListController: UITableViewController {
    var rows = ["a", "b"]
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }
  }

  /// Its own `init()` (no `override`: UIKit's `init()` is a convenience initializer) calling a
  /// designated one, as a list screen made in code does.
  private final class GroupedListController: UITableViewController {
    let title0: String
    init() {
      title0 = "Settings"
      super.init(style: .insetGrouped)
    }
    required init?(coder: NSCoder) { fatalError("made in code") }
  }

  /// A subclass overriding `init(nibName:bundle:)`: UIKit's `init()` goes through it.
  private final class NibNamedListController: UITableViewController {
    var madeThroughNibName = false
    override init(nibName: String?, bundle: Bundle?) {
      super.init(nibName: nibName, bundle: bundle)
      madeThroughNibName = true
    }
    override init(style: UITableView.Style) { super.init(style: style) }
    required init?(coder: NSCoder) { fatalError("made in code") }
  }

  private final class GridController: UICollectionViewController {}

  private final class LayoutGridController: UICollectionViewController {
    init() { super.init(collectionViewLayout: UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain))) }
    required init?(coder: NSCoder) { fatalError("made in code") }
  }

  private final class SplitController: UISplitViewController {
    init() { super.init(style: .doubleColumn) }
    required init?(coder: NSCoder) { fatalError("made in code") }
  }

  private final class SearchController: UISearchController {
    init() { super.init(searchResultsController: UIViewController()) }
    required init?(coder: NSCoder) { fatalError("made in code") }
  }

  private final class PagesController: UIPageViewController {
    init() { super.init(transitionStyle: .scroll, navigationOrientation: .vertical) }
    required init?(coder: NSCoder) { fatalError("made in code") }
  }

  @Test func aTableControllerMadeWithInitHasAPlainTableItIsTheSourceOf() {
    _ = HeadlessEnvironment.reset()
    for controller in [UITableViewController(), UITableViewController(nibName: nil, bundle: nil), ListController()] {
      #expect(controller.tableView.style == .plain)
      #expect(controller.tableView.dataSource === controller && controller.tableView.delegate === controller)
      #expect(controller.view === controller.tableView)
    }
    let list = ListController(style: .grouped)
    #expect(list.tableView.style == .grouped && list.tableView.numberOfRows(inSection: 0) == 2)
  }

  @Test func aSubclassOwnInitCallsTheStyleInitializer() {
    _ = HeadlessEnvironment.reset()
    let settings = GroupedListController()
    #expect(settings.tableView.style == .insetGrouped && settings.title0 == "Settings")
  }

  @Test func initGoesThroughInitWithNibNameAsInUIKit() {
    _ = HeadlessEnvironment.reset()
    #expect(NibNamedListController(nibName: nil, bundle: nil).madeThroughNibName)
    #expect(!NibNamedListController(style: .plain).madeThroughNibName)
  }

  @Test func aCollectionControllerMadeWithInitHasAFlowLayoutCollection() throws {
    _ = HeadlessEnvironment.reset()
    for controller in [UICollectionViewController(), GridController(), GridController(nibName: nil, bundle: nil)] {
      let collection = try #require(controller.collectionView)
      #expect(collection.collectionViewLayout is UICollectionViewFlowLayout)
      #expect(collection.dataSource === controller && collection.delegate === controller)
      #expect(controller.view === collection)
    }
    #expect(LayoutGridController().collectionView.collectionViewLayout is UICollectionViewCompositionalLayout)
  }

  @Test func theOtherControllersOfferUIKitsInitializers() {
    _ = HeadlessEnvironment.reset()
    #expect(SplitController().style == .doubleColumn)
    #expect(UISplitViewController().style == .unspecified && UISplitViewController(style: .tripleColumn).style == .tripleColumn)
    #expect(SearchController().searchResultsController != nil)
    #expect(UISearchController(nibName: nil, bundle: nil).searchResultsController == nil)
    let alert = UIAlertController()
    #expect(alert.preferredStyle == .alert && alert.title == nil && alert.actions.isEmpty)
    #expect(UIAlertController(nibName: nil, bundle: nil).modalPresentationStyle == .custom)
    let pages = UIPageViewController()
    #expect(pages.transitionStyle == .pageCurl && pages.navigationOrientation == .horizontal)
    #expect(PagesController().navigationOrientation == .vertical)
    let tabs = UITabBarController(tabs: [UITab(title: "A", image: nil, identifier: "a") { _ in UIViewController() }])
    #expect(tabs.viewControllers?.count == 1 && tabs.tabs.map(\.identifier) == ["a"])
  }

  @Test func aControllerMadeWithInitWorksOnScreen() {
    let world = UIKitWorld()
    let list = ListController()
    world.navigation.pushViewController(list, animated: true)
    world.settle()
    #expect(world.navigation.topViewController === list && list.isViewLoaded)
    #expect(list.tableView.numberOfRows(inSection: 0) == 2)
  }
}
