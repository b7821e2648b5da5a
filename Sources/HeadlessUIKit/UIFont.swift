import Foundation

/// A font, held only: a text style or a size and weight.
public final class UIFont: Equatable, Sendable {
  public struct TextStyle: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let largeTitle = TextStyle(rawValue: "largeTitle")
    public static let title1 = TextStyle(rawValue: "title1")
    public static let title2 = TextStyle(rawValue: "title2")
    public static let title3 = TextStyle(rawValue: "title3")
    public static let headline = TextStyle(rawValue: "headline")
    public static let subheadline = TextStyle(rawValue: "subheadline")
    public static let body = TextStyle(rawValue: "body")
    public static let callout = TextStyle(rawValue: "callout")
    public static let footnote = TextStyle(rawValue: "footnote")
    public static let caption1 = TextStyle(rawValue: "caption1")
    public static let caption2 = TextStyle(rawValue: "caption2")
  }

  public struct Weight: Hashable, Sendable {
    public let rawValue: CGFloat
    public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

    public static let light = Weight(-0.4)
    public static let regular = Weight(0)
    public static let medium = Weight(0.23)
    public static let semibold = Weight(0.3)
    public static let bold = Weight(0.4)
  }

  public let textStyle: TextStyle?
  public let pointSize: CGFloat
  public let weight: Weight

  init(textStyle: TextStyle?, pointSize: CGFloat, weight: Weight) {
    self.textStyle = textStyle
    self.pointSize = pointSize
    self.weight = weight
  }

  public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
    UIFont(textStyle: style, pointSize: 17, weight: .regular)
  }

  public static func systemFont(ofSize size: CGFloat, weight: Weight = .regular) -> UIFont {
    UIFont(textStyle: nil, pointSize: size, weight: weight)
  }

  public static func boldSystemFont(ofSize size: CGFloat) -> UIFont { systemFont(ofSize: size, weight: .bold) }

  public static func == (lhs: UIFont, rhs: UIFont) -> Bool {
    lhs.textStyle == rhs.textStyle && lhs.pointSize == rhs.pointSize && lhs.weight == rhs.weight
  }
}
