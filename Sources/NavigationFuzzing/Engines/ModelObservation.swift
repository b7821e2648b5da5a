import HeadlessUIKit
import Observation

/// The harness's own way to follow the model, for an engine that has none to offer
/// (`NavigationEngine.observe(_:on:)`): Swift's Observation, as an app without a navigation
/// library would use it. A closure runs now, under tracking; the first change to anything it read
/// schedules one re-run on the next run-loop turn (several changes in a turn coalesce into one
/// re-run that sees the final state); it re-runs for as long as its controller lives.
///
/// Each observation hops to the run loop on its own, so re-runs due in one turn run in the order
/// they were scheduled, which is the order the model was written in — not the order Observation
/// calls its change handlers, which depends on hashing.
@MainActor
public enum ModelObservation {
  /// Tracked runs started in this process, first runs and re-runs alike.
  public private(set) static var trackedRuns = 0

  /// Runs `apply` now and after every change to what it read, while `controller` lives.
  public static func observe(_ apply: @escaping @MainActor () -> Void, on controller: UIViewController) {
    let observation = Observation(apply)
    let bag = controller.associatedObject(for: observationsKey) ?? Observations()
    bag.held.append(observation)
    controller.setAssociatedObject(bag, for: observationsKey)
    observation.run()
  }

  /// One observed closure; it stops re-running once its controller lets it go.
  @MainActor
  private final class Observation {
    private let apply: @MainActor () -> Void
    private var isScheduled = false

    init(_ apply: @escaping @MainActor () -> Void) { self.apply = apply }

    func run() {
      ModelObservation.trackedRuns &+= 1
      withObservationTracking(apply) { [weak self] in
        MainActor.assumeIsolated { self?.scheduleRerun() }
      }
    }

    private func scheduleRerun() {
      guard !isScheduled else { return }
      isScheduled = true
      MainQueue.async { [weak self] in
        guard let self else { return }
        self.isScheduled = false
        self.run()
      }
    }
  }

  /// The observations a controller holds.
  @MainActor
  private final class Observations {
    var held: [Observation] = []
  }

  private static let observationsKey = AssociatedKey<Observations>()
}
