/// A sheet's presentation controller: the heights it may rest at (detents) and its grabber.
/// Held only: which detent is selected changes nothing about navigation.
@preconcurrency @MainActor
open class UISheetPresentationController: UIPresentationController {
  @preconcurrency @MainActor
  public final class Detent: Equatable {
    public struct Identifier: RawRepresentable, Hashable, Sendable {
      public let rawValue: String
      public init(rawValue: String) { self.rawValue = rawValue }
      public init(_ rawValue: String) { self.rawValue = rawValue }
      public static let medium = Identifier("com.apple.UIKit.medium")
      public static let large = Identifier("com.apple.UIKit.large")
    }

    public let identifier: Identifier

    init(identifier: Identifier) { self.identifier = identifier }

    public static func medium() -> Detent { Detent(identifier: .medium) }
    public static func large() -> Detent { Detent(identifier: .large) }
    public static func custom(identifier: Identifier? = nil, resolver: @escaping (Any) -> CGFloatValue?) -> Detent {
      Detent(identifier: identifier ?? Identifier("custom"))
    }

    public nonisolated static func == (lhs: Detent, rhs: Detent) -> Bool { lhs.identifier == rhs.identifier }
  }

  public typealias CGFloatValue = Double

  public var detents: [Detent] = [.large()]
  public var selectedDetentIdentifier: Detent.Identifier?
  public var largestUndimmedDetentIdentifier: Detent.Identifier?
  public var prefersGrabberVisible = false
  public var prefersScrollingExpandsWhenScrolledToEdge = true
  public var prefersEdgeAttachedInCompactHeight = false
  public var preferredCornerRadius: Double?

  /// Runs `changes` now: detent changes are not animated here.
  public func animateChanges(_ changes: () -> Void) { changes() }
}
