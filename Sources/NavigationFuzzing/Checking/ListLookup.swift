/// Membership in a list and the first position of an element in it, found by scanning while the
/// list is short and by hashing once it is long.
///
/// The quiescent checks look things up in lists as long as what is on screen: two or three
/// entries almost always, thousands only when a run nests that deep. A Set or Dictionary made for
/// each check cost more than the rest of that check (allocating its table, hashing each address);
/// a scan of a short list costs a few comparisons. Past `scanLimit` elements a table is made, so
/// deep nesting stays linear. The answers are `firstIndex(of:)`'s either way (FastPathTests
/// compares both sides of the limit with it).
struct ListLookup<Element: Hashable> {
  /// Longest list scanned rather than hashed.
  static var scanLimit: Int { 16 }

  let elements: [Element]
  /// The first position of each element; nil while the list is short enough to scan.
  private let firstPositions: [Element: Int]?

  init(_ elements: [Element]) {
    self.elements = elements
    guard elements.count > Self.scanLimit else {
      firstPositions = nil
      return
    }
    var positions: [Element: Int] = [:]
    positions.reserveCapacity(elements.count)
    for (position, element) in elements.enumerated() where positions[element] == nil { positions[element] = position }
    firstPositions = positions
  }

  /// The position of the first element equal to `element`, as `elements.firstIndex(of:)` says.
  func firstIndex(of element: Element) -> Int? {
    if let firstPositions { return firstPositions[element] }
    for position in elements.indices where elements[position] == element { return position }
    return nil
  }

  func contains(_ element: Element) -> Bool { firstIndex(of: element) != nil }
}
