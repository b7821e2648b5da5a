import HeadlessUIKit
import StateDrivenNavigation
import Testing

@MainActor
@Suite struct TreeNavigationTests {
  @Test func nonNilStatePresentsOnceAndPayloadChangesNeverRepresent() {
    let world = EngineWorld()
    world.model.sheet = Item(id: 1)
    world.settle()
    #expect(world.screen == [1])
    let presented = world.root.presentedViewController
    world.model.sheet?.payload = 7
    world.model.unrelated += 1
    world.settle()
    #expect(world.root.presentedViewController === presented)
    #expect(world.diagnostics.isEmpty)
  }

  @Test func nilStateDismissesAndCallsOnDismissOnce() {
    let world = EngineWorld()
    world.model.sheet = Item(id: 1)
    world.settle()
    world.model.sheet = nil
    world.settle()
    #expect(world.screen == [])
    #expect(world.root.dismissals == ["sheet"])
  }

  @Test func userSwipeWritesNilBack() {
    let world = EngineWorld()
    world.model.sheet = Item(id: 1)
    world.settle()
    #expect(world.window.userSwipeToDismiss() == .performed)
    world.settle()
    #expect(world.model.sheet == nil)
    #expect(world.root.dismissals == ["sheet"])
    #expect(world.screen == [])
  }

  @Test func aCancelledSwipeWritesNothing() {
    let world = EngineWorld()
    world.model.sheet = Item(id: 1)
    world.settle()
    _ = world.window.userSwipeToDismiss(cancelled: true)
    world.settle()
    #expect(world.model.sheet == Item(id: 1))
    #expect(world.root.dismissals.isEmpty)
  }

  @Test func identityChangeDismissesCallsOnDismissThenPresentsTheNewItem() {
    let world = EngineWorld()
    world.model.sheet = Item(id: 1)
    world.settle()
    world.model.sheet = Item(id: 2)
    world.settle()
    #expect(world.screen == [2])
    #expect(world.model.sheet == Item(id: 2))
    #expect(world.root.dismissals == ["sheet"])
    #expect(world.diagnostics.isEmpty)
  }

  @Test func identityChangeDuringThePresentationAnimation() {
    let world = EngineWorld()
    world.model.sheet = Item(id: 1)
    world.tick()
    world.advance(100)  // sheet 1 is animating in
    world.model.sheet = Item(id: 2)
    world.settle()
    #expect(world.screen == [2])
    #expect(world.model.sheet == Item(id: 2))
    #expect(world.diagnostics.isEmpty)
  }

  @Test func presentingWhileThePreviousPresentationIsBeingDismissed() {
    let world = EngineWorld()
    world.model.sheet = Item(id: 1)
    world.settle()
    world.model.sheet = nil
    world.tick()  // the dismissal starts
    world.model.other = Item(id: 3)
    world.settle()
    #expect(world.screen == [3])
    #expect(world.model.sheet == nil && world.model.other == Item(id: 3))
    #expect(world.diagnostics.isEmpty)
  }

  @Test func clearingDuringAUserSwipe() {
    let world = EngineWorld()
    world.model.sheet = Item(id: 1)
    world.settle()
    _ = world.window.userSwipeToDismiss(cancelled: true)
    world.model.sheet = nil
    world.settle()
    #expect(world.screen == [])
    #expect(world.root.dismissals == ["sheet"])
    #expect(world.diagnostics.isEmpty)
  }

  @Test func anotherBindingsModalEvictsTheCurrentOneAndClearsItsState() {
    let world = EngineWorld()
    world.model.sheet = Item(id: 1)
    world.settle()
    world.model.other = Item(id: 2)
    world.settle()
    #expect(world.screen == [2])
    #expect(world.model.sheet == nil)
    #expect(world.root.dismissals == ["sheet"])  // not "other": nothing of its was dismissed
  }

  @Test func boolPresentationWritesFalseBack() {
    let world = EngineWorld()
    world.model.isPresented = true
    world.settle()
    #expect(world.screen == [-1])
    _ = world.window.userSwipeToDismiss()
    world.settle()
    #expect(world.model.isPresented == false)
  }

  @Test func alertButtonTapWritesNilAfterTheHandler() {
    let world = EngineWorld()
    world.model.alert = AlertState(id: 1, title: "Delete?", buttons: [ButtonState("Delete", role: .destructive, action: "delete")])
    world.settle()
    #expect(world.alertOnTop)
    _ = world.window.userTapAlertButton(0)
    world.settle()
    #expect(world.root.alertActions == ["delete"])
    #expect(world.model.alert == nil)
    #expect(!world.alertOnTop)
  }

  @Test func twoPushesFromOneScreenBothAppearAndUserBackWritesNil() {
    let world = EngineWorld()
    world.model.pushed = Item(id: 1)
    world.model.secondPushed = Item(id: 2)
    world.settle()
    #expect(world.screen == [1, 2])
    _ = world.window.userTapBack()
    world.settle()
    #expect(world.model.secondPushed == nil)
    #expect(world.model.pushed == Item(id: 1))
    _ = world.window.userSwipeBack()
    world.settle()
    #expect(world.model.pushed == nil)
    #expect(world.root.dismissals == ["pushed"])
  }

  @Test func poppingToTheRootClearsEveryIntermediate() {
    let world = EngineWorld()
    world.model.pushed = Item(id: 1)
    world.settle()
    world.model.secondPushed = Item(id: 2)
    world.settle()
    _ = world.window.userPopBack(toIndex: 0)
    world.settle()
    #expect(world.model.pushed == nil && world.model.secondPushed == nil)
    #expect(world.screen == [])
  }

  @Test func clearingAPushPopsItAndScreensAboveItComeBackWhileTheirStateWantsThem() {
    let world = EngineWorld()
    world.model.pushed = Item(id: 1)
    world.settle()
    world.model.secondPushed = Item(id: 2)
    world.settle()
    world.model.pushed = nil
    world.settle()
    // UIKit pops everything above; the engine did that, not the user, so nothing is written
    // back and the screen whose state is still set returns.
    #expect(world.screen == [2])
    #expect(world.model.secondPushed == Item(id: 2))
    world.model.pushed = Item(id: 3)
    world.model.secondPushed = nil
    world.settle()
    #expect(world.screen == [3])
    #expect(world.diagnostics.isEmpty)
  }

  @Test func pushIdentityChangeRepushes() {
    let world = EngineWorld()
    world.model.pushed = Item(id: 1)
    world.settle()
    world.model.pushed = Item(id: 2)
    world.settle()
    #expect(world.screen == [2])
    #expect(world.model.pushed == Item(id: 2))
  }

  @Test func nestedScreenPresentsOnlyAfterItAppears() {
    let world = EngineWorld()
    let childModel = FeatureModel()
    childModel.sheet = Item(id: 5)
    final class Host: UIViewController {}
    let child = FeatureController(model: childModel)
    world.root.present(UINavigationController(rootViewController: child), animated: true)
    child.loadViewIfNeeded()  // observation starts before the view appears
    #expect(world.diagnostics.isEmpty)
    world.settle()
    #expect(world.screen == [5])
    #expect(world.diagnostics.isEmpty)
  }

  @Test func aPoppedPresenterTakesItsModalWithIt() {
    let world = EngineWorld()
    let childModel = FeatureModel()
    let child = FeatureController(model: childModel)
    world.navigation.pushViewController(child, animated: false)
    world.settle()
    childModel.sheet = Item(id: 8)
    world.settle()
    #expect(world.screen == [8])
    world.navigation.popViewController(animated: true)
    world.settle()
    #expect(world.root.presentedViewController == nil)
  }

  @Test func dismissingAParentWhoseChildPresentsGoesThroughThePresenter() {
    let world = EngineWorld()
    let childModel = FeatureModel()
    world.model.child = childModel
    final class Parent: UIViewController {}
    world.model.sheet = Item(id: 1)
    world.settle()
    let sheet = world.root.presentedViewController!
    sheet.present(ItemController(itemID: 9), animated: false)
    world.settle()
    world.model.sheet = nil
    world.settle()
    #expect(world.root.presentedViewController == nil)
    #expect(world.diagnostics.isEmpty)
  }
}
