import Foundation

/// A one-line text field. It keeps its text (plain or attributed: setting one sets the other, as
/// in UIKit), its selection while it is being edited, and the focus rules of a responder. A person
/// acts on it with the `user…` methods: a tap takes the focus (`.editingDidBegin`), typing replaces
/// the selection (`.editingChanged`), Return ends editing (`.editingDidEndOnExit`), leaving it sends
/// `.editingDidEnd`. Its delegate is asked first at each step, in UIKit's order. Nothing is drawn.
@preconcurrency @MainActor
open class UITextField: UIControl {
  public enum BorderStyle: Int, Sendable { case none, line, bezel, roundedRect }
  public enum ViewMode: Int, Sendable { case never, whileEditing, unlessEditing, always }

  /// Never nil once read: UIKit's text field answers "" for no text.
  public var text: String? {
    get { storedText }
    set {
      storedText = newValue ?? ""
      if let selection = storedSelection { storedSelection = document.clamped(selection) }
      KeyValueObservers.announceChange(of: self)
    }
  }

  /// The text with attributes (held: only its characters are kept in `text`).
  public var attributedText: NSAttributedString? {
    get { NSAttributedString(string: storedText) }
    set { text = newValue?.string }
  }

  public var placeholder: String?
  public var attributedPlaceholder: NSAttributedString?
  public var font: UIFont?
  public var textColor: UIColor?
  public var textAlignment = NSTextAlignment.natural
  public var borderStyle = BorderStyle.none
  public var clearButtonMode = ViewMode.never
  public var leftView: UIView?
  public var leftViewMode = ViewMode.never
  public var rightView: UIView?
  public var rightViewMode = ViewMode.never
  public var clearsOnBeginEditing = false
  public var adjustsFontSizeToFitWidth = false
  public var isSecureTextEntry = false
  public var keyboardType = UIKeyboardType.default
  public var returnKeyType = UIReturnKeyType.default
  public var autocapitalizationType = UITextAutocapitalizationType.sentences
  public var autocorrectionType = UITextAutocorrectionType.default
  public var textContentType: UITextContentType?
  public var inputView: UIView?
  public var inputAccessoryView: UIView?
  public weak var delegate: (any UITextFieldDelegate)?

  private var storedText = ""
  /// The selection, while the field is being edited (nil otherwise, as in UIKit).
  private var storedSelection: UITextRange?

  private var document: TextDocument { TextDocument(length: storedText.utf16.count) }

  // MARK: Text input (UITextInput)

  public var beginningOfDocument: UITextPosition { document.beginning }
  public var endOfDocument: UITextPosition { document.end }

  /// The selected range while editing; nil when the field is not being edited. Setting it while
  /// editing moves the selection (clamped to the text).
  public var selectedTextRange: UITextRange? {
    get { storedSelection }
    set {
      guard isFirstResponder else { return }
      storedSelection = newValue.map { document.clamped($0) }
      KeyValueObservers.announceChange(of: self)
      delegate?.textFieldDidChangeSelection(self)
    }
  }

  public func offset(from: UITextPosition, to: UITextPosition) -> Int { to.offset - from.offset }

  public func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
    document.position(from: position, offset: offset)
  }

  public func position(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition? {
    switch direction {
    case .right: document.position(from: position, offset: offset)
    case .left: document.position(from: position, offset: -offset)
    case .up, .down: nil
    }
  }

  public func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
    document.range(from: fromPosition, to: toPosition)
  }

  public func text(in range: UITextRange) -> String? {
    let utf16 = Array(storedText.utf16)
    guard range.end.offset <= utf16.count else { return nil }
    return String(decoding: utf16[range.start.offset..<range.end.offset], as: UTF16.self)
  }

  public func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult {
    position.offset < other.offset ? .orderedAscending : position.offset > other.offset ? .orderedDescending : .orderedSame
  }

  // MARK: Focus

  public var isEditing: Bool { isFirstResponder }
  open override var canBecomeFirstResponder: Bool { isEnabled }

  /// Asks the delegate, takes the focus, puts the caret at the end and sends `.editingDidBegin`.
  @discardableResult
  open override func becomeFirstResponder() -> Bool {
    if isFirstResponder { return true }
    guard canBecomeFirstResponder, delegate?.textFieldShouldBeginEditing(self) ?? true else { return false }
    guard super.becomeFirstResponder() else { return false }
    if clearsOnBeginEditing { text = "" }
    storedSelection = UITextRange(start: document.end, end: document.end)
    delegate?.textFieldDidBeginEditing(self)
    sendActions(for: .editingDidBegin)
    return true
  }

  /// Asks the delegate, gives the focus up, drops the selection and sends `.editingDidEnd`.
  @discardableResult
  open override func resignFirstResponder() -> Bool {
    guard isFirstResponder else { return super.resignFirstResponder() }
    guard delegate?.textFieldShouldEndEditing(self) ?? true, super.resignFirstResponder() else { return false }
    storedSelection = nil
    KeyValueObservers.announceChange(of: self)
    delegate?.textFieldDidEndEditing(self)
    sendActions(for: .editingDidEnd)
    return true
  }

  // MARK: A person's input

  /// A tap on the field: it takes the focus (if its delegate agrees).
  @discardableResult
  public func userTap() -> Bool { becomeFirstResponder() }

  /// Typing `string` (a tap first, if the field does not have the focus): it replaces the
  /// selection if the delegate agrees, the caret moves after it, and `.editingChanged` is sent.
  public func userType(_ string: String) {
    guard isEnabled, becomeFirstResponder(), let selection = storedSelection else { return }
    let range = NSRange(location: selection.start.offset, length: selection.end.offset - selection.start.offset)
    guard delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: string) ?? true else { return }
    let utf16 = Array(storedText.utf16)
    let replaced = utf16[..<range.location] + Array(string.utf16) + utf16[(range.location + range.length)...]
    storedText = String(decoding: replaced, as: UTF16.self)
    let caret = UITextPosition(offset: range.location + string.utf16.count)
    storedSelection = UITextRange(start: caret, end: caret)
    KeyValueObservers.announceChange(of: self)
    sendActions(for: .editingChanged)
  }

  /// The clear button: empties the field if the delegate agrees, and sends `.editingChanged`.
  public func userClear() {
    guard isEnabled, delegate?.textFieldShouldClear(self) ?? true else { return }
    text = ""
    if isFirstResponder { storedSelection = UITextRange(start: document.beginning, end: document.beginning) }
    sendActions(for: .editingChanged)
  }

  /// The Return key, while editing: asks the delegate (`textFieldShouldReturn`), then sends
  /// `.editingDidEndOnExit`; a field with an action for that event then gives up the focus, as
  /// UIKit dismisses the keyboard for it.
  public func userTapReturn() {
    guard isFirstResponder, delegate?.textFieldShouldReturn(self) ?? true else { return }
    let endsOnExit = hasActions(for: .editingDidEndOnExit)
    sendActions(for: .editingDidEndOnExit)
    if endsOnExit, isFirstResponder { resignFirstResponder() }
  }
}

/// What a text field asks and tells as it is edited. Every method is optional, as in UIKit.
@preconcurrency @MainActor
public protocol UITextFieldDelegate: AnyObject {
  func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
  func textFieldDidBeginEditing(_ textField: UITextField)
  func textFieldShouldEndEditing(_ textField: UITextField) -> Bool
  func textFieldDidEndEditing(_ textField: UITextField)
  func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool
  func textFieldDidChangeSelection(_ textField: UITextField)
  func textFieldShouldClear(_ textField: UITextField) -> Bool
  func textFieldShouldReturn(_ textField: UITextField) -> Bool
}

extension UITextFieldDelegate {
  public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { true }
  public func textFieldDidBeginEditing(_ textField: UITextField) {}
  public func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { true }
  public func textFieldDidEndEditing(_ textField: UITextField) {}
  public func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool { true }
  public func textFieldDidChangeSelection(_ textField: UITextField) {}
  public func textFieldShouldClear(_ textField: UITextField) -> Bool { true }
  public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
}

public enum UIKeyboardType: Int, Sendable {
  case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress,
    decimalPad, twitter, webSearch, asciiCapableNumberPad
}

public enum UIReturnKeyType: Int, Sendable {
  case `default`, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`
}

public enum UITextAutocapitalizationType: Int, Sendable { case none, words, sentences, allCharacters }
public enum UITextAutocorrectionType: Int, Sendable { case `default`, no, yes }

public struct UITextContentType: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let username = UITextContentType(rawValue: "username")
  public static let password = UITextContentType(rawValue: "password")
  public static let newPassword = UITextContentType(rawValue: "new-password")
  public static let oneTimeCode = UITextContentType(rawValue: "one-time-code")
  public static let emailAddress = UITextContentType(rawValue: "email")
  public static let name = UITextContentType(rawValue: "name")
  public static let telephoneNumber = UITextContentType(rawValue: "tel")
  public static let URL = UITextContentType(rawValue: "url")
}
