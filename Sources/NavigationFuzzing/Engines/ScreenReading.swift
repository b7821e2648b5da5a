import HeadlessUIKit

/// What a controller an app built itself shows, in the topology's words.
///
/// The harness knows the screens it builds (a topology's content closures). An app's coordinator
/// builds its own — `ProductDetailViewController(product:)` — and only the app knows what each
/// one shows. An engine says so through its `ScreenReading`, and the harness then judges the app's
/// controllers exactly as it judges its own.
public enum ShownScreen: Sendable {
  /// The screen of an element of the root path, showing `value`. Equal values are told apart by
  /// position: the first element with that value that no other screen on the stack shows.
  case pathElement(value: Int)
  /// The screen of the slot named `slot` of a screen below it, showing item `id` (`nil`: a Bool
  /// slot, or whatever item the slot holds). The screen whose slot it is: `host` when given (the
  /// controller the slot is wired on); else the nearest screen below — the one it is pushed above
  /// or presented from, then further down that stack (a coordinator presents from its navigation
  /// controller, whatever is on top) — whose slot of that name is filled. Give `host` where a
  /// slot's name repeats along one stack (a screen pushing another of its own kind).
  case slot(String, id: Int? = nil, of: UIViewController? = nil)
}

/// How an engine reads the controllers it (or the app it adapts) builds itself.
///
/// The harness reads a controller once, as it begins to join the screen (pushed onto a stack,
/// or presented — for a presented navigation controller, its root is read), and again if it
/// joins again later: then it tags it as it tags the controllers it builds, and every check, the
/// reference comparison, the explorer's state key and the reports see it as what it shows. Read
/// what the controller itself holds (its item's id), not what the model holds: a screen showing
/// a stale item must read as that item. Controllers it reads as `nil` are the app's own business
/// (containers, helpers), as are controllers whose overrides of `viewWillAppear(_:)` and
/// `willMove(toParent:)` do not call `super` (the harness hears of them where UIKit's own
/// implementation runs).
public struct ScreenReading: Sendable {
  let read: @MainActor @Sendable (UIViewController) -> ShownScreen?

  public init(_ read: @escaping @MainActor @Sendable (UIViewController) -> ShownScreen?) {
    self.read = read
  }
}
