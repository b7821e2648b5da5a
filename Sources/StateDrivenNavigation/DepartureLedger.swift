import HeadlessUIKit

/// How many things that make a controller depart exist right now, in every world: controllers
/// marked departing, and links from a controller to the screen whose binding showed it where that
/// screen is gone (see `UIViewController.departure`).
///
/// Finding out whether a controller departs walks up from it through everything above it, which
/// made a presentation cost its nesting depth (the square of the depth to fill a deep stack of
/// sheets). While both counts are zero no walk can find anything, so none is taken. The counts are
/// kept exact by the lifetimes of the marks and links themselves (their inits and deinits), so no
/// code path that marks, unmarks, links or releases a controller has to remember to update them.
@MainActor
enum DepartureLedger {
  /// Departing marks alive (each lives on the controller it marks until taken back or released).
  static var marks = 0
  /// Links to a binding presenter that has been released, held by controllers still alive.
  static var orphanedLinks = 0

  /// `NavigationStackController`s alive: without one, no path screen can have left its path.
  static var pathStacks = 0

  /// Whether no controller anywhere can be departing: nothing is marked and no link is orphaned.
  static var nothingDeparts: Bool { marks == 0 && orphanedLinks == 0 }
}

/// Lives exactly as long as a controller whose binding showed others, counting the links to it
/// still alive: when it goes, those links are orphaned.
@MainActor
final class PresenterLifetime {
  var links = 0
  isolated deinit { DepartureLedger.orphanedLinks += links }
}
