import HeadlessUIKit
import NavigationReference

/// `no-stale-transition`: checked as each push or presentation starts, not only once settled. An
/// engine that pushes back for a moment a screen the user just popped, or shows an item the app
/// already cleared, ends settled and consistent — yet the user saw the screen flash back.
extension World {
  /// Watches `controller` (what a slot or path element shows, as UIKit receives it) for the start of
  /// a transition that brings it in: a push (it joins a stack) or a presentation (it begins to appear
  /// while being presented).
  func checkTransitionsBringing(_ controller: UIViewController, tag: ScreenTag) {
    controller.addLifecycleHook { [weak self] controller, event in
      switch event {
      case .willMoveToParent(isNil: false): break
      case .viewWillAppear where controller.isBeingPresented: break
      default: return
      }
      self?.checkModelHolds(tag)
    }
  }

  private func checkModelHolds(_ tag: ScreenTag) {
    // Only said when something is wrong: a label is as long as its screen is deep.
    var what: String { "'\(tag.label)'" + (tag.id.map { " #\($0)" } ?? "") }
    // (In a path of plain values an element's incarnation is not its identity: a deep link may
    // give a popped element's value a screen again.)
    let isValuePathElement: Bool
    if case .pathElement = tag.place { isValuePathElement = topology.root.pathEquality == .byValue } else { isValuePathElement = false }
    if removedIncarnations.contains(tag.generation), !isValuePathElement {
      staleTransitions.append("a transition brings back \(what), which the user removed")
      return
    }
    switch tag.place {
    case .root:
      return
    case .slot:
      guard let (model, index) = tag.slot else { return }
      let attached = rootModel.screen(at: model.address.components[...]) === model
      if !attached || model.peek(index)?.id.generation != tag.generation {
        staleTransitions.append("a transition shows \(what), which the model no longer holds")
      }
    case .pathElement:
      let held =
        topology.root.pathEquality == .byValue
        ? rootModel.peekPath.contains { $0.value == tag.id }
        : rootModel.peekPath.contains { $0.generation == tag.generation }
      if !held { staleTransitions.append("a transition pushes \(what), which the path no longer holds") }
    }
  }
}
