import HeadlessUIKit

/// Why a pushed screen left its stack, as far as the screen shows it: along with a screen below it
/// (a collateral pop: the engine popped or moved a screen below, or the user popped one), or on
/// its own.
///
/// Where collateral pops write back, the reference takes a collateral pop as a removal; a pop that
/// nothing below the screen explains is the engine taking away a screen its state still wants
/// (an over-pop, such as one made from the wrong controller), and writes nothing back.
extension World {
  /// A screen is about to leave `stack` (its `willMove(toParent: nil)`, while `viewControllers`
  /// still shows the stack before the change — UIKit updates it after): notes that stack.
  func noteStackBeforeRemoval(_ stack: UINavigationController?) {
    guard let stack else { return }
    let controllers = stack.viewControllers
    stacksBeforeRemoval[ObjectIdentifier(stack)] = StackBeforeRemoval(
      stack: stack, controllers: controllers.map(ObjectIdentifier.init), tags: controllers.map(\.screenTag))
  }

  /// Whether `controller`, which just left `stack`, was removed by the user or left as the stack
  /// changed below it. Without a note of the stack before the change (an interactive pop,
  /// which UIKit announces after it took the screen off), the user's removal is the answer.
  func leftAlongWithOneBelow(_ controller: UIViewController, tag: ScreenTag, stack: UINavigationController?) -> Bool {
    if removedByUser.contains(where: { $0 === tag }) { return true }
    guard let stack, let before = stacksBeforeRemoval[ObjectIdentifier(stack)], before.stack === stack,
      let position = before.controllers.firstIndex(of: ObjectIdentifier(controller))
    else { return true }
    return before.leftAlongWithOneBelow(position: position, remaining: stack)
  }
}

/// A navigation controller's stack as a change that removes screens from it began.
struct StackBeforeRemoval {
  /// The stack noted: a note of a stack since freed is no note of a new one at its address.
  weak var stack: UINavigationController?
  var controllers: [ObjectIdentifier]
  var tags: [ScreenTag?]
  /// Whether a pop of path screens of plain values has been written back for this change.
  var pathPopDecided = false

  /// Whether the stack below `position` changed: a controller there left `remaining` too, or
  /// moved (a rebuild from below, which drops what was pushed above).
  @MainActor func leftAlongWithOneBelow(position: Int, remaining: UINavigationController) -> Bool {
    !remaining.viewControllers.map(ObjectIdentifier.init).starts(with: controllers[..<position])
  }
}
