import Foundation

/// A colour, held only: its components or its system name. Nothing is rendered.
public final class UIColor: Equatable, Hashable, Sendable {
  enum Value: Hashable, Sendable {
    case components(red: Double, green: Double, blue: Double, alpha: Double)
    case named(String)
  }

  let value: Value

  init(_ value: Value) { self.value = value }

  public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.init(.components(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha)))
  }

  public convenience init(white: CGFloat, alpha: CGFloat) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }

  public convenience init?(named name: String) {
    self.init(.named(name))
  }

  public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
    switch value {
    case .components(let red, let green, let blue, _):
      return UIColor(.components(red: red, green: green, blue: blue, alpha: Double(alpha)))
    case .named(let name):
      return UIColor(.named("\(name)@\(alpha)"))
    }
  }

  public static func == (lhs: UIColor, rhs: UIColor) -> Bool { lhs.value == rhs.value }
  public func hash(into hasher: inout Hasher) { hasher.combine(value) }

  public static let clear = UIColor(white: 0, alpha: 0)
  public static let black = UIColor(white: 0, alpha: 1)
  public static let white = UIColor(white: 1, alpha: 1)
  public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
  public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
  public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
  public static let gray = UIColor(white: 0.5, alpha: 1)
  public static let systemBackground = UIColor(.named("systemBackground"))
  public static let secondarySystemBackground = UIColor(.named("secondarySystemBackground"))
  public static let systemGroupedBackground = UIColor(.named("systemGroupedBackground"))
  public static let label = UIColor(.named("label"))
  public static let secondaryLabel = UIColor(.named("secondaryLabel"))
  public static let tertiaryLabel = UIColor(.named("tertiaryLabel"))
  public static let separator = UIColor(.named("separator"))
  public static let tintColor = UIColor(.named("tintColor"))
  public static let systemBlue = UIColor(.named("systemBlue"))
  public static let systemRed = UIColor(.named("systemRed"))
  public static let systemGreen = UIColor(.named("systemGreen"))
  public static let systemOrange = UIColor(.named("systemOrange"))
  public static let systemYellow = UIColor(.named("systemYellow"))
  public static let systemGray = UIColor(.named("systemGray"))
  public static let systemGray5 = UIColor(.named("systemGray5"))
  // The rest of UIKit's standard and semantic colours: held by name, as the ones above.
  public static let darkGray = UIColor(white: 1.0 / 3, alpha: 1)
  public static let lightGray = UIColor(white: 2.0 / 3, alpha: 1)
  public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
  public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
  public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
  public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
  public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
  public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
  public static let tertiarySystemBackground = UIColor(.named("tertiarySystemBackground"))
  public static let secondarySystemGroupedBackground = UIColor(.named("secondarySystemGroupedBackground"))
  public static let tertiarySystemGroupedBackground = UIColor(.named("tertiarySystemGroupedBackground"))
  public static let quaternaryLabel = UIColor(.named("quaternaryLabel"))
  public static let placeholderText = UIColor(.named("placeholderText"))
  public static let opaqueSeparator = UIColor(.named("opaqueSeparator"))
  public static let link = UIColor(.named("link"))
  public static let systemFill = UIColor(.named("systemFill"))
  public static let secondarySystemFill = UIColor(.named("secondarySystemFill"))
  public static let tertiarySystemFill = UIColor(.named("tertiarySystemFill"))
  public static let quaternarySystemFill = UIColor(.named("quaternarySystemFill"))
  public static let systemPink = UIColor(.named("systemPink"))
  public static let systemPurple = UIColor(.named("systemPurple"))
  public static let systemTeal = UIColor(.named("systemTeal"))
  public static let systemIndigo = UIColor(.named("systemIndigo"))
  public static let systemMint = UIColor(.named("systemMint"))
  public static let systemCyan = UIColor(.named("systemCyan"))
  public static let systemBrown = UIColor(.named("systemBrown"))
  public static let systemGray2 = UIColor(.named("systemGray2"))
  public static let systemGray3 = UIColor(.named("systemGray3"))
  public static let systemGray4 = UIColor(.named("systemGray4"))
  public static let systemGray6 = UIColor(.named("systemGray6"))
}
