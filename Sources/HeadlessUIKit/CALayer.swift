import Foundation

/// A view's layer, held only: the shadow, border and corner a view-controller file sets on
/// `view.layer` keep their values; nothing is drawn. [choice: held, as every view-layer name here]
@preconcurrency @MainActor
open class CALayer: NSObject {
  public var cornerRadius: CGFloat = 0
  public var masksToBounds = false
  public var borderWidth: CGFloat = 0
  public var borderColor: CGColor?
  public var backgroundColor: CGColor?
  public var opacity: Float = 1
  public var shadowColor: CGColor?
  public var shadowOffset = CGSize(width: 0, height: -3)
  public var shadowRadius: CGFloat = 3
  public var shadowOpacity: Float = 0
  public var zPosition: CGFloat = 0

  public override init() { super.init() }
}

/// A colour as Core Graphics names it (`UIColor.cgColor`): the same held value.
public final class CGColor: Equatable, Hashable, Sendable {
  let color: UIColor

  init(_ color: UIColor) { self.color = color }

  public static func == (lhs: CGColor, rhs: CGColor) -> Bool { lhs.color == rhs.color }
  public func hash(into hasher: inout Hasher) { hasher.combine(color) }
}

extension UIColor {
  public var cgColor: CGColor { CGColor(self) }
  public convenience init(cgColor: CGColor) { self.init(cgColor.color.value) }
}
