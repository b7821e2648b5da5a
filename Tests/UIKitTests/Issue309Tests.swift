import Testing
import UIKit

private nonisolated(unsafe) var onDismissKey: UInt8 = 0

/// swift-navigation #309 (2.5.0 on: swiping down a child sheet also dismisses its parent sheet), in
/// miniature. The library's shim runs a controller's `onDismiss` from a swizzled `viewDidDisappear`;
/// `onDismiss` clears the model, and the parent's observation re-runs on the next main-queue turn:
/// if the child it presented is still alive (it holds it weakly) it calls `dismiss` on itself, which
/// presents nothing any more, so UIKit dismisses the parent. 2.4.2 cleared `onDismiss` at once, and
/// UIKit had released the child by then; 2.5.0 clears it in a `DispatchQueue.main.async` block that
/// captures the child, keeping it alive past the observation's turn. The simulator reproduces it
/// once main-queue blocks run in order on the virtual run loop.
@MainActor
private final class ParentSheet: UIViewController {
  var childItem: Int?
  weak var presentedChild: UIViewController?

  func showChild() {
    childItem = 1
    let child = UIViewController()
    let onDismiss: () -> Void = { [weak self] in
      self?.childItem = nil
      DispatchQueue.main.async { self?.observationReruns() }
    }
    objc_setAssociatedObject(child, &onDismissKey, onDismiss, .OBJC_ASSOCIATION_COPY_NONATOMIC)
    presentedChild = child
    present(child, animated: true)
  }

  /// What the observation does when the item becomes nil: dismiss what it presented, if alive.
  private func observationReruns() {
    guard childItem == nil, presentedChild != nil else { return }
    dismiss(animated: true)
  }
}

@MainActor
@Suite struct Issue309Tests {
  private func swipeChildSheet(clearingOnDismissLater: Bool) -> (root: UIViewController, parent: ParentSheet) {
    let world = UIKitWorld()
    let token = UIViewController.installLifecycleHook { controller, event in
      guard event == .viewDidDisappear, controller.isBeingDismissed,
        let onDismiss = objc_getAssociatedObject(controller, &onDismissKey) as? () -> Void
      else { return }
      onDismiss()
      if clearingOnDismissLater {
        DispatchQueue.main.async {
          objc_setAssociatedObject(controller, &onDismissKey, nil, .OBJC_ASSOCIATION_COPY_NONATOMIC)
        }
      } else {
        objc_setAssociatedObject(controller, &onDismissKey, nil, .OBJC_ASSOCIATION_COPY_NONATOMIC)
      }
    }
    defer { UIViewController.removeLifecycleHook(token) }
    let parent = ParentSheet()
    world.root.present(parent, animated: true)
    world.settle()
    parent.showChild()
    world.settle()
    #expect(world.window.userSwipeToDismiss() == .performed)
    world.settle()
    return (world.navigation, parent)
  }

  @Test func clearingAtOnceLeavesTheParentSheet() {
    let (root, parent) = swipeChildSheet(clearingOnDismissLater: false)
    #expect(root.presentedViewController === parent)
    #expect(parent.presentedChild == nil)
  }

  @Test func clearingOnTheNextMainQueueTurnDismissesTheParentToo() {
    let (root, parent) = swipeChildSheet(clearingOnDismissLater: true)
    #expect(root.presentedViewController == nil)
    #expect(parent.childItem == nil)
  }
}
