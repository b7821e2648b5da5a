import Observation
import UIKit

/// A feature's navigation state, as an app's model holds it: the item shown in a sheet, the path
/// of items pushed on the stack, and a banner that goes away by itself after two seconds.
@MainActor @Observable
final class FeatureModel {
  var sheet: Int?
  var path: [Int] = []
  var banner: String?

  init(sheet: Int? = nil, path: [Int] = []) {
    self.sheet = sheet
    self.path = path
  }

  func showBanner(_ text: String) {
    banner = text
    DispatchQueue.main.asyncAfter(deadline: .now() + 2) { [weak self] in self?.banner = nil }
  }
}

/// One item's screen.
final class ItemController: UIViewController {
  let item: Int
  /// Told when the controller leaves the screen as a dismissed sheet (by code or by a swipe).
  var onDismiss: (() -> Void)?

  init(item: Int) {
    self.item = item
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { fatalError("made in code") }

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    if isBeingDismissed { onDismiss?() }
  }
}

/// A small navigation helper of the kind an app writes, and the code under test of this suite: it
/// keeps a navigation controller's screens equal to a `FeatureModel`. It observes the model and,
/// on the main queue's next turn (as UIKit navigation libraries coalesce observation), presents or
/// dismisses the sheet and pushes or pops to the path; a person's swipe or back tap, and a
/// dismissal by code, are written back to the model.
@MainActor
final class ModelNavigator: NSObject, UINavigationControllerDelegate {
  let model: FeatureModel
  let navigationController: UINavigationController
  private var presented: ItemController?

  init(model: FeatureModel, navigationController: UINavigationController) {
    self.model = model
    self.navigationController = navigationController
    super.init()
    navigationController.delegate = self
    observeModel()
    DispatchQueue.main.async { [weak self] in self?.update() }
  }

  private func observeModel() {
    withObservationTracking {
      _ = model.sheet
      _ = model.path
    } onChange: { [weak self] in
      DispatchQueue.main.async {
        self?.update()
        self?.observeModel()
      }
    }
  }

  private func update() {
    guard let root = navigationController.viewControllers.first else { return }
    updateSheet(presentingFrom: navigationController)
    let shown = navigationController.viewControllers.dropFirst().compactMap { ($0 as? ItemController)?.item }
    if shown != model.path {
      navigationController.setViewControllers([root] + model.path.map { ItemController(item: $0) }, animated: true)
    }
  }

  private func updateSheet(presentingFrom presenter: UIViewController) {
    if let current = presented, current.item != model.sheet {
      presented = nil
      current.dismiss(animated: true)
    }
    guard let item = model.sheet, presented == nil, presenter.presentedViewController == nil else { return }
    let sheet = ItemController(item: item)
    sheet.onDismiss = { [weak self, weak sheet] in
      guard let self, let sheet, self.presented === sheet else { return }
      self.presented = nil
      self.model.sheet = nil
    }
    presented = sheet
    presenter.present(sheet, animated: true)
  }

  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
  ) {
    let shown = navigationController.viewControllers.dropFirst().compactMap { ($0 as? ItemController)?.item }
    if shown.count < model.path.count, Array(model.path.prefix(shown.count)) == shown { model.path = shown }
  }
}
