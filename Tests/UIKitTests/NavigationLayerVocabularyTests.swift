import Foundation
import Testing
import UIKit

/// The rest of what an app's navigation layer touches: search, storyboards, pages, Core Animation
/// transactions, Auto Layout's item form, interactive transitions, offset-based edits.
@MainActor
@Suite struct NavigationLayerVocabularyTests {
  private final class Results: UISearchResultsUpdating, UISearchControllerDelegate, UISearchBarDelegate {
    var queries: [String] = []
    var log: [String] = []
    func updateSearchResults(for searchController: UISearchController) {
      queries.append(searchController.searchBar.text ?? "")
    }
    func didPresentSearchController(_ searchController: UISearchController) { log.append("present") }
    func didDismissSearchController(_ searchController: UISearchController) { log.append("dismiss") }
    func searchBarSearchButtonClicked(_ searchBar: UISearchBar) { log.append("search:\(searchBar.text!)") }
  }

  @Test func aSearchControllerUpdatesItsResultsAsAPersonTypes() {
    let world = UIKitWorld()
    let search = UISearchController(searchResultsController: nil)
    let results = Results()
    search.searchResultsUpdater = results
    search.delegate = results
    search.searchBar.delegate = results
    world.root.navigationItem.searchController = search
    #expect(world.root.navigationItem.searchController === search)
    search.searchBar.userType("ab")
    search.searchBar.userTapSearch()
    search.searchBar.userTapCancel()
    #expect(results.queries == ["", "ab", ""])
    #expect(results.log == ["present", "search:ab", "dismiss"])
    #expect(!search.isActive && search.searchBar.text == "")
  }

  private final class Detail: UIViewController {
    var productID: Int?
  }

  @Test func aStoryboardMakesTheControllersRegisteredUnderItsIdentifiers() {
    _ = UIKitWorld()
    UIStoryboard.register(name: "Main", identifier: "Detail", isInitial: true) { Detail(coder: $0) }
    defer { UIStoryboard.unregister(name: "Main") }
    let storyboard = UIStoryboard(name: "Main", bundle: nil)
    let detail = storyboard.instantiateViewController(withIdentifier: "Detail")
    #expect(detail is Detail && detail.storyboard === storyboard)
    let configured: Detail = storyboard.instantiateViewController(identifier: "Detail") { coder in
      let detail = Detail(coder: coder)
      detail?.productID = 42
      return detail
    }
    #expect(configured.productID == 42)
    #expect(storyboard.instantiateInitialViewController() is Detail)
  }

  private final class Pages: UIPageViewControllerDataSource, UIPageViewControllerDelegate {
    let pages = [UIViewController(), UIViewController(), UIViewController()]
    var finished: [Bool] = []
    func pageViewController(_ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController) -> UIViewController? {
      pages.firstIndex(of: viewController).flatMap { $0 > 0 ? pages[$0 - 1] : nil }
    }
    func pageViewController(_ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController) -> UIViewController? {
      pages.firstIndex(of: viewController).flatMap { $0 + 1 < pages.count ? pages[$0 + 1] : nil }
    }
    func pageViewController(
      _ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
      previousViewControllers: [UIViewController], transitionCompleted completed: Bool
    ) { self.finished.append(completed) }
  }

  @Test func pagesAreChildrenThatAppearAndDisappearAsAPersonSwipes() {
    let world = UIKitWorld()
    let pages = Pages()
    let pager = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)
    pager.dataSource = pages
    pager.delegate = pages
    var completed: [Bool] = []
    pager.setViewControllers([pages.pages[0]], direction: .forward, animated: true) { completed.append($0) }
    world.navigation.pushViewController(pager, animated: false)
    world.settle()
    #expect(completed == [true] && pages.pages[0].isVisible && pages.pages[0].parent === pager)
    pager.userSwipe(.forward)
    #expect(pager.viewControllers == [pages.pages[1]] && pages.pages[1].isVisible)
    #expect(!pages.pages[0].isVisible && pages.pages[0].parent == nil)
    pager.userSwipe(.forward, cancelled: true)
    #expect(pager.viewControllers == [pages.pages[1]])
    pager.userSwipe(.reverse)
    pager.userSwipe(.reverse)
    #expect(pager.viewControllers == [pages.pages[0]] && pages.finished == [true, false, true])
  }

  /// The completion of a transaction around a push runs when the push's animation has ended, on
  /// the virtual clock; a transaction that started no transition completes on the next turn.
  @Test func aTransactionCompletesWhenTheTransitionsItBeganHaveEnded() {
    let world = UIKitWorld()
    var log: [String] = []
    CATransaction.begin()
    CATransaction.setCompletionBlock { log.append("pushed at \(world.environment.runLoop.now)") }
    world.navigation.pushViewController(UIViewController(), animated: true)
    CATransaction.commit()
    world.environment.runLoop.tick()
    #expect(log.isEmpty)
    world.settle()
    #expect(log == ["pushed at \(world.environment.configuration.pushDuration)"])
    CATransaction.begin()
    CATransaction.setCompletionBlock { log.append("empty") }
    CATransaction.commit()
    world.environment.runLoop.tick()
    #expect(log.last == "empty")
  }

  @Test func constraintsInTheItemFormRecordWhatTheyRelate() {
    _ = UIKitWorld()
    let view = UIView(), container = UIView()
    let constraint = NSLayoutConstraint(
      item: view, attribute: .leading, relatedBy: .equal, toItem: container, attribute: .leadingMargin,
      multiplier: 1, constant: 8)
    NSLayoutConstraint.activate([constraint])
    #expect(constraint.isActive && constraint.constant == 8 && constraint.firstItem === view)
    #expect(constraint.secondItem === container && constraint.firstAttribute == .leading)
    #expect(constraint.secondAttribute == .leadingMargin && constraint.relation == .equal)
  }

  private final class RecordingContext: UIViewControllerContextTransitioning {
    let containerView = UIView()
    var isAnimated: Bool { true }
    var isInteractive: Bool { true }
    var transitionWasCancelled = false
    var log: [String] = []
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? { nil }
    func completeTransition(_ didComplete: Bool) { log.append("complete:\(didComplete)") }
    func updateInteractiveTransition(_ percentComplete: CGFloat) { log.append("update:\(percentComplete)") }
    func finishInteractiveTransition() { log.append("finish") }
    func cancelInteractiveTransition() {
      transitionWasCancelled = true
      log.append("cancel")
    }
  }

  @Test func aPercentDrivenTransitionPassesAGesturesProgressToItsContext() {
    _ = UIKitWorld()
    let interaction = UIPercentDrivenInteractiveTransition()
    let context = RecordingContext()
    interaction.startInteractiveTransition(context)
    interaction.update(0.4)
    interaction.update(1.5)
    interaction.cancel()
    interaction.update(0.2)
    #expect(context.log == ["update:0.4", "update:1.0", "cancel"] && context.transitionWasCancelled)
    #expect(interaction.percentComplete == 0.2)
  }

  @Test func aTransitionCoordinatorsContextAnswersUIKitsQuestions() {
    let world = UIKitWorld()
    let pushed = UIViewController()
    world.navigation.pushViewController(pushed, animated: true)
    var answers: [String] = []
    world.navigation.transitionCoordinator?.animate(alongsideTransition: nil) { context in
      answers.append("\(context.initiallyInteractive) \(context.isInterruptible) \(context.percentComplete)")
      answers.append("\(context.view(forKey: .to) === pushed.viewIfLoaded)")
    }
    world.settle()
    #expect(answers == ["false false 1.0", "true"])
  }

  @Test func offsetEditsRemoveAndMoveAsSwiftUIsDo() {
    var path = [10, 20, 30, 40, 50]
    path.remove(atOffsets: IndexSet([1, 3]))
    #expect(path == [10, 30, 50])
    path.move(fromOffsets: IndexSet([0]), toOffset: 3)
    #expect(path == [30, 50, 10])
    path.move(fromOffsets: IndexSet([1, 2]), toOffset: 0)
    #expect(path == [50, 10, 30])
    path.remove(atOffsets: IndexSet())
    #expect(path == [50, 10, 30])
  }
}
