import HeadlessUIKit
import NavigationReference

/// The checks made whenever the world is quiescent (no transition in flight, nothing queued):
/// that is when the model, the screen and the reference must agree.
extension Runner {
  func checkQuiescent(stepIndex: Int) {
    let entries = world.screenEntries()
    // A check that counts no violation leaves what it saw, for the next to repeat if nothing changes.
    let violationsBefore = violationsCounted
    lastCleanCheck = nil
    defer { if violationsCounted == violationsBefore { lastCleanCheck = cleanCheck(depth: entries.count) } }
    // The screens and models as text are what a violation shows; nothing below changes them, so
    // they are made once, when first needed (most checks find nothing and need none).
    var expectedEntries: [ExpectedEntry]?
    func expected() -> [ExpectedEntry] {
      if let expectedEntries { return expectedEntries }
      let made = expectedScreen.value(at: world.referenceRevision) { world.reference.expectedScreen() }
      expectedEntries = made
      return made
    }
    var screens: (expected: [String], actual: [String])?
    func describedScreens() -> (expected: [String], actual: [String]) {
      if let screens { return screens }
      let made = (expected().map(\.description), entries.map(\.description))
      screens = made
      return made
    }
    func violation(_ invariant: InvariantID, _ explanation: @autoclosure () -> String) {
      guard willRecord(invariant) else { return }
      let (expectedScreen, actualScreen) = describedScreens()
      record(
        invariant, stepIndex, explanation(), expectedModel: world.reference.stateDescription(detailed: false),
        actualModel: world.rootModel.stateDescription(detailed: false), expectedScreen: expectedScreen,
        actualScreen: actualScreen)
    }
    // An unchanged reference has the hash already counted.
    if revisionCounted != world.referenceRevision {
      counted.distinctStates.insert(world.reference.stableHash)
      revisionCounted = world.referenceRevision
    }
    countDepth(entries.count)

    // no-double-presentation: one controller per slot on screen.
    checked(.noDoublePresentation)
    // Scanned while short, hashed past `ListLookup.scanLimit` (a deep link shows thousands).
    let hashesPlaces = entries.count > ListLookup<ScreenTag.Place>.scanLimit
    var seenPlaces: [ScreenTag.Place] = []
    var seenPlaceSet = Set<ScreenTag.Place>()
    for entry in entries {
      guard let place = entry.place, place != .root else { continue }
      if hashesPlaces ? !seenPlaceSet.insert(place).inserted : seenPlaces.contains(place) {
        violation(.noDoublePresentation, "'\(entry.tag!.label)' is shown by more than one controller")
      }
      if !hashesPlaces { seenPlaces.append(place) }
    }

    // no-leaks: every live controller the topology's content built is in the window's hierarchy
    // (an engine's own helpers are its business).
    checked(.noLeaks)
    let inHierarchy = world.controllersInHierarchy()
    // Loops, not closures, here and below: a closure made in main-actor code checks the executor
    // each time an algorithm calls it, and these run at every quiescent point.
    var leaked: [UIViewController] = []
    for controller in environment.liveControllers
    where controller.isBuiltByContent && !inHierarchy.contains(ObjectIdentifier(controller))
      && !isWaitingForItsPresenter(controller)
    {
      leaked.append(controller)
    }
    if let first = leaked.first {
      let what = first.screenTag.map { "'\($0.label.isEmpty ? "root" : $0.label)'" } ?? first.debugName
      violation(.noLeaks, "\(leaked.count) controller(s) alive but off screen, first \(what) (\(first.debugName))")
    }

    // dismissal-writes-back: what the user removed is not still set (unless re-set since).
    checked(.dismissalWritesBack)
    for tag in unverifiedRemovals {
      guard case .slot(let address, _) = tag.place, let (model, index) = world.runtimeSlot(address),
        let item = model.peek(index), item.id.generation == tag.generation
      else { continue }
      violation(.dismissalWritesBack, "the user removed '\(tag.label)' but the model still holds it")
    }
    unverifiedRemovals.removeAll()

    // identity-rebinding: after an identity change the new item is kept and shown.
    checked(.identityRebinding)
    for change in identityChanges {
      guard let expected = world.reference.item(at: change.address), expected.generation == change.generation,
        world.reference.showsItem(at: change.address)
      else { continue }
      var label: String { topology.spec.describe(change.address) }
      let held = world.runtimeSlot(change.address).flatMap { $0.0.peek($0.1) }
      let shown = entries.first { entry in
        if case .slot(let address, _)? = entry.place { return address == change.address }
        return false
      }
      if held?.id.generation != change.generation {
        violation(.identityRebinding, "'\(label)' changed to id \(expected.id), but the model lost the new item")
      } else if shown?.tag?.generation != change.generation {
        let what = shown?.tag?.id.map { "still shows id \($0)" } ?? "shows nothing"
        violation(.identityRebinding, "'\(label)' changed to id \(expected.id), but the screen \(what)")
      }
    }
    identityChanges.removeAll()

    // stack-path-consistency: the path's elements are the stack's path screens, in order.
    if topology.spec.root.hasPath {
      checked(.stackPathConsistency)
      let path = world.rootModel.peekPath.map(\.value)
      let shown = entries.filter(\.isPathScreen).compactMap { $0.tag?.id }
      if path != shown {
        violation(.stackPathConsistency, "the path is \(path) but the stack shows \(shown)")
      } else if let wrong = zip(world.rootModel.peekPath, entries.filter(\.isPathScreen)).first(where: { element, entry in
        // A screen the app built shows what its reading says (the kind of the value it shows).
        guard let screen = entry.controller as? ScreenController else { return !entry.controller.isReadFromApp }
        return screen.model.type != element.screen.type
      }) {
        // Each element is shown by the screen of its kind (a path with several kinds).
        let shownType = (wrong.1.controller as? ScreenController)?.model.spec.name ?? "another controller"
        violation(
          .stackPathConsistency,
          "the stack shows value \(wrong.0.value) with a \(shownType) screen, not the \(wrong.0.screen.spec.name) screen of its kind")
      }
    }

    // state-ui-consistency: a slot holds an item iff exactly one on-screen controller shows it.
    checked(.stateUIConsistency)
    checkStateUIConsistency(entries: entries) { violation($0, $1) }

    // ondismiss-exactly-once.
    checked(.onDismissExactlyOnce)
    var keys: [SlotKey] = []
    for entry in entries { if let key = entry.tag?.key { keys.append(key) } }
    let keysOnScreen = ListLookup(keys)
    var balanced: [SlotKey] = []
    for key in world.presentations.keys.sorted() {
      let count = world.presentations[key]!
      let onScreen = keysOnScreen.contains(key) ? 1 : 0
      if count.isPush && !engine.contract.onDismissForPushes {  // not offered: not checked
        if onScreen == 0 { balanced.append(key) }
        continue
      }
      if count.dismissed != count.entered - onScreen {
        violation(
          .onDismissExactlyOnce,
          "a slot's presentations: \(count.entered) entered, \(onScreen) on screen, but onDismiss ran \(count.dismissed) time(s), "
            + (count.dismissed < count.entered - onScreen ? Violation.onDismissTooFew : "too many"))
        break
      }
      if onScreen == 0 { balanced.append(key) }
    }
    // Only entered − dismissed matters, and a balanced slot off screen has 0: forgetting it keeps
    // every later check's answer and keeps this loop to the slots still in play, not every slot the
    // run ever presented (which made one long run's cost grow with the square of its length).
    for key in balanced { world.presentations[key] = nil }

    // observe-idempotence: no navigation change since the last quiescent point, no screen change.
    checked(.observeIdempotence)
    // Serials, not object identities: a rebuilt controller may reuse a freed one's address.
    var identities: [Int] = []
    identities.reserveCapacity(entries.count)
    for entry in entries { identities.append(entry.controller.serial) }
    // tab-switch-keeps-screens: a switch alone changes no controller of a tab whose expected
    // screens it leaves as they were (every tab is listed whichever is selected). It may change a
    // tab's: loading a tab shows what it holds, and where screens present only once they appeared,
    // a screen a switch shows for the first time shows what it held back.
    var tabsOfEntries: [Int] = []
    if optionShapes.tabCount > 0 {
      checked(.tabSwitchKeepsScreens)
      for entry in entries { tabsOfEntries.append(tab(of: entry)) }
    }
    if !navigationChangedSinceQuiescence, let last = lastQuiescentScreen {
      if tabSwitchedSinceQuiescence {
        if let changed = tabWhoseControllersChanged(
          from: (last, lastQuiescentTabs, lastQuiescentExpected), to: (identities, tabsOfEntries, expected()))
        {
          violation(
            .tabSwitchKeepsScreens,
            "only the selected tab changed, yet the controllers of tab \(changed) (\(topology.spec.tabName(changed))) did")
        }
      } else if last != identities {
        violation(.observeIdempotence, "nothing navigation reads changed, yet the controllers on screen did")
      }
    }
    lastQuiescentScreen = identities
    if optionShapes.tabCount > 0 {
      lastQuiescentTabs = tabsOfEntries
      lastQuiescentExpected = expected()
    }
    navigationChangedSinceQuiescence = false
    tabSwitchedSinceQuiescence = false

    // selected-tab, delegate-forwarding.
    checkTabsAndDelegates { violation($0, $1) }
    world.endAlertTapWatches()

    // user-invariant: the app's own.
    checked(.userInvariant)
    if let broken = world.features.violatedInvariants(in: AppContext(world: world, generations: [])).first {
      violation(.userInvariant, broken)
    }

    // reference-agreement: model and screen are what the reference says.
    checked(.referenceAgreement)
    let modelAgrees =
      world.modelMatchesReference()
      || world.rootModel.stateDescription(detailed: true) == world.reference.stateDescription(detailed: true)
    if !modelAgrees {
      let detailedActual = world.rootModel.stateDescription(detailed: true)
      let detailedExpected = world.reference.stateDescription(detailed: true)
      violation(.referenceAgreement, "the model differs from the reference: \(difference(detailedExpected, detailedActual))")
    } else if !screenIsSurelyExpected(entries, expected()), describedScreens().actual != describedScreens().expected {
      violation(.referenceAgreement, "the screen differs from the reference")
    }
  }

  /// Whether the screen is the expected one, judged entry by entry without describing either:
  /// true only when the descriptions are equal (the caller compares those when it says false).
  private func screenIsSurelyExpected(_ entries: [ScreenEntry], _ expected: [ExpectedEntry]) -> Bool {
    guard entries.count == expected.count else { return false }
    for (entry, expectedEntry) in zip(entries, expected) where !entry.isSurely(expectedEntry) { return false }
    return true
  }

  /// A controller built for a slot whose presenter has not appeared yet, or for a modal waiting
  /// for another to go, where the profile says presentations wait for that: kept for later, not
  /// leaked.
  private func isWaitingForItsPresenter(_ controller: UIViewController) -> Bool {
    let tag = controller.screenTag ?? controller.children.first?.screenTag
    guard case .slot(let address, _)? = tag?.place, let item = world.reference.item(at: address) else { return false }
    return item.generation == tag?.generation && !world.reference.showsItem(at: address)
  }

  private func checkStateUIConsistency(entries: [ScreenEntry], report: (InvariantID, String) -> Void) {
    var filled: [(address: Address, item: SlotItem)] = []
    func walk(_ model: ScreenModel) {
      for index in model.spec.slots.indices {
        guard let item = model.peek(index) else { continue }
        filled.append((model.address.appending(.slot(index)), item))
        if let child = item.child { walk(child) }
      }
      for element in model.peekPath { walk(element.screen) }
    }
    walk(world.rootModel)
    // The entries showing slots, and the slots they show: the first showing each slot is looked
    // up in a `ListLookup`, hashed only when long (deep nesting made a scan per slot cubic).
    var showingSlots: [ScreenEntry] = []
    var shownSlots: [Address] = []
    for entry in entries {
      if case .slot(let shown, _)? = entry.place {
        showingSlots.append(entry)
        shownSlots.append(shown)
      }
    }
    let shown = ListLookup(shownSlots)
    // One copy of the reference for the loop, not one per filled slot.
    let reference = world.reference
    for (address, item) in filled where reference.showsItem(at: address) {
      guard let position = shown.firstIndex(of: address) else {
        report(.stateUIConsistency, "'\(topology.spec.describe(address))' holds an item but no controller on screen shows it")
        return
      }
      let showing = showingSlots[position]
      if showing.showsID, let shownID = showing.tag?.id, shownID != item.id.id {
        report(
          .stateUIConsistency, "'\(topology.spec.describe(address))' holds id \(item.id.id) but the screen shows id \(shownID)")
        return
      }
    }
    var filledAddresses: [Address] = []
    filledAddresses.reserveCapacity(filled.count)
    for slot in filled { filledAddresses.append(slot.address) }
    let isFilled = ListLookup(filledAddresses)
    for (entry, address) in zip(showingSlots, shownSlots) where !isFilled.contains(address) {
      report(.stateUIConsistency, "'\(entry.tag!.label)' is on screen but its slot is empty")
      return
    }
  }

  private func difference(_ expected: [String], _ actual: [String]) -> String {
    let missing = expected.filter { !actual.contains($0) }
    let extra = actual.filter { !expected.contains($0) }
    var parts: [String] = []
    if !missing.isEmpty { parts.append("expected \(missing.joined(separator: " "))") }
    if !extra.isEmpty { parts.append("found \(extra.joined(separator: " "))") }
    return parts.joined(separator: "; ")
  }
}
