@testable import HeadlessUIKit
@testable import NavFuzzEngines
@testable import NavigationFuzzing
@testable import NavigationReference
import StateDrivenNavigation
import Testing

/// The shortcuts taken for speed give the answers the plain computations give, on many seeds,
/// topologies and engines (broken ones too, so that disagreements occur).
@MainActor
@Suite struct FastPathTests {
  static let topologies = ["basic", "counter", "stack", "syncups-tree", "syncups-stack", "covers", "value-stack"]
  static let engines = ["state-driven", "no-write-back", "no-dismiss-on-nil", "identity-ignored", "swift-navigation-like"]

  /// Runs random runs, calling `body` after every step.
  func everyStep(runs: Int, maxSteps: Int, _ body: (Runner) -> Void) {
    for (index, name) in Self.topologies.enumerated() {
      for engineName in Self.engines {
        let engine = BuiltInEngines.named(engineName)!
        for seed in 0..<UInt64(runs) {
          let runner = Runner(topology: Topology.named(name)!, engine: engine)
          var generator = StepGenerator(seed: seed &* 31 &+ UInt64(index))
          for step in 0..<maxSteps {
            _ = try? runner.perform(generator.next(for: runner), index: step)
            body(runner)
          }
        }
      }
    }
  }

  @Test func theStructuralModelComparisonAgreesWithComparingDescriptions() {
    var agreeing = 0, differing = 0, undecided = 0
    everyStep(runs: 12, maxSteps: 40) { runner in
      let world = runner.world
      let described = world.rootModel.stateDescription(detailed: true) == world.reference.stateDescription(detailed: true)
      let structural = world.modelMatchesReference()
      // It may only say "same" when the descriptions are the same.
      #expect(!structural || described)
      if structural { agreeing += 1 } else if described { undecided += 1 } else { differing += 1 }
    }
    #expect(agreeing > 1_000)
    #expect(differing > 50, "no run made the model differ from the reference: the check was not exercised")
    // Where it cannot tell, the caller describes both sides: that must stay rare to be worth it.
    #expect(undecided * 100 <= agreeing)
  }

  @Test func theEntryByEntryScreenComparisonAgreesWithComparingDescriptions() {
    var agreeing = 0, differing = 0, undecided = 0
    everyStep(runs: 12, maxSteps: 40) { runner in
      let entries = runner.world.screenEntries()
      let expected = runner.reference.expectedScreen()
      let described = entries.map(\.description) == expected.map(\.description)
      let surely = entries.count == expected.count && zip(entries, expected).allSatisfy { $0.isSurely($1) }
      #expect(!surely || described)
      if surely { agreeing += 1 } else if described { undecided += 1 } else { differing += 1 }
    }
    #expect(agreeing > 1_000)
    #expect(differing > 50, "the screen never differed from the reference: the check was not exercised")
    #expect(undecided * 100 <= agreeing)
  }

  /// The built-in engine binds slots through accessors, not key paths: the bindings must be the
  /// key paths' bindings (same identity, same value) in every state the runs reach.
  @Test func theEngineSlotBindingsAreTheBindingsOfTheSlotKeyPaths() {
    var compared = 0, nonNil = 0
    everyStep(runs: 2, maxSteps: 30) { runner in
      let world = runner.world
      let model = world.rootModel!
      for index in model.spec.slots.indices where !model.spec.slots[index].isAbsent {
        let slot = world.connection(for: model, slot: index)
        let item = StateDrivenEngine.item(of: slot), viaKeyPath = UIBindable(model)[dynamicMember: slot.itemKeyPath]
        #expect(item == viaKeyPath)
        #expect(item.wrappedValue?.id == viaKeyPath.wrappedValue?.id)
        if item.wrappedValue != nil { nonNil += 1 }
        if slot.spec.isFlag {
          let flag = StateDrivenEngine.flag(of: slot), flagViaKeyPath = UIBindable(model)[dynamicMember: slot.flagKeyPath]
          #expect(flag == flagViaKeyPath)
          #expect(flag.wrappedValue == flagViaKeyPath.wrappedValue)
        }
        compared += 1
      }
    }
    #expect(compared > 1_000)
    #expect(nonNil > 100, "no slot was ever set: the comparison saw only nil")
  }

  @Test func checksAreCountedPerInvariantInDeclarationOrder() {
    #expect(InvariantID.allCases.enumerated().allSatisfy { $0.offset == $0.element.ordinal })
    let (_, runner) = Campaign.randomRun(topology: .basic, engine: .default, seed: 3, maxSteps: 64)
    let checks = runner.statistics.checks
    // Every step checks the diagnostics, and the end of the run checks once more.
    #expect(checks[.engineWarning] == runner.statistics.steps + 1)
    #expect(checks[.referenceAgreement, default: 0] > 0)
    #expect(checks[.referenceAgreement] == checks[.noLeaks])
  }

  @Test func theGeneratorsListsAreTheWalksOrderAndTheirElementsAreFoundByIndex() {
    var checked = 0
    everyStep(runs: 4, maxSteps: 30) { runner in
      let enabled = ActionKind.allCases.filter { stepWeight($0) != nil }
      let options = StepOptions(runner: runner, enabled: enabled)
      // An independent walk (the reference's own) gives the filled slots in the same order.
      #expect(options.filledSlots.all == runner.reference.filledSlots())
      #expect(options.filledItemSlots.all == runner.reference.filledSlots().filter { runner.topology.spec.slot(at: $0)?.isFlag == false })
      #expect(options.screens.all.first == .root)
      for list in [options.itemSlots, options.filledItemSlots, options.filledSlots, options.screens] {
        let all = list.all
        #expect(all.count == list.count)
        #expect(all.indices.map { list[$0] } == all)
      }
      let flags = options.flagSlots.all
      #expect(flags.indices.allSatisfy { flags[$0] == options.flagSlots[$0] })
      let intents = options.intents.all
      #expect(intents.indices.allSatisfy { intents[$0] == options.intents[$0] })
      checked += 1
    }
    #expect(checked > 500)
  }

  @Test func theGeneratorsKindsAreThoseThePlainRulesAllowWithTheirWeights() {
    // The allowed kinds are bits of a UInt32, one per kind.
    #expect(ActionKind.allCases.count <= UInt32.bitWidth)
    var checked = 0, withAlert = 0, withStack = 0
    everyStep(runs: 4, maxSteps: 30) { runner in
      // Swarm subsets of the kinds, a different one at each step.
      let enabled = StepGenerator(seed: UInt64(checked)).enabled
      let options = StepOptions(runner: runner, enabled: enabled)
      let window = runner.world.window
      let top = window.topmostViewController
      let stackDepth = window.topmostNavigationController?.viewControllers.count ?? 0
      let spec = runner.topology.spec
      let reference = runner.reference
      let filled = reference.filledSlots()
      let presented = top != nil && top !== window.rootViewController
      let itemSlots = options.itemSlots.all, flagSlots = options.flagSlots.all, intents = options.intents.all
      let isTransitioning = runner.environment.isTransitioning
      func allowed(_ kind: ActionKind) -> Bool {
        switch kind {
        case .set: !itemSlots.isEmpty
        case .mutate: filled.contains { spec.slot(at: $0)?.isFlag == false }
        case .clear: !filled.isEmpty
        case .toggle: !flagSlots.isEmpty
        case .pathAppend, .pathSet: spec.root.hasPath
        case .pathRemoveLast: !reference.path.isEmpty
        case .app: !intents.isEmpty
        case .userDismiss, .userDismissCancel: presented
        case .userAlertTap: top is UIAlertController
        case .userBack, .userBackTo, .userSwipeBack, .userSwipeBackCancel: stackDepth > 1
        case .untilTransitionEnd: isTransitioning
        case .bump, .tick, .advance, .settle: true
        case .expect: false
        case .selectTab: spec.hasTabs
        case .userTab: top is UITabBarController
        }
      }
      let plain = enabled.filter(allowed).map { ($0, stepWeight($0)!) }
      #expect(options.candidates.map(\.0) == plain.map(\.0))
      #expect(options.candidates.map(\.1) == plain.map(\.1))
      // Every roll lands on the kind whose share of the total it falls in.
      var start = 0
      for (kind, weight) in plain {
        #expect((start..<start + weight).allSatisfy { options.kind(rolled: $0) == kind })
        start += weight
      }
      #expect(options.totalWeight == start)
      #expect(options.stackDepth == stackDepth)
      #expect(options.alertButtons == (top as? UIAlertController)?.actions.count ?? 0)
      #expect(options.pathCount == reference.path.count)
      if top is UIAlertController { withAlert += 1 }
      if stackDepth > 1 { withStack += 1 }
      checked += 1
    }
    #expect(checked > 500)
    #expect(withAlert > 20, "no alert was ever on top: the alert rules were not exercised")
    #expect(withStack > 20, "no stack ever had a back button: the stack rules were not exercised")
  }

  @Test func anUnchangedReferenceRevisionMeansAnUnchangedReferenceAndTheKeptValuesAreFresh() {
    var kept = 0, moved = 0
    var previous: (runner: ObjectIdentifier, revision: Int, reference: ReferenceMachine)?
    everyStep(runs: 6, maxSteps: 40) { runner in
      let revision = runner.world.referenceRevision
      if let previous, previous.runner == ObjectIdentifier(runner) {
        if previous.revision == revision {
          #expect(previous.reference == runner.reference)
          kept += 1
        } else {
          moved += 1
        }
      }
      previous = (ObjectIdentifier(runner), revision, runner.reference)
      // What the runner kept is what a fresh computation gives now.
      let fresh = runner.reference.expectedScreen()
      #expect(runner.expectedScreen.value(at: revision) { fresh } == fresh)
      // The option counts, as kept, and as the walk that builds every entry counts them.
      let enabled = ActionKind.allCases.filter { stepWeight($0) != nil }
      let options = StepOptions(runner: runner, enabled: enabled)
      let walk = OptionWalk(runner: runner)
      var counted = OptionCounts(rootPath: runner.reference.path.count)
      walk.forEach { entry, _ in
        for list in OptionWalk.List.allCases where entry.lists.contains(list) { counted[list] += 1 }
        return true
      }
      #expect(walk.counts() == counted)
      #expect(
        [options.itemSlots.count, options.filledItemSlots.count, options.filledSlots.count, options.flagSlots.count,
         options.screens.count, options.intents.count] == OptionWalk.List.allCases.map { counted[$0] })
    }
    #expect(kept > 1_000, "the reference was never left unchanged: nothing was kept")
    #expect(moved > 1_000)
  }

  @Test func anAppearanceIsNewsExactlyWhenReportingItChangesTheReference() {
    var news = 0, noNews = 0
    everyStep(runs: 4, maxSteps: 30) { runner in
      let reference = runner.world.reference
      // Every screen the reference has, with its own incarnation and with one it never had.
      var screens: [(Address, Int)] = [(.root, 0)]
      for slot in reference.filledSlots() where reference.item(at: slot)?.child != nil {
        screens.append((slot, reference.item(at: slot)!.generation))
      }
      for (index, element) in reference.path.enumerated() {
        screens.append((Address([.pathElement(index)]), element.generation))
      }
      for (address, generation) in screens {
        for candidate in [generation, generation + 1_000_000] {
          var reported = reference
          reported.appeared(screen: address, generation: candidate)
          let isNews = reference.appearanceIsNews(screen: address, generation: candidate)
          #expect(isNews == (reported != reference), "\(address) \(candidate)")
          if isNews { news += 1 } else { noNews += 1 }
        }
      }
    }
    #expect(news > 100 && noNews > 100, "both answers must be exercised")
  }

  @Test func aTopologyWithoutSlotsLackingIdentityHasNoneFilled() {
    var skipped = 0, walked = 0, found = 0
    for semantics in SemanticsProfile.all {
      everyStep(runs: 3, maxSteps: 30) { runner in
        let reference = runner.world.reference
        func lacksIdentity(_ spec: SlotSpec) -> Bool { spec.isFlag || !semantics.carriesIdentity(spec.style) }
        let slots = SlotsWithoutIdentity(topology: runner.topology.spec, lacksIdentity: lacksIdentity)
        let filled = reference.filledSlots(where: lacksIdentity)
        let filledBesideFlags = reference.filledSlots { lacksIdentity($0) && !$0.isFlag }
        // Where the shortcut says "none", the walk finds none.
        if !slots.exist { #expect(filled.isEmpty) }
        if !slots.existBesideFlags { #expect(filledBesideFlags.isEmpty) }
        if slots.existBesideFlags { walked += 1 } else { skipped += 1 }
        found += filledBesideFlags.count
      }
    }
    #expect(skipped > 500 && walked > 500, "both sides of the shortcut must be exercised")
    #expect(found > 100, "no push or alert without identity was ever filled: not exercised")
  }

  @Test func theSideBySideWalkFindsTheSlotsWithoutIdentityTheAddressLookUpsFind() {
    var compared = 0, found = 0, withPaths = 0
    everyStep(runs: 6, maxSteps: 40) { runner in
      let world = runner.world
      let walked = world.filledWithoutIdentity(), lookedUp = world.filledWithoutIdentityByAddress()
      #expect(walked.count == lookedUp.count)
      for (a, b) in zip(walked, lookedUp) {
        #expect(a.model === b.model && a.index == b.index && a.address == b.address)
        #expect(a.runtime.id == b.runtime.id && a.runtime.payload == b.runtime.payload && a.runtime.child === b.runtime.child)
        #expect(a.expected == b.expected)
        if a.address?.components.contains(where: { if case .pathElement = $0 { true } else { false } }) == true {
          withPaths += 1
        }
      }
      found += walked.count
      compared += 1
    }
    #expect(compared > 1_000)
    #expect(found > 500, "no slot without identity was filled: the walk was not exercised")
    #expect(withPaths > 20, "no slot without identity under a path element: the path walk was not exercised")
  }

  @Test func aWriteIsTriedOnACopyOfTheReferenceOnlyWhereItCanClearAnotherSlot() {
    var compared = 0, clearing = 0, notTried = 0
    everyStep(runs: 3, maxSteps: 40) { runner in
      let reference = runner.reference
      let options = StepOptions(runner: runner, enabled: ActionKind.allCases)
      var steps: [Step] = []
      for address in options.itemSlots.all { steps += [.set(address, id: 1), .set(address, id: 2)] }
      for address in options.filledSlots.all { steps.append(.clear(address)) }
      for flag in options.flagSlots.all { steps.append(.toggle(flag.address, on: !flag.filled)) }
      for step in steps {
        // The plain computation: the step tried on a copy of the reference, whatever its screen holds.
        var after = reference
        switch step {
        case .set(let address, let id): after.set(address, id: id, generation: 0)
        case .clear(let address): after.clear(address)
        case .toggle(let address, let on): after.toggle(address, on: on, generation: 0)
        default: Issue.record("not a write: \(step)")
        }
        let address = WriteOrder.addressedSlot(of: step)!
        let plain = WriteOrder.slotsCleared(on: address, from: reference, to: after)
        #expect(WriteOrder.slotsCleared(by: step, in: reference) == plain, "\(step)")
        if !plain.isEmpty { clearing += 1 }
        if !reference.holdsFilledSlot(besides: address) { notTried += 1 }
        compared += 1
      }
    }
    #expect(compared > 10_000)
    #expect(clearing > 100, "no write cleared another slot: the trial was not exercised")
    #expect(notTried > 1_000, "every write was tried: the shortcut was not exercised")
  }

  @Test func arraysShareStorageUntilOneIsWrittenAndOnlyThen() {
    let original = [1, 2, 3]
    var copy = original
    #expect(copy.sharesStorage(with: original))
    copy[0] = 1  // the same value, but a write: the copy has its own buffer now
    #expect(!copy.sharesStorage(with: original) && copy == original)
    #expect(!original.sharesStorage(with: Array(original.prefix(2))))
    // A reference kept before a step shares the screens the step did not write below.
    var reference = ReferenceMachine(topology: Topology.basic.spec)
    let slot = Topology.basic.spec.screens[0].slotIndex(named: "presentedChild")!
    let other = Topology.basic.spec.screens[0].slotIndex(named: "pushedChild")!
    reference.set(Address([.slot(slot)]), id: 1, generation: 1)
    reference.set(Address([.slot(other)]), id: 2, generation: 2)
    let before = reference
    reference.set(Address([.slot(slot), .slot(slot)]), id: 3, generation: 3)
    #expect(!before.root.slots.sharesStorage(with: reference.root.slots))
    #expect(before.root.slots[other]!.child!.slots.sharesStorage(with: reference.root.slots[other]!.child!.slots))
    #expect(!before.root.slots[slot]!.child!.slots.sharesStorage(with: reference.root.slots[slot]!.child!.slots))
  }

  @Test func theGroupsFilledModalsAreTheGroupMembersModalsAndNoneIsUnderAnother() {
    var compared = 0, found = 0
    everyStep(runs: 4, maxSteps: 40) { runner in
      let reference = runner.reference
      for screen in [Address.root] + reference.filledSlots() {
        let modals = reference.filledModals(inGroupOf: screen)
        let members = reference.groupMembers(base: reference.groupBase(of: screen)).modals.map(\.address)
        #expect(Set(modals) == Set(members) && modals.count == members.count)
        for a in modals {
          for b in modals where a != b { #expect(!b.components.starts(with: a.components)) }
        }
        found += modals.count
        compared += 1
      }
    }
    #expect(compared > 1_000)
    #expect(found > 300, "no group ever held a modal: not exercised")
  }

  @Test func aListLookupFindsWhatFirstIndexFindsOnBothSidesOfItsScanLimit() {
    var random = SplitMix64(seed: 5)
    for length in [0, 1, 2, 3, ListLookup<Int>.scanLimit, ListLookup<Int>.scanLimit + 1, 40, 200] {
      // Few distinct values, so that most are repeated: the first position is the one found.
      let elements = (0..<length).map { _ in random.below(max(length / 2, 1)) }
      let lookup = ListLookup(elements)
      for probe in -1...(length / 2 + 1) {
        #expect(lookup.firstIndex(of: probe) == elements.firstIndex(of: probe), "length \(length), probe \(probe)")
        #expect(lookup.contains(probe) == elements.contains(probe))
      }
    }
    let addresses = [Address([.slot(1)]), Address([.slot(1), .slot(0)]), Address([.pathElement(0)]), Address([.slot(1)])]
    #expect(ListLookup(addresses).firstIndex(of: Address([.slot(1)])) == 0)
    #expect(ListLookup(addresses).firstIndex(of: Address([.slot(0)])) == nil)
  }

  @Test func repeatingACleanQuiescentCheckGivesTheFullChecksStatisticsAndViolations() {
    var repeated = 0, runs = 0, violating = 0
    for (index, name) in Self.topologies.enumerated() {
      for engineName in Self.engines {
        let engine = BuiltInEngines.named(engineName)!
        for seed in 0..<UInt64(8) {
          func run(repeating: Bool) -> Runner {
            let runner = Runner(topology: Topology.named(name)!, engine: engine)
            runner.repeatsCleanQuiescentChecks = repeating
            var generator = StepGenerator(seed: seed &* 31 &+ UInt64(index))
            for step in 0..<40 { _ = try? runner.perform(generator.next(for: runner), index: step) }
            runner.finish(stepIndex: 40)
            return runner
          }
          let full = run(repeating: false), shortcut = run(repeating: true)
          #expect(full.quiescentChecksRepeated == 0)
          repeated += shortcut.quiescentChecksRepeated
          let (a, b) = (full.statistics, shortcut.statistics)
          let label = "\(name) \(engineName) seed \(seed)"
          #expect(a.checks == b.checks, "\(label)")
          #expect(a.violations == b.violations, "\(label)")
          #expect(a.depthHistogram == b.depthHistogram, "\(label)")
          #expect(a.distinctStates == b.distinctStates, "\(label)")
          #expect(a.steps == b.steps && a.actionPairs == b.actionPairs && a.skipReasons == b.skipReasons, "\(label)")
          #expect(
            [a.deferredStackChanges, a.callbackIntents, a.uikitWarnings]
              == [b.deferredStackChanges, b.callbackIntents, b.uikitWarnings], "\(label)")
          #expect(full.violations == shortcut.violations, "\(name) \(engineName) seed \(seed)")
          runs += 1
          if !full.violations.isEmpty { violating += 1 }
        }
      }
    }
    #expect(repeated > runs * 2, "the shortcut was rarely taken: it was not exercised")
    #expect(violating > 20, "no run found a violation: the broken engines did not exercise the checks")
  }

  @Test func theTopmostControllerIsTheEndOfThePresentedChainAndNamesAreTheirTypesAndSerials() {
    var checked = 0, presented = 0
    everyStep(runs: 4, maxSteps: 30) { runner in
      let window = runner.world.window
      #expect(window.topmostViewController === window.rootViewController?.presentedChain.last)
      if window.topmostViewController !== window.rootViewController { presented += 1 }
      for controller in runner.environment.liveControllers {
        #expect(controller.debugName == "\(String(describing: type(of: controller)))#\(controller.serial)")
      }
      checked += 1
    }
    #expect(checked > 500)
    #expect(presented > 100, "nothing was ever presented: the chain was never longer than the root")
  }
}
