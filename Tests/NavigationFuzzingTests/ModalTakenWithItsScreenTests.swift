import NavFuzzEngines
import NavigationFuzzing
import NavigationReference
import Testing

/// A modal whose screen left its stack is dismissed with it (swift-navigation #192). While another
/// modal of its group waits, that is an eviction (rule 2: last writer wins, whoever dismissed it);
/// otherwise the state still holds it, and it shows again if its screen comes back
/// (docs/SEMANTICS.md §3, "A step writes only the model it addresses").
@Suite struct ModalTakenWithItsScreenTests {
  let spec = Topology.basic.spec
  func address(_ text: String) -> Address { try! spec.parseAddress(text).get() }

  /// The stack of `corpus/regressions/rule2-a-modal-that-goes-with-its-screen-while-another-waits-is-evicted`:
  /// pushedChild, its isPushed, then the root's isPushed on top showing an alert, while the root's
  /// sheet waits to be presented.
  func machineWithAnAlertAboveAPushOfAnotherScreen() -> ReferenceMachine {
    var machine = ReferenceMachine(topology: spec)
    machine.set(address("pushedChild"), id: 1, generation: 1)
    machine.pushed(slot: address("pushedChild"), generation: 1)
    machine.toggle(address("pushedChild.isPushed"), on: true, generation: 2)
    machine.pushed(slot: address("pushedChild.isPushed"), generation: 2)
    machine.toggle(address("isPushed"), on: true, generation: 3)
    machine.pushed(slot: address("isPushed"), generation: 3)
    machine.set(address("isPushed.alert"), id: 4, generation: 4)
    machine.presented(slot: address("isPushed.alert"), generation: 4)
    machine.set(address("presentedChild"), id: 5, generation: 5)
    return machine
  }

  @Test func aModalOfAScreenOnItsStackIsEvicted() {
    var machine = machineWithAnAlertAboveAPushOfAnotherScreen()
    #expect(machine.isEviction(slot: address("isPushed.alert"), generation: 4))
    machine.leftWithItsScreen(slot: address("isPushed.alert"), generation: 4)
    #expect(machine.item(at: address("isPushed.alert"))?.isPresented == true)  // its screen is on its stack
  }

  @Test func aModalOfAScreenThatLeftItsStackWhileAnotherWaitsIsEvicted() {
    var machine = machineWithAnAlertAboveAPushOfAnotherScreen()
    // pushedChild.isPushed turned off: the root's isPushed, above it, is popped along.
    machine.toggle(address("pushedChild.isPushed"), on: false, generation: 6)
    machine.leftStack(slot: address("isPushed"), generation: 3, collateral: true)
    #expect(machine.isEviction(slot: address("isPushed.alert"), generation: 4))
    machine.evicted(slot: address("isPushed.alert"), generation: 4)
    #expect(machine.item(at: address("isPushed.alert")) == nil)
  }

  @Test func aModalOfAScreenThatLeftItsStackWithNothingWaitingGoesWithItAndComesBack() {
    var machine = machineWithAnAlertAboveAPushOfAnotherScreen()
    machine.clear(address("presentedChild"))  // nothing waits for the context now
    machine.toggle(address("pushedChild.isPushed"), on: false, generation: 7)
    machine.leftStack(slot: address("isPushed"), generation: 3, collateral: true)
    #expect(!machine.isEviction(slot: address("isPushed.alert"), generation: 4))
    machine.leftWithItsScreen(slot: address("isPushed.alert"), generation: 4)
    #expect(machine.item(at: address("isPushed.alert"))?.id == 4)
    #expect(machine.item(at: address("isPushed.alert"))?.isPresented == false)
    // Pushed again, its screen shows the alert again.
    machine.pushed(slot: address("isPushed"), generation: 3)
    machine.presented(slot: address("isPushed.alert"), generation: 4)
    #expect(machine.item(at: address("isPushed.alert"))?.isPresented == true)
  }

  @Test func aModalOfAPathScreenThatLeftItsStackWhileHelpWaitsIsEvicted() {
    let tabs = Topology.tabs.spec
    func address(_ text: String) -> Address { try! tabs.parseAddress(text).get() }
    var machine = ReferenceMachine(topology: tabs)
    machine.pathAppend(1, generation: 1)
    machine.pushed(pathElement: 0, generation: 1)
    machine.set(address("path[0].alert"), id: 2, generation: 2)
    machine.presented(slot: address("path[0].alert"), generation: 2)
    machine.set(address("help"), id: 1, generation: 3)
    #expect(machine.isEviction(slot: address("path[0].alert"), generation: 2))
    // Popped by the engine with nothing below to explain it: the element stays on the path, and
    // its alert, going with it while help waits, made way for help.
    machine.leftStack(pathElement: 0, generation: 1, collateral: false)
    #expect(machine.isEviction(slot: address("path[0].alert"), generation: 2))
    machine.evicted(slot: address("path[0].alert"), generation: 2)
    #expect(machine.item(at: address("path[0].alert")) == nil)
    #expect(machine.item(at: address("help"))?.id == 1)
  }
}
