import Foundation

/// The selected rows of a table or items of a collection, in the order they were selected: one
/// at most, unless the view allows several.
struct IndexPathSelection {
  private(set) var indexPaths: [IndexPath] = []

  func contains(_ indexPath: IndexPath) -> Bool { indexPaths.contains(indexPath) }

  mutating func select(_ indexPath: IndexPath?, allowingMultiple: Bool) {
    guard let indexPath else {
      indexPaths = []
      return
    }
    if !allowingMultiple {
      indexPaths = [indexPath]
    } else if !indexPaths.contains(indexPath) {
      indexPaths.append(indexPath)
    }
  }

  mutating func deselect(_ indexPath: IndexPath) { indexPaths.removeAll { $0 == indexPath } }
  mutating func deselect(_ removed: [IndexPath]) { indexPaths.removeAll { removed.contains($0) } }
  mutating func clear() { indexPaths = [] }
}

/// A batch update's completion: with true, on the next run-loop turn (the animation's end).
@MainActor
func completeBatchUpdates(_ completion: (@MainActor (Bool) -> Void)?) {
  guard let completion else { return }
  HeadlessEnvironment.current.runLoop.schedule { completion(true) }
}
