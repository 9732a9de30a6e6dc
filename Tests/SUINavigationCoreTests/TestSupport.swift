import Foundation
import SUINavigationCore

/// SplitMix64 (Steele, Lea, Flood 2014): the tests' only source of randomness, seeded per test.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` (bound > 0); the modulo bias is irrelevant for test data.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func chance(_ numerator: Int, in denominator: Int) -> Bool { below(denominator) < numerator }
}

struct ThreadRoute: NavigationPathItem {
    static let destinationKey: NavigationDestinationKey = "com.myapp.thread"
    let id: String
}

struct SettingsRoute: NavigationPathItem {
    static let destinationKey: NavigationDestinationKey = "com.myapp.settings"
    var section: Int
}

/// A route with a multi-field payload, to check that payload bytes use sorted keys.
struct PhotoRoute: NavigationPathItem {
    static let destinationKey: NavigationDestinationKey = "com.myapp.photo"
    var zeta: Int
    var alpha: String
    var middle: Bool
}

/// A route that keeps the default, type-derived key.
struct DefaultKeyRoute: NavigationPathItem {
    var value: Int
}

/// A private route: its type name contains an `(unknown context at $…)` segment.
private struct PrivateRoute: NavigationPathItem {
    var value: Int
}

/// The default key of ``PrivateRoute`` and its raw reflected name (the type itself stays private).
enum PrivateRouteNames {
    static var destinationKey: NavigationDestinationKey { PrivateRoute.destinationKey }
    static var reflected: String { String(reflecting: PrivateRoute.self) }
}

/// Test fixtures.
enum Fixture {
    /// JSON bytes of a string, for exact comparisons.
    static func bytes(_ json: String) -> Data { Data(json.utf8) }

    static func string(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    /// A fresh, empty directory under the system's temporary directory; `body` runs with it and
    /// the directory is removed afterwards.
    static func withTemporaryDirectory<T>(
        _ name: String = #function, _ body: (URL) throws -> T
    ) throws -> T {
        let safe = name.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("suinav-core-tests-\(ProcessInfo.processInfo.processIdentifier)-\(String(String.UnicodeScalarView(safe)))",
                                    isDirectory: true)
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        return try body(root)
    }

    /// Every file name in `directory`, sorted.
    static func listing(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }
}
