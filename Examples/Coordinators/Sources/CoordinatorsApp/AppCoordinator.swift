import UIKit

/// The app's navigation, coordinator style: it builds and pushes the details, presents the
/// settings sheet and the reset confirmation, and keeps `path` (the ids of the items whose details
/// are on the stack) true when the user goes back by themselves (back button, back menu, swipe).
open class AppCoordinator: NSObject, UINavigationControllerDelegate, UIAdaptivePresentationControllerDelegate {
  /// Owned by the window; the coordinator is owned by whoever set the window up.
  public private(set) weak var navigationController: UINavigationController?
  /// The ids of the items whose details are on the stack, bottom to top.
  public private(set) var path: [Int] = []
  public private(set) var isShowingSettings = false
  /// Called when the user changed `path` by going back.
  public var onPathChange: (([Int]) -> Void)?
  /// Called when the user swiped the settings sheet away.
  public var onSettingsDismissed: (() -> Void)?

  /// The details the coordinator last put on the stack, bottom to top. The user can only remove
  /// from these.
  private var applied: [DetailViewController] = []
  private var isWaitingForTransition = false
  /// What the coordinator presents over the stack, or is about to (nil: nothing), and how many
  /// times it was asked: a request made before another is dropped.
  private var wantedModal: UIViewController?
  private var modalRequest = 0
  private weak var settingsSheet: UIViewController?
  private weak var resetAlert: UIViewController?

  public init(navigationController: UINavigationController) {
    self.navigationController = navigationController
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
    // The details that already show the start of the path stay; the rest are made anew.
    var kept = 0
    while kept < min(applied.count, path.count), applied[kept].itemID == path[kept] { kept += 1 }
    guard kept < applied.count || kept < path.count else { return }
    applied = Array(applied[..<kept]) + path[kept...].map(makeDetail)
    let root = navigationController.viewControllers.first
    navigationController.setViewControllers([root].compactMap { $0 } + applied, animated: true)
  }

  private func makeDetail(_ id: Int) -> DetailViewController {
    let detail = DetailViewController(itemID: id)
    detail.onReset = { [weak self] in self?.confirmReset() }
    return detail
  }

  /// The user went back: `path` keeps what is below the first detail that left the stack, and the
  /// app hears.
  private func noteUserPops() {
    guard let navigationController else { return }
    let onStack = applied.filter { detail in navigationController.viewControllers.contains(detail) }
    guard onStack.count != applied.count else { return }
    let popped = detailsPoppedByUser(applied: applied, onStack: onStack)
    // Where the path still holds the first popped detail's item, it ends below it (the path may
    // have changed meanwhile: a deep link during the user's pop).
    if let first = applied.firstIndex(where: { popped.contains($0) }), first < path.count,
      path[first] == applied[first].itemID
    {
      path = Array(path[..<first])
    }
    applied = onStack
    onPathChange?(path)
  }

  /// Which of the details the coordinator put on the stack the user popped, given those still there.
  open func detailsPoppedByUser(applied: [DetailViewController], onStack: [DetailViewController]) -> [DetailViewController] {
    applied.filter { !onStack.contains($0) }
  }

  // MARK: Sheet and alert

  public func showSettings() {
    guard !isShowingSettings else { return }
    let settings = SettingsViewController()
    settings.onDone = { [weak self] in self?.dismissSettings() }
    let sheet = UINavigationController(rootViewController: settings)
    sheet.modalPresentationStyle = .pageSheet
    if let controller = sheet.sheetPresentationController {
      controller.detents = [.medium(), .large()]
      controller.prefersGrabberVisible = true
    }
    sheet.presentationController?.delegate = self
    settingsSheet = sheet
    showModal(sheet)
    isShowingSettings = true
  }

  public func dismissSettings() {
    guard isShowingSettings, wantedModal === settingsSheet else { return }
    showModal(nil)
  }

  /// Asks before going back to the list; "Reset" pops to the root.
  public func confirmReset() {
    let alert = UIAlertController(title: "Start over?", message: "Go back to the list.", preferredStyle: .alert)
    alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { [weak self, weak alert] _ in
      self?.modalWentAway(alert)
    })
    alert.addAction(UIAlertAction(title: "Reset", style: .destructive) { [weak self, weak alert] _ in
      self?.modalWentAway(alert)
      self?.popToRoot()
    })
    resetAlert = alert
    showModal(alert)
  }

  /// Takes the reset confirmation away (or never shows it, if it is still waiting to).
  public func cancelReset() {
    guard let resetAlert, wantedModal === resetAlert else { return }
    showModal(nil)
  }

  /// One modal at a time over the stack, the one asked for last: whatever is presented goes first,
  /// and a modal still waiting to be presented is forgotten when another is asked for.
  private func showModal(_ modal: UIViewController?) {
    if wantedModal === settingsSheet { isShowingSettings = false }
    wantedModal = modal
    modalRequest += 1
    let request = modalRequest
    whenIdle { [weak self] in self?.updateModal(request) }
  }

  private func updateModal(_ request: Int) {
    guard request == modalRequest, let navigationController else { return }
    let shown = navigationController.presentedViewController
    if shown === wantedModal { return }
    if shown != nil {
      navigationController.dismiss(animated: true) { [weak self] in self?.whenIdle { self?.updateModal(request) } }
    } else if let wantedModal {
      navigationController.present(wantedModal, animated: true)
    }
  }

  /// The user took `modal` away (a button of the alert, a swipe of the sheet).
  private func modalWentAway(_ modal: UIViewController?) {
    if let modal, wantedModal === modal { wantedModal = nil }
  }

  /// Runs `work` once no transition runs on the navigation controller (or on what it presents):
  /// UIKit refuses to present or dismiss during one. Another may have begun when one ends.
  private func whenIdle(_ work: @escaping () -> Void) {
    let transition =
      navigationController?.transitionCoordinator ?? navigationController?.presentedViewController?.transitionCoordinator
    guard let transition else { return work() }
    transition.animate(alongsideTransition: nil) { [weak self] _ in self?.whenIdle(work) }
  }

  // MARK: UINavigationControllerDelegate

  /// Writes back what the user popped (back button, back menu, swipe), then catches the stack up
  /// with `path` if it changed meanwhile.
  public func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
  ) {
    noteUserPops()
    updateStackWhenIdle()
  }

  // MARK: UIAdaptivePresentationControllerDelegate

  /// The user swiped a settings sheet away — the one showing now, or one already replaced.
  public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
    guard presentationController.presentedViewController === settingsSheet else { return }
    modalWentAway(settingsSheet)
    isShowingSettings = false
    onSettingsDismissed?()
  }
}
