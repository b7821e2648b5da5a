/// How a presented controller covers its presenter (UIKit's enumeration).
public enum UIModalPresentationStyle: Int, Sendable, CaseIterable {
  case fullScreen = 0, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover
  case none = -1
  case automatic = -2

  /// Full-screen and current-context styles remove the presenter's views, so the presenter gets
  /// disappear/appear callbacks; sheets, popovers and "over" styles do not (Apple's documentation).
  public var removesPresentersView: Bool {
    self == .fullScreen || self == .currentContext
  }

  /// Styles the user can swipe down to dismiss.
  public var isSheet: Bool {
    self == .automatic || self == .pageSheet || self == .formSheet
  }
}

/// How a full-screen presentation animates (held only: transitions are not drawn).
public enum UIModalTransitionStyle: Int, Sendable {
  case coverVertical, flipHorizontal, crossDissolve, partialCurl
}
