// swift-tools-version: 6.0
import PackageDescription

// libFuzzer targets for SUINavigationFusion (in the style of swift-protobuf's FuzzTesting).
// Build them with ./do_build.sh (it passes -sanitize=fuzzer); a plain `swift build` here links
// no fuzzer and fails. See README.md.
let package = Package(
    name: "FuzzTesting",
    dependencies: [
        .package(name: "SUINavigationFusion", path: ".."),
    ],
    targets: [
        .target(
            name: "FuzzCommon",
            dependencies: [.product(name: "SUINavigationFuzz", package: "SUINavigationFusion")]),
        .executableTarget(name: "FuzzScenarioFile", dependencies: ["FuzzCommon"]),
        .executableTarget(name: "FuzzSnapshot", dependencies: ["FuzzCommon"]),
        .executableTarget(name: "FuzzScenarioRun", dependencies: ["FuzzCommon"]),
        .executableTarget(name: "FuzzGraphRun", dependencies: ["FuzzCommon"]),
    ],
    swiftLanguageModes: [.v6]
)
