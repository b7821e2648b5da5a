import HeadlessUIKit

/// `animated-as-asked`: every navigation call an engine makes on a controller on screen passes the
/// `animated` the change asked for. Every change the harness makes asks for the default, animated:
/// an engine that pops without animation when it should animate (swift-navigation PR #222 passed
/// the flag inverted) shows the user a jump. UIKit animates nothing nobody sees, so calls on a
/// controller off screen (a stack under a cover, a tab not selected, one not yet in the window)
/// are not judged.
extension World {
  func noteNavigationCall(_ call: NavigationCall) {
    guard !call.animated, call.receiverIsVisible else { return }
    animationProblems.append("\(call.description) on screen: the change asked for the default, animated")
    hasCallbackOrAnimationProblems = true
  }

  /// What `animated-as-asked` found since the runner last looked.
  func drainAnimationProblems() -> [String] {
    defer { animationProblems.removeAll() }
    return animationProblems
  }
}
