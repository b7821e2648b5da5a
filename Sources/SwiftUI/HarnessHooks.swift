import HeadlessUIKit

// What a fuzzing harness reads of the view graph (not SwiftUI API, and `package`: only this
// package's adapter uses it). Apps cannot see it; the harness reads it to judge what is shown
// against what the app's state holds.

/// One write SwiftUI made to an app's binding on a person's behalf (a swipe down, an alert's
/// button, a pop, `dismiss()`), and whether the binding took it: read back right after the
/// write, before anything else runs, so an app's `onDismiss` or action setting it again later is
/// not mistaken for a refusal. A binding whose setter ignores the write (a custom
/// `Binding(get:set:)` that drops `nil`, a path that ignores shorter values) did not take it.
package struct SwiftUIWriteBack: Hashable, Sendable {
  /// What was written, and where: "false or nil to the binding of the sheet on "Fruits"", "the
  /// shorter path to the binding of the stack on "Recipes"".
  package var what: String
  /// What the person did: "a swipe down", "an alert button", "a pop", "dismiss()".
  package var by: String
  /// Whether the binding read back what was written.
  package var taken: Bool
  /// Virtual time of the write.
  package var time: Int
}

/// One presentation modifier on screen and what its binding holds now (read live).
package struct SwiftUIPresentationState: Hashable, Sendable {
  /// "sheet on "Fruits"", "alert on "Settings"".
  package var what: String
  /// The binding holds a presentation (true, or an item).
  package var held: Bool
  /// Its content is on screen (presented, and not being dismissed).
  package var shown: Bool
  /// It waits its turn: for another presentation of its host to go (rule 9), for its host's
  /// transition to end, or for its host to appear.
  package var waiting: Bool
}

/// A button or link of the top screen a person can tap.
package struct SwiftUITappable: Hashable, Sendable {
  /// Its label text (what `userTap(_:)` matches first).
  package var label: String
  package var accessibilityIdentifier: String?
  package var isEnabled: Bool
  /// It sits in the navigation bar's toolbar.
  package var isInToolbar: Bool
}

extension SwiftUIEnvironment {
  /// Every write-back made on a person's behalf in this world, in order.
  package var writeBacks: [SwiftUIWriteBack] { recordedWriteBacks }

  func noteWriteBack(_ writeBack: SwiftUIWriteBack) { recordedWriteBacks.append(writeBack) }

  /// Every presentation modifier in the windows' content and in what they present, in tree
  /// order (a tab not selected is not visited: nothing of it is on screen).
  package var presentationStates: [SwiftUIPresentationState] {
    var states: [SwiftUIPresentationState] = []
    var visited: [ObjectIdentifier] = []
    func visit(_ region: Region) {
      guard !visited.contains(ObjectIdentifier(region)) else { return }
      visited.append(ObjectIdentifier(region))
      var slots: [PresentationSlot] = []
      region.forEachNodeDeep { node in
        if let slot = node.primitiveState as? PresentationSlot, node.isAlive { slots.append(slot) }
      }
      for slot in slots {
        states.append(slot.harnessState)
        if let presented = slot.region { visit(presented) }
      }
    }
    for region in windowRegions { visit(region) }
    return states
  }
}

extension PresentationSlot {
  var harnessState: SwiftUIPresentationState {
    let host = node?.region.controller?.title
    return SwiftUIPresentationState(
      what: "\(style) on \(StackCoordinator.describedTitle(host))", held: request.isHeld(), shown: phase == .presenting,
      waiting: phase == .waiting || (phase == .idle && !(node?.region.isVisible ?? false)))
  }

  /// Records the write-back just made, read back at once.
  func noteWriteBack(by gesture: String) {
    let host = node?.region.controller?.title
    graph.noteWriteBack(
      SwiftUIWriteBack(
        what: "false or nil to the binding of the \(style) on \(StackCoordinator.describedTitle(host))", by: gesture,
        taken: !request.isHeld(),
        time: graph.world.runLoop.now))
  }
}

extension StackCoordinator {
  /// A screen named for a person: its title in quotes, or "an untitled screen".
  static func describedTitle(_ title: String?) -> String {
    guard let title, !title.isEmpty else { return "an untitled screen" }
    return "\"\(title)\""
  }
}

extension UIWindow {
  /// The buttons and links of the top screen, in tree order; empty when the top screen is not
  /// SwiftUI content (an alert, a tab bar alone).
  package var topScreenTappables: [SwiftUITappable] {
    guard let region = screens.last?.region else { return [] }
    return region.tappableNodes.map { node in
      SwiftUITappable(
        label: node.labelText, accessibilityIdentifier: node.accessibilityIdentifier, isEnabled: node.environment.isEnabled,
        isInToolbar: node.isInToolbar)
    }
  }

  /// Where each screen is, bottom to top ("root", "pushed", "sheet", "alert", "tab", …), with
  /// its title.
  package var screenPlacements: [(placement: String, title: String?)] {
    screens.map { ($0.placement, $0.title) }
  }

  /// Whether the window's content has an `onOpenURL` handler.
  package var handlesOpenURL: Bool {
    let graph = SwiftUIEnvironment.current
    guard let region = graph.windowRegions.first(where: { $0.controller === rootViewController }) else { return false }
    var found = false
    region.forEachNodeDeep { node in
      if node.primitiveState is OpenURLRecord { found = true }
    }
    return found
  }
}
