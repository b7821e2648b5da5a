import HeadlessUIKit
import SwiftUI
import Testing

@MainActor
@Suite struct AppTests {
  @Test func treeAppShowsItsListAndPushesByItem() {
    let window = launch(TreeApp())
    #expect(window.screenDump == """
      [root] "Fruits"
        button "Apple"
        button "Banana"
        toolbar button "About"
      """)
    tap(window, "Apple")
    #expect(window.screenDump.contains("[pushed] \"Apple\""))
    print(window.screenDump)
  }

  @Test func pathAppFollowsDeepLinks() {
    let window = launch(PathApp())
    window.userOpenURL(URL(string: "navfuzz://recipes/Soup/steps/2")!)
    settle()
    print(window.screenDump)
    #expect(window.screenDump.contains("text \"Step 2\""))
  }

  @Test func tabsAppShowsTabs() {
    let window = launch(TabsApp())
    print(window.screenDump)
    #expect(window.screenDump.contains("tabs [Home] Settings"))
  }
}
