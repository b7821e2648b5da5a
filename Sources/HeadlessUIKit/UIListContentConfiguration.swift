import Foundation

/// What a cell shows (held: nothing is drawn).
public protocol UIContentConfiguration {}

/// A list cell's standard content: text, secondary text, image.
public struct UIListContentConfiguration: UIContentConfiguration, Equatable {
  public var text: String?
  public var secondaryText: String?
  public var attributedText: NSAttributedString?
  public var image: UIImage?

  public static func cell() -> UIListContentConfiguration { UIListContentConfiguration() }
  public static func subtitleCell() -> UIListContentConfiguration { UIListContentConfiguration() }
  public static func valueCell() -> UIListContentConfiguration { UIListContentConfiguration() }
  public static func sidebarCell() -> UIListContentConfiguration { UIListContentConfiguration() }
  public static func groupedHeader() -> UIListContentConfiguration { UIListContentConfiguration() }
  public static func plainHeader() -> UIListContentConfiguration { UIListContentConfiguration() }
}
