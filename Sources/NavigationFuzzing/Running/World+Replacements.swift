import HeadlessUIKit

/// A pushed screen whose old controller leaves its stack while a new controller of the same
/// incarnation is on it never left the stack (docs/SEMANTICS.md §3, "A screen replaced by another
/// of the same incarnation"); what remains to tell is where it now stands.
///
/// The order of a stack is the order its screens join it. An engine that pops a screen along with
/// another and pushes it back may push the new controller before UIKit has told the old one's
/// departure — on a stack off screen, the containment callbacks of a pop run one after another,
/// and each may make the engine push again — so the new one joined after screens pushed since
/// the pop, and is above them. Only a new controller that took the old one's place in one change
/// (a rebuild swapping it in where the old one stood, over the same screens) keeps the old place.
extension World {
  /// `controller` (tagged `tag`) left `stack`, on which the controller at `replacement` shows the
  /// same incarnation: tells the reference whether the new one took its place in the same change.
  func reportReplacement(of controller: UIViewController, tag: ScreenTag, by replacement: Int, on stack: UINavigationController) {
    let inPlace = tookPlace(of: controller, at: replacement, on: stack)
    switch tag.place {
    case .slot(let address, _):
      reference.replaced(slot: address, generation: tag.generation, inPlace: inPlace)
    case .pathElement(let index):
      reference.replaced(pathElement: index, generation: tag.generation, inPlace: inPlace)
    case .root:
      break
    }
  }

  /// Whether the controller at `replacement` on `stack` stands where `controller` stood as the
  /// change that removed it began: at its position, over the same controllers. Without a note of
  /// the stack then, it is taken to (the screen keeps its place, as before replacements were told).
  private func tookPlace(of controller: UIViewController, at replacement: Int, on stack: UINavigationController) -> Bool {
    guard let before = stacksBeforeRemoval[ObjectIdentifier(stack)], before.stack === stack,
      let position = before.controllers.firstIndex(of: ObjectIdentifier(controller))
    else { return true }
    return position == replacement
      && stack.viewControllers[..<replacement].map(ObjectIdentifier.init).elementsEqual(before.controllers[..<position])
  }
}
