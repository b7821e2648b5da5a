import HeadlessUIKit
import Observation

/// Keeps an `observe` closure alive; cancelling it (or letting it go) stops the re-runs.
@MainActor
public final class ObserveToken {
  private var apply: (@MainActor () -> Void)?
  private var isScheduled = false

  init(_ apply: @escaping @MainActor () -> Void) { self.apply = apply }

  public var isCancelled: Bool { apply == nil }

  public func cancel() { apply = nil }

  /// Runs the closure under observation tracking; the first change to anything it read schedules
  /// one re-run on the next run-loop turn, so several changes in a turn coalesce into one re-run
  /// that sees the final state.
  func run() {
    guard let apply else { return }
    withObservationTracking(apply) { [weak self] in
      MainActor.assumeIsolated { self?.scheduleRerun() }
    }
  }

  private func scheduleRerun() {
    guard !isScheduled, apply != nil else { return }
    isScheduled = true
    MainQueue.async { [weak self] in
      guard let self else { return }
      self.isScheduled = false
      self.run()
    }
  }
}

/// Runs `apply` now and again after every change to the observable state it reads.
@MainActor
@discardableResult
public func observe(_ apply: @escaping @MainActor () -> Void) -> ObserveToken {
  let token = ObserveToken(apply)
  token.run()
  return token
}

private let observeTokensKey = AssociatedKey<TokenBag>()

@MainActor
final class TokenBag {
  var tokens: [ObserveToken] = []
}

extension UIViewController {
  /// Observes state for as long as this controller lives. Capture `self` weakly in `apply`.
  @discardableResult
  public func observe(_ apply: @escaping @MainActor () -> Void) -> ObserveToken {
    let bag = associatedObject(for: observeTokensKey) ?? TokenBag()
    setAssociatedObject(bag, for: observeTokensKey)
    let token = StateDrivenNavigation.observe(apply)
    bag.tokens.append(token)
    return token
  }
}
