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
  case .selectTab: 3  // only with tabs
  case .userTab: 3
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
    let chosen = options.kind(rolled: random.below(options.totalWeight))
    switch chosen {
    case .set: return inWriteOrder(.set(random.pick(options.itemSlots), id: random.pick(generatedIDs)), for: runner)
    case .mutate: return .mutate(random.pick(options.filledItemSlots))
    case .clear: return inWriteOrder(.clear(random.pick(options.filledSlots)), for: runner)
    case .toggle:
      let slot = random.pick(options.flagSlots)
      return inWriteOrder(.toggle(slot.address, on: !slot.filled), for: runner)
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
    case .selectTab: return .selectTab(random.below(options.tabCount))
    case .userTab: return .user(.tab(random.below(options.tabCount)))
    case .tick: return .tick
    case .advance: return .advance(random.pick(generatedDurations))
    case .untilTransitionEnd: return .untilTransitionEnd
    case .settle, .expect: return .settle
    }
  }
}

extension StepGenerator {
  /// `step` in one of the orders its writes may reach the app's model: where it clears other
  /// slots of its screen (`WriteOrder`), one more choice says how many of them are written
  /// before the addressed slot — 0, today's order, or up to all of them.
  mutating func inWriteOrder(_ step: Step, for runner: Runner) -> Step {
    let cleared = WriteOrder.slotsCleared(by: step, in: runner.world.reference)
    guard !cleared.isEmpty else { return step }
    return WriteOrder.step(step, clearingFirst: random.below(cleared.count + 1), of: cleared)
  }

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
  private let counts: OptionCounts
  var itemSlots: OptionList<Address> { list(.itemSlots) { _, address in address } }
  var filledItemSlots: OptionList<Address> { list(.filledItemSlots) { _, address in address } }
  var filledSlots: OptionList<Address> { list(.filledSlots) { _, address in address } }
  var flagSlots: OptionList<(address: Address, filled: Bool)> { list(.flagSlots) { entry, address in (address, entry.filled) } }
  var screens: OptionList<Address> { list(.screens) { _, address in address } }
  var intents: OptionList<(screen: Address, intent: String)> {
    let spec = walk.spec
    return list(.intents) { entry, address in (address, spec.screens[entry.screenType].intents[entry.intent].name) }
  }
  /// The root path's length (what a path step may remove).
  let pathCount: Int
  /// What a path step may append.
  var pathValueChoices: [Int] { walk.shapes.pathValueChoices }
  /// The root path's values, bottom to top, when its elements are plain values (deep links that
  /// rearrange them are chosen then).
  var pathValues: [Int] {
    guard walk.shapes.pathIsByValue else { return [] }
    var values: [Int] = []
    // A loop, not `map`: a closure made in main-actor code checks the executor at each call.
    for element in walk.runner.world.reference.root.path { values.append(element.value) }
    return values
  }
  let stackDepth: Int
  /// How many tabs the tab bar has (0 without tabs).
  let tabCount: Int
  /// The buttons of the alert or dialog on top (0 when none is).
  var alertButtons: Int { alert?.actions.count ?? 0 }
  private let alert: UIAlertController?
  /// The enabled kinds the state allows, as bits by `ActionKind.ordinal`: the kinds `candidates`
  /// lists, without making the list at every step (FastPathTests checks that every kind has a bit).
  private let applicable: UInt32
  private let enabled: [ActionKind]
  let totalWeight: Int

  /// The enabled kinds the state allows, in the order of `enabled`, with their weights.
  var candidates: [(ActionKind, Int)] {
    var result: [(ActionKind, Int)] = []
    for kind in enabled where isApplicable(kind) { result.append((kind, stepWeight(kind)!)) }
    return result
  }

  /// The candidate a roll in `0..<totalWeight` lands on: `candidates`, each covering its weight.
  func kind(rolled roll: Int) -> ActionKind {
    var roll = roll
    for kind in enabled where isApplicable(kind) {
      let weight = stepWeight(kind)!
      if roll < weight { return kind }
      roll -= weight
    }
    return .settle
  }

  private func isApplicable(_ kind: ActionKind) -> Bool { applicable & 1 << kind.ordinal != 0 }

  private func list<Element>(_ list: OptionWalk.List, _ element: @escaping (OptionWalk.Entry, Address) -> Element)
    -> OptionList<Element>
  {
    OptionList(count: counts[list], walk: walk, list: list, element: element)
  }

  init(runner: Runner, enabled: [ActionKind]) {
    let walk = OptionWalk(runner: runner)
    self.walk = walk
    self.enabled = enabled
    // The counts depend on the reference alone: kept while it is not written.
    let counts = runner.optionCounts.value(at: runner.world.referenceRevision) { walk.counts() }
    self.counts = counts
    let shapes = walk.shapes
    pathCount = counts.rootPath
    let window = runner.world.window
    let top = window.topmostViewController
    let presented = top != nil && top !== window.rootViewController
    // `window.topmostNavigationController` is the top cast to a navigation controller (or, for a
    // tab bar, its selected tab's): cast here rather than walk to the top again.
    let tabs = shapes.tabCount > 0 ? top as? UITabBarController : nil
    let stackDepth = ((tabs?.selectedViewController ?? top) as? UINavigationController)?.viewControllers.count ?? 0
    tabCount = shapes.tabCount
    self.stackDepth = stackDepth
    alert = top as? UIAlertController
    var applicable: UInt32 = 0
    var totalWeight = 0
    for kind in enabled {
      let allowed: Bool
      switch kind {
      case .set: allowed = counts.itemSlots > 0
      case .mutate: allowed = counts.filledItemSlots > 0
      case .clear: allowed = counts.filledSlots > 0
      case .toggle: allowed = counts.flagSlots > 0
      case .bump: allowed = true
      case .pathAppend, .pathSet: allowed = shapes.hasPath
      case .pathRemoveLast: allowed = pathCount > 0
      case .app: allowed = counts.intents > 0
      case .userDismiss, .userDismissCancel: allowed = presented
      case .userAlertTap: allowed = alert != nil
      case .userBack, .userBackTo, .userSwipeBack, .userSwipeBackCancel: allowed = stackDepth > 1
      case .tick, .advance, .settle: allowed = true
      case .untilTransitionEnd: allowed = runner.environment.isTransitioning
      case .expect: allowed = false
      case .selectTab: allowed = shapes.tabCount > 0
      // The tab bar is covered while anything is presented over it.
      case .userTab: allowed = tabs != nil
      }
      if allowed, let weight = stepWeight(kind) {
        applicable |= 1 << kind.ordinal
        totalWeight += weight
      }
    }
    self.applicable = applicable
    self.totalWeight = totalWeight
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
    let (entry, address) = walk.entry(index, of: list)
    return element(entry, address)
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

/// How many entries of each list the option walk meets, and the root path's length (what a
/// path step may remove): all read from the reference alone, and kept with it.
struct OptionCounts: Equatable {
  var itemSlots = 0, filledItemSlots = 0, filledSlots = 0, flagSlots = 0, screens = 0, intents = 0
  var rootPath = 0

  subscript(list: OptionWalk.List) -> Int {
    get {
      switch list {
      case .itemSlots: itemSlots
      case .filledItemSlots: filledItemSlots
      case .filledSlots: filledSlots
      case .flagSlots: flagSlots
      case .screens: screens
      case .intents: intents
      }
    }
    set {
      switch list {
      case .itemSlots: itemSlots = newValue
      case .filledItemSlots: filledItemSlots = newValue
      case .filledSlots: filledSlots = newValue
      case .flagSlots: flagSlots = newValue
      case .screens: screens = newValue
      case .intents: intents = newValue
      }
    }
  }
}

/// The depth-first walk of the reference's screens that orders every option list: each screen,
/// then its intents, then each slot (a filled slot's screen right after it), then its path.
///
/// `forEach` is the walk itself; `counts` and `entry(_:of:)` are the same walk made for the
/// generator, which runs one or the other at most steps: they make no closures or entries, and
/// read each slot in place with a `switch` (binding `screen.slots[i]` or `?.child` to a name
/// copied the slot's item, its child's arrays retained and released, at every slot).
/// FastPathTests compares them with `forEach` on many seeds, topologies and engines.
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

    static func slot(isFlag: Bool, filled: Bool) -> ListSet {
      isFlag ? (filled ? filledFlag : flag) : (filled ? filledItem : item)
    }
  }

  /// Read when walked: options are made and used before the runner's next step.
  let runner: Runner
  var spec: TopologySpec { runner.topology.spec }
  /// The spec's screens as the walk reads them (made once per runner, read once per walk).
  let shapes: OptionShapes

  init(runner: Runner) {
    self.runner = runner
    shapes = runner.optionShapes
  }

  /// How many entries each list has: the entries `forEach` meets, counted by a walk that makes
  /// no entries, addresses or closures (the generator counts at every step whose reference
  /// changed).
  func counts() -> OptionCounts {
    var counts = OptionCounts()
    // The world's reference, read in place (`runner.reference` returns a copy of the machine).
    count(runner.world.reference.root, into: &counts)
    counts.rootPath = runner.world.reference.root.path.count
    return counts
  }

  private func count(_ screen: ReferenceScreen, into counts: inout OptionCounts) {
    counts.screens += 1
    counts.intents += shapes.intentCounts[screen.type]
    for slot in shapes.slots[screen.type] {
      if slot.isTab {
        // A tab is no option of its own: only what its screen offers.
        if let child = screen.slots[slot.index]?.child { count(child, into: &counts) }
        continue
      }
      if slot.isFlag { counts.flagSlots += 1 } else { counts.itemSlots += 1 }
      switch screen.slots[slot.index] {
      case .none: continue
      case .some(let item):
        if !slot.isFlag { counts.filledItemSlots += 1 }
        counts.filledSlots += 1
        if let child = item.child { count(child, into: &counts) }
      }
    }
    for index in screen.path.indices { count(screen.path[index].screen, into: &counts) }
  }

  /// Entry `index` of `list` (in `forEach`'s order) and its address: a walk that stops there and
  /// makes only that address.
  func entry(_ index: Int, of list: List) -> (entry: Entry, address: Address) {
    var remaining = index
    var components: [Address.Component] = []
    let found = find(list, &remaining, in: runner.world.reference.root, at: &components)!
    return (found, Address(components))
  }

  /// The entry `remaining` entries of `list` on from the start of `screen`'s walk, with
  /// `components` its address; nil, with `remaining` less the entries passed, when the walk of
  /// `screen` ends first.
  private func find(
    _ list: List, _ remaining: inout Int, in screen: ReferenceScreen, at components: inout [Address.Component]
  ) -> Entry? {
    if list == .screens {
      if remaining == 0 { return Entry(lists: .screen, screenType: screen.type) }
      remaining -= 1
    }
    if list == .intents {
      let intents = shapes.intentCounts[screen.type]
      if remaining < intents { return Entry(lists: .intent, screenType: screen.type, intent: remaining) }
      remaining -= intents
    }
    for slot in shapes.slots[screen.type] {
      if slot.isTab {
        if let child = screen.slots[slot.index]?.child {
          components.append(.slot(slot.index))
          if let found = find(list, &remaining, in: child, at: &components) { return found }
          components.removeLast()
        }
        continue
      }
      switch screen.slots[slot.index] {
      case .none:
        if ListSet.slot(isFlag: slot.isFlag, filled: false).contains(list) {
          if remaining == 0 {
            components.append(.slot(slot.index))
            return Entry(lists: .slot(isFlag: slot.isFlag, filled: false), screenType: screen.type, filled: false)
          }
          remaining -= 1
        }
      case .some(let item):
        if ListSet.slot(isFlag: slot.isFlag, filled: true).contains(list) {
          if remaining == 0 {
            components.append(.slot(slot.index))
            return Entry(lists: .slot(isFlag: slot.isFlag, filled: true), screenType: screen.type, filled: true)
          }
          remaining -= 1
        }
        if let child = item.child {
          components.append(.slot(slot.index))
          if let found = find(list, &remaining, in: child, at: &components) { return found }
          components.removeLast()
        }
      }
    }
    for index in screen.path.indices {
      components.append(.pathElement(index))
      if let found = find(list, &remaining, in: screen.path[index].screen, at: &components) { return found }
      components.removeLast()
    }
    return nil
  }

  /// Calls `visit` with each entry and its address (the slot's, or the screen's) until it returns
  /// false. The plain walk: the fuzzer's encoder and the tests read every entry through it.
  func forEach(_ visit: (Entry, [Address.Component]) -> Bool) {
    let shapes = self.shapes
    var components: [Address.Component] = []
    func walk(_ screen: ReferenceScreen) -> Bool {
      guard visit(Entry(lists: .screen, screenType: screen.type), components) else { return false }
      for index in 0..<shapes.intentCounts[screen.type] {
        guard visit(Entry(lists: .intent, screenType: screen.type, intent: index), components) else {
          return false
        }
      }
      for slot in shapes.slots[screen.type] {
        if slot.isTab {
          if let child = screen.slots[slot.index]?.child {
            components.append(.slot(slot.index))
            guard walk(child) else { return false }
            components.removeLast()
          }
          continue
        }
        let filled = screen.slots[slot.index] != nil
        components.append(.slot(slot.index))
        guard visit(Entry(lists: .slot(isFlag: slot.isFlag, filled: filled), screenType: screen.type, filled: filled), components)
        else { return false }
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
    _ = walk(runner.world.reference.root)
  }
}

/// What the option walk reads of each screen type, taken from the spec once per runner: copying a
/// `ScreenSpec` out of the topology (strings and arrays retained and released) at every screen the
/// walk met cost more than the rest of the walk. A class: the generator's options hold it at every
/// step, and a struct of arrays is retained array by array at each copy.
final class OptionShapes: Sendable {
  /// Each type's number of intents.
  let intentCounts: [Int]
  /// Each type's slots that exist (not `isAbsent`), in order; a tab is walked into, never offered.
  let slots: [[(index: Int, isFlag: Bool, isTab: Bool)]]
  /// What a path step may append (`pathValueChoices`).
  let pathValueChoices: [Int]
  let hasPath: Bool
  let pathIsByValue: Bool
  let tabCount: Int

  init(_ spec: TopologySpec) {
    var intentCounts: [Int] = []
    var slots: [[(index: Int, isFlag: Bool, isTab: Bool)]] = []
    for screen in spec.screens {
      intentCounts.append(screen.intents.count)
      var present: [(index: Int, isFlag: Bool, isTab: Bool)] = []
      for index in screen.slots.indices where !screen.slots[index].isAbsent {
        present.append((index, screen.slots[index].isFlag, screen.slots[index].style == .tab))
      }
      slots.append(present)
    }
    self.intentCounts = intentCounts
    self.slots = slots
    pathValueChoices = NavigationFuzzing.pathValueChoices(spec)
    hasPath = spec.root.hasPath
    pathIsByValue = spec.root.pathEquality == .byValue
    tabCount = spec.tabCount
  }
}

extension StepGenerator where Choices == SplitMix64 {
  /// Seeded, with swarm testing: a quarter of the action kinds (never `settle`) switched off.
  public init(seed: UInt64, swarm: Bool = true) {
    var generator = SplitMix64(seed: seed)
    // Loops, not `filter`: a closure made in main-actor code checks the executor at each call.
    var kinds: [ActionKind] = []
    // The tab kinds are drawn from a generator of their own, so every seed keeps the kinds (and the
    // draws after them) it had before tabs existed.
    var tabDraws = SplitMix64(seed: seed ^ 0x7ab5_7ab5_7ab5_7ab5)
    for kind in ActionKind.allCases where stepWeight(kind) != nil {
      let isTabKind = kind == .selectTab || kind == .userTab
      // Drawn in the same order as before (kind by kind), so every seed keeps its kinds.
      if !swarm || kind == .settle || !(isTabKind ? tabDraws.chance(1, in: 4) : generator.chance(1, in: 4)) {
        kinds.append(kind)
      }
    }
    if swarm {
      if !kinds.contains(.set) && !kinds.contains(.pathAppend) && !kinds.contains(.toggle) { kinds.append(.set) }
    }
    self.init(choices: generator, enabled: kinds)
  }
}
