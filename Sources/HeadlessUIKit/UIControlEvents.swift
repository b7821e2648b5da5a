/// The rest of UIKit's control events, with UIKit's raw values (UIControl.Event's own list has the
/// common ones). A control sends the editing events as a text field gains and loses focus, and
/// `.valueChanged` when a person changes its value (the `user…` methods); code sends any of them
/// with `sendActions(for:)`.
extension UIControl.Event {
  public static let touchDownRepeat = UIControl.Event(rawValue: 1 << 1)
  public static let touchDragInside = UIControl.Event(rawValue: 1 << 2)
  public static let touchDragOutside = UIControl.Event(rawValue: 1 << 3)
  public static let touchDragEnter = UIControl.Event(rawValue: 1 << 4)
  public static let touchDragExit = UIControl.Event(rawValue: 1 << 5)
  public static let touchUpOutside = UIControl.Event(rawValue: 1 << 7)
  public static let touchCancel = UIControl.Event(rawValue: 1 << 8)
  public static let menuActionTriggered = UIControl.Event(rawValue: 1 << 14)
  public static let editingDidBegin = UIControl.Event(rawValue: 1 << 16)
  public static let editingDidEnd = UIControl.Event(rawValue: 1 << 18)
  public static let editingDidEndOnExit = UIControl.Event(rawValue: 1 << 19)
  public static let allTouchEvents = UIControl.Event(rawValue: 0x0000_0FFF)
  public static let allEditingEvents = UIControl.Event(rawValue: 0x000F_0000)
  public static let applicationReserved = UIControl.Event(rawValue: 0x0F00_0000)
  public static let systemReserved = UIControl.Event(rawValue: 0xF000_0000)
  public static let allEvents = UIControl.Event(rawValue: 0xFFFF_FFFF)
}
