import Foundation
import Testing
import UIKit

/// Controls as a settings screen uses them: values set by code are kept (clamped as UIKit clamps
/// them) and send no event; a person's change sends `.valueChanged`; key-value observers hear both.
@MainActor
@Suite struct ControlTests {
  @Test func aSwitchSendsValueChangedOnlyForAPersonsToggle() {
    _ = UIKitWorld()
    let toggle = UISwitch()
    var seen: [Bool] = []
    toggle.addAction(UIAction { [unowned toggle] _ in seen.append(toggle.isOn) }, for: .valueChanged)
    toggle.setOn(true, animated: true)
    #expect(toggle.isOn && seen.isEmpty)
    toggle.userToggle()
    #expect(!toggle.isOn && seen == [false])
    toggle.isEnabled = false
    toggle.userToggle()
    #expect(seen == [false])
  }

  @Test func slidersSteppersAndPageControlsClampTheirValues() {
    _ = UIKitWorld()
    let slider = UISlider()
    slider.minimumValue = 10
    slider.maximumValue = 20
    slider.value = 25
    #expect(slider.value == 20)
    slider.userSlide(to: 5)
    #expect(slider.value == 10)

    let stepper = UIStepper()
    stepper.maximumValue = 2
    stepper.userIncrement()
    stepper.userIncrement()
    stepper.userIncrement()
    #expect(stepper.value == 2)
    stepper.wraps = true
    stepper.userIncrement()
    #expect(stepper.value == 0)
    stepper.userDecrement()
    #expect(stepper.value == 2)

    let pages = UIPageControl()
    pages.numberOfPages = 3
    pages.currentPage = 7
    #expect(pages.currentPage == 2)
    pages.numberOfPages = 1
    #expect(pages.currentPage == 0)
  }

  @Test func aDatePickerKeepsItsDateWithinItsBounds() {
    _ = UIKitWorld()
    let picker = UIDatePicker()
    #expect(picker.date == Date(timeIntervalSince1970: 0))
    picker.minimumDate = Date(timeIntervalSince1970: 100)
    picker.date = Date(timeIntervalSince1970: 50)
    #expect(picker.date == Date(timeIntervalSince1970: 100))
    var changes = 0
    picker.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
    picker.userPick(Date(timeIntervalSince1970: 500))
    #expect(picker.date == Date(timeIntervalSince1970: 500) && changes == 1)
  }

  @Test func aSegmentedControlSelectsItsSegments() {
    _ = UIKitWorld()
    let control = UISegmentedControl(items: ["One", "Two"])
    #expect(control.numberOfSegments == 2 && control.selectedSegmentIndex == UISegmentedControl.noSegment)
    var selections: [Int] = []
    control.addAction(UIAction { [unowned control] _ in selections.append(control.selectedSegmentIndex) }, for: .valueChanged)
    control.userSelectSegment(1)
    control.insertSegment(withTitle: "Zero", at: 0, animated: false)
    #expect(control.selectedSegmentIndex == 2 && control.titleForSegment(at: 0) == "Zero")
    control.userSelectSegment(5)
    #expect(selections == [1])
  }

  @Test func aColorWellSendsThePickedColor() {
    _ = UIKitWorld()
    let well = UIColorWell()
    var picked: [UIColor?] = []
    well.addAction(UIAction { [unowned well] _ in picked.append(well.selectedColor) }, for: .valueChanged)
    well.userPick(.red)
    #expect(picked == [.red])
  }

  /// `removeAction(_:for: .allEvents)` takes an action out whatever events it was added for, as
  /// swift-navigation's bindings do when they are cancelled.
  @Test func removingAnActionForAllEventsTakesItOut() {
    _ = UIKitWorld()
    let toggle = UISwitch()
    var runs = 0
    let action = UIAction { _ in runs += 1 }
    toggle.addAction(action, for: [.valueChanged, .touchUpInside])
    toggle.removeAction(action, for: .touchUpInside)
    toggle.sendActions(for: .valueChanged)
    #expect(runs == 1)
    toggle.removeAction(action, for: .allEvents)
    toggle.sendActions(for: .allEvents)
    #expect(runs == 1)
  }

  @Test func controlEventsHaveUIKitsValues() {
    #expect(UIControl.Event.allEvents.rawValue == 0xFFFF_FFFF)
    #expect(UIControl.Event.editingDidBegin.rawValue == 1 << 16)
    #expect(UIControl.Event.editingDidEnd.rawValue == 1 << 18)
    #expect(UIControl.Event.editingDidEndOnExit.rawValue == 1 << 19)
    #expect(UIControl.Event.allEditingEvents.contains([.editingDidBegin, .editingChanged, .editingDidEnd, .editingDidEndOnExit]))
    #expect(UIControl.Event.allTouchEvents.contains([.touchDown, .touchUpInside, .touchCancel]))
  }

  /// `observe(\.value)` (key-value observing) hears a change whoever makes it, once per change.
  @Test func keyValueObserversHearValueChanges() {
    _ = UIKitWorld()
    let slider = UISlider()
    var seen: [Float?] = []
    let observation = slider.observe(\.value, options: [.new]) { _, change in seen.append(change.newValue) }
    slider.value = 0.5
    slider.value = 0.5
    slider.userSlide(to: 0.25)
    #expect(seen == [0.5, 0.25])
    observation.invalidate()
    slider.value = 1
    #expect(seen == [0.5, 0.25])
  }
}
