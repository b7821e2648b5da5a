import HeadlessUIKit
import SwiftUI
import Testing

/// A fresh world with `app` launched in it, settled.
@MainActor
func launch<A: App>(_ app: A, configure: (SwiftUIEnvironment) -> Void = { _ in }) -> UIWindow {
  HeadlessEnvironment.reset()
  configure(SwiftUIEnvironment.current)
  let window = SwiftUIEnvironment.current.launch(app)
  settle()
  return window
}

/// A fresh world with `view` as the window's root content, settled.
@MainActor
func launch<V: View>(rootView view: V, configure: (SwiftUIEnvironment) -> Void = { _ in }) -> UIWindow {
  HeadlessEnvironment.reset()
  configure(SwiftUIEnvironment.current)
  let window = SwiftUIEnvironment.current.launch(rootView: view)
  settle()
  return window
}

@MainActor
func settle() { HeadlessEnvironment.current.runLoop.settle() }

@MainActor
var swiftUI: SwiftUIEnvironment { SwiftUIEnvironment.current }

/// Taps `label` and settles; the tap must be performed.
@MainActor
func tap(_ window: UIWindow, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
  #expect(window.userTap(label) == .performed, "tap \(label)", sourceLocation: sourceLocation)
  settle()
}
