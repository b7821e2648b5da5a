@testable import NavFuzzEngines
@testable import NavigationFuzzing
import NavigationReference
import Observation
import Testing

/// Engines outside this package watch `ScreenModel` with Observation's own
/// `withObservationTracking`, so it must report reads and writes as an `@Observable` class
/// would: one property per slot, the path and the counter, each read registered and each
/// write announced, whatever a speed-up inside the model skips.
@MainActor
@Suite struct ScreenModelObservationTests {
  /// Where the checks happen: `basic`'s root, with a fresh serial counter.
  private func rootModel(_ topology: TopologySpec = Topology.basic.spec) -> ScreenModel {
    ScreenModel(type: 0, parent: nil, place: nil, topology: topology, serials: SerialCounter())
  }

  /// Whether `write` fires an observation of what `read` reads, as Observation sees it.
  private func fires(_ model: ScreenModel, read: (ScreenModel) -> Void, write: (ScreenModel) -> Void) -> Bool {
    let fired = FireCount()
    withObservationTracking { read(model) } onChange: { fired.count += 1 }
    write(model)
    return fired.count == 1
  }

  private func item(_ id: Int, payload: Int = 0) -> SlotItem {
    SlotItem(id: ItemIdentity(id: id, generation: id), payload: payload, child: nil)
  }

  @Test func eachSlotIsItsOwnObservableProperty() {
    let spec = Topology.basic.spec
    let slots = spec.screens[0].slots.indices.filter { !spec.screens[0].slots[$0].isAbsent }
    #expect(slots.count >= 2, "basic's root needs two slots for this test")
    for read in slots {
      for write in slots {
        let model = rootModel()
        let fired = fires(model, read: { _ = $0[slot: read] }, write: { $0[slot: write] = item(1) })
        #expect(fired == (read == write), "reading slot \(read), writing slot \(write)")
      }
    }
  }

  @Test func everyKindOfWriteToASlotIsAnnounced() {
    let model = rootModel()
    // Filling, changing the payload in place (a read and a write, as `_modify` would be),
    // replacing, and clearing: each one fires an observation made just before it.
    #expect(fires(model, read: { _ = $0[slot: 0] }, write: { $0[slot: 0] = item(1) }))
    #expect(fires(model, read: { _ = $0[slot: 0] }, write: { $0[slot: 0]!.payload += 1 }))
    #expect(fires(model, read: { _ = $0[slot: 0] }, write: { $0[slot: 0] = item(2) }))
    #expect(fires(model, read: { _ = $0[slot: 0] }, write: { $0[slot: 0] = nil }))
    // SlotItem is not Equatable, so even writing what is there is announced, as `@Observable` does.
    #expect(fires(model, read: { _ = $0[slot: 0] }, write: { $0[slot: 0] = nil }))
  }

  @Test func aFlagReadsAndWritesItsSlot() {
    let spec = Topology.basic.spec
    guard let flag = spec.screens[0].slots.indices.first(where: { spec.screens[0].slots[$0].isFlag }) else {
      Issue.record("basic's root has no Bool slot")
      return
    }
    let model = rootModel()
    model[slot: flag] = item(0)
    #expect(fires(model, read: { _ = $0[flag: flag] }, write: { $0[slot: flag] = nil }))
    model[slot: flag] = item(0)
    #expect(fires(model, read: { _ = $0[slot: flag] }, write: { $0[flag: flag] = false }))
  }

  @Test func theCounterAndThePathAreSeparateProperties() {
    let spec = Topology.stack.spec
    let model = rootModel(spec)
    let element = PathElement(value: 1, generation: 1, screen: rootModel(spec), isEqualByValue: false)
    #expect(fires(model, read: { _ = $0.bumps }, write: { $0.bumps += 1 }))
    #expect(!fires(model, read: { _ = $0.bumps }, write: { $0.path.append(element) }))
    #expect(fires(model, read: { _ = $0.path }, write: { $0.path.append(element) }))
    #expect(!fires(model, read: { _ = $0.path }, write: { $0.bumps += 1 }))
  }

  /// The registrar tells slots apart by their observation keys only: stored bytes for the first
  /// slots, a subscript beyond them. Each must be equal to itself alone, the same object each time.
  @Test func everySlotHasAnObservationKeyOfItsOwn() {
    let indices = 0..<20
    let keys = indices.map { ScreenModel.observationKey(forSlot: $0) }
    for index in indices {
      #expect(ScreenModel.observationKey(forSlot: index) === keys[index])
      for other in indices {
        #expect((keys[index] == keys[other]) == (index == other), "keys of slots \(index) and \(other)")
      }
    }
    #expect(Set(keys.map { $0 as AnyKeyPath }).count == indices.count)
  }

  @Test func theHarnessPeeksWithoutRegisteringReads() {
    let model = rootModel()
    #expect(!fires(model, read: { _ = $0.peek(0) }, write: { $0[slot: 0] = item(1) }))
    #expect(!fires(model, read: { _ = $0.peekBumps }, write: { $0.bumps += 1 }))
    #expect(!fires(model, read: { _ = $0.peekPath }, write: { $0.path = [] }))
  }
}

/// Counts change handlers run (Observation requires a Sendable handler; the tests run on the
/// main actor and Observation calls handlers synchronously from the write).
private final class FireCount: @unchecked Sendable {
  var count = 0
}
