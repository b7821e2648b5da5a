import Testing
import UIKit

private nonisolated(unsafe) var onDismissKey: UInt8 = 0
private nonisolated(unsafe) var weakKey: UInt8 = 0

private final class Box {
  let value: Int
  init(_ value: Int) { self.value = value }
}

/// A value whose `deinit` reads and writes its owner's associations, as swift-navigation's
/// `Presented.deinit` does through the dismissal it starts.
private final class ReentrantValue {
  let owner: AnyObject
  let seen: (Any?) -> Void
  init(owner: AnyObject, seen: @escaping (Any?) -> Void) {
    self.owner = owner
    self.seen = seen
  }
  deinit {
    seen(objc_getAssociatedObject(owner, &onDismissKey))
    objc_setAssociatedObject(owner, &weakKey, Box(3), .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
  }
}

@MainActor
@Suite struct RuntimeStandInTests {
  @Test func associatedObjectsLiveAsLongAsTheirController() {
    _ = UIKitWorld()
    weak var released: Box?
    do {
      let controller = UIViewController()
      let box = Box(7)
      released = box
      objc_setAssociatedObject(controller, &onDismissKey, box, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
      #expect((objc_getAssociatedObject(controller, &onDismissKey) as? Box)?.value == 7)
      #expect(objc_getAssociatedObject(UIViewController(), &onDismissKey) == nil)
      objc_setAssociatedObject(controller, &weakKey, Box(1), .OBJC_ASSOCIATION_ASSIGN)
      #expect(objc_getAssociatedObject(controller, &weakKey) == nil)
    }
    #expect(released == nil)
  }

  /// When their owner goes, associated values are released in the order they were set: their
  /// deinits (a library's teardown) run in the same order on every run, never in hash order.
  @Test(arguments: [false, true])
  func associatedValuesAreReleasedInTheOrderTheyWereSet(onAController: Bool) {
    _ = UIKitWorld()
    final class Logged {
      let index: Int
      let log: (Int) -> Void
      init(_ index: Int, log: @escaping (Int) -> Void) {
        self.index = index
        self.log = log
      }
      deinit { log(index) }
    }
    var released: [Int] = []
    let keys = UnsafeMutablePointer<UInt8>.allocate(capacity: 16)
    defer { keys.deallocate() }
    do {
      let owner: AnyObject = onAController ? UIViewController() : Box(0)
      for index in 0..<16 {
        objc_setAssociatedObject(
          owner, UnsafeRawPointer(keys + index), Logged(index) { released.append($0) }, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
      }
      if !onAController { objc_removeAssociatedObjects(owner) }
    }
    #expect(released == Array(0..<16))
  }

  /// The Objective-C runtime releases a replaced value after storing the new one: its `deinit` may
  /// use the same object's associations and sees the new value (on a controller and on another
  /// object; replaced, set to nil, or all removed).
  @Test(arguments: [false, true], 0..<3)
  func aReplacedValueIsReleasedAfterTheNewOneIsStored(onController: Bool, replacement: Int) {
    _ = UIKitWorld()
    let owner: AnyObject = onController ? UIViewController() : Box(0)
    var seen: [Any?] = []
    objc_setAssociatedObject(
      owner, &onDismissKey, ReentrantValue(owner: owner) { seen.append($0) }, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    switch replacement {
    case 0: objc_setAssociatedObject(owner, &onDismissKey, Box(2), .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    case 1: objc_setAssociatedObject(owner, &onDismissKey, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    default: objc_removeAssociatedObjects(owner)
    }
    #expect(seen.count == 1)
    #expect((seen.first.flatMap { $0 } as? Box)?.value == (replacement == 0 ? 2 : nil))
    #expect((objc_getAssociatedObject(owner, &weakKey) as? Box)?.value == 3)
  }

  @Test func associatedObjectsOnOtherObjectsAndClosures() {
    let owner = Box(0)
    let closure: () -> Int = { 42 }
    objc_setAssociatedObject(owner, &onDismissKey, closure, .OBJC_ASSOCIATION_COPY_NONATOMIC)
    #expect((objc_getAssociatedObject(owner, &onDismissKey) as? () -> Int)?() == 42)
    objc_setAssociatedObject(owner, &onDismissKey, nil, .OBJC_ASSOCIATION_COPY_NONATOMIC)
    #expect(objc_getAssociatedObject(owner, &onDismissKey) == nil)
  }

  @Test func controllersCompareByIdentityLikeNSObject() {
    _ = UIKitWorld()
    let first = UIViewController(), second = UIViewController(nibName: nil, bundle: nil)
    let stack = [first, second]
    #expect(stack.firstIndex(of: second) == 1)
    #expect(first != second)
    #expect(first == stack[0])
    #expect(Set([first, second, first]).count == 2)
  }

  @Test func mainQueueHopsRunOnTheNextVirtualTurn() {
    let world = UIKitWorld()
    var order: [String] = []
    DispatchQueue.main.async { order.append("hop") }
    DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) { order.append("later") }
    order.append("now")
    #expect(order == ["now"])
    world.environment.runLoop.tick()
    #expect(order == ["now", "hop"])
    world.environment.runLoop.advance(by: 299)
    #expect(order == ["now", "hop"])
    world.environment.runLoop.advance(by: 1)
    #expect(order == ["now", "hop", "later"])
  }

  /// The delay is read against the real clock when the call is made: however slow the machine was
  /// between the caller's `.now()` and the call (here, a caller who asked for 0.3 s 3 ms ago), the
  /// virtual delay is the one asked for.
  @Test func aMainQueueDelayDoesNotDependOnTheMachinesSpeed() {
    let world = UIKitWorld()
    var ran = false
    let askedThreeMillisecondsAgo = DispatchTime(uptimeNanoseconds: DispatchTime.now().uptimeNanoseconds + 297_000_000)
    DispatchQueue.main.asyncAfter(deadline: askedThreeMillisecondsAgo) { ran = true }
    world.environment.runLoop.advance(by: 299)
    #expect(!ran)
    world.environment.runLoop.advance(by: 1)
    #expect(ran)
  }

  @Test func otherQueuesAreLeftToDispatch() async {
    let queue = DispatchQueue(label: "background")
    let ran = await withCheckedContinuation { continuation in
      queue.async { continuation.resume(returning: true) }
    }
    #expect(ran)
  }
}

/// A controller whose `viewDidAppear` does not call super: a swizzle never sees it.
private final class NoSuperController: UIViewController {
  override func viewDidAppear(_ animated: Bool) {}
}

@MainActor
@Suite struct LifecycleHookTests {
  @Test func classWideHooksRunInsideSuperAsASwizzleWould() {
    let world = UIKitWorld()
    var seen: [String] = []
    let token = UIViewController.installLifecycleHook { controller, event in
      guard event == .viewDidAppear || event == .didMoveToParent(isNil: false) else { return }
      seen.append("\(type(of: controller)).\(event)")
    }
    defer { UIViewController.removeLifecycleHook(token) }
    final class Ordered: UIViewController {
      var log: (String) -> Void = { _ in }
      override func viewDidAppear(_ animated: Bool) {
        log("before super")
        super.viewDidAppear(animated)
        log("after super")
      }
    }
    let ordered = Ordered()
    ordered.log = { seen.append($0) }
    world.navigation.pushViewController(ordered, animated: true)
    world.settle()
    #expect(seen == ["before super", "Ordered.viewDidAppear", "after super", "Ordered.didMoveToParent(isNil: false)"])

    seen.removeAll()
    world.navigation.pushViewController(NoSuperController(), animated: false)
    world.settle()
    #expect(seen == ["NoSuperController.didMoveToParent(isNil: false)"])
  }

  @Test func aRemovedHookNoLongerRuns() {
    let world = UIKitWorld()
    var count = 0
    let token = UIViewController.installLifecycleHook { _, _ in count += 1 }
    UIViewController.removeLifecycleHook(token)
    world.navigation.pushViewController(UIViewController(), animated: false)
    #expect(count == 0)
  }
}
