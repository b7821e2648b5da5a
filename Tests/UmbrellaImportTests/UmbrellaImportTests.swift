import Testing

/// The target imports UIKit implicitly (its one package setting): the screen above compiles and
/// runs unchanged.
@MainActor
@Suite struct UmbrellaImportTests {
  @Test func aFileThatReliesOnAnUmbrellaImportCompilesAndRuns() {
    let environment = HeadlessEnvironment.reset()
    let window = UIWindow()
    let profile = ProfileViewController()
    window.rootViewController = UINavigationController(rootViewController: profile)
    window.makeKeyAndVisible()
    profile.showSettings()
    environment.runLoop.settle()
    #expect(profile.navigationController?.topViewController?.title == "Settings")
    #expect(profile.navigationItem.title == "Profile")
  }
}
