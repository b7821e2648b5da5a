import Foundation

/// Auto Layout, held only: constraints record what they relate and whether they are active.
/// Nothing is solved; frames do not change.
@preconcurrency @MainActor
open class NSLayoutConstraint {
  public enum Axis: Int, Sendable { case horizontal, vertical }

  public let firstAnchor: AnyObject
  public let secondAnchor: AnyObject?
  public var constant: CGFloat
  public var multiplier: CGFloat = 1
  public var priority = UILayoutPriority.required
  public var identifier: String?
  public var isActive = false

  init(first: AnyObject, second: AnyObject?, constant: CGFloat) {
    firstAnchor = first
    secondAnchor = second
    self.constant = constant
  }

  public static func activate(_ constraints: [NSLayoutConstraint]) {
    for constraint in constraints { constraint.isActive = true }
  }

  public static func deactivate(_ constraints: [NSLayoutConstraint]) {
    for constraint in constraints { constraint.isActive = false }
  }
}

public struct UILayoutPriority: RawRepresentable, Hashable, Sendable {
  public let rawValue: Float
  public init(rawValue: Float) { self.rawValue = rawValue }
  public init(_ rawValue: Float) { self.rawValue = rawValue }
  public static let required = UILayoutPriority(1000)
  public static let defaultHigh = UILayoutPriority(750)
  public static let defaultLow = UILayoutPriority(250)
}

/// One edge or dimension of a view or layout guide.
@preconcurrency @MainActor
open class NSLayoutAnchor<AnchorType: AnyObject> {
  public func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant: CGFloat = 0) -> NSLayoutConstraint {
    NSLayoutConstraint(first: self, second: anchor, constant: constant)
  }
  public func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant: CGFloat = 0) -> NSLayoutConstraint {
    NSLayoutConstraint(first: self, second: anchor, constant: constant)
  }
  public func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant: CGFloat = 0) -> NSLayoutConstraint {
    NSLayoutConstraint(first: self, second: anchor, constant: constant)
  }
}

public final class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}
public final class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}
public final class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
  public func constraint(equalToConstant constant: CGFloat) -> NSLayoutConstraint {
    NSLayoutConstraint(first: self, second: nil, constant: constant)
  }
  public func constraint(greaterThanOrEqualToConstant constant: CGFloat) -> NSLayoutConstraint {
    NSLayoutConstraint(first: self, second: nil, constant: constant)
  }
  public func constraint(lessThanOrEqualToConstant constant: CGFloat) -> NSLayoutConstraint {
    NSLayoutConstraint(first: self, second: nil, constant: constant)
  }
  public func constraint(equalTo anchor: NSLayoutDimension, multiplier: CGFloat, constant: CGFloat = 0) -> NSLayoutConstraint {
    let constraint = NSLayoutConstraint(first: self, second: anchor, constant: constant)
    constraint.multiplier = multiplier
    return constraint
  }
}

/// The anchors a view and a layout guide both have.
@preconcurrency @MainActor
public protocol LayoutAnchors: AnyObject {
  var leadingAnchor: NSLayoutXAxisAnchor { get }
  var trailingAnchor: NSLayoutXAxisAnchor { get }
  var leftAnchor: NSLayoutXAxisAnchor { get }
  var rightAnchor: NSLayoutXAxisAnchor { get }
  var centerXAnchor: NSLayoutXAxisAnchor { get }
  var topAnchor: NSLayoutYAxisAnchor { get }
  var bottomAnchor: NSLayoutYAxisAnchor { get }
  var centerYAnchor: NSLayoutYAxisAnchor { get }
  var widthAnchor: NSLayoutDimension { get }
  var heightAnchor: NSLayoutDimension { get }
}

/// A rectangle views can be constrained to (the safe area, the margins), held only.
@preconcurrency @MainActor
open class UILayoutGuide: LayoutAnchors {
  public weak var owningView: UIView?
  public var identifier = ""
  public let leadingAnchor = NSLayoutXAxisAnchor()
  public let trailingAnchor = NSLayoutXAxisAnchor()
  public let leftAnchor = NSLayoutXAxisAnchor()
  public let rightAnchor = NSLayoutXAxisAnchor()
  public let centerXAnchor = NSLayoutXAxisAnchor()
  public let topAnchor = NSLayoutYAxisAnchor()
  public let bottomAnchor = NSLayoutYAxisAnchor()
  public let centerYAnchor = NSLayoutYAxisAnchor()
  public let widthAnchor = NSLayoutDimension()
  public let heightAnchor = NSLayoutDimension()

  public init() {}
}

extension UIView: LayoutAnchors {
  public var leadingAnchor: NSLayoutXAxisAnchor { layoutAnchors.leadingAnchor }
  public var trailingAnchor: NSLayoutXAxisAnchor { layoutAnchors.trailingAnchor }
  public var leftAnchor: NSLayoutXAxisAnchor { layoutAnchors.leftAnchor }
  public var rightAnchor: NSLayoutXAxisAnchor { layoutAnchors.rightAnchor }
  public var centerXAnchor: NSLayoutXAxisAnchor { layoutAnchors.centerXAnchor }
  public var topAnchor: NSLayoutYAxisAnchor { layoutAnchors.topAnchor }
  public var bottomAnchor: NSLayoutYAxisAnchor { layoutAnchors.bottomAnchor }
  public var centerYAnchor: NSLayoutYAxisAnchor { layoutAnchors.centerYAnchor }
  public var widthAnchor: NSLayoutDimension { layoutAnchors.widthAnchor }
  public var heightAnchor: NSLayoutDimension { layoutAnchors.heightAnchor }
  /// The area not covered by bars; a guide like any other here.
  public var safeAreaLayoutGuide: UILayoutGuide { layoutGuides.safeArea }
  public var layoutMarginsGuide: UILayoutGuide { layoutGuides.margins }
  public var readableContentGuide: UILayoutGuide { layoutGuides.readableContent }
}

/// A view's guides, made when first asked for.
@MainActor
final class ViewLayoutGuides {
  let safeArea = UILayoutGuide()
  let margins = UILayoutGuide()
  let readableContent = UILayoutGuide()
}
