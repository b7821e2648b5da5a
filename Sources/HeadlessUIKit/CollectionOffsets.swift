import Foundation

// SwiftUI's offset-based editing of collections (`List`'s `onDelete`/`onMove` hand over
// `IndexSet`s), which UIKit code reaches too: pointfreeco/swift-navigation's
// NavigationStackController drops undecodable path elements with `remove(atOffsets:)`.

extension RangeReplaceableCollection where Self: MutableCollection {
  /// Removes the elements at `offsets` (positions counted from the start, not indices), keeping
  /// the order of the rest. Offsets past the end trap, as SwiftUI's do.
  public mutating func remove(atOffsets offsets: IndexSet) {
    guard let last = offsets.last else { return }
    precondition(last < count, "remove(atOffsets:): offset \(last) is out of bounds (count \(count))")
    var kept = Self()
    for (offset, element) in enumerated() where !offsets.contains(offset) { kept.append(element) }
    self = kept
  }
}

extension MutableCollection {
  /// Moves the elements at `source` (offsets) so they sit, in their order, before the element
  /// that was at `destination` (an offset in the collection before the move; `count` is the end).
  public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
    precondition(destination >= 0 && destination <= count, "move(fromOffsets:toOffset:): destination \(destination) is out of bounds")
    if let last = source.last {
      precondition(last < count, "move(fromOffsets:toOffset:): offset \(last) is out of bounds (count \(count))")
    }
    let elements = Array(self)
    let moved = source.map { elements[$0] }
    let before = elements.indices.filter { $0 < destination && !source.contains($0) }.map { elements[$0] }
    let after = elements.indices.filter { $0 >= destination && !source.contains($0) }.map { elements[$0] }
    for (index, element) in zip(indices, before + moved + after) { self[index] = element }
  }
}
