import HeadlessUIKit

/// An app's own path of values — a coordinator's `path: [Int]` of item ids — kept in step with the
/// harness's root path. Each change of the harness's path reaches the app through `show` (on the
/// next run-loop turn, as an engine observing state sees it); what the app then changes by itself
/// reaches the harness's path through `appChanged(to:)` — the user went back and the app's
/// navigation delegate wrote that back, or one of its buttons popped to the root.
///
/// The app reports its path as it knows it, which may lag the harness's by a turn: a pop of what
/// the app was last shown is applied to the harness's path as it is now (it ends at the popped
/// position, if it still holds the popped value there, as a user's pop of plain values writes
/// back), so a deep link the app has not seen yet is not undone by the report. Any other change
/// is the app's own, and the harness's path becomes the app's.
@MainActor
public final class AppPath {
  private let path: PathConnection
  private let show: @MainActor ([Int]) -> Void
  /// What the app was last shown (or reported).
  private var lastShown: [Int] = []

  /// Observes `path` through `root` (the harness's root screen, which `makeStack` receives) and
  /// hands each new path to `show`, now and after every change.
  @discardableResult
  public init(_ path: PathConnection, on root: UIViewController, show: @escaping @MainActor ([Int]) -> Void) {
    self.path = path
    self.show = show
    path.world?.engine.observe({ self.update() }, on: root)
  }

  private func update() {
    var values: [Int] = []
    for element in path.model.path { values.append(element.value) }  // read through Observation
    lastShown = values
    show(values)
  }

  /// The app's path now. Call it where the app may have changed it by itself (after its
  /// navigation delegate's `didShow`, after a button's handler); a path equal to what the app
  /// was last shown changes nothing.
  public func appChanged(to values: [Int]) {
    guard values != lastShown else { return }
    let shown = lastShown
    lastShown = values
    let current = path.model.peekPath
    if values.count < shown.count, shown.starts(with: values) {
      let position = values.count
      if position < current.count, current[position].value == shown[position] { setPath(values: current[..<position].map(\.value)) }
    } else {
      setPath(values: values)
    }
  }

  /// The harness's path becomes `values`: the elements whose values it keeps at the start stay
  /// the same elements; the rest are new elements, as a deep link makes. A value the path does
  /// not take is an engine warning, and ends it there.
  private func setPath(values: [Int]) {
    guard let world = path.world else { return }
    let current = path.model.peekPath
    var kept = 0
    while kept < min(values.count, current.count), current[kept].value == values[kept] { kept += 1 }
    guard kept < values.count || kept < current.count else { return }
    var updated = Array(current[..<kept])
    for position in kept..<values.count {
      guard world.topology.root.pathDestination(for: values[position]) != nil else {
        EngineWarnings.report("the app's path holds \(values[position]), a value the topology's path does not take")
        break
      }
      updated.append(world.newPathElement(value: values[position], generation: world.takeGeneration(), at: position))
    }
    path.model.path = updated
  }
}
