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
}
