import Foundation

/// A spinner, held only: `startAnimating`/`stopAnimating` set `isAnimating`, and a stopped one
/// that hides when stopped is hidden, as on iOS. Nothing spins.
@preconcurrency @MainActor
open class UIActivityIndicatorView: UIView {
  public enum Style: Int, Sendable { case medium = 100, large = 101, whiteLarge = 0, white = 1, gray = 2 }

  public var style: Style
  public var color: UIColor?
  public var hidesWhenStopped = true {
    didSet { if !isAnimating && hidesWhenStopped { isHidden = true } }
  }
  public private(set) var isAnimating = false

  public init(style: Style) {
    self.style = style
    super.init(frame: .zero)
    isHidden = true
  }

  public override init(frame: CGRect) {
    style = .medium
    super.init(frame: frame)
    isHidden = true
  }

  public required init?(coder: NSCoder) {
    style = .medium
    super.init(coder: coder)
    isHidden = true
  }

  open func startAnimating() {
    isAnimating = true
    isHidden = false
  }

  open func stopAnimating() {
    isAnimating = false
    if hidesWhenStopped { isHidden = true }
  }
}
