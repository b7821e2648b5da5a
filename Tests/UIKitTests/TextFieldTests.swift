import Foundation
import Testing
import UIKit

/// A text field as a login form uses it: focus, typing, selection and Return, with its delegate.
@MainActor
@Suite struct TextFieldTests {
  private final class Delegate: UITextFieldDelegate {
    var log: [String] = []
    var allowsBeginning = true
    var rejectsDigits = false
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool {
      log.append("shouldBegin")
      return allowsBeginning
    }
    func textFieldDidBeginEditing(_ textField: UITextField) { log.append("didBegin") }
    func textFieldDidEndEditing(_ textField: UITextField) { log.append("didEnd") }
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
      !(rejectsDigits && string.contains(where: \.isNumber))
    }
    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
      log.append("shouldReturn")
      return true
    }
  }

  /// A field shown on screen, in the world's root controller.
  private func field(in world: UIKitWorld) -> UITextField {
    let field = UITextField()
    world.root.view.addSubview(field)
    return field
  }

  @Test func textAndAttributedTextAreOneValue() {
    let world = UIKitWorld()
    let field = field(in: world)
    #expect(field.text == "")
    field.attributedText = NSAttributedString(string: "Blob")
    #expect(field.text == "Blob")
    field.text = nil
    #expect(field.text == "" && field.attributedText?.string == "")
  }

  @Test func typingTakesTheFocusAndSendsEditingEventsInOrder() {
    let world = UIKitWorld()
    let field = field(in: world)
    let delegate = Delegate()
    field.delegate = delegate
    var events: [String] = []
    field.addAction(UIAction { _ in events.append("begin") }, for: .editingDidBegin)
    field.addAction(UIAction { [unowned field] _ in events.append("changed:\(field.text!)") }, for: .editingChanged)
    field.addAction(UIAction { _ in events.append("end") }, for: .editingDidEnd)
    field.userType("Hi")
    #expect(field.isFirstResponder && field.isEditing)
    field.resignFirstResponder()
    #expect(!field.isFirstResponder)
    #expect(events == ["begin", "changed:Hi", "end"])
    #expect(delegate.log == ["shouldBegin", "didBegin", "didEnd"])
  }

  @Test func theDelegateCanRefuseFocusAndCharacters() {
    let world = UIKitWorld()
    let field = field(in: world)
    let delegate = Delegate()
    field.delegate = delegate
    delegate.allowsBeginning = false
    #expect(!field.becomeFirstResponder())
    delegate.allowsBeginning = true
    delegate.rejectsDigits = true
    field.userType("a1")
    field.userType("b")
    #expect(field.text == "b")
  }

  @Test func aViewOutsideAWindowCannotTakeTheFocus() {
    _ = UIKitWorld()
    let field = UITextField()
    #expect(!field.becomeFirstResponder())
    #expect(!UIView().becomeFirstResponder())
  }

  @Test func oneResponderHasTheFocusAtATime() {
    let world = UIKitWorld()
    let first = field(in: world), second = field(in: world)
    var ended = 0
    first.addAction(UIAction { _ in ended += 1 }, for: .editingDidEnd)
    first.becomeFirstResponder()
    second.becomeFirstResponder()
    #expect(!first.isFirstResponder && second.isFirstResponder && ended == 1)
  }

  /// Positions count UTF-16 code units, as UIKit's text input does; the selection exists only
  /// while editing.
  @Test func selectionAndPositionsFollowUITextInput() throws {
    let world = UIKitWorld()
    let field = field(in: world)
    field.text = "héllo"
    #expect(field.selectedTextRange == nil)
    field.becomeFirstResponder()
    let caret = try #require(field.selectedTextRange)
    #expect(field.offset(from: field.beginningOfDocument, to: caret.start) == 5)
    let start = try #require(field.position(from: field.beginningOfDocument, offset: 1))
    let end = try #require(field.position(from: start, offset: 3))
    #expect(field.position(from: end, offset: 5) == nil)
    field.selectedTextRange = field.textRange(from: start, to: end)
    #expect(field.text(in: field.selectedTextRange!) == "éll")
    field.userType("E")
    #expect(field.text == "hEo")
    #expect(field.offset(from: field.beginningOfDocument, to: field.selectedTextRange!.start) == 2)
  }

  @Test func selectionChangesAreKeyValueObservable() {
    let world = UIKitWorld()
    let field = field(in: world)
    var changes = 0
    let observation = field.observe(\.selectedTextRange) { _, _ in changes += 1 }
    field.becomeFirstResponder()
    field.selectedTextRange = field.textRange(from: field.beginningOfDocument, to: field.beginningOfDocument)
    #expect(changes == 1)
    field.userType("x")
    #expect(changes == 2)
    observation.invalidate()
  }

  /// Return sends `.editingDidEndOnExit`; a field with an action for it gives the focus up, as
  /// UIKit dismisses the keyboard for it.
  @Test func returnEndsEditingWhenSomethingListensForIt() {
    let world = UIKitWorld()
    let field = field(in: world)
    field.userTap()
    field.userTapReturn()
    #expect(field.isFirstResponder)
    var exits = 0
    field.addAction(UIAction { _ in exits += 1 }, for: .editingDidEndOnExit)
    field.userTapReturn()
    #expect(exits == 1 && !field.isFirstResponder)
  }

  @Test func theResponderChainRunsFromViewToControllerToWindowToApplication() {
    let world = UIKitWorld()
    let label = UILabel()
    world.root.view.addSubview(label)
    #expect(label.next === world.root.view)
    #expect(world.root.view.next === world.root)
    #expect(world.root.next === world.navigation)
    let presented = UIViewController()
    world.root.present(presented, animated: false)
    world.settle()
    #expect(presented.presentingViewController != nil && presented.next === presented.presentingViewController)
    #expect(world.window.next === UIApplication.shared)
  }
}
