import HeadlessUIKit
import Observation

/// Keeps an `observe` closure alive; cancelling it (or letting it go) stops the re-runs.
@MainActor
public final class ObserveToken {
  private var apply: (@MainActor () -> Void)?
  fileprivate var isScheduled = false
  /// Creation order: re-runs due in the same turn run in this order.
  fileprivate let sequence: Int

  init(_ apply: @escaping @MainActor () -> Void) {
    self.apply = apply
    sequence = RerunQueue.nextSequence()
  }

  public var isCancelled: Bool { apply == nil }

  public func cancel() { apply = nil }

  /// Tracked runs started in this process, first runs and re-runs alike: `navfuzz bench` divides
  /// them by the actions it ran, since each costs at least what Observation alone costs.
  @_spi(Benchmarks) public private(set) static var trackedRuns = 0

  /// Runs the closure under observation tracking; the first change to anything it read schedules
  /// one re-run on the next run-loop turn, so several changes in a turn coalesce into one re-run
  /// that sees the final state.
  func run() {
    guard let apply else { return }
    Self.trackedRuns &+= 1
    withObservationTracking(apply) { [weak self] in
      MainActor.assumeIsolated { self?.scheduleRerun() }
    }
  }

  private func scheduleRerun() {
    guard !isScheduled, apply != nil else { return }
    isScheduled = true
    RerunQueue.shared.enqueue(self)
  }
}

/// The re-runs due next turn, run in the order their observations were created. Observation
/// calls change handlers in an order that depends on hashing (seeded per process), so re-runs
/// scheduled straight from them would run in a different order in every process.
@MainActor
final class RerunQueue {
  static let shared = RerunQueue()
  private static var counter = 0
  private var due: [ObserveToken] = []

  static func nextSequence() -> Int {
    counter += 1
    return counter
  }

  private weak var flushScheduledIn: HeadlessEnvironment?

  func enqueue(_ token: ObserveToken) {
    if due.isEmpty || flushScheduledIn !== HeadlessEnvironment.current {
      // Nothing due, or what was due belonged to a world that is gone.
      due.removeAll()
      flushScheduledIn = HeadlessEnvironment.current
      MainQueue.async { [self] in flush() }
    }
    due.append(token)
  }

  private var isFlushing = false
  /// Whether no re-run is due in the current world and none is being run (`EngineActivity`).
  var isIdle: Bool {
    (due.isEmpty || flushScheduledIn !== HeadlessEnvironment.current) && !isFlushing && afterFlush.isEmpty
  }
  private var afterFlush: [@MainActor () -> Void] = []

  /// Runs `work` once every re-run due in this turn has run (now, outside a flush). Engines put
  /// additions here so that every removal decided in the same turn starts first.
  func runAfterRerunsOfThisTurn(_ work: @escaping @MainActor () -> Void) {
    if isFlushing { afterFlush.append(work) } else { work() }
  }

  /// Runs `work` once the re-runs already due (state changed since they last ran) have run: now
  /// if none is due. Work queued before a change must not act on the state the change replaced.
  func runAfterDueReruns(_ work: @escaping @MainActor () -> Void) {
    let isDue = !due.isEmpty && flushScheduledIn === HeadlessEnvironment.current
    if isFlushing || isDue { afterFlush.append(work) } else { work() }
  }

  private func flush() {
    // An insertion sort by hand, not `sorted(by:)`: a closure made in main-actor code checks the executor each time it is called
    // (sequences are distinct, so every sort gives this order).
    var tokens = due
    for end in tokens.indices.dropFirst() {
      var index = end
      while index > 0, tokens[index - 1].sequence > tokens[index].sequence {
        tokens.swapAt(index - 1, index)
        index -= 1
      }
    }
    due.removeAll()
    isFlushing = true
    for token in tokens {
      token.isScheduled = false
      token.run()
    }
    isFlushing = false
    let deferred = afterFlush
    afterFlush.removeAll()
    for work in deferred { work() }
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

  /// Room for a screen's usual observations at once, instead of regrowing the array at the 1st,
  /// 2nd, 3rd and 5th.
  init() { tokens.reserveCapacity(8) }
}

extension UIViewController {
  /// Observes state for as long as this controller lives. Capture `self` weakly in `apply`.
  @discardableResult
  public func observe(_ apply: @escaping @MainActor () -> Void) -> ObserveToken {
    let bag: TokenBag
    if let existing = associatedObject(for: observeTokensKey) {
      bag = existing
    } else {
      bag = TokenBag()
      setAssociatedObject(bag, for: observeTokensKey)
    }
    let token = StateDrivenNavigation.observe(apply)
    bag.tokens.append(token)
    return token
  }
}
