@testable import HeadlessUIKit
import Testing

/// HeadlessUIKit's shortcuts taken for speed give the answers of the plain computations they replace.
@MainActor
@Suite struct FastPathTests {
  /// Arrays of controllers with repeats and absentees, to search and filter.
  private func arrays() -> (pool: [UIViewController], arrays: [[UIViewController]]) {
    _ = HeadlessEnvironment.reset()
    let pool = (0..<5).map { _ in UIViewController() }
    var arrays: [[UIViewController]] = [[]]
    var state: UInt64 = 7
    for length in 1...8 {
      for _ in 0..<12 {
        arrays.append((0..<length).map { _ in
          state = state &* 6364136223846793005 &+ 1442695040888963407
          return pool[Int(state >> 33) % pool.count]
        })
      }
    }
    return (pool, arrays)
  }

  @Test func identitySearchesEqualTheirClosureForms() {
    let (pool, arrays) = arrays()
    var found = 0, missed = 0
    for array in arrays {
      for controller in pool {
        let contains = array.contains { $0 === controller }
        #expect(array.containsInstance(controller) == contains)
        #expect(array[...].containsInstance(controller) == contains)
        #expect(array.firstIndexOfInstance(controller) == array.firstIndex { $0 === controller })
        if array.count > 2 {
          #expect(array[2...].firstIndexOfInstance(controller) == array[2...].firstIndex { $0 === controller })
        }
        var removed = array
        removed.removeInstances(of: controller)
        #expect(removed.map(ObjectIdentifier.init) == array.filter { $0 !== controller }.map(ObjectIdentifier.init))
        if contains { found += 1 } else { missed += 1 }
      }
      for other in arrays.prefix(20) {
        let plain = array.filter { candidate in !other.contains { $0 === candidate } }
        #expect(array.excludingInstances(in: other).map(ObjectIdentifier.init) == plain.map(ObjectIdentifier.init))
      }
    }
    #expect(found > 100 && missed > 100, "both outcomes exercised")
  }

  @Test func aNavigationControllersAppearanceChildrenAreItsTopAlone() {
    _ = HeadlessEnvironment.reset()
    let navigation = UINavigationController()
    #expect(navigation.appearanceChildren.isEmpty)
    let controllers = (0..<3).map { _ in UIViewController() }
    for count in 1...3 {
      navigation.setViewControllers(Array(controllers.prefix(count)), animated: false)
      #expect(navigation.appearanceChildren.map(ObjectIdentifier.init) == [ObjectIdentifier(controllers[count - 1])])
    }
    let container = UIViewController()
    for child in controllers { container.addChild(child) }
    #expect(container.appearanceChildren.map(ObjectIdentifier.init) == container.children.map(ObjectIdentifier.init))
  }

  @Test func theRunLoopsPeekAtTheEarliestEventsOrderIsTheEarliestEvents() {
    var heap = EventHeap()
    #expect(heap.peekOrder == nil)
    var state: UInt64 = 3
    var events: [(time: Int, sequence: Int)] = []
    for sequence in 0..<200 {
      state = state &* 6364136223846793005 &+ 1442695040888963407
      let time = Int(state >> 59)
      heap.insert(ScheduledEvent(time: time, sequence: sequence, work: {}))
      events.append((time, sequence))
    }
    events.sort { $0.time != $1.time ? $0.time < $1.time : $0.sequence < $1.sequence }
    for expected in events {
      let order = heap.peekOrder
      #expect(order?.time == expected.time && order?.sequence == expected.sequence)
      let popped = heap.popMin()
      #expect(popped?.time == expected.time && popped?.sequence == expected.sequence)
    }
    #expect(heap.peekOrder == nil)
  }

  /// A stack change made while the navigation controller is idle never goes through the deferred
  /// queue (its closure is built only when deferred); one made during a transition still does.
  @Test func aStackChangeIsDeferredExactlyWhenTheNavigationControllerIsBusy() {
    let world = TestWorld()
    world.navigation.pushViewController(UIViewController(), animated: true)
    #expect(world.navigation.deferredOperations.isEmpty)
    world.navigation.pushViewController(UIViewController(), animated: true)
    #expect(world.navigation.deferredOperations.count == 1)
    world.settle()
    #expect(world.navigation.deferredOperations.isEmpty)
    #expect(world.navigation.viewControllers.count == 3)
  }
  /// `takeStoredArray` hands over the array and leaves an empty one; the heap's `takeAll` likewise.
  @Test func takingAStoredArrayHandsItOverAndLeavesItEmpty() {
    var stored = [3, 1, 2]
    var taken = takeStoredArray(&stored)
    #expect(taken == [3, 1, 2] && stored.isEmpty)
    taken.append(4)
    stored = taken
    #expect(stored == [3, 1, 2, 4])
    var heap = EventHeap()
    for sequence in 0..<5 { heap.insert(ScheduledEvent(time: 5 - sequence, sequence: sequence, work: {})) }
    var moved = heap.takeAll()
    #expect(heap.isEmpty && heap.peekOrder == nil && moved.count == 5)
    #expect(moved.popMin()?.sequence == 4)
  }

  /// A value's deinit, run when `setAssociatedObject` replaces or removes it, finds the controller's
  /// table back in place with the change made (the table is changed as a value taken out of it).
  @Test func aReplacedAssociatedValuesDeinitSeesTheNewTable() {
    _ = HeadlessEnvironment.reset()
    final class Probe {
      let onDeinit: () -> Void
      init(_ onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
      deinit { onDeinit() }
    }
    let controller = UIViewController()
    let key = AssociatedKey<Probe>(), other = AssociatedKey<Probe>()
    var seen: [String] = []
    controller.setAssociatedObject(Probe {}, for: other)
    controller.setAssociatedObject(Probe { [unowned controller] in
      MainActor.assumeIsolated {
        seen.append(controller.associatedObject(for: key) == nil ? "none" : "replacement")
        seen.append(controller.associatedObject(for: other) == nil ? "other lost" : "other kept")
      }
    }, for: key)
    controller.setAssociatedObject(Probe {}, for: key)
    #expect(seen == ["replacement", "other kept"])
    controller.setAssociatedObject(Probe { [unowned controller] in
      MainActor.assumeIsolated {
        seen.append(controller.associatedObject(for: key) == nil ? "none" : "still there")
      }
    }, for: key)
    seen = []
    controller.setAssociatedObject(nil, for: key)
    #expect(seen == ["none"])
  }

  /// A completion added while a transition's coordinator runs its completions waits for the next
  /// `complete`, as it did when the list was copied and cleared.
  @Test func aCompletionAddedWhileCompletingRunsAtTheNextCompletion() {
    _ = HeadlessEnvironment.reset()
    let coordinator = Transition(.push, participants: []).coordinator
    var ran: [String] = []
    coordinator.animate(alongsideTransition: nil) {
      ran.append("first")
      coordinator.animate(alongsideTransition: nil) { ran.append("added") }
    }
    coordinator.notifyWhenInteractionChanges { _ in ran.append("second") }
    coordinator.complete()
    #expect(ran == ["first", "second"])
    coordinator.complete()
    #expect(ran == ["first", "second", "added"])
  }
}

