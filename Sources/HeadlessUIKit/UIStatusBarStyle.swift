/// How the status bar draws over a controller (UIKit's enumeration; held only: nothing is drawn).
public enum UIStatusBarStyle: Int, Sendable {
  case `default` = 0
  case lightContent = 1
  case darkContent = 3
}

/// How the status bar animates when it shows, hides or changes (held only).
public enum UIStatusBarAnimation: Int, Sendable {
  case none, fade, slide
}
