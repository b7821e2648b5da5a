import Foundation

/// A controller that pages through controllers its data source supplies. The page on screen is its
/// child (added, shown and removed with UIKit's containment and appearance callbacks). A person
/// swipes with `userSwipe(_:cancelled:)`: the data source is asked for the neighbour, the delegate
/// hears `willTransitionTo` and `didFinishAnimating`; a cancelled swipe changes nothing.
@preconcurrency @MainActor
open class UIPageViewController: UIViewController {
  public enum TransitionStyle: Int, Sendable { case pageCurl, scroll }
  public enum NavigationOrientation: Int, Sendable { case horizontal, vertical }
  public enum NavigationDirection: Int, Sendable { case forward, reverse }
  public enum SpineLocation: Int, Sendable { case none, min, mid, max }

  public struct OptionsKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let spineLocation = OptionsKey(rawValue: "UIPageViewControllerOptionSpineLocationKey")
    public static let interPageSpacing = OptionsKey(rawValue: "UIPageViewControllerOptionInterPageSpacingKey")
  }

  public let transitionStyle: TransitionStyle
  public let navigationOrientation: NavigationOrientation
  public weak var dataSource: (any UIPageViewControllerDataSource)?
  public weak var delegate: (any UIPageViewControllerDelegate)?
  public var isDoubleSided = false
  /// The pages on screen (one, here).
  public private(set) var viewControllers: [UIViewController]?

  public init(
    transitionStyle style: TransitionStyle, navigationOrientation: NavigationOrientation,
    options: [OptionsKey: Any]? = nil
  ) {
    transitionStyle = style
    self.navigationOrientation = navigationOrientation
    super.init(nibName: nil, bundle: nil)
  }

  /// `UIPageViewController()` and `init(nibName:bundle:)`, which UIKit inherits from
  /// UIViewController: page-curl, horizontal, as UIKit's defaults are.
  public convenience override init(nibName: String?, bundle: Bundle?) {
    self.init(transitionStyle: .pageCurl, navigationOrientation: .horizontal)
  }

  public convenience override init() { self.init(nibName: nil, bundle: nil) }

  public required init?(coder: NSCoder) {
    transitionStyle = .scroll
    navigationOrientation = .horizontal
    super.init(coder: coder)
  }

  /// Shows `viewControllers` (the first one, here) in place of the current page. `completion`
  /// runs with true once the page has moved: after a push's virtual duration when animated, on the
  /// next run-loop turn otherwise.
  open func setViewControllers(
    _ viewControllers: [UIViewController]?, direction: NavigationDirection, animated: Bool,
    completion: (@MainActor (Bool) -> Void)? = nil
  ) {
    show(viewControllers?.first)
    self.viewControllers = viewControllers.map { Array($0.prefix(1)) }
    guard let completion else { return }
    let delay = animated ? HeadlessEnvironment.current.configuration.pushDuration : 0
    HeadlessEnvironment.current.runLoop.schedule(after: delay) { completion(true) }
  }

  /// A person swipes to the next (`.forward`) or previous page. Nothing happens where the data
  /// source has no page that way. A cancelled swipe tells the delegate the transition did not
  /// complete and leaves the page as it was.
  public func userSwipe(_ direction: NavigationDirection, cancelled: Bool = false) {
    guard let current = viewControllers?.first, let dataSource else { return }
    let next = direction == .forward
      ? dataSource.pageViewController(self, viewControllerAfter: current)
      : dataSource.pageViewController(self, viewControllerBefore: current)
    guard let next else { return }
    delegate?.pageViewController(self, willTransitionTo: [next])
    if !cancelled {
      show(next)
      viewControllers = [next]
    }
    delegate?.pageViewController(self, didFinishAnimating: true, previousViewControllers: [current], transitionCompleted: !cancelled)
  }

  /// Swaps the child on screen, with containment and (while this controller is on screen)
  /// appearance callbacks.
  private func show(_ page: UIViewController?) {
    let old = viewControllers?.first
    guard old !== page else { return }
    let visible = isVisible
    if let old {
      old.willMove(toParent: nil)
      if visible {
        old.beginAppearanceTransition(false, animated: false)
        old.endAppearanceTransition()
      }
      old.viewIfLoaded?.removeFromSuperview()
      old.removeFromParent()
    }
    if let page {
      addChild(page)
      view.addSubview(page.view)
      if visible {
        page.beginAppearanceTransition(true, animated: false)
        page.endAppearanceTransition()
      }
      page.didMove(toParent: self)
    }
  }
}

/// Where a page controller's pages come from.
@preconcurrency @MainActor
public protocol UIPageViewControllerDataSource: AnyObject {
  func pageViewController(_ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController) -> UIViewController?
  func pageViewController(_ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController) -> UIViewController?
  func presentationCount(for pageViewController: UIPageViewController) -> Int
  func presentationIndex(for pageViewController: UIPageViewController) -> Int
}

extension UIPageViewControllerDataSource {
  public func presentationCount(for pageViewController: UIPageViewController) -> Int { 0 }
  public func presentationIndex(for pageViewController: UIPageViewController) -> Int { 0 }
}

/// What a page controller tells as pages turn. Every method is optional.
@preconcurrency @MainActor
public protocol UIPageViewControllerDelegate: AnyObject {
  func pageViewController(_ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController])
  func pageViewController(
    _ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
    previousViewControllers: [UIViewController], transitionCompleted completed: Bool)
}

extension UIPageViewControllerDelegate {
  public func pageViewController(_ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController]) {}
  public func pageViewController(
    _ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
    previousViewControllers: [UIViewController], transitionCompleted completed: Bool
  ) {}
}
