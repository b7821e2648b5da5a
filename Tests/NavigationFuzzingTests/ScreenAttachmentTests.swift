@testable import NavFuzzEngines
@testable import NavigationFuzzing
import NavigationReference
import Testing

/// `ScreenModel.isAttached(under:)` keeps its answer between changes: it must still say what a
/// lookup by address from the root says after every kind of change to slots and paths.
@MainActor
@Suite struct ScreenAttachmentTests {
  private func agrees(_ model: ScreenModel, under root: ScreenModel) -> Bool {
    model.isAttached(under: root) == (root.screen(at: model.address.components[...]) === model)
  }

  @Test func nestedSlotsDetachWithTheSlotAboveThem() throws {
    let spec = Topology.basic.spec
    let serials = SerialCounter()
    let root = ScreenModel(type: 0, parent: nil, place: nil, topology: spec, serials: serials)
    let slot = try #require(spec.screens[0].slotIndex(named: "presentedChild"))
    var chain: [ScreenModel] = []
    var holder = root
    for level in 0..<5 {
      let child = ScreenModel(type: 0, parent: holder, place: .slot(slot), topology: spec, serials: serials)
      holder[slot: slot] = SlotItem(id: ItemIdentity(id: 1, generation: level), payload: 0, child: child)
      chain.append(child)
      holder = child
    }
    #expect(chain.allSatisfy { $0.isAttached(under: root) })
    // Clearing a middle level detaches it and everything below it, answered before.
    chain[1][slot: slot] = nil
    #expect(chain.map { $0.isAttached(under: root) } == [true, true, false, false, false])
    #expect(chain.allSatisfy { agrees($0, under: root) })
    // A new incarnation in the same slot is another model: the old one stays detached.
    let replacement = ScreenModel(type: 0, parent: chain[1], place: .slot(slot), topology: spec, serials: serials)
    chain[1][slot: slot] = SlotItem(id: ItemIdentity(id: 1, generation: 9), payload: 0, child: replacement)
    #expect(replacement.isAttached(under: root))
    #expect(!chain[2].isAttached(under: root))
    #expect(chain.allSatisfy { agrees($0, under: root) })
  }

  @Test func pathElementsDetachWhenThePathDropsThem() {
    let spec = Topology.stack.spec
    let serials = SerialCounter()
    let root = ScreenModel(type: 0, parent: nil, place: nil, topology: spec, serials: serials)
    let elements = (0..<3).map { index in
      PathElement(
        value: index, generation: index,
        screen: ScreenModel(type: 1, parent: root, place: .pathElement(index), topology: spec, serials: serials),
        isEqualByValue: false)
    }
    root.path = elements
    #expect(elements.allSatisfy { $0.screen.isAttached(under: root) })
    root.path = [elements[2], elements[0]]
    #expect(elements.map { $0.screen.isAttached(under: root) } == [true, false, true])
    #expect(elements.allSatisfy { agrees($0.screen, under: root) })
  }
}
