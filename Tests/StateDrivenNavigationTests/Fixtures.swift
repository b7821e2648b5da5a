import Foundation
import HeadlessUIKit
import Observation
import StateDrivenNavigation

struct Item: Identifiable, Equatable {
  var id: Int
  var payload = 0
}

@MainActor
@Observable
final class FeatureModel {
  var sheet: Item?
  var other: Item?
  var pushed: Item?
  var secondPushed: Item?
  var isPresented = false
  var alert: AlertState<String>?
  var unrelated = 0
  var child: FeatureModel?

  init() {}
}

/// A leaf screen that says which item it shows.
final class ItemController: UIViewController {
  let itemID: Int
  init(itemID: Int) {
    self.itemID = itemID
    super.init()
  }

  required init?(coder: NSCoder) { fatalError("made in code") }
}

/// A screen wired with the engine's public API, as an app would write it.
final class FeatureController: UIViewController {
  @UIBindable var model: FeatureModel
  var dismissals: [String] = []
  var alertActions: [String?] = []

  init(model: FeatureModel) {
    self.model = model
    super.init()
  }

  required init?(coder: NSCoder) { fatalError("made in code") }

  override func viewDidLoad() {
    super.viewDidLoad()
    present(item: $model.sheet, onDismiss: { [weak self] in self?.dismissals.append("sheet") }) { item in
      ItemController(itemID: item.wrappedValue.id)
    }
    present(item: $model.other, onDismiss: { [weak self] in self?.dismissals.append("other") }) { item in
      ItemController(itemID: item.wrappedValue.id)
    }
    present(isPresented: $model.isPresented, onDismiss: { [weak self] in self?.dismissals.append("isPresented") }) {
      ItemController(itemID: -1)
    }
    navigationDestination(item: $model.pushed, onDismiss: { [weak self] in self?.dismissals.append("pushed") }) { item in
      ItemController(itemID: item.wrappedValue.id)
    }
    navigationDestination(item: $model.secondPushed) { item in ItemController(itemID: item.wrappedValue.id) }
    present(alert: $model.alert, handler: { [weak self] action in self?.alertActions.append(action) })
  }
}

/// A window whose root is a navigation controller around a `FeatureController`.
@MainActor
struct EngineWorld {
  let environment: HeadlessEnvironment
  let window: UIWindow
  let model: FeatureModel
  let root: FeatureController
  let navigation: UINavigationController

  init(model: FeatureModel = FeatureModel()) {
    environment = HeadlessEnvironment.reset()
    window = UIWindow()
    self.model = model
    root = FeatureController(model: model)
    navigation = UINavigationController(rootViewController: root)
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    environment.runLoop.settle()
  }

  func settle() { environment.runLoop.settle() }
  func tick() { environment.runLoop.tick() }
  func advance(_ milliseconds: Int) { environment.runLoop.advance(by: milliseconds) }

  /// Item ids of the controllers on screen above the root, bottom to top.
  var screen: [Int] {
    window.screenSnapshot.entries.dropFirst().compactMap { ($0.controller as? ItemController)?.itemID }
  }

  var alertOnTop: Bool { window.topmostViewController is UIAlertController }
  var diagnostics: [UIKitDiagnostic] { environment.diagnostics.filter { $0.kind != .navigationOperationDeferred } }
}
