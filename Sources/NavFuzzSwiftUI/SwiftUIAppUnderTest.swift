import HeadlessUIKit
import NavigationFuzzing
import SwiftUI

/// A SwiftUI `App` as an app under test: launched headless in a fresh world, its first window
/// group's root view evaluated, and everything the harness asks read from the view graph and
/// the window as they are now (SwiftUI's package hooks, HarnessHooks.swift).
@MainActor
public final class SwiftUIAppUnderTest: AppUnderTest {
  /// The window the app was launched in.
  public let window: UIWindow
  /// The URLs the system may open in the app (the deep links its `onOpenURL` takes).
  public let urls: [String]
  private let swiftUI: SwiftUIEnvironment

  /// Resets the simulated world and launches `app` in it, settled. `turnLimit` is how many
  /// run-loop turns one `settle` or `advance` may take before the world is judged not to settle:
  /// a step of a well-behaved app takes tens, and a lower limit than HeadlessUIKit's own
  /// (100,000) finds "forever" (an identity that changes every render) in a fraction of the time.
  public init<A: App>(_ app: A, urls: [String] = [], turnLimit: Int = 5_000) {
    HeadlessEnvironment.reset()
    HeadlessEnvironment.current.runLoop.turnLimit = turnLimit
    swiftUI = SwiftUIEnvironment.current
    window = swiftUI.launch(app)
    self.urls = urls
    HeadlessEnvironment.current.runLoop.settle()
  }

  public var screens: [AppScreen] {
    var screens = window.screenPlacements.map { AppScreen(placement: $0.placement, title: $0.title) }
    if !screens.isEmpty { screens[screens.count - 1].elements = topScreenElements }
    return screens
  }

  /// The top screen's enabled buttons, links and toolbar items by name, each once.
  private var topScreenElements: [String] {
    var names: [String] = []
    for tappable in window.topScreenTappables where tappable.isEnabled {
      let name = tappable.label.isEmpty ? (tappable.accessibilityIdentifier ?? "") : tappable.label
      if !name.isEmpty, !names.contains(name) { names.append(name) }
    }
    return names
  }

  public var offeredActions: [AppAction] {
    var actions: [AppAction] = []
    if let alert = window.topmostViewController as? UIAlertController {
      for action in alert.actions {
        if let title = action.title, !actions.contains(.alertTap(title)) { actions.append(.alertTap(title)) }
      }
      if alert.preferredStyle == .actionSheet { actions += [.dismiss] }
      return actions
    }
    actions += topScreenElements.map(AppAction.tap)
    if let tabs = window.topmostViewController as? UITabBarController {
      for child in tabs.viewControllers ?? [] {
        if let title = child.tabBarItem.title, !actions.contains(.tab(title)) { actions.append(.tab(title)) }
      }
    }
    let placements = window.screenPlacements.map(\.placement)
    let pushed = placements.reversed().prefix { $0 == "pushed" }.count
    if pushed > 0 {
      actions += [.back, .swipeBack, .swipeBackCancel]
      // The long-press menu's entries below the one `back` pops to.
      for index in 0..<(pushed - 1) { actions.append(.backTo(index)) }
    }
    if let top = placements.last, top == "sheet" || top == "popover" {
      actions += [.dismiss, .dismissCancel]
    }
    if !urls.isEmpty, window.handlesOpenURL { actions += urls.map(AppAction.openURL) }
    return actions
  }

  public func perform(_ action: AppAction) -> StepOutcome {
    let outcome: UserGestureOutcome
    switch action {
    case .tap(let label): outcome = window.userTap(label)
    case .alertTap(let title): outcome = window.userTapAlertButton(title)
    case .tab(let title): outcome = window.userTapTab(title)
    case .back: outcome = window.userTapBack()
    case .backTo(let index): outcome = window.userPopBack(toIndex: index)
    case .swipeBack: outcome = window.userSwipeBack()
    case .swipeBackCancel: outcome = window.userSwipeBack(cancelled: true)
    case .dismiss: outcome = window.userSwipeToDismiss()
    case .dismissCancel: outcome = window.userSwipeToDismiss(cancelled: true)
    case .openURL(let text):
      guard let url = URL(string: text) else { return .skipped("'\(text)' is not a URL") }
      window.userOpenURL(url)
      outcome = .performed
    case .tick, .advance, .settle:
      return .skipped("time steps are the harness's")
    }
    switch outcome {
    case .performed:
      // A touch (or a URL) is an event of its own run-loop turn, and iOS commits what it changed
      // at that turn's end: SwiftUI's update for it runs before the next touch can arrive. So a
      // second tap never lands between a tap and its update (where a person cannot tap).
      if action.isDeliveredAsAnEvent { HeadlessEnvironment.current.runLoop.tick() }
      return .performed
    case .skipped(let reason): return .skipped(reason)
    }
  }

  public func tick() { HeadlessEnvironment.current.runLoop.tick() }
  public func advance(by milliseconds: Int) -> Bool { HeadlessEnvironment.current.runLoop.advance(by: milliseconds) }
  public func settle() -> Bool { HeadlessEnvironment.current.runLoop.settle() }
  public var isQuiescent: Bool { HeadlessEnvironment.current.isQuiescent }

  public var diagnostics: [AppDiagnostic] {
    // Both consoles, each in its own order: a check judges each new line once.
    swiftUI.diagnostics.map { diagnostic in
      AppDiagnostic(
        source: "SwiftUI", kind: diagnostic.kind.rawValue, message: diagnostic.message,
        invariant: Self.invariant(of: diagnostic.kind))
    }
      + HeadlessEnvironment.current.diagnostics.map { diagnostic in
        AppDiagnostic(
          source: "UIKit", kind: diagnostic.kind.rawValue, message: diagnostic.message,
          invariant: diagnostic.kind.severity == .information ? nil : .uikitRules)
      }
  }

  /// Which invariant SwiftUI's message says the app broke; nil where the message is this
  /// simulator's own (something it holds but does not model), which is no defect of the app.
  static func invariant(of kind: SwiftUIDiagnostic.Kind) -> InvariantID? {
    switch kind {
    case .onlyOnePresentation: .noDoublePresentation
    case .destinationDeclaredEarlier, .linkWithoutDestination, .valueWithoutDestination: .destinationLookup
    case .nestedNavigationStack, .modifyingStateDuringUpdate, .duplicateForEachID: .engineWarning
    case .notModelled: nil
    }
  }

  public var writeBacks: [AppWriteBack] {
    swiftUI.writeBacks.map { AppWriteBack(what: $0.what, by: $0.by, taken: $0.taken) }
  }

  public var presentations: [AppPresentation] {
    swiftUI.presentationStates.map { AppPresentation(what: $0.what, held: $0.held, shown: $0.shown, waiting: $0.waiting) }
  }

  public var screenDump: String { window.screenDump }
}

extension AppAction {
  /// A tap or a URL: delivered as an event whose turn runs the update it causes. Gestures that
  /// start a UIKit transition at once (back, swipes) need no turn.
  fileprivate var isDeliveredAsAnEvent: Bool {
    switch self {
    case .tap, .alertTap, .tab, .openURL: true
    default: false
    }
  }
}
