import HeadlessUIKit
import NavigationReference

/// How often each kind is chosen, relative to the others; nil for kinds never generated. A switch,
/// not a dictionary: the generator asks for every enabled kind at every step, and hashing was a
/// visible share of its cost.
func stepWeight(_ kind: ActionKind) -> Int? {
  switch kind {
  case .set: 8
  case .mutate: 2
  case .clear: 4
  case .toggle: 3
  case .bump: 1
  case .pathAppend: 4
  case .pathRemoveLast: 2
  case .pathSet: 2
  case .app: 4
  case .userDismiss: 3
  case .userDismissCancel: 1
  case .userAlertTap: 3
  case .userBack: 3
  case .userBackTo: 1
  case .userSwipeBack: 2
  case .userSwipeBackCancel: 1
  case .tick: 3
  case .advance: 4
  case .settle: 3
  case .untilTransitionEnd: 2  // only while a transition runs: the window of next-tick write-backs
  case .expect: nil
  }
}

/// Small, so identity collisions and changes happen often.
let generatedIDs = [1, 2, 3]

/// The values path steps choose from: those the path's kinds declare (every kind's, in order), or
/// for a path of `[Int]` the generated ids.
func pathValueChoices(_ spec: TopologySpec) -> [Int] {
  spec.root.declaredPathValues ?? generatedIDs
}
/// Durations around the transitions' (300-500 ms), so time steps land inside animations.
let generatedDurations = [50, 100, 150, 250, 300, 350, 400, 500, 600]

/// Chooses the next step from what the current state allows: program steps only for slots that
/// exist, user steps only for what is on screen, time steps that land inside animations. Weighted,
/// with swarm testing: each run switches off a random subset of action kinds, so long runs of the
/// remaining kinds happen (Hypothesis's finding: far more bugs than uniform choice).
@MainActor
public struct StepGenerator<Choices: ChoiceSource> {
  private var random: Choices
  public let enabled: [ActionKind]

  /// Every action kind; `choices` decides everything (a fuzzer's bytes).
  public init(choices: Choices) {
    self.init(choices: choices, enabled: ActionKind.allCases.filter { stepWeight($0) != nil })
  }

  init(choices: Choices, enabled: [ActionKind]) {
    random = choices
    self.enabled = enabled
  }

  /// What is left of the choices.
  public var choices: Choices { random }

  /// The next step for the runner's current state.
  public mutating func next(for runner: Runner) -> Step {
    let options = StepOptions(runner: runner, enabled: enabled)
    var roll = random.below(options.totalWeight)
    var chosen = ActionKind.settle
    for (kind, weight) in options.candidates {
      if roll < weight {
        chosen = kind
        break
      }
      roll -= weight
    }
    switch chosen {
    case .set: return .set(random.pick(options.itemSlots), id: random.pick(generatedIDs))
    case .mutate: return .mutate(random.pick(options.filledItemSlots))
    case .clear: return .clear(random.pick(options.filledSlots))
    case .toggle:
      let slot = random.pick(options.flagSlots)
      return .toggle(slot.address, on: !slot.filled)
    case .bump: return .bump(random.pick(options.screens))
    case .pathAppend: return .pathAppend(random.pick(options.pathValueChoices))
    case .pathRemoveLast: return .pathRemoveLast(1 + random.below(options.pathCount))
    case .pathSet:
      if !options.pathValues.isEmpty, random.below(2) == 0 {
        return .pathSet(Self.rearranged(options.pathValues, using: &random))
      }
      return .pathSet((0..<random.below(4)).map { _ in random.pick(options.pathValueChoices) })
    case .app:
      let choice = random.pick(options.intents)
      return .app(choice.screen, intent: choice.intent)
    case .userDismiss: return .user(.dismiss)
    case .userDismissCancel: return .user(.dismissCancel)
    case .userAlertTap:
      // A choice only where there is one: single-button alerts generate what they always did.
      return .user(.alertTap(options.alertButtons > 1 ? random.below(options.alertButtons) : 0))
    case .userBack: return .user(.back)
    case .userBackTo: return .user(.backTo(random.below(max(options.stackDepth - 1, 1))))
    case .userSwipeBack: return .user(.swipeBack)
    case .userSwipeBackCancel: return .user(.swipeBackCancel)
    case .tick: return .tick
    case .advance: return .advance(random.pick(generatedDurations))
    case .untilTransitionEnd: return .untilTransitionEnd
    case .settle, .expect: return .settle
    }
  }
}

extension StepGenerator {
  /// A deep link made of the values already on the stack, reordered or with one duplicated (at
  /// most three elements, what the byte decoder encodes): where a path of plain values reuses
  /// screens by value.
  static func rearranged(_ values: [Int], using random: inout Choices) -> [Int] {
    var result = values
    switch random.below(3) {
    case 0: result.reverse()
    case 1: result.append(result.removeFirst())
    default:
      let duplicated = random.pick(values)
      result.insert(duplicated, at: random.below(result.count + 1))
    }
    return Array(result.prefix(3))
  }
}

/// What a generator may choose from in the runner's current state, in a fixed order (the
/// fuzzer's byte decoder and encoder depend on it).
///
/// Choosing needs each list's length, and then one element of one list: a walk that counts (and
/// builds no address) gives the lengths, and a second walk to the chosen element builds only its
/// address. The lists and their order are those of one depth-first walk of the reference's screens.
@MainActor
struct StepOptions {
  private let walk: OptionWalk
  private var counts: [Int]
  var itemSlots: OptionList<Address> { list(.itemSlots) { _, address in address } }
  var filledItemSlots: OptionList<Address> { list(.filledItemSlots) { _, address in address } }
  var filledSlots: OptionList<Address> { list(.filledSlots) { _, address in address } }
  var flagSlots: OptionList<(address: Address, filled: Bool)> { list(.flagSlots) { entry, address in (address, entry.filled) } }
  var screens: OptionList<Address> { list(.screens) { _, address in address } }
  var intents: OptionList<(screen: Address, intent: String)> {
    let spec = walk.spec
    return list(.intents) { entry, address in (address, spec.screens[entry.screenType].intents[entry.intent].name) }
  }
  var pathCount = 0
  /// What a path step may append.
  let pathValueChoices: [Int]
  /// The root path's values, bottom to top, when its elements are plain values (deep links that
  /// rearrange them are chosen then).
  var pathValues: [Int] = []
  var stackDepth = 0
  /// The buttons of the alert or dialog on top (0 when none is).
  var alertButtons = 0
  var candidates: [(ActionKind, Int)] = []
  private(set) var totalWeight = 0

  private func list<Element>(_ list: OptionWalk.List, _ element: @escaping (OptionWalk.Entry, Address) -> Element)
    -> OptionList<Element>
  {
    OptionList(count: counts[list.rawValue], walk: walk, list: list, element: element)
  }

  init(runner: Runner, enabled: [ActionKind]) {
    let walk = OptionWalk(runner: runner)
    self.walk = walk
    // The counts depend on the reference alone: kept while it is not written.
    counts = runner.optionCounts.value(at: runner.world.referenceRevision) { walk.counts() }
    let shapes = runner.optionShapes
    pathValueChoices = shapes.pathValueChoices
    let path = runner.reference.root.path
    pathCount = path.count
    if shapes.pathIsByValue {
      // A loop, not `map`: a closure made in main-actor code checks the executor at each call.
      for element in path { pathValues.append(element.value) }
    }
    let hasPath = shapes.hasPath
    let window = runner.world.window
    let top = window.topmostViewController
    let presented = top != nil && top !== window.rootViewController
    stackDepth = window.topmostNavigationController?.viewControllers.count ?? 0
    alertButtons = (top as? UIAlertController)?.actions.count ?? 0
    candidates.reserveCapacity(enabled.count)
    for kind in enabled {
      let applicable: Bool
      switch kind {
      case .set: applicable = counts[OptionWalk.List.itemSlots.rawValue] > 0
      case .mutate: applicable = counts[OptionWalk.List.filledItemSlots.rawValue] > 0
      case .clear: applicable = counts[OptionWalk.List.filledSlots.rawValue] > 0
      case .toggle: applicable = counts[OptionWalk.List.flagSlots.rawValue] > 0
      case .bump: applicable = true
      case .pathAppend, .pathSet: applicable = hasPath
      case .pathRemoveLast: applicable = pathCount > 0
      case .app: applicable = counts[OptionWalk.List.intents.rawValue] > 0
      case .userDismiss, .userDismissCancel: applicable = presented
      case .userAlertTap: applicable = top is UIAlertController
      case .userBack, .userBackTo, .userSwipeBack, .userSwipeBackCancel: applicable = stackDepth > 1
      case .tick, .advance, .settle: applicable = true
      case .untilTransitionEnd: applicable = runner.environment.isTransitioning
      case .expect: applicable = false
      }
      if applicable, let weight = stepWeight(kind) {
        candidates.append((kind, weight))
        totalWeight += weight
      }
    }
  }
}

/// One of the lists a generator chooses from: its length, and its elements found by walking to them.
@MainActor
struct OptionList<Element> {
  let count: Int
  fileprivate let walk: OptionWalk
  fileprivate let list: OptionWalk.List
  fileprivate let element: (OptionWalk.Entry, Address) -> Element

  var isEmpty: Bool { count == 0 }

  /// Element `index`: a walk to it, which builds only its address.
  subscript(index: Int) -> Element {
    var seen = 0
    var found: Element?
    walk.forEach { entry, components in
      guard entry.lists.contains(list) else { return true }
      if seen == index {
        found = element(entry, Address(components))
        return false
      }
      seen += 1
      return true
    }
    return found!
  }

  /// Every element, in order (for the fuzzer's encoder, which looks elements up).
  var all: [Element] {
    var result: [Element] = []
    walk.forEach { entry, components in
      if entry.lists.contains(list) { result.append(element(entry, Address(components))) }
      return true
    }
    return result
  }
}

extension ChoiceSource {
  @MainActor
  mutating func pick<Element>(_ list: OptionList<Element>) -> Element { list[below(list.count)] }
}

/// The depth-first walk of the reference's screens that orders every option list: each screen,
/// then its intents, then each slot (a filled slot's screen right after it), then its path.
@MainActor
struct OptionWalk {
  /// The lists an entry belongs to.
  enum List: Int, CaseIterable {
    case itemSlots, filledItemSlots, filledSlots, flagSlots, screens, intents
  }

  /// What the walk meets: a screen, one of its intents, or one of its slots.
  struct Entry {
    var lists: ListSet
    var screenType = 0
    var intent = 0
    var filled = false
  }

  /// A few lists, as bits (made once: the walk meets many entries).
  struct ListSet {
    let bits: UInt8
    private init(bits: UInt8) { self.bits = bits }
    private init(_ lists: [List]) { bits = lists.reduce(0) { $0 | 1 << $1.rawValue } }
    func contains(_ list: List) -> Bool { bits & (1 << list.rawValue) != 0 }

    static let screen = ListSet([.screens])
    static let intent = ListSet([.intents])
    static let flag = ListSet([.flagSlots])
    static let filledFlag = ListSet([.flagSlots, .filledSlots])
    static let item = ListSet([.itemSlots])
    static let filledItem = ListSet([.itemSlots, .filledItemSlots, .filledSlots])
  }

  /// Read when walked: options are made and used before the runner's next step.
  let runner: Runner
  var spec: TopologySpec { runner.topology.spec }
  /// The spec's screens as the walk reads them (made once per runner).
  private var shapes: OptionShapes { runner.optionShapes }

  /// How many entries each list has, by `List.rawValue`: the entries `forEach` meets, counted by
  /// a walk that makes no entries, addresses or closures (the generator counts at every step whose
  /// reference changed).
  func counts() -> [Int] {
    let shapes = self.shapes
    var itemSlots = 0, filledItemSlots = 0, filledSlots = 0, flagSlots = 0, screens = 0, intents = 0
    func walk(_ screen: ReferenceScreen) {
      screens += 1
      intents += shapes.intentCounts[screen.type]
      for slot in shapes.slots[screen.type] {
        let filled = screen.slots[slot.index] != nil
        if slot.isFlag {
          flagSlots += 1
        } else {
          itemSlots += 1
          if filled { filledItemSlots += 1 }
        }
        guard filled else { continue }
        filledSlots += 1
        if let child = screen.slots[slot.index]?.child { walk(child) }
      }
      for element in screen.path { walk(element.screen) }
    }
    walk(runner.reference.root)
    var counts = [Int](repeating: 0, count: List.allCases.count)
    counts[List.itemSlots.rawValue] = itemSlots
    counts[List.filledItemSlots.rawValue] = filledItemSlots
    counts[List.filledSlots.rawValue] = filledSlots
    counts[List.flagSlots.rawValue] = flagSlots
    counts[List.screens.rawValue] = screens
    counts[List.intents.rawValue] = intents
    return counts
  }

  /// Calls `visit` with each entry and its address (the slot's, or the screen's) until it returns
  /// false. Reads slots without copying their items (or their children's whole state).
  func forEach(_ visit: (Entry, [Address.Component]) -> Bool) {
    let shapes = self.shapes
    var components: [Address.Component] = []
    components.reserveCapacity(16)
    func walk(_ screen: ReferenceScreen) -> Bool {
      guard visit(Entry(lists: .screen, screenType: screen.type), components) else { return false }
      for index in 0..<shapes.intentCounts[screen.type] {
        guard visit(Entry(lists: .intent, screenType: screen.type, intent: index), components) else {
          return false
        }
      }
      for slot in shapes.slots[screen.type] {
        let filled = screen.slots[slot.index] != nil
        components.append(.slot(slot.index))
        let lists = slot.isFlag ? (filled ? ListSet.filledFlag : ListSet.flag) : (filled ? ListSet.filledItem : ListSet.item)
        guard visit(Entry(lists: lists, screenType: screen.type, filled: filled), components) else { return false }
        if filled, let child = screen.slots[slot.index]?.child {
          guard walk(child) else { return false }
        }
        components.removeLast()
      }
      for (index, element) in screen.path.enumerated() {
        components.append(.pathElement(index))
        guard walk(element.screen) else { return false }
        components.removeLast()
      }
      return true
    }
    _ = walk(runner.reference.root)
  }
}

/// What the option walk reads of each screen type, taken from the spec once per runner: copying a
/// `ScreenSpec` out of the topology (strings and arrays retained and released) at every screen the
/// walk met cost more than the rest of the walk.
struct OptionShapes {
  /// Each type's number of intents.
  let intentCounts: [Int]
  /// Each type's slots that exist (not `isAbsent`), in order.
  let slots: [[(index: Int, isFlag: Bool)]]
  /// What a path step may append (`pathValueChoices`).
  let pathValueChoices: [Int]
  let hasPath: Bool
  let pathIsByValue: Bool

  init(_ spec: TopologySpec) {
    var intentCounts: [Int] = []
    var slots: [[(index: Int, isFlag: Bool)]] = []
    for screen in spec.screens {
      intentCounts.append(screen.intents.count)
      var present: [(index: Int, isFlag: Bool)] = []
      for index in screen.slots.indices where !screen.slots[index].isAbsent {
        present.append((index, screen.slots[index].isFlag))
      }
      slots.append(present)
    }
    self.intentCounts = intentCounts
    self.slots = slots
    pathValueChoices = NavigationFuzzing.pathValueChoices(spec)
    hasPath = spec.root.hasPath
    pathIsByValue = spec.root.pathEquality == .byValue
  }
}

extension StepGenerator where Choices == SplitMix64 {
  /// Seeded, with swarm testing: a quarter of the action kinds (never `settle`) switched off.
  public init(seed: UInt64, swarm: Bool = true) {
    var generator = SplitMix64(seed: seed)
    // Loops, not `filter`: a closure made in main-actor code checks the executor at each call.
    var kinds: [ActionKind] = []
    for kind in ActionKind.allCases where stepWeight(kind) != nil {
      // Drawn in the same order as before (kind by kind), so every seed keeps its kinds.
      if !swarm || kind == .settle || !generator.chance(1, in: 4) { kinds.append(kind) }
    }
    if swarm {
      if !kinds.contains(.set) && !kinds.contains(.pathAppend) && !kinds.contains(.toggle) { kinds.append(.set) }
    }
    self.init(choices: generator, enabled: kinds)
  }
}
