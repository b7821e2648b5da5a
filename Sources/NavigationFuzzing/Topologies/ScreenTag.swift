import HeadlessUIKit
import NavigationReference

/// What a controller built by the harness shows: which slot (or path element), which item id and
/// incarnation. Attached when the harness builds a screen, read when it looks at the screen.
///
/// Where it sits is read from its model each time: a path element equal by value can move when a
/// deep link reuses its screen, and everything on that screen moves with it.
@MainActor
final class ScreenTag {
  enum Place: Hashable, Sendable {
    case root
    case slot(Address, isFlag: Bool)
    case pathElement(Int)
  }

  /// Where it was when it was made; kept for when its model is gone.
  private let placeWhenMade: Place
  /// The model holding the slot, or the path element's own screen model.
  private weak var model: ScreenModel?
  private let slotIndex: Int?
  /// The model and slot it belongs to (nil for the root and path elements).
  let key: SlotKey?
  let id: Int?
  let generation: Int

  /// The root screen's tag.
  static let root = ScreenTag(place: .root, model: nil, slotIndex: nil, key: nil, id: nil, generation: 0)

  /// A slot's screen: `model` holds the slot.
  static func slot(of model: ScreenModel, index: Int, key: SlotKey, id: Int?, generation: Int) -> ScreenTag {
    ScreenTag(
      place: .slot(model.address.appending(.slot(index)), isFlag: model.spec.slots[index].isFlag), model: model,
      slotIndex: index, key: key, id: id, generation: generation)
  }

  /// A path element's screen: `screen` is its model.
  static func pathElement(_ screen: ScreenModel, value: Int, generation: Int) -> ScreenTag {
    let index: Int
    if case .pathElement(let position)? = screen.address.last { index = position } else { index = 0 }
    return ScreenTag(
      place: .pathElement(index), model: screen, slotIndex: nil, key: nil, id: value, generation: generation)
  }

  private init(place: Place, model: ScreenModel?, slotIndex: Int?, key: SlotKey?, id: Int?, generation: Int) {
    self.placeWhenMade = place
    self.model = model
    self.slotIndex = slotIndex
    self.key = key
    self.id = id
    self.generation = generation
  }

  /// The model holding the slot, and the slot (nil for the root and path elements).
  var slot: (model: ScreenModel, index: Int)? {
    guard case .slot = placeWhenMade, let model, let slotIndex else { return nil }
    return (model, slotIndex)
  }

  var place: Place {
    guard let model else { return placeWhenMade }
    switch placeWhenMade {
    case .root:
      return .root
    case .slot(_, let isFlag):
      return .slot(model.address.appending(.slot(slotIndex ?? 0)), isFlag: isFlag)
    case .pathElement:
      if case .pathElement(let index)? = model.address.last { return .pathElement(index) }
      return placeWhenMade
    }
  }

  var label: String { label(at: place) }

  /// The label at `place` (what `place` says now).
  func label(at place: Place) -> String {
    switch place {
    case .root: ""
    case .slot(let address, _): model?.topology.describe(address) ?? ""
    case .pathElement(let index): "path[\(index)]"
    }
  }

  /// Whether its model is still alive (else its place and label are those it was made with).
  var isAttached: Bool { model != nil }

  /// The model of the screen it shows, while its slot still holds its incarnation (nil for the
  /// root, leaves and alerts): what a controller the app built hosts slots for.
  var shownModel: ScreenModel? {
    switch placeWhenMade {
    case .root: return nil
    case .pathElement: return model
    case .slot:
      guard let (model, index) = slot, let item = model.peek(index), item.id.generation == generation else { return nil }
      return item.child
    }
  }
}

private let tagKey = AssociatedKey<ScreenTag>()

extension UIViewController {
  var screenTag: ScreenTag? {
    get { associatedObject(for: tagKey) }
    set { setAssociatedObject(newValue, for: tagKey) }
  }
}
