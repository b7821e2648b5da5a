// App or library code that imports only `ObjectiveC` and `Dispatch`, as swift-navigation's
// `NSObject+Observe.swift` does: its `DispatchQueue.main.async` must reach the simulated world's
// run loop, though this file never imports UIKit or HeadlessUIKit. (The target builds with
// MemberImportVisibility, so no other file's imports lend this one their extensions.)
import Dispatch
import ObjectiveC

private nonisolated(unsafe) var tokensKey: UInt8 = 0

/// Keeps its tokens as associated objects and re-runs its work on the main queue's next turn.
@MainActor
final class ObserverUsingObjectiveC: NSObject {
  private(set) var runs: [String] = []

  var tokens: [String] {
    get { objc_getAssociatedObject(self, &tokensKey) as? [String] ?? [] }
    set { objc_setAssociatedObject(self, &tokensKey, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC) }
  }

  func scheduleRerun(_ name: String) {
    tokens.append(name)
    DispatchQueue.main.async { self.runs.append(name) }
  }
}
