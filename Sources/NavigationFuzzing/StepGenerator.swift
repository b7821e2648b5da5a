import HeadlessUIKit
import NavigationReference

/// Chooses the next step from what the current state allows: program steps only for slots that
/// exist, user steps only for what is on screen, time steps that land inside animations. Weighted,
/// with swarm testing: each run switches off a random subset of action kinds, so long runs of the
/// remaining kinds happen (Hypothesis's finding: far more bugs than uniform choice).
@MainActor
public struct StepGenerator {
  /// Small, so identity collisions and changes happen often.
  public static let ids = [1, 2, 3]
  /// Durations around the transitions' (300-500 ms), so time steps land inside animations.
  public static let durations = [50, 100, 150, 250, 300, 350, 400, 500, 600]

  static let weights: [ActionKind: Int] = [
    .set: 8, .mutate: 2, .clear: 4, .toggle: 3, .bump: 1, .pathAppend: 4, .pathRemoveLast: 2, .pathSet: 2,
    .userDismiss: 3, .userDismissCancel: 1, .userAlertTap: 3, .userBack: 3, .userBackTo: 1, .userSwipeBack: 2,
    .userSwipeBackCancel: 1, .tick: 3, .advance: 4, .settle: 3,
  ]

  private var random: SplitMix64
  public let enabled: [ActionKind]

  public init(seed: UInt64, swarm: Bool = true) {
    var generator = SplitMix64(seed: seed)
    var kinds = ActionKind.allCases.filter { Self.weights[$0] != nil }
    if swarm {
      kinds = kinds.filter { $0 == .settle || !generator.chance(1, in: 4) }
      if !kinds.contains(.set) && !kinds.contains(.pathAppend) && !kinds.contains(.toggle) { kinds.append(.set) }
    }
    random = generator
    enabled = kinds
  }

  /// The next step for the runner's current state.
  public mutating func next(for runner: Runner) -> Step {
    let reference = runner.reference
    let spec = runner.topology.spec
    var slots: [(Address, SlotSpec, filled: Bool)] = []
    var screens: [Address] = []
    func walk(_ screen: ReferenceScreen, at address: Address) {
      screens.append(address)
      for (index, slot) in spec.screens[screen.type].slots.enumerated() {
        let item = screen.slots[index]
        let slotAddress = address.appending(.slot(index))
        slots.append((slotAddress, slot, item != nil))
        if let child = item?.child { walk(child, at: slotAddress) }
      }
      for (index, element) in screen.path.enumerated() { walk(element.screen, at: address.appending(.pathElement(index))) }
    }
    walk(reference.root, at: .root)
    let hasPath = spec.root.pathElementScreen != nil
    let window = runner.world.window
    let top = window.topmostViewController
    let presented = top != nil && top !== window.rootViewController
    let stackDepth = window.topmostNavigationController?.viewControllers.count ?? 0

    var candidates: [(ActionKind, Int)] = []
    for kind in enabled {
      let applicable: Bool
      switch kind {
      case .set: applicable = slots.contains { !$0.1.isFlag }
      case .mutate: applicable = slots.contains { $0.filled && !$0.1.isFlag }
      case .clear: applicable = slots.contains { $0.filled }
      case .toggle: applicable = slots.contains { $0.1.isFlag }
      case .bump: applicable = true
      case .pathAppend, .pathSet: applicable = hasPath
      case .pathRemoveLast: applicable = !reference.path.isEmpty
      case .userDismiss, .userDismissCancel: applicable = presented
      case .userAlertTap: applicable = top is UIAlertController
      case .userBack, .userBackTo, .userSwipeBack, .userSwipeBackCancel: applicable = stackDepth > 1
      case .tick, .advance, .settle: applicable = true
      case .expect: applicable = false
      }
      if applicable { candidates.append((kind, Self.weights[kind]!)) }
    }
    var roll = random.below(candidates.reduce(0) { $0 + $1.1 })
    var chosen = ActionKind.settle
    for (kind, weight) in candidates {
      if roll < weight {
        chosen = kind
        break
      }
      roll -= weight
    }
    switch chosen {
    case .set: return .set(random.pick(slots.filter { !$0.1.isFlag }).0, id: random.pick(Self.ids))
    case .mutate: return .mutate(random.pick(slots.filter { $0.filled && !$0.1.isFlag }).0)
    case .clear: return .clear(random.pick(slots.filter { $0.filled }).0)
    case .toggle:
      let slot = random.pick(slots.filter { $0.1.isFlag })
      return .toggle(slot.0, on: !slot.filled)
    case .bump: return .bump(random.pick(screens))
    case .pathAppend: return .pathAppend(random.pick(Self.ids))
    case .pathRemoveLast: return .pathRemoveLast(1 + random.below(reference.path.count))
    case .pathSet: return .pathSet((0..<random.below(4)).map { _ in random.pick(Self.ids) })
    case .userDismiss: return .user(.dismiss)
    case .userDismissCancel: return .user(.dismissCancel)
    case .userAlertTap: return .user(.alertTap(0))
    case .userBack: return .user(.back)
    case .userBackTo: return .user(.backTo(random.below(max(stackDepth - 1, 1))))
    case .userSwipeBack: return .user(.swipeBack)
    case .userSwipeBackCancel: return .user(.swipeBackCancel)
    case .tick: return .tick
    case .advance: return .advance(random.pick(Self.durations))
    case .settle, .expect: return .settle
    }
  }
}
