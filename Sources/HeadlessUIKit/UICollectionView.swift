import Foundation

/// A collection: sections of items its data source describes, like `UITableView` (see there):
/// held registrations and selection, the data source asked on demand, and a person's tap with
/// `userSelectItem(at:)`. Layouts are held only.
@preconcurrency @MainActor
open class UICollectionView: UIScrollView {
  public struct ScrollPosition: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = ScrollPosition(rawValue: 1 << 0)
    public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
    public static let bottom = ScrollPosition(rawValue: 1 << 2)
    public static let left = ScrollPosition(rawValue: 1 << 3)
    public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
    public static let right = ScrollPosition(rawValue: 1 << 5)
  }

  public var collectionViewLayout: UICollectionViewLayout
  public weak var dataSource: (any UICollectionViewDataSource)?
  public weak var delegate: (any UICollectionViewDelegate)?
  public var allowsSelection = true
  public var allowsMultipleSelection = false
  public var backgroundView: UIView?
  private var cellClasses: [String: UICollectionViewCell.Type] = [:]
  private var selected = IndexPathSelection()

  public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
    collectionViewLayout = layout
    super.init(frame: frame)
  }

  public required init?(coder: NSCoder) {
    collectionViewLayout = UICollectionViewFlowLayout()
    super.init(coder: coder)
  }

  public func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool) {
    collectionViewLayout = layout
  }

  // MARK: Cells

  public func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
    cellClasses[identifier] = cellClass as? UICollectionViewCell.Type
  }

  /// A new cell of the class registered for `identifier`; an identifier with no class registered
  /// traps, as UIKit raises ("could not dequeue a view of kind: UICollectionElementKindCell with
  /// identifier …").
  public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
    guard let cellClass = cellClasses[identifier] else {
      preconditionFailure(
        "could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier) - must register a nib or a class for the identifier")
    }
    let cell = cellClass.init(frame: .zero)
    cell.reuseIdentifier = identifier
    return cell
  }

  /// A new cell from `registration`, configured with `item`.
  public func dequeueConfiguredReusableCell<Cell: UICollectionViewCell, Item>(
    using registration: UICollectionView.CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item?
  ) -> Cell {
    let cell = Cell(frame: .zero)
    if let item { registration.handler(cell, indexPath, item) }
    return cell
  }

  /// A cell type with the code that configures it for an item.
  public struct CellRegistration<Cell: UICollectionViewCell, Item> {
    public typealias Handler = @MainActor (Cell, IndexPath, Item) -> Void
    let handler: Handler
    public init(handler: @escaping Handler) { self.handler = handler }
  }

  // MARK: What the data source says

  public var numberOfSections: Int { dataSource.map { $0.numberOfSections(in: self) } ?? 0 }

  public func numberOfItems(inSection section: Int) -> Int {
    dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0
  }

  /// The cell the data source makes for `indexPath` (nil outside the collection).
  public func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
    guard contains(indexPath), let dataSource else { return nil }
    return dataSource.collectionView(self, cellForItemAt: indexPath)
  }

  /// Forgets the selection, as reloading does.
  public func reloadData() { selected.clear() }
  public func reloadItems(at indexPaths: [IndexPath]) {}
  public func insertItems(at indexPaths: [IndexPath]) {}
  public func deleteItems(at indexPaths: [IndexPath]) { selected.deselect(indexPaths) }
  public func reloadSections(_ sections: IndexSet) {}
  public func insertSections(_ sections: IndexSet) {}
  public func deleteSections(_ sections: IndexSet) {}
  public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {}

  /// Runs `updates` now and `completion` with true on the next run-loop turn (the animation's end).
  public func performBatchUpdates(_ updates: (() -> Void)?, completion: (@MainActor (Bool) -> Void)? = nil) {
    updates?()
    completeBatchUpdates(completion)
  }

  public func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {}

  // MARK: Selection

  public var indexPathsForSelectedItems: [IndexPath]? { selected.indexPaths }

  /// Selects an item without telling the delegate, as in UIKit.
  public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
    selected.select(indexPath, allowingMultiple: allowsMultipleSelection)
  }

  /// Deselects an item without telling the delegate, as in UIKit.
  public func deselectItem(at indexPath: IndexPath, animated: Bool) { selected.deselect(indexPath) }

  // MARK: A person's input

  /// A tap on an item: the delegate may refuse it (`shouldSelectItemAt`); a tap on a selected item
  /// of a multiple-selection collection deselects it; otherwise the item is selected (the previous
  /// one deselected, with `didDeselectItemAt`) and `didSelectItemAt` is called.
  public func userSelectItem(at indexPath: IndexPath) {
    guard allowsSelection, contains(indexPath) else { return }
    if allowsMultipleSelection, selected.contains(indexPath) {
      guard delegate?.collectionView(self, shouldDeselectItemAt: indexPath) ?? true else { return }
      deselectItem(at: indexPath, animated: false)
      delegate?.collectionView(self, didDeselectItemAt: indexPath)
      return
    }
    guard delegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true else { return }
    if !allowsMultipleSelection, let previous = selected.indexPaths.first, previous != indexPath {
      deselectItem(at: previous, animated: false)
      delegate?.collectionView(self, didDeselectItemAt: previous)
    }
    selectItem(at: indexPath, animated: false, scrollPosition: [])
    delegate?.collectionView(self, didSelectItemAt: indexPath)
  }

  private func contains(_ indexPath: IndexPath) -> Bool {
    indexPath.count == 2 && (0..<numberOfSections).contains(indexPath.section)
      && (0..<numberOfItems(inSection: indexPath.section)).contains(indexPath.item)
  }
}

/// A collection cell (held).
@preconcurrency @MainActor
open class UICollectionViewCell: UIView {
  public internal(set) var reuseIdentifier: String?
  public let contentView = UIView()
  public var contentConfiguration: (any UIContentConfiguration)?
  public var isSelected = false
  public var isHighlighted = false

  public required override init(frame: CGRect) { super.init(frame: frame) }
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  open func prepareForReuse() {}
}

/// A list cell, with the standard content.
@preconcurrency @MainActor
open class UICollectionViewListCell: UICollectionViewCell {
  public func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }
}

/// How a collection lays out its items (held: nothing is laid out).
@preconcurrency @MainActor
open class UICollectionViewLayout: NSObject {
  public override init() { super.init() }
}

@preconcurrency @MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
  public enum ScrollDirection: Int, Sendable { case vertical, horizontal }
  public static let automaticSize = CGSize(width: Double.greatestFiniteMagnitude, height: Double.greatestFiniteMagnitude)

  public var itemSize = CGSize(width: 50, height: 50)
  public var estimatedItemSize = CGSize.zero
  public var minimumLineSpacing: CGFloat = 10
  public var minimumInteritemSpacing: CGFloat = 10
  public var scrollDirection = ScrollDirection.vertical
  public var sectionInset = UIEdgeInsets.zero
}

/// A list layout, from its configuration (held).
@preconcurrency @MainActor
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
  public static func list(using configuration: UICollectionLayoutListConfiguration) -> UICollectionViewCompositionalLayout {
    UICollectionViewCompositionalLayout()
  }
}

public struct UICollectionLayoutListConfiguration: Sendable {
  public enum Appearance: Int, Sendable { case plain, grouped, insetGrouped, sidebar, sidebarPlain }
  public var appearance: Appearance
  public var showsSeparators = true
  public init(appearance: Appearance) { self.appearance = appearance }
}

/// What a collection shows. `numberOfItemsInSection` and `cellForItemAt` are required.
@preconcurrency @MainActor
public protocol UICollectionViewDataSource: AnyObject {
  func numberOfSections(in collectionView: UICollectionView) -> Int
  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
}

extension UICollectionViewDataSource {
  public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
}

/// What a collection tells about selection. Every method is optional.
@preconcurrency @MainActor
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
  func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
  func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
  func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool
  func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
  func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
}

extension UICollectionViewDelegate {
  public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
  public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
  public func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool { true }
  public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
  public func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
}

/// A controller whose view is a collection, its own data source and delegate.
@preconcurrency @MainActor
open class UICollectionViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
  public var collectionView: UICollectionView!
  public var clearsSelectionOnViewWillAppear = true

  // UIKit's three designated initializers and its inherited `init()`, so a subclass written for
  // iOS compiles unchanged (see `UITableViewController`).
  public init(collectionViewLayout layout: UICollectionViewLayout) {
    super.init(nibName: nil, bundle: nil)
    collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)
    collectionView.dataSource = self
    collectionView.delegate = self
  }

  /// A collection with a flow layout: UIKit makes an unconfigured collection view for a
  /// controller with no nib (there are no nibs here), which needs a layout before it shows
  /// anything; a flow layout is the one UIKit's own nibs default to.
  public override init(nibName: String?, bundle: Bundle?) {
    super.init(nibName: nibName, bundle: bundle)
    collectionView = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
    collectionView.dataSource = self
    collectionView.delegate = self
  }

  /// `UICollectionViewController()`: through `init(nibName: nil, bundle: nil)`, as UIKit's `init`.
  public convenience override init() { self.init(nibName: nil, bundle: nil) }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    collectionView = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
    collectionView.dataSource = self
    collectionView.delegate = self
  }

  open override func loadView() { view = collectionView }

  // Declared here so subclasses `override` them, as they do UIKit's.
  open func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
  open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
  open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
    preconditionFailure("UICollectionViewController: a subclass must provide cells (collectionView(_:cellForItemAt:))")
  }
  open func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
  open func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
  open func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool { true }
  open func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
  open func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
}
