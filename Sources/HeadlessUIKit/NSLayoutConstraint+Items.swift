import Foundation

/// The pre-anchor form of Auto Layout (`NSLayoutConstraint(item:attribute:relatedBy:toItem:…)`),
/// held as the anchor form is (LayoutConstraints.swift): the constraint records what it relates.
extension NSLayoutConstraint {
  public enum Attribute: Int, Sendable {
    case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY, lastBaseline, firstBaseline
    case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin, centerXWithinMargins, centerYWithinMargins
    case notAnAttribute = 0
  }

  public enum Relation: Int, Sendable {
    case lessThanOrEqual = -1, equal, greaterThanOrEqual
  }

  private final class Items {
    let firstAttribute: Attribute
    let relation: Relation
    let secondAttribute: Attribute
    init(_ first: Attribute, _ relation: Relation, _ second: Attribute) {
      firstAttribute = first
      self.relation = relation
      secondAttribute = second
    }
  }

  nonisolated(unsafe) private static var itemsKey: UInt8 = 0

  public convenience init(
    item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
    attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat
  ) {
    self.init(first: view1 as AnyObject, second: view2.map { $0 as AnyObject }, constant: c)
    self.multiplier = multiplier
    objc_setAssociatedObject(self, &Self.itemsKey, Items(attr1, relation, attr2), .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
  }

  private var items: Items? { objc_getAssociatedObject(self, &Self.itemsKey) as? Items }

  /// The first item: the view or guide given to `init(item:…)`, else the first anchor.
  public var firstItem: AnyObject? { firstAnchor }
  public var secondItem: AnyObject? { secondAnchor }
  public var firstAttribute: Attribute { items?.firstAttribute ?? .notAnAttribute }
  public var secondAttribute: Attribute { items?.secondAttribute ?? .notAnAttribute }
  public var relation: Relation { items?.relation ?? .equal }
}
