import Foundation

/// A place in a text input's document. Opaque in UIKit; here an offset in UTF-16 code units from
/// the beginning of the document, as UIKit's text input counts (it is built on NSString).
@preconcurrency @MainActor
open class UITextPosition: NSObject {
  let offset: Int

  init(offset: Int) {
    self.offset = offset
    super.init()
  }

  nonisolated open override func isEqual(_ object: Any?) -> Bool {
    (object as? UITextPosition)?.offset == offset
  }

  nonisolated open override var hash: Int { offset.hashValue }
}

/// A range of a text input's document, from `start` to `end`.
@preconcurrency @MainActor
open class UITextRange: NSObject {
  public let start: UITextPosition
  public let end: UITextPosition

  init(start: UITextPosition, end: UITextPosition) {
    self.start = start
    self.end = end
    super.init()
  }

  open var isEmpty: Bool { start.offset == end.offset }

  nonisolated open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UITextRange else { return false }
    return other.start.offset == start.offset && other.end.offset == end.offset
  }

  nonisolated open override var hash: Int { start.offset.hashValue ^ (end.offset.hashValue &* 31) }
}

/// The direction of `position(from:in:offset:)`.
public enum UITextLayoutDirection: Int, Sendable { case right = 2, left, up, down }

/// The positions and ranges of a document of `length` UTF-16 code units: what UIKit's
/// `UITextInput` answers for a text field.
@MainActor
struct TextDocument {
  let length: Int

  var beginning: UITextPosition { UITextPosition(offset: 0) }
  var end: UITextPosition { UITextPosition(offset: length) }

  /// Nil outside the document, as UIKit answers.
  func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
    let (target, overflow) = position.offset.addingReportingOverflow(offset)
    guard !overflow, (0...length).contains(target) else { return nil }
    return UITextPosition(offset: target)
  }

  func range(from start: UITextPosition, to end: UITextPosition) -> UITextRange? {
    guard (0...length).contains(start.offset), (0...length).contains(end.offset) else { return nil }
    let lower = min(start.offset, end.offset), upper = max(start.offset, end.offset)
    return UITextRange(start: UITextPosition(offset: lower), end: UITextPosition(offset: upper))
  }

  /// A range clamped into the document (what a stored selection becomes after the text changes).
  func clamped(_ range: UITextRange) -> UITextRange {
    let lower = min(range.start.offset, length), upper = min(range.end.offset, length)
    return UITextRange(start: UITextPosition(offset: lower), end: UITextPosition(offset: upper))
  }
}
