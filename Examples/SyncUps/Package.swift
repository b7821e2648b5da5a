// swift-tools-version: 6.0
import PackageDescription

// A user's package: SyncUps' feature code, fuzzed with NavFuzz from its own tests.
let package = Package(
  name: "SyncUps",
  dependencies: [.package(name: "NavFuzz", path: "../..")],
  targets: [
    .target(
      name: "SyncUpsFeatures",
      dependencies: [.product(name: "NavigationFuzzing", package: "NavFuzz")]),
    .testTarget(
      name: "SyncUpsTests",
      dependencies: [
        "SyncUpsFeatures",
        .product(name: "NavigationFuzzing", package: "NavFuzz"),
        .product(name: "NavFuzzEngines", package: "NavFuzz"),
      ],
      resources: [.copy("end-meeting-before-last.navtrace")]),
  ],
  swiftLanguageModes: [.v6]
)
