import Foundation

/// A stack of views, held only: arranged subviews are also subviews, as in UIKit.
@preconcurrency @MainActor
open class UIStackView: UIView {
  public enum Alignment: Int, Sendable { case fill, leading, firstBaseline, center, trailing, lastBaseline }
  public enum Distribution: Int, Sendable { case fill, fillEqually, fillProportionally, equalSpacing, equalCentering }

  public private(set) var arrangedSubviews: [UIView] = []
  public var axis = NSLayoutConstraint.Axis.horizontal
  public var spacing: CGFloat = 0
  public var alignment = Alignment.fill
  public var distribution = Distribution.fill
  public var isLayoutMarginsRelativeArrangement = false

  public convenience init(arrangedSubviews views: [UIView]) {
    self.init(frame: .zero)
    for view in views { addArrangedSubview(view) }
  }

  public func addArrangedSubview(_ view: UIView) {
    arrangedSubviews.removeAll { $0 === view }
    arrangedSubviews.append(view)
    addSubview(view)
  }

  public func removeArrangedSubview(_ view: UIView) {
    arrangedSubviews.removeAll { $0 === view }
  }

  open override func removeFromSuperview() { super.removeFromSuperview() }
}
