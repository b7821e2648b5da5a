/// Identity searches over controller arrays, written as loops.
///
/// `contains { $0 === controller }` in main-actor code makes a main-actor closure, and Swift checks
/// the executor each time a non-isolated algorithm calls it: on every push, pop and stack change.
/// Each of these is equal to the closure form named in its comment.
extension Collection where Element == UIViewController {
  /// `contains { $0 === controller }`.
  func containsInstance(_ controller: UIViewController) -> Bool {
    for candidate in self where candidate === controller { return true }
    return false
  }

  /// `firstIndex { $0 === controller }`.
  func firstIndexOfInstance(_ controller: UIViewController) -> Index? {
    var index = startIndex
    while index != endIndex {
      if self[index] === controller { return index }
      formIndex(after: &index)
    }
    return nil
  }
}

extension Array where Element == UIViewController {
  /// `removeAll { $0 === controller }`.
  mutating func removeInstances(of controller: UIViewController) {
    var index = 0
    while index < count {
      if self[index] === controller { remove(at: index) } else { index += 1 }
    }
  }

  /// `filter { candidate in !others.contains { $0 === candidate } }`: the elements not in `others`.
  /// Past a few elements `others` is hashed: a deep link replaces a stack of thousands at once.
  func excludingInstances(in others: [UIViewController]) -> [UIViewController] {
    var kept: [UIViewController] = []
    guard others.count > 16 else {
      for candidate in self where !others.containsInstance(candidate) { kept.append(candidate) }
      return kept
    }
    let members = Set(others.map(ObjectIdentifier.init))
    for candidate in self where !members.contains(ObjectIdentifier(candidate)) { kept.append(candidate) }
    return kept
  }
}
