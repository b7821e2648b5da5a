import HeadlessUIKit
import NavigationReference

/// What a controller built by the harness shows: which slot (or path element), which item id and
/// incarnation. Attached when the harness builds a screen, read when it looks at the screen.
final class ScreenTag: Sendable {
  enum Place: Hashable, Sendable {
    case root
    case slot(Address, isFlag: Bool)
    case pathElement(Int)
  }

  let place: Place
  /// The model and slot it belongs to (nil for the root and path elements).
  let key: SlotKey?
  let label: String
  let id: Int?
  let generation: Int

  init(place: Place, key: SlotKey?, label: String, id: Int?, generation: Int) {
    self.place = place
    self.key = key
    self.label = label
    self.id = id
    self.generation = generation
  }
}

private let tagKey = AssociatedKey<ScreenTag>()

extension UIViewController {
  var screenTag: ScreenTag? {
    get { associatedObject(for: tagKey) }
    set { setAssociatedObject(newValue, for: tagKey) }
  }
}
