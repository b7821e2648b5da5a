import HeadlessUIKit
import Observation
@_spi(Accessors) import StateDrivenNavigation
import Testing

@MainActor
@Suite struct BindingTests {
  enum Destination: Equatable {
    case detail(Int)
    case settings
  }

  @Observable final class Model {
    var item: Item?
    var destination: Destination?
    var count = 0
  }

  static let detail = EnumCase<Destination, Int>(
    "detail", extract: { if case .detail(let value) = $0 { value } else { nil } }, embed: { .detail($0) })

  @Test func bindingsDerivedTheSameWayAreEqualAndOthersAreNot() {
    let model = Model()
    let first = UIBindable(model), second = UIBindable(model)
    #expect(first.item == second.item)
    #expect(first.item.id.hashValue == second.item.id.hashValue)
    #expect(first.item.id != first.destination.id)
    #expect(UIBindable(Model()).item != first.item)
    #expect(UIBinding.constant(1) != UIBinding.constant(1))
    #expect(UIBinding(first.item) == nil)
  }

  /// The fast path (accessors instead of the key path) is the key path's binding: same identity,
  /// same reads and writes, seen by observation alike, the same last value once the root is gone.
  @Test func aBindingWithAccessorsIsTheBindingOfItsKeyPath() {
    final class Changes: @unchecked Sendable { var count = 0 }
    var model: Model? = Model()
    model!.item = Item(id: 1)
    let viaKeyPath = UIBinding(root: model!, keyPath: \Model.item)
    let direct = UIBinding(root: model!, keyPath: \Model.item, get: { $0.item }, set: { $0.item = $1 })
    #expect(direct == viaKeyPath)
    #expect(direct.id.hashValue == viaKeyPath.id.hashValue)
    #expect(direct == UIBindable(model!).item)
    let other = UIBinding(root: model!, keyPath: \Model.destination, get: { $0.destination }, set: { $0.destination = $1 })
    #expect(direct.id != other.id)

    let changes = Changes()
    for binding in [direct, viaKeyPath] {
      withObservationTracking { _ = binding.wrappedValue } onChange: { changes.count += 1 }
    }
    direct.wrappedValue = Item(id: 2)
    #expect(changes.count == 2, "a read through the accessors is tracked as a read through the key path")
    #expect(viaKeyPath.wrappedValue == Item(id: 2))
    viaKeyPath.wrappedValue = Item(id: 3)
    #expect(direct.wrappedValue == Item(id: 3))
    model!.item = Item(id: 4)
    #expect(direct.wrappedValue == Item(id: 4) && viaKeyPath.wrappedValue == Item(id: 4))
    model!.item = Item(id: 5)  // read by neither before the root goes

    model = nil
    #expect(direct.wrappedValue == Item(id: 4) && viaKeyPath.wrappedValue == Item(id: 4), "the last value read")
    direct.wrappedValue = nil
    viaKeyPath.wrappedValue = nil
    #expect(direct.wrappedValue == Item(id: 4) && viaKeyPath.wrappedValue == Item(id: 4), "writes are dropped alike")
  }

  @Test func unwrappedBindingKeepsTheLastValueAndDropsWritesWhileNil() throws {
    let model = Model()
    model.item = Item(id: 1)
    let unwrapped = try #require(UIBinding(UIBindable(model).item))
    unwrapped.wrappedValue.payload = 5
    #expect(model.item?.payload == 5)
    model.item = nil
    #expect(unwrapped.wrappedValue == Item(id: 1, payload: 5))
    unwrapped.wrappedValue = Item(id: 9)
    #expect(model.item == nil)
  }

  @Test func optionalToBoolWritesNilOnFalse() {
    let model = Model()
    model.item = Item(id: 1)
    let isPresent = UIBindable(model).item.isPresent()
    #expect(isPresent.wrappedValue)
    isPresent.wrappedValue = true
    #expect(model.item != nil)
    isPresent.wrappedValue = false
    #expect(model.item == nil)
  }

  @Test func enumCaseProjectionIgnoresWritesAfterTheCaseChangedAndNilClearsTheEnum() {
    let model = Model()
    model.destination = .detail(1)
    let detail = UIBindable(model).destination[case: Self.detail]
    #expect(detail.wrappedValue == 1)
    detail.wrappedValue = 2
    #expect(model.destination == .detail(2))
    model.destination = .settings
    #expect(detail.wrappedValue == nil)
    detail.wrappedValue = 3
    #expect(model.destination == .settings)
    model.destination = .detail(4)
    detail.wrappedValue = nil
    #expect(model.destination == nil)
  }

  @Test func observeRerunsOnceOnTheNextTurnWithTheFinalState() {
    let environment = HeadlessEnvironment.reset()
    let model = Model()
    var seen: [Int] = []
    let token = observe { seen.append(model.count) }
    model.count = 1
    model.count = 2
    model.count = 3
    #expect(seen == [0])
    environment.runLoop.tick()
    #expect(seen == [0, 3])
    model.item = Item(id: 1)  // not read by the closure
    environment.runLoop.settle()
    #expect(seen == [0, 3])
    token.cancel()
    model.count = 4
    environment.runLoop.settle()
    #expect(seen == [0, 3])
  }
}
