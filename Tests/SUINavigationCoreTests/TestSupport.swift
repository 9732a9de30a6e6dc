import Foundation
import SUINavigationCore


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
