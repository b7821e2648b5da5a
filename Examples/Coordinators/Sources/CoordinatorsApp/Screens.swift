import UIKit

/// The list of items: a stack of buttons, one per item, and a settings button in the bar.
public final class ListViewController: UIViewController {
  public var onSelect: ((Int) -> Void)?
  public var onSettings: (() -> Void)?
  private let items: [Int]

  public init(items: [Int]) {
    self.items = items
    super.init(nibName: nil, bundle: nil)
    title = "Items"
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  public override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemBackground
    navigationItem.rightBarButtonItem = UIBarButtonItem(
      image: UIImage(systemName: "gear"), primaryAction: UIAction { [weak self] _ in self?.onSettings?() })
    let stack = UIStackView(arrangedSubviews: items.map { item in
      UIButton(primaryAction: UIAction(title: "Item \(item)") { [weak self] _ in self?.onSelect?(item) })
    })
    stack.axis = .vertical
    stack.spacing = 8
    stack.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(stack)
    NSLayoutConstraint.activate([
      stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 16),
      stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
      stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
    ])
  }
}

/// One item, with a way to start over.
public final class DetailViewController: UIViewController {
  public let itemID: Int
  public var onReset: (() -> Void)?
  private let label = UILabel()

  public init(itemID: Int) {
    self.itemID = itemID
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  public override func viewDidLoad() {
    super.viewDidLoad()
    title = "Item \(itemID)"
    view.backgroundColor = .systemBackground
    label.text = "Item \(itemID)"
    label.font = .preferredFont(forTextStyle: .title2)
    label.textAlignment = .center
    label.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(label)
    NSLayoutConstraint.activate([
      label.centerXAnchor.constraint(equalTo: view.centerXAnchor),
      label.centerYAnchor.constraint(equalTo: view.centerYAnchor),
    ])
    navigationItem.rightBarButtonItem = UIBarButtonItem(
      title: "Reset", primaryAction: UIAction { [weak self] _ in self?.onReset?() })
  }
}

/// Settings, shown in a sheet.
public final class SettingsViewController: UIViewController {
  public var onDone: (() -> Void)?

  public override func viewDidLoad() {
    super.viewDidLoad()
    title = "Settings"
    view.backgroundColor = .secondarySystemBackground
    navigationItem.rightBarButtonItem = UIBarButtonItem(
      systemItem: .done, primaryAction: UIAction { [weak self] _ in self?.onDone?() })
  }
}
