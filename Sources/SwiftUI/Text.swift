import HeadlessUIKit

/// A string key, as SwiftUI looks strings up; here the key is the text (no localization), with
/// interpolations formatted as SwiftUI formats them in English.
public struct LocalizedStringKey: Equatable, Hashable, ExpressibleByStringInterpolation, Sendable {
  let key: String

  public init(_ value: String) { key = value }
  public init(stringLiteral value: String) { key = value }
  public init(stringInterpolation: StringInterpolation) { key = stringInterpolation.output }

  public struct StringInterpolation: StringInterpolationProtocol {
    var output = ""
    public init(literalCapacity: Int, interpolationCount: Int) { output.reserveCapacity(literalCapacity) }
    public mutating func appendLiteral(_ literal: String) { output += literal }
    public mutating func appendInterpolation<T>(_ value: T) { output += String(describing: value) }
    public mutating func appendInterpolation(_ string: String) { output += string }
    public mutating func appendInterpolation(_ text: Text) { output += text.string }
    public mutating func appendInterpolation<T: BinaryFloatingPoint & CVarArg>(_ value: T, specifier: String) {
      output += String(format: specifier, value)
    }
    public mutating func appendInterpolation<T: BinaryInteger & CVarArg>(_ value: T, specifier: String) {
      output += String(format: specifier, value)
    }
    public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F)
    where F.FormatOutput == String {
      output += format.format(input)
    }
  }
}

/// Text on screen: the dump shows it, and a button's label text is what a tap looks for.
public struct Text: Equatable, Hashable {
  public typealias Body = Never
  let string: String

  public init(verbatim content: String) { string = content }
  public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
    string = key.key
  }
  @_disfavoredOverload
  public init<S: StringProtocol>(_ content: S) { string = String(content) }
  public init(_ date: Date, style: DateStyle) { string = "\(date)" }
  public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
    string = format.format(input)
  }

  public struct DateStyle: Sendable {
    let name: String
    public static let time = DateStyle(name: "time")
    public static let date = DateStyle(name: "date")
    public static let relative = DateStyle(name: "relative")
    public static let offset = DateStyle(name: "offset")
    public static let timer = DateStyle(name: "timer")
  }

  public static func + (lhs: Text, rhs: Text) -> Text { Text(verbatim: lhs.string + rhs.string) }

  // Text's own modifiers return Text (held).
  public func font(_ font: Font?) -> Text { self }
  public func fontWeight(_ weight: Font.Weight?) -> Text { self }
  public func bold() -> Text { self }
  public func bold(_ isActive: Bool) -> Text { self }
  public func italic() -> Text { self }
  public func italic(_ isActive: Bool) -> Text { self }
  public func monospacedDigit() -> Text { self }
  public func foregroundColor(_ color: Color?) -> Text { self }
  public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text { self }
  public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text { self }
  public func kerning(_ kerning: CGFloat) -> Text { self }
  public func tracking(_ tracking: CGFloat) -> Text { self }
  public func baselineOffset(_ offset: CGFloat) -> Text { self }
}

extension Text: PrimitiveView {
  @MainActor func update(_ node: ViewNode) {
    node.role = .text(string)
    node.setChildren([])
  }
}

/// A font (held).
public struct Font: Hashable, Sendable {
  let name: String
  public static let largeTitle = Font(name: "largeTitle")
  public static let title = Font(name: "title")
  public static let title2 = Font(name: "title2")
  public static let title3 = Font(name: "title3")
  public static let headline = Font(name: "headline")
  public static let subheadline = Font(name: "subheadline")
  public static let body = Font(name: "body")
  public static let callout = Font(name: "callout")
  public static let footnote = Font(name: "footnote")
  public static let caption = Font(name: "caption")
  public static let caption2 = Font(name: "caption2")
  public static func system(size: CGFloat, weight: Weight? = nil, design: Design? = nil) -> Font { Font(name: "system") }
  public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font { Font(name: "system") }
  public static func custom(_ name: String, size: CGFloat) -> Font { Font(name: name) }
  public func weight(_ weight: Weight) -> Font { self }
  public func bold() -> Font { self }
  public func italic() -> Font { self }
  public func monospaced() -> Font { self }
  public func monospacedDigit() -> Font { self }

  public struct Weight: Hashable, Sendable {
    let value: Int
    public static let ultraLight = Weight(value: 1), thin = Weight(value: 2), light = Weight(value: 3)
    public static let regular = Weight(value: 4), medium = Weight(value: 5), semibold = Weight(value: 6)
    public static let bold = Weight(value: 7), heavy = Weight(value: 8), black = Weight(value: 9)
  }
  public enum Design: Hashable, Sendable { case `default`, serif, rounded, monospaced }
  public enum TextStyle: Hashable, Sendable, CaseIterable {
    case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
  }
}

// Conformances in extensions, so the types' initializers are not main-actor isolated (as
// Apple's views may be made anywhere; only their bodies run on the main actor).
extension Text: View {}
