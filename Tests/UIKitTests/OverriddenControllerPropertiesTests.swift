import Testing
import UIKit

/// App controllers override UIKit's properties rather than set them; such a file must compile
/// unchanged, and code that reads the property through `UIViewController` must get the override.
@MainActor
@Suite struct OverriddenControllerPropertiesTests {
  /// Written as an app writes it: nothing here is NavFuzz API.
  final class BrandedController: UIViewController {
    override var title: String? {
      get { "Branded" }
      set {}
    }
    override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }
    override var prefersStatusBarHidden: Bool { true }
    override var preferredStatusBarUpdateAnimation: UIStatusBarAnimation { .slide }
    override var prefersHomeIndicatorAutoHidden: Bool { true }
    override var shouldAutorotate: Bool { false }
    override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .portrait }
    override var hidesBottomBarWhenPushed: Bool {
      get { true }
      set {}
    }
    override var definesPresentationContext: Bool {
      get { true }
      set {}
    }
    override var modalTransitionStyle: UIModalTransitionStyle {
      get { .crossDissolve }
      set {}
    }

    override func viewDidLoad() {
      super.viewDidLoad()
      setNeedsStatusBarAppearanceUpdate()
    }
  }

  @Test func overridesAreWhatAControllerReferenceReads() {
    _ = UIKitWorld()
    let controller: UIViewController = BrandedController()
    controller.loadViewIfNeeded()
    #expect(controller.title == "Branded")
    #expect(controller.preferredStatusBarStyle == .lightContent)
    #expect(controller.prefersStatusBarHidden)
    #expect(controller.preferredStatusBarUpdateAnimation == .slide)
    #expect(controller.prefersHomeIndicatorAutoHidden)
    #expect(!controller.shouldAutorotate)
    #expect(controller.supportedInterfaceOrientations == .portrait)
    #expect(controller.hidesBottomBarWhenPushed)
    #expect(controller.definesPresentationContext)
    #expect(controller.modalTransitionStyle == .crossDissolve)
  }

  @Test func aPlainControllerHasUIKitsDefaults() {
    _ = UIKitWorld()
    let controller = UIViewController()
    #expect(controller.preferredStatusBarStyle == .default)
    #expect(!controller.prefersStatusBarHidden)
    #expect(controller.preferredStatusBarUpdateAnimation == .fade)
    #expect(controller.childForStatusBarStyle == nil)
    #expect(controller.childForStatusBarHidden == nil)
    #expect(!controller.prefersHomeIndicatorAutoHidden)
    #expect(controller.shouldAutorotate)
  }
}
