import HeadlessUIKit
import Testing

/// App code overrides a controller's presentation properties instead of setting them; UIKit reads
/// them through the properties, so the override decides. The simulator must read them the same way.
@MainActor
@Suite struct OverriddenPresentationTests {
  final class AlwaysFullScreen: UIViewController {
    override var modalPresentationStyle: UIModalPresentationStyle {
      get { .fullScreen }
      set {}
    }
  }

  final class AlwaysModal: UIViewController {
    override var isModalInPresentation: Bool {
      get { true }
      set {}
    }
  }

  @Test func anOverriddenStyleIsTheStyleItIsPresentedIn() {
    let world = TestWorld()
    let cover = AlwaysFullScreen()
    cover.modalPresentationStyle = .pageSheet  // the override ignores it, as it would in UIKit
    world.root.present(cover, animated: true)
    world.settle()
    // A full-screen cover takes the presenter off screen; a sheet would not.
    #expect(world.events(of: world.root) == ["root.viewWillDisappear", "root.viewDidDisappear"])
  }

  @Test func anOverriddenModalFlagRefusesTheSwipe() {
    let world = TestWorld()
    let sheet = AlwaysModal()
    world.root.present(sheet, animated: false)
    world.settle()
    #expect(world.window.userSwipeToDismiss() == .skipped("the presentation refuses user dismissal"))
    #expect(world.root.presentedViewController === sheet)
  }
}
