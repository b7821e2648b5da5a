// `import SwiftUI` for SwiftUI navigation code written for iOS 17, on Linux: a headless SwiftUI
// whose views are evaluated as SwiftUI evaluates them (structural identity, state kept per
// identity, updates driven by Observation and `ObservableObject`, on the virtual run loop), and
// whose navigation is built on HeadlessUIKit as SwiftUI on iOS is built on UIKit: presented and
// pushed content lives in hosting controllers, a `NavigationStack` in a navigation controller, a
// `TabView` in a tab bar controller. UIKit's rules therefore hold by construction; SwiftUI's own
// sit on top (docs/SEMANTICS.md, "SwiftUI"; every public name and whether it is acted on or held:
// docs/SWIFTUI.md).
//
// Apple's SwiftUI on iOS re-exports Foundation, Observation and UIKit (a file that imports only
// SwiftUI names `UIColor` or `UIApplication`); so does this module, with HeadlessUIKit for UIKit.
@_exported import Foundation
@_exported import HeadlessUIKit
@_exported import Observation
