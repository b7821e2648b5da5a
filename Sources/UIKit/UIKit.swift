// `import UIKit` for navigation code written for iOS, on Linux (and on macOS, which has no UIKit
// for the host): the simulated world of HeadlessUIKit under UIKit's own names, plus Foundation, as
// Apple's UIKit module re-exports it.
//
// Behaviour lives in HeadlessUIKit and is documented there and in docs/SEMANTICS.md; this module
// adds no behaviour. What cannot compile on Linux whatever the module says: `@objc`, `#selector`,
// target-action and `+load` swizzling (the Objective-C runtime). Their Swift forms are `UIAction`,
// `UIButton(primaryAction:)`, `UIBarButtonItem(primaryAction:)` and
// `UIViewController.installLifecycleHook` (docs/GUIDE.md, "Fuzz your UIKit code").
@_exported import Foundation
@_exported import HeadlessUIKit
@_exported import ObjectiveC
