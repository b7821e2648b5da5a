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
  case .untilTransitionEnd, .expect: nil  // until-transition-end: for hand-written traces (no weight yet)
  }
}

/// Small, so identity collisions and changes happen often.
let generatedIDs = [1, 2, 3]
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
    case .pathAppend: return .pathAppend(random.pick(generatedIDs))
    case .pathRemoveLast: return .pathRemoveLast(1 + random.below(options.pathCount))
    case .pathSet:
      if !options.pathValues.isEmpty, random.below(2) == 0 {
        return .pathSet(Self.rearranged(options.pathValues, using: &random))
      }
      return .pathSet((0..<random.below(4)).map { _ in random.pick(generatedIDs) })
    case .app:
      let choice = random.pick(options.intents)
      return .app(choice.screen, intent: choice.intent)
    case .userDismiss: return .user(.dismiss)
    case .userDismissCancel: return .user(.dismissCancel)
    case .userAlertTap: return .user(.alertTap(0))
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
  var itemSlots: OptionList<Address>
  var filledItemSlots: OptionList<Address>
  var filledSlots: OptionList<Address>
  var flagSlots: OptionList<(address: Address, filled: Bool)>
  var screens: OptionList<Address>
  var intents: OptionList<(screen: Address, intent: String)>
  var pathCount = 0
  /// The root path's values, bottom to top, when its elements are plain values (deep links that
  /// rearrange them are chosen then).
  var pathValues: [Int] = []
  var stackDepth = 0
  var candidates: [(ActionKind, Int)] = []
  var totalWeight: Int { candidates.reduce(0) { $0 + $1.1 } }

  init(runner: Runner, enabled: [ActionKind]) {
    let reference = runner.reference
    let spec = runner.topology.spec
    var counts = [Int](repeating: 0, count: OptionWalk.List.allCases.count)
    OptionWalk(reference: reference, spec: spec).forEach { entry, _ in
      for list in OptionWalk.List.allCases where list.contains(entry) { counts[list.rawValue] += 1 }
      return true
    }
    func list<Element>(_ list: OptionWalk.List, _ element: @escaping (OptionWalk.Entry, Address) -> Element)
      -> OptionList<Element>
    {
      OptionList(
        count: counts[list.rawValue], walk: OptionWalk(reference: reference, spec: spec), list: list, element: element)
    }
    itemSlots = list(.itemSlots) { _, address in address }
    filledItemSlots = list(.filledItemSlots) { _, address in address }
    filledSlots = list(.filledSlots) { _, address in address }
    flagSlots = list(.flagSlots) { entry, address in (address, entry.filled) }
    screens = list(.screens) { _, address in address }
    intents = list(.intents) { entry, address in (address, entry.intent ?? "") }
    pathCount = reference.path.count
    if spec.root.pathEquality == .byValue { pathValues = reference.path.map(\.value) }
    let hasPath = spec.root.pathElementScreen != nil
    let window = runner.world.window
    let top = window.topmostViewController
    let presented = top != nil && top !== window.rootViewController
    stackDepth = window.topmostNavigationController?.viewControllers.count ?? 0
    candidates.reserveCapacity(enabled.count)
    for kind in enabled {
      let applicable: Bool
      switch kind {
      case .set: applicable = !itemSlots.isEmpty
      case .mutate: applicable = !filledItemSlots.isEmpty
      case .clear: applicable = !filledSlots.isEmpty
      case .toggle: applicable = !flagSlots.isEmpty
      case .bump: applicable = true
      case .pathAppend, .pathSet: applicable = hasPath
      case .pathRemoveLast: applicable = pathCount > 0
      case .app: applicable = !intents.isEmpty
      case .userDismiss, .userDismissCancel: applicable = presented
      case .userAlertTap: applicable = top is UIAlertController
      case .userBack, .userBackTo, .userSwipeBack, .userSwipeBackCancel: applicable = stackDepth > 1
      case .tick, .advance, .settle: applicable = true
      case .untilTransitionEnd: applicable = runner.environment.isTransitioning
      case .expect: applicable = false
      }
      if applicable, let weight = stepWeight(kind) { candidates.append((kind, weight)) }
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
      guard list.contains(entry) else { return true }
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
      if list.contains(entry) { result.append(element(entry, Address(components))) }
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
  /// What the walk meets.
  struct Entry {
    var isScreen = false
    var intent: String?
    var isSlot = false
    var isFlag = false
    var filled = false
  }

  /// The lists, by which entries they hold.
  enum List: Int, CaseIterable {
    case itemSlots, filledItemSlots, filledSlots, flagSlots, screens, intents

    func contains(_ entry: Entry) -> Bool {
      switch self {
      case .itemSlots: entry.isSlot && !entry.isFlag
      case .filledItemSlots: entry.isSlot && !entry.isFlag && entry.filled
      case .filledSlots: entry.isSlot && entry.filled
      case .flagSlots: entry.isSlot && entry.isFlag
      case .screens: entry.isScreen
      case .intents: entry.intent != nil
      }
    }
  }

  let reference: ReferenceMachine
  let spec: TopologySpec

  /// Calls `visit` with each entry and its address (the slot's, or the screen's) until it returns
  /// false. Reads slots without copying their items (or their children's whole state).
  func forEach(_ visit: (Entry, [Address.Component]) -> Bool) {
    var components: [Address.Component] = []
    components.reserveCapacity(16)
    func walk(_ screen: ReferenceScreen) -> Bool {
      guard visit(Entry(isScreen: true), components) else { return false }
      let screenSpec = spec.screens[screen.type]
      for intent in screenSpec.intents {
        guard visit(Entry(intent: intent.name), components) else { return false }
      }
      for index in screenSpec.slots.indices {
        let filled = screen.slots[index] != nil
        components.append(.slot(index))
        guard visit(Entry(isSlot: true, isFlag: screenSpec.slots[index].isFlag, filled: filled), components) else {
          return false
        }
        if filled, let child = screen.slots[index]?.child {
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
    _ = walk(reference.root)
  }
}

extension StepGenerator where Choices == SplitMix64 {
  /// Seeded, with swarm testing: a quarter of the action kinds (never `settle`) switched off.
  public init(seed: UInt64, swarm: Bool = true) {
    var generator = SplitMix64(seed: seed)
    var kinds = ActionKind.allCases.filter { stepWeight($0) != nil }
    if swarm {
      kinds = kinds.filter { $0 == .settle || !generator.chance(1, in: 4) }
      if !kinds.contains(.set) && !kinds.contains(.pathAppend) && !kinds.contains(.toggle) { kinds.append(.set) }
    }
    self.init(choices: generator, enabled: kinds)
  }
}
