import HeadlessUIKit
import Testing

@testable import StateDrivenNavigation

/// A modal gone with a presenter popped as collateral comes back with it, unless another
/// binding's modal has been shown in its presentation context since it went: that one is newer
/// (the last writer wins), even if it is gone again by the time the presenter is back.
@MainActor
@Suite struct ModalComebacksTests {
  private final class Model {}

  @MainActor
  private struct Fixture {
    let comebacks = ModalComebacks()
    let presenter = UIViewController()
    let stack: UINavigationController
    let elsewhere = UINavigationController(rootViewController: UIViewController())
    let models = [Model(), Model()]
    var gone: UIBindingIdentifier { UIBindingIdentifier(derivation: .unique(ObjectIdentifier(models[0]))) }
    var newer: UIBindingIdentifier { UIBindingIdentifier(derivation: .unique(ObjectIdentifier(models[1]))) }

    init() {
      _ = HeadlessEnvironment.reset()
      stack = UINavigationController(rootViewController: presenter)
    }

    /// What the gone modal is once it looks, after its turn.
    func lookTwice() -> [ModalComebacks.Comeback] {
      [comebacks.comeback(gone, presentationID: 1, of: presenter), comebacks.comeback(gone, presentationID: 1, of: presenter)]
    }
  }

  @Test func aModalShownInItsContextSinceItWentSupersedesIt() {
    let fixture = Fixture()
    fixture.comebacks.wentWithItsPresenter(fixture.gone, presentationID: 1) { false }
    fixture.comebacks.shown(fixture.newer, by: fixture.presenter)
    #expect(fixture.lookTwice() == [.waitATurn, .superseded])
  }

  @Test func aModalShownBeforeItWentOrInAnotherContextDoesNot() {
    let before = Fixture()
    before.comebacks.shown(before.newer, by: before.presenter)
    before.comebacks.wentWithItsPresenter(before.gone, presentationID: 1) { false }
    #expect(before.lookTwice() == [.waitATurn, .comesBack])

    let elsewhere = Fixture()
    elsewhere.comebacks.wentWithItsPresenter(elsewhere.gone, presentationID: 1) { false }
    elsewhere.comebacks.shown(elsewhere.newer, by: elsewhere.elsewhere.viewControllers[0])
    #expect(elsewhere.lookTwice() == [.waitATurn, .comesBack])
  }

  @Test func itsOwnBindingShownAgainIsNotNewer() {
    let fixture = Fixture()
    fixture.comebacks.wentWithItsPresenter(fixture.gone, presentationID: 1) { false }
    fixture.comebacks.shown(fixture.gone, by: fixture.presenter)
    #expect(fixture.lookTwice() == [.waitATurn, .comesBack])
  }
}
