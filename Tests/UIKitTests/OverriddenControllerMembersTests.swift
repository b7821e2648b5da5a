import Testing
import UIKit

/// Members app code overrides or calls on controllers, written as an app writes them: such a file
/// must compile unchanged, and UIKit must go through the override where UIKit would.
@MainActor
@Suite struct OverriddenControllerMembersTests {
  /// A screen with its own navigation item, view, editing mode and appearance bookkeeping.
  final class ProfileController: UIViewController {
    let customItem = UINavigationItem(title: "Profile")
    var calls: [String] = []

    override var navigationItem: UINavigationItem { customItem }

    override func loadView() {
      view = UILabel()
      calls.append("loadView")
    }

    override func viewDidLoad() {
      super.viewDidLoad()
      calls.append("viewDidLoad")
    }

    override func viewWillAppear(_ animated: Bool) {
      super.viewWillAppear(animated)
      calls.append("viewWillAppear")
    }

    override func viewIsAppearing(_ animated: Bool) {
      super.viewIsAppearing(animated)
      calls.append("viewIsAppearing")
    }

    override func viewDidAppear(_ animated: Bool) {
      super.viewDidAppear(animated)
      calls.append("viewDidAppear")
    }

    override func setEditing(_ editing: Bool, animated: Bool) {
      super.setEditing(editing, animated: animated)
      calls.append("setEditing(\(editing))")
    }
  }

  /// A screen that intercepts its own dismissal, as apps do to confirm or log it.
  final class GuardedController: UIViewController {
    var dismissCalls = 0
    var presentCalls = 0

    override func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
      dismissCalls += 1
      super.dismiss(animated: animated, completion: completion)
    }

    override func present(_ viewControllerToPresent: UIViewController, animated: Bool, completion: (() -> Void)? = nil) {
      presentCalls += 1
      super.present(viewControllerToPresent, animated: animated, completion: completion)
    }
  }

  @Test func anOverriddenNavigationItemIsTheOneUIKitReads() {
    _ = UIKitWorld()
    let profile = ProfileController()
    let controller: UIViewController = profile
    controller.navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Edit")
    #expect(controller.navigationItem === profile.customItem)
    #expect(profile.customItem.rightBarButtonItem?.title == "Edit")
  }

  @Test func aPlainControllersItemIsMadeOnceAndFollowsTheTitle() {
    _ = UIKitWorld()
    let controller = UIViewController()
    controller.title = "Inbox"
    let item = controller.navigationItem
    #expect(item.title == "Inbox")
    controller.title = "Archive"
    #expect(controller.navigationItem === item)
    #expect(item.title == "Archive")
  }

  @Test func loadViewIsAskedForTheViewAndViewIsAppearingFollowsViewWillAppear() {
    let world = UIKitWorld()
    let profile = ProfileController()
    world.navigation.pushViewController(profile, animated: true)
    world.settle()
    #expect(profile.view is UILabel)
    #expect(profile.calls == ["loadView", "viewDidLoad", "viewWillAppear", "viewIsAppearing", "viewDidAppear"])
  }

  @Test func settingIsEditingGoesThroughSetEditing() {
    _ = UIKitWorld()
    let profile = ProfileController()
    profile.isEditing = true
    #expect(profile.isEditing)
    #expect(profile.calls == ["setEditing(true)"])
  }

  @Test func presentAndDismissGoThroughTheirOverrides() {
    let world = UIKitWorld()
    let guarded = GuardedController()
    world.navigation.present(guarded, animated: true)
    world.settle()
    guarded.present(UIViewController(), animated: true)
    world.settle()
    #expect(guarded.presentCalls == 1)
    guarded.dismiss(animated: true)
    world.settle()
    guarded.dismiss(animated: true)
    world.settle()
    #expect(guarded.dismissCalls == 2)
    #expect(world.navigation.presentedViewController == nil)
  }

  /// The user's own gestures dismiss without calling `dismiss(animated:completion:)`: an app
  /// cannot veto a swipe or a button tap by overriding it.
  @Test func theUsersGesturesDoNotGoThroughAnOverriddenDismiss() {
    let world = UIKitWorld()
    let sheet = GuardedController()
    world.navigation.present(sheet, animated: true)
    world.settle()
    #expect(world.window.userSwipeToDismiss() == .performed)
    world.settle()
    #expect(world.navigation.presentedViewController == nil)
    #expect(sheet.dismissCalls == 0)
  }

  @Test func showPushesInANavigationInterfaceAndPresentsOutsideOne() {
    let world = UIKitWorld()
    let detail = UIViewController()
    world.root.show(detail, sender: nil)
    world.settle()
    #expect(world.navigation.topViewController === detail)
    let settings = UIViewController()
    let modal = UIViewController()
    world.navigation.present(modal, animated: false)
    world.settle()
    modal.show(settings, sender: nil)
    world.settle()
    #expect(modal.presentedViewController === settings)
  }

  /// Custom presentation controllers and transitioning delegates compile as written for iOS.
  final class CardPresentationController: UIPresentationController {
    override var frameOfPresentedViewInContainerView: CGRect { CGRect(x: 0, y: 100, width: 390, height: 600) }
    override func presentationTransitionWillBegin() { super.presentationTransitionWillBegin() }
  }

  final class CardTransitions: NSObject, UIViewControllerTransitioningDelegate {
    func presentationController(
      forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
    ) -> UIPresentationController? {
      CardPresentationController(presentedViewController: presented, presenting: presenting)
    }
  }

  @Test func aTransitioningDelegateIsHeldWeaklyAndAskedForNothing() {
    let world = UIKitWorld()
    let card = UIViewController()
    var transitions: CardTransitions? = CardTransitions()
    card.transitioningDelegate = transitions
    card.modalPresentationStyle = .custom
    world.navigation.present(card, animated: true)
    world.settle()
    #expect(world.navigation.presentedViewController === card)
    #expect(card.transitioningDelegate === transitions)
    transitions = nil
    #expect(card.transitioningDelegate == nil)
  }
}
