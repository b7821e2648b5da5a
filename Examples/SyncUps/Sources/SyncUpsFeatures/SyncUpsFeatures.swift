import NavigationFuzzing

/// SyncUps' feature code, as the app writes it: what each button does to the models. NavFuzz's
/// `syncups-tree` and `syncups-stack` topologies declare what each should do to navigation; the
/// harness checks this code against that.
public struct SyncUpsFeatures: AppFeatures {
  public init() {}

  public func perform(_ intent: IntentSpec, on screen: ScreenModel, in app: AppContext) {
    switch intent.name {
    case "addSyncUp": app.set("add", id: 1, on: screen)
    case "openSyncUp":
      if screen.spec.slotIndex(named: "detail") != nil {
        app.set("detail", id: 1, on: screen)  // tree: drill into the detail
      } else {
        app.appendToPath(Element.detail)  // stack: push the detail
      }
    case "startMeeting":
      if screen.spec.slotIndex(named: "record") != nil {
        app.set("record", id: 1, on: screen)
      } else {
        app.appendToPath(Element.record)
      }
    case "endMeeting": endMeeting(on: screen, in: app)
    case "edit": app.set("edit", id: 1, on: screen)
    case "delete", "close", "discard": app.dismiss(screen)
    default: break
    }
  }

  /// Ending a meeting returns to the sync-up it belongs to: in the stack, the nearest detail below
  /// the record screen, wherever it is (a deep link may have put a meeting in between).
  func endMeeting(on screen: ScreenModel, in app: AppContext) {
    guard let position = app.pathPosition(of: screen) else { return app.dismiss(screen) }
    if let detail = app.pathValues[..<position].lastIndex(of: Element.detail) {
      app.truncatePath(to: detail + 1)
    }
  }

  /// What the stack's path values mean.
  public enum Element {
    public static let detail = 1, meeting = 2, record = 3
  }
}

/// The version from the live stream: "end meeting" assumes the detail is the element right before
/// the record screen. Right after "start meeting"; wrong after a deep link detail → meeting → record.
public struct LiveStreamSyncUpsFeatures: AppFeatures {
  public init() {}

  public func perform(_ intent: IntentSpec, on screen: ScreenModel, in app: AppContext) {
    guard intent.name == "endMeeting", app.pathPosition(of: screen) != nil else {
      return SyncUpsFeatures().perform(intent, on: screen, in: app)
    }
    app.truncatePath(to: max(app.pathValues.count - 1, 0))
  }
}
