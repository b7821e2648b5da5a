import HeadlessUIKit
import Observation
import StateDrivenNavigation
import Testing

@MainActor
@Observable
final class PathModel {
  var path: [Int] = []
}

@MainActor
struct StackWorld {
  let environment = HeadlessEnvironment.reset()
  let window = UIWindow()
  let model = PathModel()
  let stack: NavigationStackController<Int>
  var built = 0

  init() {
    stack = NavigationStackController(path: UIBindable(model).path, root: ItemController(itemID: 0))
    stack.navigationDestination { ItemController(itemID: $0) }
    window.rootViewController = stack
    window.makeKeyAndVisible()
  }

  func settle() { environment.runLoop.settle() }
  var screen: [Int] { stack.viewControllers.dropFirst().map { ($0 as! ItemController).itemID } }
}

@MainActor
@Suite struct StackNavigationTests {
  @Test func appendPushesAndRemoveLastPops() {
    let world = StackWorld()
    world.model.path.append(1)
    world.settle()
    #expect(world.screen == [1])
    world.model.path.append(2)
    world.model.path.append(3)
    world.settle()
    #expect(world.screen == [1, 2, 3])
    world.model.path.removeLast(2)
    world.settle()
    #expect(world.screen == [1])
    #expect(world.environment.diagnostics.filter(\.kind.isException).isEmpty)
  }

  @Test func deepLinkRebuildsKeepingTheMatchingPrefix() {
    let world = StackWorld()
    world.model.path = [1, 2]
    world.settle()
    let first = world.stack.viewControllers[1]
    world.model.path = [1, 5, 6]
    world.settle()
    #expect(world.screen == [1, 5, 6])
    #expect(world.stack.viewControllers[1] === first)
  }

  @Test func duplicateValuesAreDistinctScreens() {
    let world = StackWorld()
    world.model.path = [1]
    world.settle()
    world.model.path = [1, 1]
    world.settle()
    #expect(world.screen == [1, 1])
    #expect(world.stack.viewControllers[1] !== world.stack.viewControllers[2])
    #expect(world.environment.diagnostics.filter(\.kind.isException).isEmpty)
  }

  @Test func userPopsWriteBackAStrictPrefix() {
    let world = StackWorld()
    world.model.path = [1, 2, 3]
    world.settle()
    _ = world.window.userTapBack()
    world.settle()
    #expect(world.model.path == [1, 2])
    _ = world.window.userSwipeBack(cancelled: true)
    world.settle()
    #expect(world.model.path == [1, 2])
    _ = world.window.userPopBack(toIndex: 0)
    world.settle()
    #expect(world.model.path == [])
    #expect(world.screen == [])
  }

  @Test func anAppendDuringAUserPopIsNotLost() {
    let world = StackWorld()
    world.model.path = [1, 2]
    world.settle()
    _ = world.window.userTapBack()
    world.model.path.append(3)  // the program appends while the pop animates
    world.settle()
    // The user removed element 2, so 3 (above it) goes with it: one suffix truncation.
    #expect(world.model.path == [1])
    #expect(world.screen == [1])
  }

  @Test func anElementNoDestinationCanBuildIsReportedAndRemoved() {
    let environment = HeadlessEnvironment.reset()
    NavigationWarnings.reset()
    let window = UIWindow()
    let model = PathModel()
    let stack = NavigationStackController(path: UIBindable(model).path, root: ItemController(itemID: 0))
    stack.navigationDestination { $0 == 9 ? nil : ItemController(itemID: $0) }
    window.rootViewController = stack
    window.makeKeyAndVisible()
    model.path = [1, 9, 2]
    environment.runLoop.settle()
    #expect(model.path == [1, 2])
    #expect(stack.viewControllers.dropFirst().map { ($0 as! ItemController).itemID } == [1, 2])
    #expect(NavigationWarnings.messages.contains { $0.contains("builds a screen for 9") })
  }

  @Test func anAppendDuringAPushIsNotLost() {
    let world = StackWorld()
    world.model.path = [1]
    world.settle()
    world.model.path.append(2)
    world.environment.runLoop.tick()
    world.model.path.append(3)
    world.settle()
    #expect(world.model.path == [1, 2, 3])
    #expect(world.screen == [1, 2, 3])
  }
}

@MainActor
@Suite struct EngineMemoryTests {
  @Test func presentingAndDismissingRetainsNeitherModelNorControllers() {
    weak var weakModel: FeatureModel?
    let environment: HeadlessEnvironment
    do {
      let world = EngineWorld()
      environment = world.environment
      weakModel = world.model
      world.model.sheet = Item(id: 1)
      world.settle()
      world.model.pushed = Item(id: 2)
      world.settle()
      _ = world.window.userSwipeToDismiss()
      world.settle()
      _ = world.window.userTapBack()
      world.settle()
      #expect(world.environment.liveControllers.count == 2)  // navigation + root
      world.window.rootViewController = nil
    }
    environment.runLoop.settle()
    #expect(weakModel == nil)
    #expect(environment.liveControllers.isEmpty)
  }
}
