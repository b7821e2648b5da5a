import Foundation

/// An image, held only by name.
public final class UIImage: Equatable, Sendable {
  public let systemName: String?
  public let name: String?

  public init?(systemName: String) {
    self.systemName = systemName
    self.name = nil
  }

  public init?(named name: String) {
    self.systemName = nil
    self.name = name
  }

  public static func == (lhs: UIImage, rhs: UIImage) -> Bool {
    lhs.systemName == rhs.systemName && lhs.name == rhs.name
  }
}

/// A view showing an image, held only.
@preconcurrency @MainActor
open class UIImageView: UIView {
  public var image: UIImage?

  public convenience init(image: UIImage?) {
    self.init(frame: .zero)
    self.image = image
  }
}
