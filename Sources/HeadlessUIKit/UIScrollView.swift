import Foundation

/// A scroll view, held only.
@preconcurrency @MainActor
open class UIScrollView: UIView {
  public enum ContentInsetAdjustmentBehavior: Int, Sendable { case automatic, scrollableAxes, never, always }
  public enum IndicatorStyle: Int, Sendable { case `default`, black, white }
  public enum KeyboardDismissMode: Int, Sendable { case none, onDrag, interactive, onDragWithAccessory, interactiveWithAccessory }

  public var contentOffset = CGPoint.zero
  public var contentSize = CGSize.zero
  public var contentInsetAdjustmentBehavior = ContentInsetAdjustmentBehavior.automatic
  public var keyboardDismissMode = KeyboardDismissMode.none
  public var isScrollEnabled = true
  public var alwaysBounceVertical = false
}
