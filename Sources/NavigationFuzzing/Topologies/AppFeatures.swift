import NavigationReference

/// A user's feature code: what happens when a user triggers an intent (a button) on a screen.
/// The topology says what the intent should do to navigation (`IntentSpec`); this does it to the
/// app's models, as the app would. The harness checks the result against the reference.
@MainActor
public protocol AppFeatures {
  func perform(_ intent: IntentSpec, on screen: ScreenModel, in app: AppContext)

  /// The app's own invariants over its models, checked whenever the world is quiescent: return a
  /// sentence for each one that does not hold (`user-invariant`). None by default.
  func violatedInvariants(in app: AppContext) -> [String]
}

extension AppFeatures {
  public func violatedInvariants(in app: AppContext) -> [String] { [] }
}

/// What feature code can do to the app's models.
@MainActor
public struct AppContext {
  let world: World
  private let generations: Generations

  init(world: World, generations: [Int]) {
    self.world = world
    self.generations = Generations(generations)
  }

  /// The root screen's model (it holds the path, in stack topologies).
  public var root: ScreenModel { world.rootModel }

  /// Puts item `id` into a slot of `screen` (a payload change if it already holds that id).
  public func set(_ slot: String, id: Int, on screen: ScreenModel) {
    guard let index = screen.spec.slotIndex(named: slot) else { return }
    world.runtimeSet(screen.address.appending(.slot(index)), id: id, generation: generations.next(world))
  }

  public func clear(_ slot: String, on screen: ScreenModel) {
    guard let index = screen.spec.slotIndex(named: slot) else { return }
    world.runtimeClear(screen.address.appending(.slot(index)))
  }

  /// Changes something on `screen` that navigation does not read.
  public func save(_ screen: ScreenModel) {
    screen.bumps += 1
  }

  public func appendToPath(_ value: Int) {
    world.runtimePathAppend(value, generation: generations.next(world))
  }

  /// The path's values, and a way to cut it short.
  public var pathValues: [Int] { root.peekPath.map(\.value) }

  public func truncatePath(to count: Int) {
    world.runtimePathRemoveLast(max(0, root.peekPath.count - count))
  }

  /// The position of `screen` in the path, if it is a path element's screen.
  public func pathPosition(of screen: ScreenModel) -> Int? {
    guard case .pathElement(let position)? = screen.address.components.first, screen.address.components.count == 1
    else { return nil }
    return position
  }

  /// Clears the slot that shows `screen` (or ends the path before it).
  public func dismiss(_ screen: ScreenModel) {
    switch screen.address.last {
    case .slot?: world.runtimeClear(screen.address)
    case .pathElement(let position)? where screen.address.components.count == 1: truncatePath(to: position)
    default: break
    }
  }
}

@MainActor
private final class Generations {
  private var reserved: IndexingIterator<[Int]>
  init(_ reserved: [Int]) { self.reserved = reserved.makeIterator() }
  func next(_ world: World) -> Int { reserved.next() ?? world.takeGeneration() }
}

/// Feature code that does exactly what each intent says: the glue of a correct app.
public struct StandardFeatures: AppFeatures {
  public init() {}

  public func perform(_ intent: IntentSpec, on screen: ScreenModel, in app: AppContext) {
    for effect in intent.effects {
      switch effect {
      case .set(let slot, let id): app.set(slot, id: id, on: screen)
      case .clear(let slot): app.clear(slot, on: screen)
      case .save: app.save(screen)
      case .pathAppend(let value): app.appendToPath(value)
      case .pathPopBack(let value):
        guard let position = app.pathPosition(of: screen),
          let target = app.pathValues[..<min(position, app.pathValues.count)].lastIndex(of: value)
        else { continue }
        app.truncatePath(to: target + 1)
      case .pathClear: app.truncatePath(to: 0)
      case .dismissSelf: app.dismiss(screen)
      }
    }
  }
}

/// The seeds' live-stream bug: "end meeting" returns to the element before last, assuming the
/// detail is right below the record screen — wrong after a deep link detail → meeting → record.
public struct EndMeetingReturnsToElementBeforeLast: AppFeatures {
  public init() {}

  public func perform(_ intent: IntentSpec, on screen: ScreenModel, in app: AppContext) {
    guard intent.effects.contains(where: { if case .pathPopBack = $0 { true } else { false } }) else {
      return StandardFeatures().perform(intent, on: screen, in: app)
    }
    app.truncatePath(to: max(app.pathValues.count - 1, 0))
  }
}
