import Foundation
import UIKit
import XCTest

/// What `HeadlessTestDriver` promises a suite: due work runs while a test awaits, virtual time
/// passes only while it waits, the clock's order holds, a new world is driven and hosted, and a
/// stopped driver runs nothing. XCTest, as the suites it serves are: its tests run one at a time.
final class HeadlessTestDriverTests: XCTestCase {
  override func tearDown() async throws {
    await MainActor.run { HeadlessTestDriver.stop() }
  }

  @MainActor
  func testAYieldRunsDueWorkAndNoTimePasses() async {
    let runLoop = HeadlessEnvironment.reset().runLoop
    HeadlessTestDriver.start()
    var ran: [String] = []
    DispatchQueue.main.async { ran.append("hop") }
    DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) { ran.append("later") }
    await Task.yield()
    XCTAssertEqual(ran, ["hop"])
    await Task.yield()
    XCTAssertEqual(ran, ["hop"], "a yield or two lets no virtual time pass")
    XCTAssertEqual(runLoop.now, 0)

    let later = expectation(description: "later")
    runLoop.schedule(after: 300) { later.fulfill() }
    await fulfillment(of: [later], timeout: 1)
    XCTAssertEqual(ran, ["hop", "later"])
    XCTAssertEqual(runLoop.now, 300)
  }

  @MainActor
  func testWaitingRunsDelayedWorkInTheClocksOrder() async {
    let runLoop = HeadlessEnvironment.reset().runLoop
    HeadlessTestDriver.start()
    var order: [Int] = []
    let last = expectation(description: "last")
    for delay in [300, 100, 200] {
      runLoop.schedule(after: delay) {
        order.append(delay)
        if delay == 300 { last.fulfill() }
      }
    }
    await fulfillment(of: [last], timeout: 1)
    XCTAssertEqual(order, [100, 200, 300])
    XCTAssertEqual(runLoop.now, 300)
  }

  @MainActor
  func testANewWorldIsDrivenAndHostedAfterAReset() async throws {
    HeadlessEnvironment.reset()
    let driver = HeadlessTestDriver.start()
    let firstWindow = driver.hostWindow
    let world = HeadlessEnvironment.reset()
    let scene = try XCTUnwrap(UIApplication.shared.connectedScenes.first as? UIWindowScene)
    XCTAssertTrue(scene.windows.first === driver.hostWindow)
    XCTAssertFalse(driver.hostWindow === firstWindow)
    XCTAssertTrue(driver.hostWindow.isKeyWindow && world.keyWindow === driver.hostWindow)

    let presented = expectation(description: "presented")
    let root = try XCTUnwrap(driver.hostWindow.rootViewController)
    root.present(UIViewController(), animated: true) { presented.fulfill() }
    await fulfillment(of: [presented], timeout: 1)
    XCTAssertEqual(world.runLoop.now, world.configuration.modalDuration)
  }

  @MainActor
  func testAStoppedDriverRunsNothingWhileTheTestAwaits() async {
    let runLoop = HeadlessEnvironment.reset().runLoop
    HeadlessTestDriver.start()
    HeadlessTestDriver.stop()
    XCTAssertNil(HeadlessTestDriver.running)
    var ran = false
    DispatchQueue.main.async { ran = true }
    for _ in 0..<100 { await Task.yield() }
    XCTAssertFalse(ran)
    runLoop.settle()
    XCTAssertTrue(ran)
  }

  /// `wait(for:timeout:)` runs the main run loop, which runs the main actor's queue: the driver
  /// runs there too, as the main queue does in a synchronous wait on iOS.
  @MainActor
  func testASynchronousWaitLetsTheDriverRun() throws {
    HeadlessEnvironment.reset()
    let root = HeadlessTestDriver.start().hostWindow.rootViewController
    let presented = expectation(description: "presented")
    let child = UIViewController()
    try XCTUnwrap(root).present(child, animated: true) { presented.fulfill() }
    wait(for: [presented], timeout: 1)
    XCTAssertTrue(root?.presentedViewController === child)
  }
}
