import Foundation

/// A table: sections of rows its data source describes. It keeps what it is told (registered
/// cells, selection, editing) and asks its data source on demand — nothing is laid out or drawn,
/// and no cell is on screen, so `cellForRow(at:)` asks the data source afresh. A person acts on it
/// with `userSelectRow(at:)` and `userDeleteRow(at:)`; the delegate and data source hear it in
/// UIKit's order.
@preconcurrency @MainActor
open class UITableView: UIScrollView {
  public enum Style: Int, Sendable { case plain, grouped, insetGrouped }
  public enum ScrollPosition: Int, Sendable { case none, top, middle, bottom }
  public enum RowAnimation: Int, Sendable { case fade, right, left, top, bottom, none, middle, automatic = 100 }
  public enum SeparatorStyle: Int, Sendable { case none, singleLine }

  /// `UITableView.automaticDimension`.
  public static let automaticDimension: CGFloat = -1

  public let style: Style
  public weak var dataSource: (any UITableViewDataSource)?
  public weak var delegate: (any UITableViewDelegate)?
  public var rowHeight = UITableView.automaticDimension
  public var estimatedRowHeight = UITableView.automaticDimension
  public var sectionHeaderHeight = UITableView.automaticDimension
  public var sectionFooterHeight = UITableView.automaticDimension
  public var separatorStyle = SeparatorStyle.singleLine
  public var tableHeaderView: UIView?
  public var tableFooterView: UIView?
  public var backgroundView: UIView?
  public var allowsSelection = true
  public var allowsMultipleSelection = false
  public var allowsSelectionDuringEditing = false
  public private(set) var isEditing = false
  private var cellClasses: [String: UITableViewCell.Type] = [:]
  private var selected = IndexPathSelection()

  public init(frame: CGRect, style: Style) {
    self.style = style
    super.init(frame: frame)
  }

  public override convenience init(frame: CGRect) { self.init(frame: frame, style: .plain) }

  public required init?(coder: NSCoder) {
    self.style = .plain
    super.init(coder: coder)
  }

  // MARK: Cells

  public func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
    cellClasses[identifier] = cellClass as? UITableViewCell.Type
  }

  /// A new cell of the class registered for `identifier`, or nil when none is.
  public func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
    cellClasses[identifier].map { $0.init(style: .default, reuseIdentifier: identifier) }
  }

  /// A new cell of the class registered for `identifier`; an identifier with no class registered
  /// traps, as UIKit raises ("unable to dequeue a cell with identifier … - must register a nib or
  /// a class for the identifier").
  public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
    guard let cell = dequeueReusableCell(withIdentifier: identifier) else {
      preconditionFailure(
        "unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier")
    }
    return cell
  }

  // MARK: What the data source says

  public var numberOfSections: Int { dataSource.map { $0.numberOfSections(in: self) } ?? 0 }

  public func numberOfRows(inSection section: Int) -> Int {
    dataSource?.tableView(self, numberOfRowsInSection: section) ?? 0
  }

  /// The cell the data source makes for `indexPath` (nil outside the table).
  public func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
    guard contains(indexPath), let dataSource else { return nil }
    return dataSource.tableView(self, cellForRowAt: indexPath)
  }

  /// Every row, section by section.
  public var indexPathsForVisibleRows: [IndexPath]? {
    (0..<numberOfSections).flatMap { section in
      (0..<numberOfRows(inSection: section)).map { IndexPath(row: $0, section: section) }
    }
  }

  /// Forgets the selection, as reloading does.
  public func reloadData() { selected.clear() }
  public func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {}
  public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {}
  public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {}
  public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    selected.deselect(indexPaths)
  }
  public func insertSections(_ sections: IndexSet, with animation: RowAnimation) {}
  public func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {}
  public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
  public func beginUpdates() {}
  public func endUpdates() {}

  /// Runs `updates` now and `completion` with true on the next run-loop turn (the animation's end).
  public func performBatchUpdates(_ updates: (() -> Void)?, completion: (@MainActor (Bool) -> Void)? = nil) {
    updates?()
    completeBatchUpdates(completion)
  }

  public func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {}

  // MARK: Selection

  public var indexPathForSelectedRow: IndexPath? { selected.indexPaths.first }
  public var indexPathsForSelectedRows: [IndexPath]? { selected.indexPaths.isEmpty ? nil : selected.indexPaths }

  /// Selects a row without telling the delegate, as in UIKit.
  public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
    selected.select(indexPath, allowingMultiple: allowsMultipleSelection)
  }

  /// Deselects a row without telling the delegate, as in UIKit.
  public func deselectRow(at indexPath: IndexPath, animated: Bool) {
    selected.deselect(indexPath)
  }

  open func setEditing(_ editing: Bool, animated: Bool) { isEditing = editing }

  // MARK: A person's input

  /// A tap on a row: the delegate may redirect or refuse it (`willSelectRowAt`); a tap on a
  /// selected row of a multiple-selection table deselects it; otherwise the row is selected (the
  /// previous one deselected, with `didDeselectRowAt`) and `didSelectRowAt` is called.
  public func userSelectRow(at indexPath: IndexPath) {
    guard allowsSelection, contains(indexPath) else { return }
    if allowsMultipleSelection, selected.contains(indexPath) {
      guard let target = delegate.map({ $0.tableView(self, willDeselectRowAt: indexPath) }) ?? indexPath else { return }
      deselectRow(at: target, animated: false)
      delegate?.tableView(self, didDeselectRowAt: target)
      return
    }
    guard let target = delegate.map({ $0.tableView(self, willSelectRowAt: indexPath) }) ?? indexPath, contains(target) else { return }
    if !allowsMultipleSelection, let previous = selected.indexPaths.first, previous != target {
      deselectRow(at: previous, animated: false)
      delegate?.tableView(self, didDeselectRowAt: previous)
    }
    selectRow(at: target, animated: false, scrollPosition: .none)
    delegate?.tableView(self, didSelectRowAt: target)
  }

  /// Swipe-to-delete: if the data source lets the row be edited, it is asked to commit the deletion.
  public func userDeleteRow(at indexPath: IndexPath) {
    guard contains(indexPath), let dataSource, dataSource.tableView(self, canEditRowAt: indexPath) else { return }
    dataSource.tableView(self, commit: .delete, forRowAt: indexPath)
  }

  private func contains(_ indexPath: IndexPath) -> Bool {
    indexPath.count == 2 && (0..<numberOfSections).contains(indexPath.section)
      && (0..<numberOfRows(inSection: indexPath.section)).contains(indexPath.row)
  }
}

/// A table cell (held: it keeps its content, nothing is drawn).
@preconcurrency @MainActor
open class UITableViewCell: UIView {
  public enum CellStyle: Int, Sendable { case `default`, value1, value2, subtitle }
  public enum AccessoryType: Int, Sendable { case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton }
  public enum SelectionStyle: Int, Sendable { case none, blue, gray, `default` }
  public enum EditingStyle: Int, Sendable { case none, delete, insert }

  public let reuseIdentifier: String?
  public let contentView = UIView()
  public let textLabel: UILabel?
  public let detailTextLabel: UILabel?
  public let imageView: UIImageView?
  public var accessoryType = AccessoryType.none
  public var accessoryView: UIView?
  public var selectionStyle = SelectionStyle.default
  public var contentConfiguration: (any UIContentConfiguration)?
  public var isSelected = false
  public var isHighlighted = false

  public required init(style: CellStyle, reuseIdentifier: String?) {
    self.reuseIdentifier = reuseIdentifier
    textLabel = UILabel()
    detailTextLabel = style == .default ? nil : UILabel()
    imageView = UIImageView()
    super.init(frame: .zero)
  }

  public required init?(coder: NSCoder) {
    reuseIdentifier = nil
    textLabel = UILabel()
    detailTextLabel = nil
    imageView = UIImageView()
    super.init(coder: coder)
  }

  public func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }
  open func prepareForReuse() {}
  open func setSelected(_ selected: Bool, animated: Bool) { isSelected = selected }
}

/// What a table shows. `numberOfRowsInSection` and `cellForRowAt` are required, as in UIKit.
@preconcurrency @MainActor
public protocol UITableViewDataSource: AnyObject {
  func numberOfSections(in tableView: UITableView) -> Int
  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
  func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
  func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
  func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool
  func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath)
  func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool
  func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension UITableViewDataSource {
  public func numberOfSections(in tableView: UITableView) -> Int { 1 }
  public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
  public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
  public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
  public func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
  public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
  public func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
}

/// What a table tells about selection and asks about layout. Every method is optional.
@preconcurrency @MainActor
public protocol UITableViewDelegate: UIScrollViewDelegate {
  func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
  func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath?
  func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
  func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
  func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView?
  func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
  func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle
}

extension UITableViewDelegate {
  public func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
  public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
  public func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
  public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
  public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { UITableView.automaticDimension }
  public func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
  public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
  public func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle { .delete }
}

/// What a scroll view tells as it scrolls (the simulator never scrolls: held).
@preconcurrency @MainActor
public protocol UIScrollViewDelegate: AnyObject {
  func scrollViewDidScroll(_ scrollView: UIScrollView)
  func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
  public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
  public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
}

/// A controller whose view is a table, its own data source and delegate.
@preconcurrency @MainActor
open class UITableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
  public var tableView: UITableView
  public var clearsSelectionOnViewWillAppear = true

  // UIKit's three designated initializers and its inherited `init()`, so a subclass written for
  // iOS compiles unchanged: one with no initializers of its own inherits them all (`List()`,
  // `List(style: .grouped)`), and one declaring `init() { super.init(style: .plain) }` needs no
  // `override`, as `init()` is a convenience initializer here as it is in UIKit.
  public init(style: UITableView.Style) {
    tableView = UITableView(frame: .zero, style: style)
    super.init(nibName: nil, bundle: nil)
    tableView.dataSource = self
    tableView.delegate = self
  }

  /// A plain table, as UIKit makes for a controller with no nib (there are no nibs here).
  public override init(nibName: String?, bundle: Bundle?) {
    tableView = UITableView(frame: .zero, style: .plain)
    super.init(nibName: nibName, bundle: bundle)
    tableView.dataSource = self
    tableView.delegate = self
  }

  /// `UITableViewController()`: a plain table. It goes through `init(nibName: nil, bundle: nil)`,
  /// as UIKit's `init` does, so a subclass overriding that initializer sees the call.
  public convenience override init() { self.init(nibName: nil, bundle: nil) }

  public required init?(coder: NSCoder) {
    tableView = UITableView(frame: .zero, style: .plain)
    super.init(coder: coder)
    tableView.dataSource = self
    tableView.delegate = self
  }

  open override func loadView() { view = tableView }

  // Declared here so subclasses `override` them, as they do UIKit's.
  open func numberOfSections(in tableView: UITableView) -> Int { 1 }
  open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
  open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
  open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
  open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
  open func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
  open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
  open func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
  open func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
  open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
  open func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
  open func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
  open func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { UITableView.automaticDimension }
  open func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
  open func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
  open func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle { .delete }

  open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    preconditionFailure("UITableViewController: a subclass must provide cells (tableView(_:cellForRowAt:))")
  }
}
