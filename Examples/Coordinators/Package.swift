// swift-tools-version: 6.0
import PackageDescription

// A user's package: an app's ordinary UIKit navigation code (`Sources/CoordinatorsApp`, written
// for iOS, `import UIKit`, Swift 5 mode) compiled unchanged against NavFuzz's `UIKit`, fuzzed
// through a NavigationEngine adapter (`Sources/CoordinatorsFuzzing`), with its own `navfuzz`
// command line (`coordinators-fuzz`).
let package = Package(
  name: "Coordinators",
  dependencies: [.package(name: "NavFuzz", path: "../..")],
  targets: [
    .target(
      name: "CoordinatorsApp",
      dependencies: [.product(name: "UIKit", package: "NavFuzz")],
      swiftSettings: [.swiftLanguageMode(.v5)]),
    .target(
      name: "CoordinatorsFuzzing",
      dependencies: ["CoordinatorsApp", .product(name: "NavigationFuzzing", package: "NavFuzz")]),
    // The whole `navfuzz` command line, with the app's engines and topology registered.
    .executableTarget(
      name: "coordinators-fuzz",
      dependencies: [
        "CoordinatorsFuzzing", .product(name: "NavFuzzCommandLine", package: "NavFuzz"),
        .product(name: "NavFuzzEngines", package: "NavFuzz"),
      ]),
    .testTarget(
      name: "CoordinatorsTests",
      dependencies: [
        "CoordinatorsApp", "CoordinatorsFuzzing",
        .product(name: "UIKit", package: "NavFuzz"),
        .product(name: "NavigationFuzzing", package: "NavFuzz"),
      ],
      resources: [.copy("multi-pop-write-back.navtrace")]),
  ],
  swiftLanguageModes: [.v6]
)
