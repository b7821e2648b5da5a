/// iOS 17's trait system: a trait is a type with a default value; a trait collection holds values;
/// a controller's `traitOverrides` change what it and everything below it sees.
///
/// Traits flow down the hierarchy as in UIKit (WWDC23 "Unleash the UIKit trait system"): a window
/// starts from the defaults and its own overrides; a root controller inherits the window's traits,
/// a child its parent's, a presented controller its presenting controller's; each applies its own
/// `traitOverrides` last. Nothing is cached, so an override is visible below at once.
public protocol UITraitDefinition {
  associatedtype Value
  static var defaultValue: Value { get }
  static var identifier: String { get }
  static var name: String { get }
  static var affectsColorAppearance: Bool { get }
}

extension UITraitDefinition {
  public static var identifier: String { String(reflecting: Self.self) }
  public static var name: String { String(describing: Self.self) }
  public static var affectsColorAppearance: Bool { false }
}

/// Something whose trait values can be read and written by trait type.
public protocol UIMutableTraits {
  subscript<T: UITraitDefinition>(trait: T.Type) -> T.Value { get set }
}

extension UIMutableTraits {
  public var userInterfaceStyle: UIUserInterfaceStyle {
    get { self[UserInterfaceStyleTrait.self] }
    set { self[UserInterfaceStyleTrait.self] = newValue }
  }
  public var horizontalSizeClass: UIUserInterfaceSizeClass {
    get { self[HorizontalSizeClassTrait.self] }
    set { self[HorizontalSizeClassTrait.self] = newValue }
  }
  public var verticalSizeClass: UIUserInterfaceSizeClass {
    get { self[VerticalSizeClassTrait.self] }
    set { self[VerticalSizeClassTrait.self] = newValue }
  }
}

/// Trait values by trait type; a trait never set reads as its default.
struct TraitStorage {
  private var values: [ObjectIdentifier: Any] = [:]

  func value<T: UITraitDefinition>(_ trait: T.Type) -> T.Value {
    values[ObjectIdentifier(trait)].map { $0 as! T.Value } ?? T.defaultValue
  }
  mutating func set<T: UITraitDefinition>(_ value: T.Value, for trait: T.Type) {
    values[ObjectIdentifier(trait)] = value
  }
  func contains<T: UITraitDefinition>(_ trait: T.Type) -> Bool { values[ObjectIdentifier(trait)] != nil }
  mutating func remove<T: UITraitDefinition>(_ trait: T.Type) { values[ObjectIdentifier(trait)] = nil }
  func merging(_ other: TraitStorage) -> TraitStorage {
    TraitStorage(values: values.merging(other.values) { _, new in new })
  }
}

/// An immutable set of trait values, as `traitCollection` returns it.
public final class UITraitCollection: @unchecked Sendable {
  let storage: TraitStorage

  init(storage: TraitStorage) { self.storage = storage }

  /// Every trait at its default value.
  public convenience init() { self.init(storage: TraitStorage()) }

  /// A collection with the values `mutations` sets.
  public convenience init(mutations: (inout any UIMutableTraits) -> Void) {
    var traits: any UIMutableTraits = UITraitOverrides()
    mutations(&traits)
    self.init(storage: (traits as! UITraitOverrides).storage)
  }

  public subscript<T: UITraitDefinition>(trait: T.Type) -> T.Value { storage.value(trait) }

  /// This collection with `mutations` applied.
  public func modifyingTraits(_ mutations: (inout any UIMutableTraits) -> Void) -> UITraitCollection {
    var traits: any UIMutableTraits = UITraitOverrides(storage: storage)
    mutations(&traits)
    return UITraitCollection(storage: (traits as! UITraitOverrides).storage)
  }

  func applying(_ overrides: UITraitOverrides) -> UITraitCollection {
    UITraitCollection(storage: storage.merging(overrides.storage))
  }

  public var userInterfaceStyle: UIUserInterfaceStyle { self[UserInterfaceStyleTrait.self] }
  public var horizontalSizeClass: UIUserInterfaceSizeClass { self[HorizontalSizeClassTrait.self] }
  public var verticalSizeClass: UIUserInterfaceSizeClass { self[VerticalSizeClassTrait.self] }
}

/// The traits a controller or window sets for itself and what it contains.
public struct UITraitOverrides: UIMutableTraits {
  var storage = TraitStorage()

  public init() {}
  init(storage: TraitStorage) { self.storage = storage }

  public subscript<T: UITraitDefinition>(trait: T.Type) -> T.Value {
    get { storage.value(trait) }
    set { storage.set(newValue, for: trait) }
  }

  /// Whether this trait is overridden here.
  public func contains<T: UITraitDefinition>(_ trait: T.Type) -> Bool { storage.contains(trait) }

  /// Stops overriding this trait: the inherited value shows through again.
  public mutating func remove<T: UITraitDefinition>(_ trait: T.Type) { storage.remove(trait) }
}

public enum UIUserInterfaceStyle: Int, Sendable {
  case unspecified, light, dark
}

public enum UIUserInterfaceSizeClass: Int, Sendable {
  case unspecified, compact, regular
}

enum UserInterfaceStyleTrait: UITraitDefinition {
  static let defaultValue = UIUserInterfaceStyle.light
}

enum HorizontalSizeClassTrait: UITraitDefinition {
  static let defaultValue = UIUserInterfaceSizeClass.compact
}

enum VerticalSizeClassTrait: UITraitDefinition {
  static let defaultValue = UIUserInterfaceSizeClass.regular
}

extension UIViewController {
  /// Inherited traits with this controller's overrides applied: from the parent, else from the
  /// presenting controller, else from the window (root), else the defaults.
  public var traitCollection: UITraitCollection {
    let inherited: UITraitCollection
    if let parent {
      inherited = parent.traitCollection
    } else if let presenter = directPresenter {
      inherited = presenter.traitCollection
    } else if let window {
      inherited = window.traitCollection
    } else {
      inherited = UITraitCollection()
    }
    return inherited.applying(traitOverrides)
  }
}
