import Foundation
import HeadlessUIKit
import StateDrivenNavigation
import Testing

/// A modal evicted by another binding's modal has its state cleared, whatever else takes it away
/// at the same time: here its presenter is popped as collateral of a pop below it, which on its
/// own leaves the modal's state set, so that the presenter, pushed back, shows it again.
@MainActor
@Suite struct EvictionTests {
  /// A screen pushed above another, with a sheet of its own; counts the sheets it builds.
  final class UpperScreen: UIViewController {
    @UIBindable var model: FeatureModel
    var sheetsBuilt = 0

    init(model: FeatureModel) {
      self.model = model
      super.init()
    }

    required init?(coder: NSCoder) { fatalError("made in code") }

    override func viewDidLoad() {
      super.viewDidLoad()
      present(item: $model.sheet) { [weak self] item in
        self?.sheetsBuilt += 1
        return ItemController(itemID: item.wrappedValue.id)
      }
    }
  }

  /// The root screen: a Bool sheet and two pushes, the second one an `UpperScreen`.
  final class RootScreen: UIViewController {
    @UIBindable var model: FeatureModel
    let upperModel: FeatureModel
    var uppers: [UpperScreen] = []

    init(model: FeatureModel, upperModel: FeatureModel) {
      self.model = model
      self.upperModel = upperModel
      super.init()
    }

    required init?(coder: NSCoder) { fatalError("made in code") }

    override func viewDidLoad() {
      super.viewDidLoad()
      present(isPresented: $model.isPresented) { ItemController(itemID: -1) }
      navigationDestination(item: $model.pushed) { item in ItemController(itemID: item.wrappedValue.id) }
      navigationDestination(item: $model.secondPushed) { [weak self, upperModel] _ in
        let upper = UpperScreen(model: upperModel)
        self?.uppers.append(upper)
        return upper
      }
    }
  }

  @Test func anEvictedModalOfACollaterallyPoppedPresenterDoesNotComeBack() {
    let environment = HeadlessEnvironment.reset()
    let window = UIWindow()
    let model = FeatureModel()
    let upperModel = FeatureModel()
    let root = RootScreen(model: model, upperModel: upperModel)
    window.rootViewController = UINavigationController(rootViewController: root)
    window.makeKeyAndVisible()
    environment.runLoop.settle()
    model.pushed = Item(id: 1)
    environment.runLoop.settle()
    model.secondPushed = Item(id: 2)
    environment.runLoop.settle()
    upperModel.sheet = Item(id: 5)
    environment.runLoop.settle()
    #expect(root.uppers.map(\.sheetsBuilt) == [1])

    // The root's sheet (the later modal) and a new identity for the push below the upper screen,
    // in one turn: the pop takes the upper screen along (collateral: it comes back), and its sheet
    // is evicted by the root's.
    model.isPresented = true
    model.pushed = Item(id: 3)
    environment.runLoop.settle()

    #expect(model.isPresented)
    #expect(upperModel.sheet == nil)
    #expect(window.topmostViewController.map { ($0 as? ItemController)?.itemID } == -1)
    // The upper screen came back without building its evicted sheet again.
    #expect(root.uppers.count == 2)
    #expect(root.uppers.map(\.sheetsBuilt) == [1, 0])
  }
}
