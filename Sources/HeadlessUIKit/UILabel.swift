import Foundation

/// A label, held only.
@preconcurrency @MainActor
open class UILabel: UIView {
  public var text: String?
  public var font: UIFont = .preferredFont(forTextStyle: .body)
  public var textColor: UIColor = .label
  public var textAlignment = NSTextAlignment.natural
  public var numberOfLines = 1
  public var adjustsFontForContentSizeCategory = false
}

/// Horizontal text alignment (held only).
public enum NSTextAlignment: Int, Sendable {
  case left, center, right, justified, natural
}
