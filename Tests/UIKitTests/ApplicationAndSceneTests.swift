import Foundation
import Testing
import UIKit

/// The app and its scene as a scene delegate and a deep-link router use them.
@MainActor
@Suite struct ApplicationAndSceneTests {
  private final class SceneDelegate: UIWindowSceneDelegate {
    var window: UIWindow?
    var opened: [URL] = []
    var continued: [String] = []
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
      opened += URLContexts.map(\.url)
    }
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) { continued.append(userActivity.activityType) }
  }

  @Test func theAppHasOneSceneWhoseWindowIsTheKeyWindow() throws {
    _ = HeadlessEnvironment.reset()
    let scene = try #require(UIApplication.shared.connectedScenes.first as? UIWindowScene)
    #expect(UIApplication.shared.connectedScenes.count == 1)
    let window = UIWindow(windowScene: scene)
    window.rootViewController = UIViewController()
    window.makeKeyAndVisible()
    #expect(scene.windows.first === window && scene.keyWindow === window)
    #expect(UIApplication.shared.keyWindow === window && UIApplication.shared.windows == [window])
    #expect(window.windowScene === scene && scene.session.scene === scene)
  }

  @Test func eachWorldHasItsOwnApplication() {
    _ = HeadlessEnvironment.reset()
    let first = UIApplication.shared
    #expect(UIApplication.shared === first)
    _ = HeadlessEnvironment.reset()
    #expect(UIApplication.shared !== first)
  }

  /// `open(_:)` records the URL and answers on the next run-loop turn, as UIKit answers later.
  @Test func openingAURLAnswersOnTheNextTurn() throws {
    let world = HeadlessEnvironment.reset()
    let url = try #require(URL(string: "https://example.com/items/1"))
    var answers: [Bool] = []
    UIApplication.shared.open(url) { answers.append($0) }
    #expect(answers.isEmpty && UIApplication.shared.openedURLs == [url])
    world.runLoop.tick()
    #expect(answers == [true])
  }

  @Test func aPersonOpeningALinkOrContinuingAnActivityReachesTheSceneDelegate() throws {
    _ = HeadlessEnvironment.reset()
    let scene = try #require(UIApplication.shared.connectedScenes.first)
    let delegate = SceneDelegate()
    scene.delegate = delegate
    let url = try #require(URL(string: "app://detail/7"))
    scene.userOpen([url])
    let activity = NSUserActivity(activityType: "com.example.view-item")
    activity.userInfo = ["id": 7]
    activity.addUserInfoEntries(from: ["tab": "home"])
    scene.userContinue(activity)
    #expect(delegate.opened == [url] && delegate.continued == ["com.example.view-item"])
    #expect(activity.userInfo?["id"] as? Int == 7 && activity.userInfo?["tab"] as? String == "home")
  }

  @Test func anActivityIsCurrentUntilResignedOrInvalidated() {
    _ = HeadlessEnvironment.reset()
    let controller = UIViewController()
    let activity = NSUserActivity(activityType: "browsing")
    controller.userActivity = activity
    activity.becomeCurrent()
    #expect(controller.userActivity?.isCurrent == true)
    activity.invalidate()
    activity.becomeCurrent()
    #expect(!activity.isCurrent && !activity.isValid)
  }
}
