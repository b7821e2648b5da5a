import Observation

extension Benchmarks {
  /// Times Swift's Observation alone: `count` writes to one observed property, each followed by
  /// its change callback and a new tracked read of the property — the least one re-run of an
  /// engine's `observe` closure costs, with no navigation in it. Returns the re-tracks made.
  ///
  /// Why it is in the benchmark: an engine built like swift-navigation tracks one closure per
  /// destination, so every screen it builds starts one tracked run per slot and every change
  /// re-runs one. This figure, divided by the tracked runs per action, bounds the engine's
  /// actions per second from above, whatever the harness and the simulated UIKit cost.
  /// Returns the re-tracks the changes caused: `count` when every write was observed.
  public static func observationRetracks(_ count: Int) -> Int {
    let subject = ObservedCounter()
    let tracker = RetrackingReader(subject)
    for value in 0..<count {
      subject.value = value
      tracker.retrackIfChanged()
    }
    return tracker.tracks - 1
  }
}

/// One observed property, written the way the `@Observable` macro expands it.
private final class ObservedCounter: Observable {
  private let registrar = ObservationRegistrar()
  private var storage = 0

  var value: Int {
    get {
      registrar.access(self, keyPath: \.value)
      return storage
    }
    set {
      registrar.withMutation(of: self, keyPath: \.value) { storage = newValue }
    }
  }
}

/// Reads `value` inside `withObservationTracking` and reads it again, tracked anew, after each
/// change: the loop an `observe` function runs (the change callback hops onto the main actor as
/// the engine's does), minus its scheduling on the run loop.
@MainActor
private final class RetrackingReader {
  private let subject: ObservedCounter
  private var changed = false
  private(set) var tracks = 0
  private(set) var checksum = 0

  init(_ subject: ObservedCounter) {
    self.subject = subject
    track()
  }

  func retrackIfChanged() {
    guard changed else { return }
    changed = false
    track()
  }

  private func track() {
    tracks += 1
    withObservationTracking {
      checksum &+= subject.value
    } onChange: { [weak self] in
      MainActor.assumeIsolated { self?.changed = true }
    }
  }
}
