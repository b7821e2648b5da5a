import UIKit

/// The app's navigation, coordinator style: it pushes details, presents the settings sheet and the
/// reset confirmation, and keeps `path` (the ids of the details on the stack) true when the user
/// goes back by themselves (back button, back menu, swipe).
open class AppCoordinator: NSObject, UINavigationControllerDelegate, UIAdaptivePresentationControllerDelegate {
  /// Owned by the window; the coordinator is owned by whoever set the window up.
  public private(set) weak var navigationController: UINavigationController?
  /// The ids of the details on the stack, bottom to top.
  public internal(set) var path: [Int] = []
  public private(set) var isShowingSettings = false
  /// Called when the user changed `path` by going back.
  public var onPathChange: (([Int]) -> Void)?
  /// Called when the user swiped the settings sheet away.
  public var onSettingsDismissed: (() -> Void)?

  private let makeDetail: (Int) -> UIViewController
  private let makeSettings: () -> UIViewController
  /// The controllers showing the ids in `path`.
  var details: [Int: UIViewController] = [:]
  /// The ids the coordinator last put on the stack. The user can only remove from these.
  var applied: [Int] = []
  private var isWaitingForTransition = false

  public init(
    navigationController: UINavigationController,
    makeDetail: @escaping (Int) -> UIViewController = { DetailViewController(itemID: $0) },
    makeSettings: @escaping () -> UIViewController = { SettingsViewController() }
  ) {
    self.navigationController = navigationController
    self.makeDetail = makeDetail
    self.makeSettings = makeSettings
    super.init()
    navigationController.delegate = self
  }

  // MARK: Stack

  public func showDetail(_ id: Int) {
    show(path: path + [id])
  }

  public func popToRoot() {
    show(path: [])
  }

  /// Makes the stack show `newPath`, in one `setViewControllers` (UIKit animates it as a push or a
  /// pop). While a transition runs, the stack is left alone until it ends.
  public func show(path newPath: [Int]) {
    path = newPath
    updateStackWhenIdle()
  }

  private func updateStackWhenIdle() {
    guard let navigationController else { return }
    if let transition = navigationController.transitionCoordinator {
      guard !isWaitingForTransition else { return }
      isWaitingForTransition = true
      transition.animate(alongsideTransition: nil) { [weak self] _ in
        self?.isWaitingForTransition = false
        self?.updateStackWhenIdle()
      }
      return
    }
    noteUserPops()
    guard applied != path else { return }
    forget(applied.filter { !path.contains($0) })
    applied = path
    let root = navigationController.viewControllers.first
    navigationController.setViewControllers([root].compactMap { $0 } + path.map(detail(for:)), animated: true)
  }

  private func detail(for id: Int) -> UIViewController {
    if let controller = details[id] { return controller }
    let controller = makeDetail(id)
    details[id] = controller
    return controller
  }

  private func forget(_ ids: [Int]) {
    for id in ids { details[id] = nil }
  }

  /// The user went back: `path` keeps what is below the first detail that left the stack, and the
  /// app hears.
  private func noteUserPops() {
    guard let navigationController else { return }
    let onStack = applied.filter { id in details[id].map { navigationController.viewControllers.contains($0) } ?? false }
    guard onStack != applied else { return }
    let popped = idsPoppedByUser(applied: applied, onStack: onStack)
    // What was above a popped detail cannot stay: the path keeps what is below the first one.
    let kept = path.firstIndex { popped.contains($0) }.map { Array(path[..<$0]) } ?? path
    forget(popped)
    applied.removeAll { popped.contains($0) }
    path = kept
    onPathChange?(path)
  }

  /// Which of the ids the coordinator put on the stack the user popped, given those still there.
  open func idsPoppedByUser(applied: [Int], onStack: [Int]) -> [Int] {
    applied.filter { !onStack.contains($0) }
  }

  // MARK: Sheet and alert

  public func showSettings() {
    guard let navigationController, !isShowingSettings else { return }
    let settings = makeSettings()
    let sheet = UINavigationController(rootViewController: settings)
    sheet.modalPresentationStyle = .pageSheet
    if let controller = sheet.sheetPresentationController {
      controller.detents = [.medium(), .large()]
      controller.prefersGrabberVisible = true
    }
    sheet.presentationController?.delegate = self
    isShowingSettings = true
    navigationController.present(sheet, animated: true)
  }

  public func dismissSettings() {
    guard isShowingSettings else { return }
    isShowingSettings = false
    navigationController?.dismiss(animated: true)
  }

  /// Asks before going back to the list; "Reset" pops to the root.
  public func confirmReset() {
    let alert = UIAlertController(title: "Start over?", message: "Go back to the list.", preferredStyle: .alert)
    alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
    alert.addAction(UIAlertAction(title: "Reset", style: .destructive) { [weak self] _ in
      self?.popToRoot()
    })
    navigationController?.present(alert, animated: true)
  }

  // MARK: UINavigationControllerDelegate

  /// Writes back what the user popped (back button, back menu, swipe), then catches the stack up
  /// with `path` if it changed meanwhile.
  public func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
  ) {
    noteUserPops()
    if applied != path { updateStackWhenIdle() }
  }

  // MARK: UIAdaptivePresentationControllerDelegate

  public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
    isShowingSettings = false
    onSettingsDismissed?()
  }
}
