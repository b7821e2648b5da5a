// swift-tools-version: 6.0
import Foundation
import PackageDescription

// On Darwin, Apple ships `ObjectiveC` (which its Foundation imports): ours, a Linux stand-in for
// the runtime names apps use, is left out there, and `UIKit` re-exports Apple's instead. The rest
// builds on macOS 15 (Observation needs 14, `Mutex` 15). Reasoned from Apple's module layout: this
// package's CI runs on Linux only.
#if canImport(Darwin)
let buildsObjectiveCStandIn = false
#else
let buildsObjectiveCStandIn = true
#endif

let package = Package(
  name: "NavFuzz",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "HeadlessUIKit", targets: ["HeadlessUIKit"]),
    // `import UIKit` for iOS navigation code compiled unchanged against HeadlessUIKit.
    .library(name: "UIKit", targets: ["UIKit", "_Testing_UIKit"]),
    .library(name: "StateDrivenNavigation", targets: ["StateDrivenNavigation"]),
    // The engines NavFuzz ships (the built-in one, the swift-navigation-like one, the mutants),
    // outside the harness: `BuiltInEngines.register()` makes them known by name.
    .library(name: "NavFuzzEngines", targets: ["NavFuzzEngines"]),
    .library(name: "NavigationReference", targets: ["NavigationReference"]),
    .library(name: "NavigationFuzzing", targets: ["NavigationFuzzing"]),
    .library(name: "NavFuzzTesting", targets: ["NavFuzzTesting"]),
    // The whole command line as a library: a package's own three-line executable registers its
    // engines and topologies and gets every `navfuzz` command with them.
    .library(name: "NavFuzzCommandLine", targets: ["NavFuzzCommandLine"]),
    .executable(name: "navfuzz", targets: ["navfuzz"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
  ],
  targets: [
    // Layer 0: UIKit's navigation surface, headless and deterministic. Knows nothing of navigation state.
    .target(name: "HeadlessUIKit"),
    // Layer 0: HeadlessUIKit under the name `UIKit`, with Foundation, as iOS code imports it.
    .target(name: "UIKit", dependencies: ["HeadlessUIKit"] + (buildsObjectiveCStandIn ? ["ObjectiveC"] : [])),
    // Swift Testing's cross-import overlay for UIKit, which only Apple's SDKs ship (see its file).
    .target(name: "_Testing_UIKit"),
    // Layer 1: the state-driven navigation engine under test by default.
    .target(name: "StateDrivenNavigation", dependencies: ["HeadlessUIKit"]),
    // Layer 1: pure value-type reference state machines. Knows nothing of UIKit.
    .target(name: "NavigationReference"),
    // Layer 2: the harness. It links no system it tests: engines come in through `NavigationEngine`.
    .target(name: "NavigationFuzzing", dependencies: ["HeadlessUIKit", "NavigationReference"]),
    // Layer 3: the engines NavFuzz ships, each a system under test through the harness's door.
    .target(
      name: "NavFuzzEngines",
      dependencies: ["NavigationFuzzing", "StateDrivenNavigation", "HeadlessUIKit", "NavigationReference"]),
    // Layer 3: failures as Swift Testing / XCTest issues at the caller's line. Its own target, so
    // the command line and the libFuzzer target never link a test framework.
    .target(name: "NavFuzzTesting", dependencies: ["NavigationFuzzing"]),
    // Layer 3: the command line, as a library any executable can run.
    .target(
      name: "NavFuzzCommandLine",
      dependencies: [
        "NavigationFuzzing",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // Layer 4: the `navfuzz` executable: the command line with the built-in engines.
    .executableTarget(name: "navfuzz", dependencies: ["NavFuzzCommandLine", "NavFuzzEngines"]),
    .testTarget(name: "HeadlessUIKitTests", dependencies: ["HeadlessUIKit"]),
    .testTarget(name: "UIKitTests", dependencies: ["UIKit", "_Testing_UIKit"]),
    // Most apps build in the Swift 5 language mode and call UIKit from non-isolated types: this
    // target checks that such code compiles against ours as it does against Apple's.
    // An app whose files rely on an umbrella import (a bridging or prefix header): one setting
    // imports UIKit into every file of the target (docs/GUIDE.md, "Fuzz your UIKit code").
    .testTarget(
      name: "UmbrellaImportTests", dependencies: ["UIKit", "_Testing_UIKit"],
      swiftSettings: [.unsafeFlags(["-Xfrontend", "-import-module", "-Xfrontend", "UIKit"])]),
    // A UIKit library's own kind of suite (XCTest, `await Task.yield()`, expectations, the app's
    // window) run under `HeadlessTestDriver`, as such a suite runs on a simulator. A target here
    // rather than a package of its own: it builds with the package's tests and runs with
    // `swift test --filter UIKitHostedSuiteTests`.
    .testTarget(name: "UIKitHostedSuiteTests", dependencies: ["UIKit"]),
    .testTarget(
      name: "UIKitSwift5Tests", dependencies: ["UIKit", "_Testing_UIKit"], swiftSettings: [.swiftLanguageMode(.v5)]),
    .testTarget(name: "StateDrivenNavigationTests", dependencies: ["StateDrivenNavigation", "HeadlessUIKit"]),
    .testTarget(
      name: "NavigationFuzzingTests",
      dependencies: [
        "NavigationFuzzing", "NavFuzzEngines", "NavFuzzTesting", "NavigationReference", "StateDrivenNavigation",
        "HeadlessUIKit",
      ],
      resources: []
    ),
  ],
  swiftLanguageModes: [.v6]
)

if buildsObjectiveCStandIn {
  // `import ObjectiveC` (NSObject, associated objects) for code that imports it without UIKit.
  package.products.append(.library(name: "ObjectiveC", targets: ["ObjectiveC"]))
  package.targets += [
    // Layer 0: the Objective-C runtime names apps and libraries use (NSObject, associated
    // objects), from HeadlessUIKit, under the name `ObjectiveC`.
    .target(name: "ObjectiveC", dependencies: ["HeadlessUIKit"]),
    // Code that imports only `ObjectiveC` (and Dispatch): each file sees only what it imports.
    .testTarget(
      name: "ObjectiveCTests", dependencies: ["ObjectiveC", "HeadlessUIKit"],
      swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
  ]
}

// The libFuzzer target links only with `--sanitize=fuzzer` (it has no `main`), so it exists only
// when Fuzz/build.sh asks for it.
if ProcessInfo.processInfo.environment["NAVFUZZ_LIBFUZZER"] == "1" {
  package.targets.append(
    .executableTarget(name: "NavFuzzLibFuzzer", dependencies: ["NavigationFuzzing", "NavFuzzEngines"], path: "Fuzz/Target"))
  package.products.append(.executable(name: "navfuzz-libfuzzer", targets: ["NavFuzzLibFuzzer"]))
}

// MARK: SwiftUI, headless
// `import SwiftUI` for SwiftUI navigation code compiled unchanged against HeadlessUIKit, as `UIKit`
// is HeadlessUIKit under Apple's name. Only where Apple ships no SwiftUI: on Darwin the SDK's own
// module has that name, so the product and its test targets are not declared there.
#if !canImport(Darwin)
package.products.append(.library(name: "SwiftUI", targets: ["SwiftUI"]))
// A SwiftUI app as a system under test, through the harness's door (`AppUnderTest`).
package.products.append(.library(name: "NavFuzzSwiftUI", targets: ["NavFuzzSwiftUI"]))
package.targets.append(contentsOf: [
  .target(name: "SwiftUI", dependencies: ["HeadlessUIKit"]),
  // Layer 3: SwiftUI apps fuzzed as they are. The harness never links SwiftUI; this adapts it.
  .target(name: "NavFuzzSwiftUI", dependencies: ["NavigationFuzzing", "SwiftUI", "HeadlessUIKit"]),
  .testTarget(
    name: "NavFuzzSwiftUITests", dependencies: ["NavFuzzSwiftUI", "NavigationFuzzing", "SwiftUI"],
    exclude: ["Traces"]),
  .testTarget(name: "SwiftUITests", dependencies: ["SwiftUI"]),
  // The same kind of app code in the Swift 5 language mode, as most apps still build.
  .testTarget(name: "SwiftUISwift5Tests", dependencies: ["SwiftUI"], swiftSettings: [.swiftLanguageMode(.v5)]),
])
#endif
