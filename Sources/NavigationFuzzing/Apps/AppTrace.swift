/// A run over an app under test, as a file: the app's name and the actions, one a line
/// (docs/TRACES.md, "App traces").
public struct AppTrace: Hashable, Sendable {
  /// The app the trace was recorded on (its type name): replay checks it names the app given.
  public var app: String
  public var actions: [AppAction]
  /// The source line of each action (1-based), when parsed from a file.
  public var lines: [Int]
  /// Where the trace came from, for error messages.
  public var source: String
  /// The source line of the `app NAME` line (for "recorded on another app").
  public var appLine = 2

  public init(app: String, actions: [AppAction], lines: [Int]? = nil, source: String = "<trace>") {
    self.app = app
    self.actions = actions
    self.lines = lines ?? actions.indices.map { $0 + 1 }
    self.source = source
  }

  /// Equal traces say the same thing; where they came from does not matter.
  public static func == (lhs: AppTrace, rhs: AppTrace) -> Bool { lhs.app == rhs.app && lhs.actions == rhs.actions }
  public func hash(into hasher: inout Hasher) {
    hasher.combine(app)
    hasher.combine(actions)
  }
}
