import Foundation
import HeadlessUIKit
import Testing

/// A controller that runs `onAppear`/`onWillAppear` from its callbacks, as deferred deep links do.
private final class HookedController: UIViewController {
  var onWillAppear: (HookedController) -> Void = { _ in }
  var onAppear: (HookedController) -> Void = { _ in }
  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    onWillAppear(self)
  }
  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    onAppear(self)
  }
}

@MainActor
@Suite struct FidelityTests {
  @Test func presentingFromTheViewDidAppearOfAJustPresentedControllerIsAccepted() {
    let world = TestWorld()
    let sheet = HookedController()
    let deepLink = LoggingController(name: "deepLink")
    var order: [String] = []
    sheet.onAppear = { sheet in
      order.append("viewDidAppear")
      #expect(sheet.isBeingPresented)  // still true, as UIKit documents for viewDidAppear
      #expect(sheet.transitionCoordinator == nil)
      sheet.present(deepLink, animated: true) { order.append("deep link presented") }
    }
    world.root.present(sheet, animated: true) { order.append("sheet completion") }
    world.settle()
    #expect(world.environment.diagnostics.isEmpty, "\(world.environment.diagnostics)")
    #expect(sheet.presentedViewController === deepLink)
    #expect(deepLink.isVisible)
    #expect(order == ["viewDidAppear", "sheet completion", "deep link presented"])
  }

  @Test func presentingFromViewWillAppearIsStillRefused() {
    let world = TestWorld()
    let sheet = HookedController()
    sheet.onWillAppear = { $0.present(LoggingController(name: "early"), animated: true) }
    world.root.present(sheet, animated: true)
    world.settle()
    #expect(world.diagnosticKinds == [.presentWhileTransitioning])
    #expect(sheet.presentedViewController == nil)
  }

  /// UIKit sets `isBeingDismissed` on the presented controller only: the children of a dismissed
  /// navigation controller see false, and libraries check the container instead.
  @Test func childrenOfADismissedContainerAreNotBeingDismissed() {
    let world = TestWorld()
    let top = HookedController()
    let navigation = UINavigationController(rootViewController: LoggingController(name: "first"))
    navigation.pushViewController(top, animated: false)
    world.root.present(navigation, animated: true)
    world.settle()
    var seen: [Bool] = []
    let token = UIViewController.installLifecycleHook { controller, event in
      guard event == .viewWillDisappear else { return }
      seen.append(controller.isBeingDismissed)
      if controller === top { seen.append(top.navigationController?.isBeingDismissed ?? false) }
    }
    defer { UIViewController.removeLifecycleHook(token) }
    world.root.dismiss(animated: true)
    world.settle()
    // The navigation controller first, then its top child, which asks its container.
    #expect(seen == [true, false, true])
  }
}
