import HeadlessUIKit
import Observation
import StateDrivenNavigation
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
