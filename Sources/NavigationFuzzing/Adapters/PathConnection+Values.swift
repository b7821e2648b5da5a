import HeadlessUIKit

extension PathConnection {
  /// The path's values, bottom to top: what an app's own path of ids holds. Read inside
  /// `observe`, a change of the path runs it again.
  public var values: [Int] { model.path.map(\.value) }

  /// The app changed its own path (the user went back and its navigation delegate wrote that
  /// back, or one of its buttons popped to the root): the harness's path follows. The elements
  /// whose values `values` keeps at the start stay the same elements; the rest are new elements,
  /// as a deep link makes. Values the path does not take are an engine warning, and end it there.
  public func setValues(_ values: [Int]) {
    guard let world else { return }
    let current = model.peekPath
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
    model.path = updated
  }
}
