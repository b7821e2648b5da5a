import NavFuzzEngines
import NavigationFuzzing
import NavigationReference
import Testing

@Suite struct ReferenceMachineTests {
  let spec = Topology.basic.spec
  func address(_ text: String) -> Address { try! spec.parseAddress(text).get() }

  @Test func aModalEvictsTheOtherModalOfItsStackLastWriterWins() {
    var machine = ReferenceMachine(topology: spec)
    // The screen's own other modal goes with the write (one destination).
    machine.set(address("alert"), id: 1, generation: 1)
    machine.set(address("presentedChild"), id: 1, generation: 2)
    #expect(machine.stateDescription() == ["presentedChild=1"])
    machine.presented(slot: address("presentedChild"), generation: 2)
    // Another screen's modal in the group: the engine evicts the shown one when it dismisses it
    // to present the new one; until then both are set, and the newer is the one wanted.
    machine.set(address("pushedChild"), id: 2, generation: 3)
    machine.pushed(slot: address("pushedChild"), generation: 3)
    machine.set(address("pushedChild.alert"), id: 3, generation: 4)
    #expect(machine.stateDescription() == ["presentedChild=1", "pushedChild.alert=3", "pushedChild=2"])
    #expect(machine.expectedScreen().map(\.description) == ["root", "push:pushedChild#2", "alert:pushedChild.alert#3"])
    #expect(!machine.isEviction(slot: address("pushedChild.alert"), generation: 4))  // never presented
    #expect(machine.isEviction(slot: address("presentedChild"), generation: 2))
    machine.evicted(slot: address("presentedChild"), generation: 2)
    #expect(machine.stateDescription() == ["pushedChild.alert=3", "pushedChild=2"])
    // Nothing waits for the context: a dismissal the reference did not ask for evicts nothing.
    machine.presented(slot: address("pushedChild.alert"), generation: 4)
    #expect(!machine.isEviction(slot: address("pushedChild.alert"), generation: 4))
    // A modal child has a stack of its own: its modal does not evict its parent.
    machine.set(address("presentedChild"), id: 4, generation: 5)
    machine.set(address("presentedChild.presentedChild"), id: 5, generation: 6)
    #expect(machine.item(at: address("presentedChild"))?.id == 4)
  }

  @Test func clearingAPushedScreenTakesTheScreensOwnPushesAboveItAlong() {
    var machine = ReferenceMachine(topology: spec)
    machine.set(address("pushedChild"), id: 1, generation: 1)
    machine.pushed(slot: address("pushedChild"), generation: 1)
    machine.set(address("pushedChild.pushedChild"), id: 2, generation: 2)
    machine.pushed(slot: address("pushedChild.pushedChild"), generation: 2)
    machine.toggle(address("isPushed"), on: true, generation: 3)
    machine.pushed(slot: address("isPushed"), generation: 3)
    // The root's push lies above the pushed screen's: the step writes the pushed screen's model
    // only, and the root's push stays until the engine pops it along (`leftStack`).
    machine.clear(address("pushedChild.pushedChild"))
    #expect(machine.stateDescription() == ["isPushed=on", "pushedChild=1"])
    // Popped along, it is still wanted (under navfuzz): the engine pushes it again, on top.
    machine.leftStack(slot: address("isPushed"), generation: 3)
    #expect(machine.stateDescription() == ["isPushed=on", "pushedChild=1"])
    #expect(machine.item(at: address("isPushed"))?.isOnStack == false)
    #expect(machine.expectedScreen().map(\.description) == ["root", "push:pushedChild#1", "push:isPushed"])
    var writesBack = ReferenceMachine(topology: spec, semantics: .swiftNavigation)
    writesBack.toggle(address("isPushed"), on: true, generation: 1)
    writesBack.pushed(slot: address("isPushed"), generation: 1)
    writesBack.leftStack(slot: address("isPushed"), generation: 1)
    #expect(writesBack.stateDescription().isEmpty)
  }

  @Test func clearingAPushedScreenTakesEverythingPushedAboveItAlong() {
    var machine = ReferenceMachine(topology: spec)
    machine.set(address("pushedChild"), id: 1, generation: 1)
    machine.pushed(slot: address("pushedChild"), generation: 1)
    machine.set(address("isPushed"), id: 0, generation: 2)  // a Bool slot: ignored by set
    machine.toggle(address("isPushed"), on: true, generation: 2)
    machine.pushed(slot: address("isPushed"), generation: 2)
    #expect(machine.expectedScreen().map(\.description) == ["root", "push:pushedChild#1", "push:isPushed"])
    machine.clear(address("pushedChild"))
    #expect(machine.stateDescription().isEmpty)
  }

  @Test func aPushNotYetOnTheStackIsNotAboveAnything() {
    var machine = ReferenceMachine(topology: spec)
    machine.set(address("pushedChild"), id: 1, generation: 1)
    machine.pushed(slot: address("pushedChild"), generation: 1)
    machine.toggle(address("isPushed"), on: true, generation: 2)  // not pushed yet
    machine.clear(address("pushedChild"))
    #expect(machine.stateDescription() == ["isPushed=on"])
  }

  @Test func identityNewIdRepresentsSameIdIsAPayloadChange() {
    var machine = ReferenceMachine(topology: spec)
    machine.set(address("presentedChild"), id: 1, generation: 1)
    machine.set(address("presentedChild.alert"), id: 9, generation: 2)
    machine.set(address("presentedChild"), id: 1, generation: 3)
    #expect(machine.item(at: address("presentedChild"))?.payload == 1)
    #expect(machine.item(at: address("presentedChild.alert"))?.id == 9)
    machine.set(address("presentedChild"), id: 2, generation: 4)
    #expect(machine.item(at: address("presentedChild.alert")) == nil)  // a new item, a new screen
  }

  @Test func staleUserDismissalOfAnOldIncarnationChangesNothing() {
    var machine = ReferenceMachine(topology: spec)
    machine.set(address("presentedChild"), id: 1, generation: 1)
    machine.clear(address("presentedChild"))
    machine.set(address("presentedChild"), id: 1, generation: 2)
    machine.userRemoved(slot: address("presentedChild"), generation: 1)
    #expect(machine.item(at: address("presentedChild"))?.generation == 2)
    machine.userRemoved(slot: address("presentedChild"), generation: 2)
    #expect(machine.item(at: address("presentedChild")) == nil)
  }

  @Test func stackUserPopsLeaveAStrictPrefixAndDuplicatesAreDistinct() {
    var machine = ReferenceMachine(topology: Topology.stack.spec)
    machine.pathSet([1, 1, 2], generations: [1, 2, 3])
    for index in 0..<3 { machine.pushed(pathElement: index, generation: index + 1) }
    #expect(machine.expectedScreen().map(\.description) == ["root", "push:path[0]#1", "push:path[1]#1", "push:path[2]#2"])
    machine.userRemoved(pathElement: 1, generation: 2)
    #expect(machine.path.map(\.value) == [1])
    machine.userRemoved(pathElement: 0, generation: 99)  // not that incarnation
    #expect(machine.path.map(\.value) == [1])
    let removed = machine.pathRemoveLast(2)
    #expect(!removed)
  }

  @Test func deepLinkKeepsTheMatchingPrefixAndItsState() {
    let stack = Topology.stack.spec
    var machine = ReferenceMachine(topology: stack)
    machine.pathSet([1, 2], generations: [1, 2])
    let alert = try! stack.parseAddress("path[0].alert").get()
    machine.set(alert, id: 5, generation: 3)
    machine.pathSet([1, 3, 4], generations: [4, 5, 6])
    #expect(machine.path.map(\.value) == [1, 3, 4])
    #expect(machine.item(at: alert)?.id == 5)
  }

  @Test func theStableHashIgnoresIncarnationsButNotIds() {
    var first = ReferenceMachine(topology: spec), second = ReferenceMachine(topology: spec)
    first.set(address("presentedChild"), id: 1, generation: 1)
    second.set(address("presentedChild"), id: 1, generation: 7)
    #expect(first.stableHash == second.stableHash)
    second.set(address("presentedChild"), id: 2, generation: 8)
    #expect(first.stableHash != second.stableHash)
  }

  /// A screen that saves, then dismisses itself: the item noted for its slot is the one it left
  /// with (its save counted), while the machine ends as the plain `perform` leaves it.
  @Test func performNotesTheItemAWatchedSlotHadWhenAnEffectEmptiedIt() throws {
    let spec = Topology.callbacks.spec
    let compose = try spec.parseAddress("compose").get(), alert = try spec.parseAddress("alert").get()
    var machine = ReferenceMachine(topology: spec)
    machine.set(compose, id: 1, generation: 1)
    var plain = machine
    var lastFilled: [ReferenceItem?] = []
    let performed = machine.perform("send", at: compose, generations: [], watching: [compose, alert], lastFilled: &lastFilled)
    plain.perform("send", at: compose, generations: [])
    #expect(performed && machine == plain)
    #expect(machine.item(at: compose) == nil)
    #expect(lastFilled.count == 2 && lastFilled[1] == nil)  // never filled: nothing noted
    let left = try #require(lastFilled[0])
    #expect(left.generation == 1 && left.child?.bumps == 1)
  }
}
