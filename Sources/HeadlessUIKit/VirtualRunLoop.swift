/// The main run loop of the simulated world, on a virtual clock.
///
/// Nothing here reads the wall clock: time moves only when a caller asks (`advance`, `settle`).
/// Work is queued with a due time and a sequence number, so two runs of the same steps execute
/// the same events in the same order. A *turn* runs every event that is due and was queued
/// before the turn began; work queued during a turn (a main-queue hop) runs in the next turn,
/// as `DispatchQueue.main.async` does on iOS.
@MainActor
public final class VirtualRunLoop {
  /// Virtual milliseconds since the world was created.
  public var now: Int { clock }
  /// How many turns `settle` and `advance` may run before they give up and report it.
  public var turnLimit: Int {
    get { storedTurnLimit }
    set { storedTurnLimit = newValue }
  }

  // Stored properties (internal at most) behind the public ones, and every change to the queue made on a
  // value taken out of it: Swift then proves the accesses exclusive at compile time instead of
  // checking each at run time (see `takeStoredArray`).
  var clock = 0
  private var storedTurnLimit = 100_000
  private var queue = EventHeap()
  var nextSequence = 0

  public init() {}

  /// Queues `work` to run `delay` virtual milliseconds from now (0: the next turn).
  public func schedule(after delay: Int = 0, _ work: @escaping @MainActor () -> Void) {
    precondition(delay >= 0, "a run-loop event cannot be scheduled in the past")
    var heap = queue.takeAll()
    heap.insert(ScheduledEvent(time: Self.saturatingSum(clock, delay), sequence: nextSequence, work: work))
    queue = heap
    nextSequence += 1
    if let observer = Self.schedulingObserver { observer() }
  }

  /// Told after work is queued in any world, so a driver sleeping until there is work wakes
  /// (`HeadlessTestDriver`); nil unless one runs. It only wakes the driver, which runs the work
  /// later, at its own turn of the main actor. Private, set through `observeScheduling`, so Swift
  /// proves its accesses exclusive at compile time (it is read at every `schedule`).
  private static var schedulingObserver: (@MainActor () -> Void)?

  static func observeScheduling(_ observer: (@MainActor () -> Void)?) {
    schedulingObserver = observer
  }

  /// Takes every queued event out without running it. The caller lets them go once this call has
  /// returned, so work a released closure's deinit queues meanwhile lands in a queue not being written.
  func takePendingWork() -> [ScheduledEvent] {
    queue.takeAll().events
  }

  /// Events queued and not yet run.
  public var pendingCount: Int { queue.count }
  public var hasPendingWork: Bool { !queue.isEmpty }
  /// The virtual time of the earliest queued event.
  public var nextEventTime: Int? { queue.peekOrder?.time }

  /// Runs one turn at the current time. Returns how many events ran.
  @discardableResult
  public func tick() -> Int {
    let limit = nextSequence
    var ran = 0
    while let (time, sequence) = queue.peekOrder, time <= clock, sequence < limit {
      var heap = queue.takeAll()
      let next = heap.popMin()!
      queue = heap
      next.work()
      ran += 1
    }
    return ran
  }

  /// Moves the clock forward by `milliseconds`, running every turn that falls due on the way.
  /// Returns false when the turn limit cut it short (work that keeps rescheduling itself).
  @discardableResult
  public func advance(by milliseconds: Int) -> Bool {
    precondition(milliseconds >= 0, "virtual time cannot go backwards")
    let target = Self.saturatingSum(clock, milliseconds)
    var turns = 0
    while true {
      if let (time, _) = queue.peekOrder, time <= clock {
        tick()
        turns += 1
        if turns >= storedTurnLimit { return false }
      } else if let (time, _) = queue.peekOrder, time <= target {
        clock = time
      } else {
        clock = target
        return true
      }
    }
  }

  /// Moves the clock to the earliest queued event without running anything: nothing is due before
  /// it. With `tick`, this steps the world one turn at a time (to stop right after a given turn).
  public func moveToNextEvent() {
    if let (time, _) = queue.peekOrder, time > clock { clock = time }
  }

  /// Runs turns, jumping the clock to the next event when nothing is due, until nothing is queued.
  /// Returns false when the turn limit was hit first (the world does not settle).
  @discardableResult
  public func settle() -> Bool {
    var turns = 0
    while let (time, _) = queue.peekOrder {
      if time > clock { clock = time }
      tick()
      turns += 1
      if turns >= storedTurnLimit { return false }
    }
    return true
  }
}

extension VirtualRunLoop {
  /// `a + b`, or `Int.max` where the sum would overflow: the clock stops at the end of time
  /// instead of trapping when a trace asks for `advance 9223372036854775807` twice.
  nonisolated static func saturatingSum(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? Int.max : sum
  }
}

struct ScheduledEvent {
  var time: Int
  var sequence: Int
  var work: @MainActor () -> Void

  func precedes(_ other: ScheduledEvent) -> Bool {
    time != other.time ? time < other.time : sequence < other.sequence
  }
}

/// A binary min-heap ordered by (time, sequence): deterministic and O(log n).
struct EventHeap {
  private var storage: [ScheduledEvent] = []

  var count: Int { storage.count }
  var isEmpty: Bool { storage.isEmpty }
  /// The earliest event's order, without copying (and retaining) its work: `peek`'s time and
  /// sequence.
  var peekOrder: (time: Int, sequence: Int)? {
    storage.isEmpty ? nil : (storage[0].time, storage[0].sequence)
  }

  mutating func insert(_ event: ScheduledEvent) {
    storage.append(event)
    var child = storage.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard storage[child].precedes(storage[parent]) else { break }
      storage.swapAt(child, parent)
      child = parent
    }
  }

  /// The events, in heap order.
  var events: [ScheduledEvent] { storage }

  /// This heap, leaving an empty one in its place (one swap: no copy, no retain).
  mutating func takeAll() -> EventHeap {
    EventHeap(storage: takeStoredArray(&storage))
  }

  mutating func popMin() -> ScheduledEvent? {
    guard !storage.isEmpty else { return nil }
    storage.swapAt(0, storage.count - 1)
    let minimum = storage.removeLast()
    var parent = 0
    while true {
      let left = 2 * parent + 1, right = left + 1
      var smallest = parent
      if left < storage.count, storage[left].precedes(storage[smallest]) { smallest = left }
      if right < storage.count, storage[right].precedes(storage[smallest]) { smallest = right }
      if smallest == parent { break }
      storage.swapAt(parent, smallest)
      parent = smallest
    }
    return minimum
  }
}
