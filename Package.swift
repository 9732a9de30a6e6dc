// swift-tools-version: 6.0
import PackageDescription

// NB: this package has no `.package` dependencies on purpose: only the Swift toolchain
// (Foundation, Synchronization, Swift Testing) is used.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "SUINavigationFusion",
    products: [
        .library(name: "SUINavigationCore", targets: ["SUINavigationCore"]),
        .library(name: "SUINavigationSimulator", targets: ["SUINavigationSimulator"]),
        .library(name: "SUINavigationFuzz", targets: ["SUINavigationFuzz"]),
        .executable(name: "suinav", targets: ["suinav"]),
        .executable(name: "suinav-bench", targets: ["SUINavigationBenchmarks"]),
    ],
    targets: [
        .target(name: "SUINavigationCore", swiftSettings: strict),
        .target(name: "SUINavigationSimulator", dependencies: ["SUINavigationCore"], swiftSettings: strict),
        .target(name: "SUINavigationFuzz", dependencies: ["SUINavigationCore", "SUINavigationSimulator"], swiftSettings: strict),
        .target(name: "SUINavigationCLI", dependencies: ["SUINavigationFuzz"], swiftSettings: strict),
        .executableTarget(name: "suinav", dependencies: ["SUINavigationCLI"], swiftSettings: strict),
        .executableTarget(
            name: "SUINavigationBenchmarks",
            dependencies: ["SUINavigationCore", "SUINavigationSimulator", "SUINavigationFuzz"],
            path: "Benchmarks/SUINavigationBenchmarks",
            swiftSettings: strict
        ),
        // Helpers every test target shares (a seeded generator, ...); never shipped.
        .target(name: "SUINavigationTestSupport", path: "Tests/SUINavigationTestSupport", swiftSettings: strict),
        .testTarget(name: "SUINavigationCoreTests", dependencies: ["SUINavigationCore", "SUINavigationTestSupport"], swiftSettings: strict),
        .testTarget(name: "SUINavigationReconcilerTests", dependencies: ["SUINavigationCore", "SUINavigationTestSupport"], swiftSettings: strict),
        .testTarget(name: "SUINavigationSimulatorTests", dependencies: ["SUINavigationSimulator", "SUINavigationTestSupport"], swiftSettings: strict),
        .testTarget(name: "SUINavigationFuzzTests", dependencies: ["SUINavigationFuzz", "SUINavigationTestSupport"], swiftSettings: strict),
        .testTarget(name: "SUINavigationCLITests", dependencies: ["SUINavigationCLI", "suinav", "SUINavigationBenchmarks"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
