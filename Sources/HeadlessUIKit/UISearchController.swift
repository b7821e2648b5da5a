import Foundation

/// A search controller: a search bar whose text drives the results updater. It keeps its state;
/// a person acts on it with the search bar's `user…` methods, and it tells its updater, its
/// delegate and the bar's delegate in UIKit's order. Becoming active presents nothing here (the
/// results controller is only held): navigation code reads `isActive` and the bar's text.
@preconcurrency @MainActor
open class UISearchController: UIViewController {
  public let searchBar = UISearchBar()
  public let searchResultsController: UIViewController?
  public weak var searchResultsUpdater: (any UISearchResultsUpdating)?
  public weak var delegate: (any UISearchControllerDelegate)?
  public var obscuresBackgroundDuringPresentation = true
  public var hidesNavigationBarDuringPresentation = true
  public var automaticallyShowsCancelButton = true
  public var showsSearchResultsController = false

  /// Setting it tells the delegate (will/did present or dismiss) and the updater, as UIKit does.
  public var isActive: Bool {
    get { storedIsActive }
    set {
      guard newValue != storedIsActive else { return }
      if newValue { delegate?.willPresentSearchController(self) } else { delegate?.willDismissSearchController(self) }
      storedIsActive = newValue
      if newValue { delegate?.didPresentSearchController(self) } else { delegate?.didDismissSearchController(self) }
      searchResultsUpdater?.updateSearchResults(for: self)
    }
  }
  private var storedIsActive = false

  public init(searchResultsController: UIViewController?) {
    self.searchResultsController = searchResultsController
    super.init(nibName: nil, bundle: nil)
    searchBar.controller = self
  }

  /// No results controller, as UIKit's: a subclass may call it from its own initializer.
  public override init(nibName: String?, bundle: Bundle?) {
    searchResultsController = nil
    super.init(nibName: nibName, bundle: bundle)
    searchBar.controller = self
  }

  public convenience override init() { self.init(searchResultsController: nil) }

  public required init?(coder: NSCoder) {
    searchResultsController = nil
    super.init(coder: coder)
    searchBar.controller = self
  }
}

/// A search bar. A person taps it (`userTap`: the search controller becomes active), types
/// (`userType`: the text changes, the delegate and the updater hear it), taps Search or Cancel.
@preconcurrency @MainActor
open class UISearchBar: UIView {
  public enum Style: Int, Sendable { case `default`, prominent, minimal }

  public var text: String? {
    get { storedText }
    set { storedText = newValue ?? "" }
  }
  public var placeholder: String?
  public var prompt: String?
  public var searchBarStyle = Style.default
  public var showsCancelButton = false
  public var scopeButtonTitles: [String]?
  public var selectedScopeButtonIndex = 0
  public weak var delegate: (any UISearchBarDelegate)?
  /// The search field, which keeps the focus while the bar is being edited.
  public let searchTextField = UISearchTextField()
  weak var controller: UISearchController?
  private var storedText = ""

  /// A tap on the bar: it asks its delegate, takes the focus and activates its search controller.
  public func userTap() {
    guard delegate?.searchBarShouldBeginEditing(self) ?? true else { return }
    _ = searchTextField.becomeFirstResponder()
    controller?.isActive = true
    delegate?.searchBarTextDidBeginEditing(self)
  }

  /// Typing: the text changes (the delegate may refuse), the delegate and the updater hear it.
  public func userType(_ string: String) {
    if controller?.isActive == false || !searchTextField.isFirstResponder { userTap() }
    let range = NSRange(location: storedText.utf16.count, length: 0)
    guard delegate?.searchBar(self, shouldChangeTextIn: range, replacementText: string) ?? true else { return }
    storedText += string
    delegate?.searchBar(self, textDidChange: storedText)
    if let controller { controller.searchResultsUpdater?.updateSearchResults(for: controller) }
  }

  /// The Search key.
  public func userTapSearch() { delegate?.searchBarSearchButtonClicked(self) }

  /// The Cancel button: the text is cleared, the field gives up the focus, the search controller
  /// becomes inactive.
  public func userTapCancel() {
    storedText = ""
    _ = searchTextField.resignFirstResponder()
    delegate?.searchBarCancelButtonClicked(self)
    controller?.isActive = false
  }

  /// A tap on scope button `index`.
  public func userSelectScope(_ index: Int) {
    guard let titles = scopeButtonTitles, titles.indices.contains(index) else { return }
    selectedScopeButtonIndex = index
    delegate?.searchBar(self, selectedScopeButtonIndexDidChange: index)
    if let controller { controller.searchResultsUpdater?.updateSearchResults(for: controller) }
  }
}

/// The search bar's text field.
@preconcurrency @MainActor
open class UISearchTextField: UITextField {}

/// What updates the results as the search changes.
@preconcurrency @MainActor
public protocol UISearchResultsUpdating: AnyObject {
  func updateSearchResults(for searchController: UISearchController)
}

/// A search controller's delegate. Every method is optional.
@preconcurrency @MainActor
public protocol UISearchControllerDelegate: AnyObject {
  func willPresentSearchController(_ searchController: UISearchController)
  func didPresentSearchController(_ searchController: UISearchController)
  func willDismissSearchController(_ searchController: UISearchController)
  func didDismissSearchController(_ searchController: UISearchController)
}

extension UISearchControllerDelegate {
  public func willPresentSearchController(_ searchController: UISearchController) {}
  public func didPresentSearchController(_ searchController: UISearchController) {}
  public func willDismissSearchController(_ searchController: UISearchController) {}
  public func didDismissSearchController(_ searchController: UISearchController) {}
}

/// A search bar's delegate. Every method is optional.
@preconcurrency @MainActor
public protocol UISearchBarDelegate: AnyObject {
  func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool
  func searchBarTextDidBeginEditing(_ searchBar: UISearchBar)
  func searchBar(_ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
  func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String)
  func searchBarSearchButtonClicked(_ searchBar: UISearchBar)
  func searchBarCancelButtonClicked(_ searchBar: UISearchBar)
  func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int)
}

extension UISearchBarDelegate {
  public func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool { true }
  public func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) {}
  public func searchBar(_ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool { true }
  public func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {}
  public func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {}
  public func searchBarCancelButtonClicked(_ searchBar: UISearchBar) {}
  public func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int) {}
}

extension UINavigationItem {
  nonisolated(unsafe) private static var searchControllerKey: UInt8 = 0
  nonisolated(unsafe) private static var hidesSearchBarKey: UInt8 = 0

  /// The search controller whose bar the navigation bar shows (held).
  public var searchController: UISearchController? {
    get { objc_getAssociatedObject(self, &Self.searchControllerKey) as? UISearchController }
    set { objc_setAssociatedObject(self, &Self.searchControllerKey, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC) }
  }

  public var hidesSearchBarWhenScrolling: Bool {
    get { objc_getAssociatedObject(self, &Self.hidesSearchBarKey) as? Bool ?? true }
    set { objc_setAssociatedObject(self, &Self.hidesSearchBarKey, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC) }
  }
}
