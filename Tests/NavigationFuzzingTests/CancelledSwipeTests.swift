import Foundation
import HeadlessUIKit
import NavFuzzEngines
import NavigationFuzzing
import NavigationReference
import StateDrivenNavigation
import Testing

/// A cancelled interactive pop removes nothing, whatever an engine does to the stack while it runs
/// or right after it ends: found by driving pointfreeco/swift-navigation, whose rewrite of the
/// stack, requested during the user's swipe, lands once the swipe is cancelled and replaces the
/// screen the swipe had taken out.
@MainActor
@Suite struct CancelledSwipeTests {
  /// Drives its stack from the path by rebuilding it from what `viewControllers` shows when the
  /// path changes: during a swipe back the swiped screen is not there, so the rebuild (which UIKit
  /// defers until the swipe ends) builds a new screen for its element and drops the restored one.
  /// User pops are written back once they end.
  final class RebuildsFromVisibleStack: UINavigationController, UINavigationControllerDelegate {
    private let path: PathConnection
    private var shown: [ObjectIdentifier: PathElement] = [:]
    private var token: ObserveToken?

    init(_ path: PathConnection, root: UIViewController) {
      self.path = path
      super.init(rootViewController: root)
      delegate = self
      let model = path.model, keyPath = path.pathKeyPath
      token = observe { [weak self] in self?.rebuild(to: model[keyPath: keyPath]) }
    }

    required init?(coder: NSCoder) { nil }

    private func rebuild(to elements: [PathElement]) {
      var visible = Array(viewControllers.dropFirst())
      let screens = elements.map { element -> UIViewController in
        if let index = visible.firstIndex(where: { shown[ObjectIdentifier($0)] == element }) {
          return visible.remove(at: index)
        }
        let screen = path.content(element)
        shown[ObjectIdentifier(screen)] = element
        return screen
      }
      let stack = [viewControllers[0]] + screens
      guard stack.map(ObjectIdentifier.init) != viewControllers.map(ObjectIdentifier.init) else { return }
      setViewControllers(stack, animated: true)
    }

    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
      let onStack = viewControllers.dropFirst().compactMap { shown[ObjectIdentifier($0)] }
      let current = path.model[keyPath: path.pathKeyPath]
      if onStack.count < current.count, Array(current.prefix(onStack.count)) == onStack {
        path.model[keyPath: path.pathKeyPath] = onStack
      }
    }
  }

  struct Engine: NavigationEngine {
    func wire(_ slot: SlotConnection, on controller: UIViewController) {
      StateDrivenEngine().wire(slot, on: controller)
    }
    func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
      RebuildsFromVisibleStack(path, root: root)
    }
  }

  static let engine = EngineChoice(
    name: "rebuilds-from-visible-stack", summary: "rebuilds its stack from viewControllers, even during a swipe",
    make: { Engine() })

  /// The program's second append is rebuilt while the swipe runs; the swipe is cancelled, then the
  /// rebuild replaces path[0]'s screen. The path is still [1, 1] and the screen shows it: the
  /// reference must agree (it once took the replaced screen's `didMove(toParent: nil)` for a
  /// collateral pop and expected the path emptied, as if the user had popped).
  @Test func aRewriteLandingAfterACancelledSwipeRemovesNothing() throws {
    let text = "path append 1\ntick\npath append 1\nuser swipe-back-cancel\nsettle\n"
    let trace = try TraceFormat.parse("navtrace 1\ntopology syncups-stack\nsemantics swift-navigation\n" + text)
    let result = try Replay.run(trace, topology: .syncUpsStack, engine: Self.engine.judged(by: .swiftNavigation))
    #expect(result.statistics.deferredStackChanges == 1, "the rebuild must land after the swipe")
    #expect(result.violations.map(\.invariant) == [], "\(result.violations)")
  }
}
