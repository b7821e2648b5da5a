import HeadlessUIKit
@testable import NavFuzzEngines
@testable import NavigationFuzzing
import NavigationReference
import Observation
import StateDrivenNavigation
import Testing

/// One write of an app can reach several bindings of its screen (its one destination: a modal set
/// over the screen's other modal, a push cleared under the screen's other pushes). On a device the
/// order their observations hear of it is the Observation registrar's, not the app's: the harness
/// produces each order (`Step.afterClearing`), and a trace says which.
@MainActor
@Suite struct WriteOrderTests {
  /// The built-in engine, plus an observer of every slot that notes, as the write happens (as
  /// Observation's `onChange` runs), which slot was written: the order an engine that acts in the
  /// order it hears of changes would act in. It hears again from the next turn on.
  struct HearsWrites: NavigationEngine {
    static var heard: [String] = []

    func wire(_ slot: SlotConnection, on controller: UIViewController) {
      StateDrivenEngine().wire(slot, on: controller)
      let model = slot.model, index = slot.index
      SlotListener.listen(to: { _ = model[slot: index] }) {
        let screen = model.address.isRoot ? "" : model.topology.describe(model.address) + "."
        Self.heard.append(screen + model.spec.slots[index].name)
      }
    }

    func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
      StateDrivenEngine().makeStack(path, root: root)
    }
  }

  /// An engine with a bug that only one order shows: it acts on what it hears in the order it
  /// hears it, turn by turn, and within a turn it handles a screen's modal going before another
  /// of the screen's modals coming badly (it reports a warning for it). Written first, the new
  /// modal comes before the old one goes, and nothing is reported; so is a modal going alone.
  struct WarnsWhenAModalGoesFirst: NavigationEngine {
    /// What each screen's modal slots did this turn, in the order heard: (slot, was it set).
    static var heardThisTurn: [ObjectIdentifier: [(index: Int, wasSet: Bool)]] = [:]

    func wire(_ slot: SlotConnection, on controller: UIViewController) {
      StateDrivenEngine().wire(slot, on: controller)
      guard slot.spec.style.isModal else { return }
      let model = slot.model, index = slot.index
      let key = ObjectIdentifier(model)
      SlotListener.listen(to: { _ = model[slot: index] }) {
        // Heard before the write: what the slot holds is what it held.
        if Self.heardThisTurn[key, default: []].isEmpty { MainQueue.async { Self.look(at: key) } }
        Self.heardThisTurn[key, default: []].append((index, model.peek(index) != nil))
      }
    }

    static func look(at key: ObjectIdentifier) {
      let heard = heardThisTurn.removeValue(forKey: key) ?? []
      if let went = heard.firstIndex(where: \.wasSet), heard[(went + 1)...].contains(where: { !$0.wasSet }) {
        EngineWarnings.report("a modal went before another came in the same turn")
      }
    }

    func makeStack(_ path: PathConnection, root: UIViewController) -> UINavigationController {
      StateDrivenEngine().makeStack(path, root: root)
    }
  }

  /// Hears each write of what `read` reads as it happens (as Observation's `onChange` runs, before
  /// the write), and again from the next turn on.
  @MainActor final class SlotListener {
    private static var listening: [SlotListener] = []
    private let read: () -> Void
    private let heard: () -> Void

    private init(read: @escaping () -> Void, heard: @escaping () -> Void) {
      self.read = read
      self.heard = heard
    }

    static func listen(to read: @escaping () -> Void, heard: @escaping () -> Void) {
      let listener = SlotListener(read: read, heard: heard)
      listening.append(listener)
      listener.listen()
    }

    private func listen() {
      withObservationTracking { read() } onChange: { [weak self] in
        MainActor.assumeIsolated {
          guard let self else { return }
          self.heard()
          MainQueue.async { self.listen() }
        }
      }
    }
  }

  static let hearsWrites = EngineChoice(name: "hears-writes", summary: "notes the order of writes", make: { HearsWrites() })
  static let warnsWhenAModalGoesFirst = EngineChoice(
    name: "warns-when-a-modal-goes-first", summary: "a bug one write order shows", make: { WarnsWhenAModalGoesFirst() })

  /// The slots written during the last of `lines` (steps of a `topology` trace, run on
  /// `HearsWrites`), in the order an engine observing them hears of it.
  static func heardDuringLastStep(_ lines: [String], topology: String = "counter") throws -> [String] {
    let trace = try TraceFormat.parse((["navtrace 1", "topology \(topology)"] + lines).joined(separator: "\n"))
    let runner = Runner(topology: Topology.named(topology)!, engine: Self.hearsWrites)
    for (index, step) in trace.steps.dropLast().enumerated() { try runner.perform(step, index: index) }
    HearsWrites.heard = []
    try runner.perform(trace.steps.last!, index: trace.steps.count - 1)
    return HearsWrites.heard
  }

  @Test func theDefaultOrderWritesTheAddressedSlotFirst() throws {
    let set = try Self.heardDuringLastStep(["set alertFact 1", "settle", "set sheetFact 1"])
    #expect(set == ["sheetFact", "alertFact"])
    let clear = try Self.heardDuringLastStep(["set fact 1", "settle", "set secondaryFact 1", "settle", "clear fact"])
    #expect(clear == ["fact", "secondaryFact"])
  }

  @Test func afterClearingWritesTheListedSlotsFirst() throws {
    let set = try Self.heardDuringLastStep(["set alertFact 1", "settle", "set sheetFact 1 after-clearing alertFact"])
    #expect(set == ["alertFact", "sheetFact"])
    let clear = try Self.heardDuringLastStep(["set fact 1", "settle", "set secondaryFact 1", "settle", "clear fact after-clearing secondaryFact"])
    #expect(clear == ["secondaryFact", "fact"])
    // A Bool slot turned on over its screen's sheet; the reference and the model end alike.
    let heard = try Self.heardDuringLastStep(["set presentedChild 1", "settle", "toggle isPresented on after-clearing presentedChild"], topology: "basic")
    #expect(heard == ["presentedChild", "isPresented"])
  }

  @Test func aListedSlotTheStepDoesNotClearIsNotWritten() throws {
    // Nothing else is set: the order names a slot the step leaves alone.
    let heard = try Self.heardDuringLastStep(["set sheetFact 1 after-clearing alertFact"])
    #expect(heard == ["sheetFact"])
  }

  @Test func everyOrderEndsInTheSameStateOnTheBuiltInEngine() throws {
    for order in ["", " after-clearing alertFact"] {
      let trace = try TraceFormat.parse(
        """
        navtrace 1
        topology counter
        set alertFact 1
        settle
        set sheetFact 2\(order)
        settle
        expect state sheetFact=2
        expect screen root sheet:sheetFact#2
        expect ok
        """)
      let result = try Replay.run(trace, topology: .counter, engine: .default)
      #expect(result.passed, "\(result.unmetExpectations)")
    }
  }

  @Test func theOrderIsWrittenAndReadBack() throws {
    let text = """
      navtrace 1
      topology basic
      set presentedChild 1 after-clearing isPresented alert
      clear pushedChild.pushedChild after-clearing pushedChild.isPushed
      toggle isPresented on after-clearing presentedChild

      """
    let trace = try TraceFormat.parse(text)
    #expect(trace.steps.count == 3)
    guard case .afterClearing(.set(_, id: 1), let first) = trace.steps[0] else {
      Issue.record("not an ordered set: \(trace.steps[0])")
      return
    }
    #expect(first.map(Topology.basic.spec.describe) == ["isPresented", "alert"])
    #expect(TraceFormat.print(trace) == text)
    #expect(trace.steps.allSatisfy { $0.isProgram })
    #expect(trace.steps[1].kind == .clear && trace.steps[2].kind == .toggle)
  }

  @Test func aMalformedOrderIsAnErrorAtItsLine() {
    let cases: [(String, String)] = [
      ("set presentedChild 1 after-clearing", "takes the slots"),
      ("set presentedChild 1 after-clearing pushedChild.alert", "is not another slot of the screen"),
      ("set presentedChild 1 after-clearing presentedChild", "is not another slot of the screen"),
      ("set presentedChild 1 after-clearing alert alert", "named twice"),
      ("set presentedChild 1 after-clearing nowhere", "nowhere"),
      ("clear presentedChild after-clearing path[0]", "path"),
    ]
    for (line, message) in cases {
      do {
        _ = try TraceFormat.parse("navtrace 1\ntopology basic\n\(line)\n", source: "t.navtrace")
        Issue.record("accepted: \(line)")
      } catch {
        #expect(error.description.hasPrefix("t.navtrace:3: error:"), "\(error.description)")
        #expect(error.description.contains(message), "\(line): \(error.description)")
      }
    }
    // Only after the steps that write slots.
    #expect(throws: TraceError.self) { _ = try TraceFormat.parse("navtrace 1\ntopology basic\nmutate alert after-clearing isPresented\n") }
  }

  @Test func theGeneratorProducesEveryOrder() {
    var orders: Set<Int> = []
    var withoutOrder = 0
    for seed in 1...40 {
      let runner = Runner(topology: .counter, engine: .default)
      var generator = StepGenerator(seed: UInt64(seed))
      for index in 0..<32 {
        let step = generator.next(for: runner)
        if case .afterClearing(_, let first) = step {
          orders.insert(first.count)
        } else if !WriteOrder.slotsCleared(by: step, in: runner.reference).isEmpty {
          withoutOrder += 1
        }
        _ = try? runner.perform(step, index: index)
      }
    }
    #expect(orders == [1] && withoutOrder > 0, "orders \(orders), today's order \(withoutOrder) times")
  }

  @Test func anOrderDecodesFromBytesAndEncodesBack() throws {
    let trace = try TraceFormat.parse(
      """
      navtrace 1
      topology counter
      set alertFact 1
      settle
      set sheetFact 2 after-clearing alertFact
      settle
      set alertFact 3
      settle
      """)
    let bytes = FuzzInput.encode(trace, topology: .counter, engine: .default)
    let (steps, _) = FuzzInput.decode(bytes, topology: .counter, engine: .default)
    #expect(steps == trace.actions)
  }

  @Test func aBugOfTheOtherOrderIsFoundInItsShortestForm() throws {
    // The app can write the two slots in that order itself, in two steps (`clear alertFact`, then
    // `set sheetFact 1`); one write that reaches both bindings, in the order UIKit may run their
    // observations, is one step shorter — and one write is all an app with one destination makes.
    let result = NavFuzz.check(engine: Self.warnsWhenAModalGoesFirst, topology: .counter, runs: 300)
    let failure = try #require(result.failures.first)
    #expect(failure.violation.invariant == .engineWarning)
    let shrunk = TraceFormat.print(failure.shrunk)
    #expect(shrunk.contains(" after-clearing "), "\(shrunk)")
    // The explorer finds it at depth 4 (the old modal set in a turn of its own, the new one over
    // it, the turn in which the engine acts); in today's order alone it needs 5 steps.
    var explorer = Explorer(topology: .counter, engine: Self.warnsWhenAModalGoesFirst)
    explorer.maxDepth = 4
    explorer.target = .engineWarning
    let found = try #require(explorer.run(now: { 0 }).trace)
    #expect(found.actions.count == 4)
    #expect(found.actions.contains { if case .afterClearing = $0 { true } else { false } }, "\(TraceFormat.print(found))")
    let twoWrites = try TraceFormat.parse(
      """
      navtrace 1
      topology counter
      set alertFact 1
      tick
      clear alertFact
      set sheetFact 1
      until transition-end
      """)
    let replayed = try Replay.run(twoWrites, topology: .counter, engine: Self.warnsWhenAModalGoesFirst)
    #expect(replayed.violations.map(\.invariant) == [.engineWarning])
  }
}
