import HeadlessUIKit
import Testing

@MainActor
@Suite struct ObjectiveCModuleTests {
  /// The hop scheduled from a file that imports only ObjectiveC and Dispatch runs on the virtual
  /// run loop's next turn — not on the real main queue, which nothing here drains.
  @Test func mainQueueWorkFromAnObjectiveCOnlyFileRunsOnTheVirtualRunLoop() {
    let world = HeadlessEnvironment.reset()
    let observer = ObserverUsingObjectiveC()
    observer.scheduleRerun("first")
    #expect(observer.runs.isEmpty)
    #expect(world.runLoop.pendingCount == 1)
    world.runLoop.tick()
    #expect(observer.runs == ["first"])
  }

  @Test func associatedObjectsAreKeptThroughTheObjectiveCNames() {
    _ = HeadlessEnvironment.reset()
    let observer = ObserverUsingObjectiveC()
    observer.scheduleRerun("a")
    observer.scheduleRerun("b")
    #expect(observer.tokens == ["a", "b"])
  }
}
