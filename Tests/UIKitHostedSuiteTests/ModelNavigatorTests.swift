import Foundation
import UIKit
import XCTest

/// `ModelNavigator`'s suite, written as a UIKit library's own suite is written for a simulator:
/// it waits with `await Task.yield()` and with expectations fulfilled in completion blocks, reads
/// `presentedViewController` and `viewControllers`, and hosts its screens in the app's window
/// (`UIApplication.shared.connectedScenes.first` → `windows.first`). `HeadlessTestDriver` is what
/// lets it run here as there: started in `hostInAppWindow(_:)`.
///
/// To see what the driver does, run the suite without it:
/// `HEADLESS_TEST_DRIVER=off swift test --filter UIKitHostedSuiteTests` — every test fails, as the
/// app has no window; with `HEADLESS_TEST_DRIVER=window-only` the window is made but the run loop
/// is not driven, and every test that waits for the main queue fails.
final class ModelNavigatorTests: XCTestCase {
  struct WindowNotFound: Error {}

  /// Starts the driver (unless switched off), resets the world, and makes `controller` the root
  /// of the app's window, as a hosted suite's set-up does.
  @MainActor
  private func hostInAppWindow(_ controller: UIViewController) throws {
    HeadlessEnvironment.reset()
    switch ProcessInfo.processInfo.environment["HEADLESS_TEST_DRIVER"] {
    case "off": break
    case "window-only":
      HeadlessTestDriver.start()
      HeadlessTestDriver.stop()
    default: HeadlessTestDriver.start()
    }
    guard
      let scene = UIApplication.shared.connectedScenes.first as? UIWindowScene,
      let window = scene.windows.first
    else { throw WindowNotFound() }
    window.rootViewController = controller
  }

  /// Yields until `condition` holds, at most `yields` times: the suite's `assertEventually`, with
  /// a bound counted in turns of the main actor rather than in seconds (a suite's loop of yields
  /// lets virtual time pass, as the driver moves the clock after its idle passes).
  @MainActor
  private func assertEventually(
    _ condition: () -> Bool, yields: Int = 100_000, _ message: String, file: StaticString = #filePath, line: UInt = #line
  ) async {
    for _ in 0..<yields where !condition() { await Task.yield() }
    XCTAssertTrue(condition(), message, file: file, line: line)
  }

  override func tearDown() async throws {
    await MainActor.run { HeadlessTestDriver.stop() }
  }

  @MainActor
  func testTheAppWindowIsKeyAndPresentsWithCompletion() async throws {
    let root = UIViewController()
    try hostInAppWindow(root)
    let window = try XCTUnwrap((UIApplication.shared.connectedScenes.first as? UIWindowScene)?.windows.first)
    XCTAssertTrue(window.isKeyWindow)
    XCTAssertTrue(window.rootViewController === root)

    let presented = expectation(description: "presented")
    let child = UIViewController()
    root.present(child, animated: true) { presented.fulfill() }
    await fulfillment(of: [presented], timeout: 1)
    XCTAssertTrue(root.presentedViewController === child)
    XCTAssertFalse(child.isBeingPresented)
  }

  @MainActor
  func testSettingTheSheetPresentsItOnTheNextTurn() async throws {
    let model = FeatureModel()
    let navigation = UINavigationController(rootViewController: UIViewController())
    try hostInAppWindow(navigation)
    let navigator = ModelNavigator(model: model, navigationController: navigation)
    await Task.yield()
    XCTAssertNil(navigation.presentedViewController)

    model.sheet = 7
    XCTAssertNil(navigation.presentedViewController, "the navigator waits for the main queue's next turn")
    await Task.yield()
    XCTAssertEqual((navigation.presentedViewController as? ItemController)?.item, 7)
    withExtendedLifetime(navigator) {}
  }

  @MainActor
  func testDismissingTheSheetWritesNilBackWhenItsCompletionRuns() async throws {
    let model = FeatureModel(sheet: 3)
    let navigation = UINavigationController(rootViewController: UIViewController())
    try hostInAppWindow(navigation)
    let navigator = ModelNavigator(model: model, navigationController: navigation)
    await assertEventually({ navigation.presentedViewController is ItemController }, "the deep-linked sheet shows")

    let dismissed = expectation(description: "dismissed")
    navigation.presentedViewController?.dismiss(animated: true) { dismissed.fulfill() }
    await fulfillment(of: [dismissed], timeout: 1)
    XCTAssertNil(navigation.presentedViewController)
    XCTAssertNil(model.sheet)
    withExtendedLifetime(navigator) {}
  }

  @MainActor
  func testANewSheetItemReplacesTheShownOne() async throws {
    let model = FeatureModel(sheet: 1)
    let navigation = UINavigationController(rootViewController: UIViewController())
    try hostInAppWindow(navigation)
    let navigator = ModelNavigator(model: model, navigationController: navigation)
    await assertEventually({ (navigation.presentedViewController as? ItemController)?.item == 1 }, "item 1 shows")

    model.sheet = nil
    await assertEventually({ navigation.presentedViewController == nil }, "the sheet is dismissed")
    model.sheet = 2
    await assertEventually({ (navigation.presentedViewController as? ItemController)?.item == 2 }, "item 2 shows")
    XCTAssertEqual(model.sheet, 2)
    withExtendedLifetime(navigator) {}
  }

  @MainActor
  func testThePathPushesAndABackTapWritesThePopBack() async throws {
    let model = FeatureModel()
    let root = UIViewController()
    let navigation = UINavigationController(rootViewController: root)
    try hostInAppWindow(navigation)
    let navigator = ModelNavigator(model: model, navigationController: navigation)

    model.path = [1, 2]
    await Task.yield()
    XCTAssertEqual(navigation.viewControllers.count, 3)
    XCTAssertEqual((navigation.topViewController as? ItemController)?.item, 2)

    await assertEventually({ !HeadlessEnvironment.current.isTransitioning }, "the push animation ends")
    let window = try XCTUnwrap(navigation.view.window)
    XCTAssertEqual(window.userTapBack(), .performed)
    await assertEventually({ model.path == [1] }, "the pop is written back")
    XCTAssertEqual(navigation.viewControllers.count, 2)
    withExtendedLifetime(navigator) {}
  }

  @MainActor
  func testAPopByCodeCompletesInItsTransaction() async throws {
    let model = FeatureModel(path: [4, 5, 6])
    let navigation = UINavigationController(rootViewController: UIViewController())
    try hostInAppWindow(navigation)
    let navigator = ModelNavigator(model: model, navigationController: navigation)
    await assertEventually({ navigation.viewControllers.count == 4 }, "the deep-linked path is pushed")
    await assertEventually({ !HeadlessEnvironment.current.isTransitioning }, "the push animation ends")

    let popped = expectation(description: "popped")
    CATransaction.begin()
    CATransaction.setCompletionBlock { popped.fulfill() }
    navigation.popToRootViewController(animated: true)
    CATransaction.commit()
    await fulfillment(of: [popped], timeout: 1)
    XCTAssertEqual(navigation.viewControllers.count, 1)
    XCTAssertEqual(model.path, [])
    withExtendedLifetime(navigator) {}
  }

  /// Two seconds of virtual time pass within a one-second timeout: the driver moves the clock to
  /// delayed work when nothing else is due, so the wall clock decides nothing.
  @MainActor
  func testTheBannerGoesAwayAfterItsDelay() async throws {
    let model = FeatureModel()
    try hostInAppWindow(UIViewController())
    model.showBanner("Saved")
    let start = HeadlessEnvironment.current.runLoop.now
    await Task.yield()
    XCTAssertEqual(model.banner, "Saved")

    let gone = expectation(description: "banner gone")
    DispatchQueue.main.asyncAfter(deadline: .now() + 2.5) { gone.fulfill() }
    await fulfillment(of: [gone], timeout: 1)
    XCTAssertNil(model.banner)
    XCTAssertEqual(HeadlessEnvironment.current.runLoop.now - start, 2_500)
  }
}
