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

#if !canImport(Darwin)
  /// A colour as Core Graphics names it (`UIColor.cgColor`): the same held value. Darwin has Core
  /// Graphics' own, which this stands in for on Linux.
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
#else
  import CoreGraphics

  /// Core Graphics' own colour on Darwin: components kept, a system colour's name is not.
  extension UIColor {
    public var cgColor: CGColor {
      switch value {
      case .components(let red, let green, let blue, let alpha):
        CGColor(srgbRed: red, green: green, blue: blue, alpha: alpha)
      case .named:
        CGColor(gray: 0.5, alpha: 1)
      }
    }
    public convenience init(cgColor: CGColor) {
      let parts = (cgColor.components ?? [0, 0, 0, 1]).map(Double.init)
      let padded = parts.count >= 4 ? parts : [parts[0], parts[0], parts[0], parts.last ?? 1]
      self.init(.components(red: padded[0], green: padded[1], blue: padded[2], alpha: padded[3]))
    }
  }
#endif
