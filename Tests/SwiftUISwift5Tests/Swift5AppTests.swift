// The three apps of SwiftUITests/Apps (the same files), compiled in the Swift 5 language mode as
// most apps still are, and driven headless: the code compiles and behaves as in Swift 6 mode.
import HeadlessUIKit
import SwiftUI
import Testing

@MainActor
@Suite struct Swift5AppTests {
  private func launch<A: App>(_ app: A) -> UIWindow {
    HeadlessEnvironment.reset()
    let window = SwiftUIEnvironment.current.launch(app)
    HeadlessEnvironment.current.runLoop.settle()
    return window
  }

  private func tap(_ window: UIWindow, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(window.userTap(label) == .performed, "\(label)", sourceLocation: sourceLocation)
    HeadlessEnvironment.current.runLoop.settle()
  }

  @Test func treeAppPushesEditsAndDeletes() {
    let window = launch(TreeApp())
    tap(window, "Apple")
    #expect(window.screenDump.contains("[pushed] \"Apple\""))
    tap(window, "Edit")
    #expect(window.screenDump.contains("[sheet] \"Edit\"\n  field \"Name\" = \"Apple\""))
    tap(window, "Save")
    #expect(!window.screenDump.contains("[sheet]"))
    tap(window, "Delete")
    #expect(window.screenDump.contains("[dialog] \"Delete Apple?\""))
    #expect(window.userTapAlertButton("Delete") == .performed)
    HeadlessEnvironment.current.runLoop.settle()
    #expect(window.screenDump.contains("[alert] \"Done\"\n  text \"Apple deleted\""))
  }

  @Test func pathAppFollowsADeepLinkAndPopsBack() {
    let window = launch(PathApp())
    window.userOpenURL(URL(string: "navfuzz://recipes/Soup/steps/2")!)
    HeadlessEnvironment.current.runLoop.settle()
    #expect(window.screenDump.hasSuffix("[pushed]\n  text \"Step 2\"\n  link \"Next\"\n  button \"Back\"\n  button \"Start over\""))
    tap(window, "Back")
    #expect(window.screenDump.hasSuffix("[pushed] \"Soup\"\n  text \"Soup\"\n  text \"Serves 2\"\n  button \"More\"\n  link \"Step 1\""))
  }

  @Test func tabsAppSwitchesTabsAndAlerts() {
    let window = launch(TabsApp())
    #expect(window.userTapTab("Settings") == .performed)
    HeadlessEnvironment.current.runLoop.settle()
    tap(window, "Sign out")
    #expect(window.screenDump.contains("[alert] \"Sign out?\""))
    #expect(window.userTapAlertButton("Cancel") == .performed)
    HeadlessEnvironment.current.runLoop.settle()
    #expect(!window.screenDump.contains("[alert]"))
  }
}
