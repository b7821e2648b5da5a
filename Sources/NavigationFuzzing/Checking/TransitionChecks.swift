import HeadlessUIKit
import NavigationReference

/// A transition that brought in what the model no longer holds, and the controller it brought.
struct StaleTransition {
  var message: String
  /// Set for pushes: a push into a stack that is off screen shows nothing.
  weak var pushed: UIViewController?
  /// The push ended (`didMove(toParent:)`) in a stack that was off screen.
  var landedOffScreen = false
}

/// `no-stale-transition`: checked as each push or presentation starts, not only once settled. An
/// engine that pushes back for a moment a screen the user just popped, or shows an item the app
/// already cleared, ends settled and consistent — yet the user saw the screen flash back.
extension World {
  /// The stale transitions found since the last call, but for pushes into a navigation controller
  /// that is off screen now (dismissed with its modal): nobody saw them (docs/SEMANTICS.md §4).
  func drainStaleTransitions() -> [String] {
    guard !staleTransitions.isEmpty else { return [] }
    defer { staleTransitions.removeAll() }
    return staleTransitions.compactMap { stale in
      if stale.landedOffScreen { return nil }
      if let stack = stale.pushed?.parent, stack.viewIfLoaded?.window == nil { return nil }
      return stale.message
    }
  }

  /// Watches `controller` (what a slot or path element shows, as UIKit receives it) for the start of
  /// a transition that brings it in: a push (it joins a stack) or a presentation (it begins to appear
  /// while being presented).
  /// `isCurrent`: as for `reportPushes(of:while:)`.
  func checkTransitionsBringing(_ controller: UIViewController, tag: ScreenTag, while isCurrent: (@MainActor () -> Bool)? = nil) {
    controller.addLifecycleHook { [weak self] controller, event in
      guard isCurrent?() ?? true else { return }
      switch event {
      case .willMoveToParent(isNil: false): self?.checkModelHolds(tag, pushing: controller)
      case .viewWillAppear where controller.isBeingPresented: self?.checkModelHolds(tag, pushing: nil)
      case .didMoveToParent(isNil: false):
        guard let self, let index = self.staleTransitions.lastIndex(where: { $0.pushed === controller }) else { return }
        self.staleTransitions[index].landedOffScreen = controller.parent?.viewIfLoaded?.window == nil
      default: return
      }
    }
  }

  func checkModelHolds(_ tag: ScreenTag, pushing pushed: UIViewController?) {
    // Only said when something is wrong: a label is as long as its screen is deep.
    var what: String { "'\(tag.label)'" + (tag.id.map { " #\($0)" } ?? "") }
    // (In a path of plain values an element's incarnation is not its identity: a deep link may
    // give a popped element's value a screen again.)
    let isValuePathElement: Bool
    if case .pathElement = tag.place { isValuePathElement = topology.root.pathEquality == .byValue } else { isValuePathElement = false }
    if removedIncarnations.contains(tag.generation), !isValuePathElement {
      staleTransitions.append(StaleTransition(message: "a transition brings back \(what), which the user removed", pushed: pushed))
      return
    }
    switch tag.place {
    case .root:
      return
    case .slot:
      guard let (model, index) = tag.slot else { return }
      let attached = model.isAttached(under: rootModel)
      if !attached || model.peek(index)?.id.generation != tag.generation {
        staleTransitions.append(StaleTransition(message: "a transition shows \(what), which the model no longer holds", pushed: pushed))
      }
    case .pathElement:
      let held =
        topology.root.pathEquality == .byValue
        ? tag.id.map(rootModel.pathHolds(value:)) ?? false : rootModel.pathHolds(generation: tag.generation)
      if !held { staleTransitions.append(StaleTransition(message: "a transition pushes \(what), which the path no longer holds", pushed: pushed)) }
    }
  }
}
