import Foundation

// Controls that hold one value. Each keeps what code sets (clamped as UIKit clamps it), announces
// the change to key-value observers, and sends `.valueChanged` only when a person changes it: the
// `user…` methods, which tests and the harness call where a finger would act. Nothing is drawn.

/// An on/off switch.
@preconcurrency @MainActor
open class UISwitch: UIControl {
  public var isOn = false {
    didSet { KeyValueObservers.announceChange(of: self) }
  }
  public var onTintColor: UIColor?
  public var thumbTintColor: UIColor?
  public var title: String?

  /// Sets the value; `animated` changes nothing here. Sends no event, as in UIKit.
  public func setOn(_ on: Bool, animated: Bool) { isOn = on }

  /// A person flips the switch: the value changes, then `.valueChanged` is sent.
  public func userToggle() {
    guard isEnabled else { return }
    isOn.toggle()
    sendActions(for: .valueChanged)
  }
}

/// A slider over a continuous range.
@preconcurrency @MainActor
open class UISlider: UIControl {
  /// Clamped to `minimumValue...maximumValue`, as UIKit clamps it.
  public var value: Float {
    get { storedValue }
    set {
      storedValue = min(max(newValue, minimumValue), maximumValue)
      KeyValueObservers.announceChange(of: self)
    }
  }
  public var minimumValue: Float = 0 {
    didSet { value = storedValue }
  }
  public var maximumValue: Float = 1 {
    didSet { value = storedValue }
  }
  /// Whether dragging sends `.valueChanged` continuously (held: a `userSlide` sends one event).
  public var isContinuous = true
  public var minimumTrackTintColor: UIColor?
  public var maximumTrackTintColor: UIColor?
  private var storedValue: Float = 0

  public func setValue(_ value: Float, animated: Bool) { self.value = value }

  /// A person drags the thumb to `value` (clamped), then lifts: `.valueChanged` is sent.
  public func userSlide(to value: Float) {
    guard isEnabled else { return }
    self.value = value
    sendActions(for: .valueChanged)
  }
}

/// A stepper: plus and minus buttons over a range.
@preconcurrency @MainActor
open class UIStepper: UIControl {
  /// Clamped to `minimumValue...maximumValue`, as UIKit clamps it.
  public var value: Double {
    get { storedValue }
    set {
      storedValue = min(max(newValue, minimumValue), maximumValue)
      KeyValueObservers.announceChange(of: self)
    }
  }
  public var minimumValue: Double = 0 {
    didSet { value = storedValue }
  }
  public var maximumValue: Double = 100 {
    didSet { value = storedValue }
  }
  public var stepValue: Double = 1
  /// Past one end, a tap continues from the other end.
  public var wraps = false
  public var autorepeat = true
  public var isContinuous = true
  private var storedValue: Double = 0

  /// A person taps plus: the value moves up one step (or wraps), then `.valueChanged` is sent.
  public func userIncrement() { userStep(by: stepValue) }

  /// A person taps minus.
  public func userDecrement() { userStep(by: -stepValue) }

  private func userStep(by delta: Double) {
    guard isEnabled else { return }
    let next = storedValue + delta
    if wraps, next > maximumValue {
      value = minimumValue
    } else if wraps, next < minimumValue {
      value = maximumValue
    } else {
      value = next
    }
    sendActions(for: .valueChanged)
  }
}

/// A date picker.
@preconcurrency @MainActor
open class UIDatePicker: UIControl {
  public enum Mode: Int, Sendable { case time, date, dateAndTime, countDownTimer, yearAndMonth }
  public enum Style: Int, Sendable { case automatic, wheels, compact, inline }

  /// Clamped to `minimumDate...maximumDate` where they are set. Starts at the Unix epoch, not at
  /// "now": the simulated world reads no clock.
  public var date: Date {
    get { storedDate }
    set {
      var date = newValue
      if let minimumDate, date < minimumDate { date = minimumDate }
      if let maximumDate, date > maximumDate { date = maximumDate }
      storedDate = date
      KeyValueObservers.announceChange(of: self)
    }
  }
  public var minimumDate: Date?
  public var maximumDate: Date?
  public var datePickerMode: Mode = .dateAndTime
  public var preferredDatePickerStyle: Style = .automatic
  public var minuteInterval = 1
  public var countDownDuration: TimeInterval = 0
  public var locale: Locale?
  public var timeZone: TimeZone?
  private var storedDate = Date(timeIntervalSince1970: 0)

  public func setDate(_ date: Date, animated: Bool) { self.date = date }

  /// A person picks `date` (clamped): `.valueChanged` is sent.
  public func userPick(_ date: Date) {
    guard isEnabled else { return }
    self.date = date
    sendActions(for: .valueChanged)
  }
}

/// A row of page dots.
@preconcurrency @MainActor
open class UIPageControl: UIControl {
  public var numberOfPages = 0 {
    didSet { currentPage = storedCurrentPage }
  }
  /// Clamped to `0..<numberOfPages` (0 when there are none), as UIKit clamps it.
  public var currentPage: Int {
    get { storedCurrentPage }
    set {
      storedCurrentPage = max(0, min(newValue, numberOfPages - 1))
      KeyValueObservers.announceChange(of: self)
    }
  }
  public var hidesForSinglePage = false
  public var pageIndicatorTintColor: UIColor?
  public var currentPageIndicatorTintColor: UIColor?
  private var storedCurrentPage = 0

  /// A person taps or scrubs to `page` (clamped): `.valueChanged` is sent.
  public func userSelectPage(_ page: Int) {
    guard isEnabled else { return }
    currentPage = page
    sendActions(for: .valueChanged)
  }
}

/// A segmented control.
@preconcurrency @MainActor
open class UISegmentedControl: UIControl {
  /// No segment selected.
  public static let noSegment = -1

  private var titles: [String?] = []
  /// Another segment index than `noSegment` or an existing segment's traps, as UIKit raises.
  public var selectedSegmentIndex: Int {
    get { storedSelectedSegmentIndex }
    set {
      precondition(
        newValue == Self.noSegment || titles.indices.contains(newValue),
        "UISegmentedControl: selectedSegmentIndex \(newValue) is beyond the \(titles.count) segments")
      storedSelectedSegmentIndex = newValue
      KeyValueObservers.announceChange(of: self)
    }
  }
  public var isMomentary = false
  public var selectedSegmentTintColor: UIColor?
  private var storedSelectedSegmentIndex = UISegmentedControl.noSegment

  /// Segments titled by `items` (strings; other items make untitled segments).
  public convenience init(items: [Any]?) {
    self.init(frame: .zero)
    titles = (items ?? []).map { $0 as? String }
  }

  public var numberOfSegments: Int { titles.count }

  public func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
    let index = min(max(segment, 0), titles.count)
    titles.insert(title, at: index)
    if storedSelectedSegmentIndex >= index { storedSelectedSegmentIndex += 1 }
  }

  public func insertSegment(action: UIAction, at segment: Int, animated: Bool) {
    insertSegment(withTitle: action.title, at: segment, animated: animated)
  }

  public func removeSegment(at segment: Int, animated: Bool) {
    guard titles.indices.contains(segment) else { return }
    titles.remove(at: segment)
    if storedSelectedSegmentIndex == segment {
      storedSelectedSegmentIndex = Self.noSegment
    } else if storedSelectedSegmentIndex > segment {
      storedSelectedSegmentIndex -= 1
    }
  }

  public func removeAllSegments() {
    titles = []
    storedSelectedSegmentIndex = Self.noSegment
  }

  public func setTitle(_ title: String?, forSegmentAt segment: Int) {
    guard titles.indices.contains(segment) else { return }
    titles[segment] = title
  }

  public func titleForSegment(at segment: Int) -> String? {
    titles.indices.contains(segment) ? titles[segment] : nil
  }

  /// A person taps segment `segment`: it becomes selected (a momentary control selects nothing),
  /// then `.valueChanged` is sent.
  public func userSelectSegment(_ segment: Int) {
    guard isEnabled, titles.indices.contains(segment) else { return }
    selectedSegmentIndex = isMomentary ? Self.noSegment : segment
    sendActions(for: .valueChanged)
  }
}

/// A colour well: a button that opens the colour picker.
@preconcurrency @MainActor
open class UIColorWell: UIControl {
  public var selectedColor: UIColor? {
    didSet { KeyValueObservers.announceChange(of: self) }
  }
  public var title: String?
  public var supportsAlpha = true

  /// A person picks `color` in the picker: `.valueChanged` is sent.
  public func userPick(_ color: UIColor?) {
    guard isEnabled else { return }
    selectedColor = color
    sendActions(for: .valueChanged)
  }
}
