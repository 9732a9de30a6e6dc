import Foundation
import SUINavigationCore
import SUINavigationSimulator

/// Load, list, name and save scenario files.
///
/// Files are named by content: `<policy>-<expected>-<16 hex digits of FNV-1a>.json`, so the
/// same scenario is never saved twice and a different one never overwrites it.
public enum CorpusFiles {
    /// FNV-1a 64 of `data`.
    public static func contentHash(_ data: Data) -> UInt64 { FNV1a.hash(data) }

    /// The canonical file name of `scenario`.
    public static func fileName(for scenario: Scenario) -> String {
        let hex = String(contentHash(scenario.encoded()), radix: 16)
        return "\(scenario.policy)-\(scenario.expected)-\(String(repeating: "0", count: 16 - hex.count) + hex).json"
    }

    /// Saves `scenario` into `directory` under its canonical name (atomic; never overwrites).
    ///
    /// - Returns: the file and whether it was created (false when an identical file existed).
    @discardableResult
    public static func save(_ scenario: Scenario, in directory: URL) throws -> (url: URL, created: Bool) {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(fileName(for: scenario))
        let bytes = scenario.encoded()
        if FileManager.default.fileExists(atPath: url.path) {
            if (try? Data(contentsOf: url)) == bytes { return (url, false) }
            throw NavigationStackStoreError.io(path: url.path, reason: "exists with different content; refusing to overwrite")
        }
        try AtomicFile.writeNew(bytes, to: url)
        return (url, true)
    }

    /// Writes `scenario` to exactly `url`, refusing to overwrite an existing file.
    public static func saveNew(_ scenario: Scenario, to url: URL) throws {
        try AtomicFile.writeNew(scenario.encoded(), to: url)
    }

    /// Reads and decodes a scenario file; errors name the file and the JSON path.
    ///
    /// A directory, an unreadable file or one larger than ``ScenarioLimits/fileBytesMax`` is
    /// refused before anything is decoded (the read stops at the limit, so a device or FIFO that
    /// never ends cannot exhaust memory).
    public static func load(_ url: URL, displayPath: String? = nil, limits: ScenarioLimits = .standard) throws(ScenarioError) -> Scenario {
        let name = displayPath ?? url.path
        let data = try readBounded(url, name: name, limit: limits.fileBytesMax)
        return try Scenario.decode(data, file: name, limits: limits)
    }

    /// Reads at most `limit` bytes of `url`, failing with a clear message otherwise.
    static func readBounded(_ url: URL, name: String, limit: Int) throws(ScenarioError) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw ScenarioError(path: "", message: "no such file", file: name)
        }
        guard !isDirectory.boolValue else {
            throw ScenarioError(path: "", message: "is a directory; expected a scenario file (.json)", file: name)
        }
        let handle: FileHandle
        do { handle = try FileHandle(forReadingFrom: url) } catch {
            throw ScenarioError(path: "", message: "cannot read file (\(AtomicFile.systemReason(error)))", file: name)
        }
        defer { try? handle.close() }
        let data: Data
        do { data = try handle.read(upToCount: limit + 1) ?? Data() } catch {
            throw ScenarioError(path: "", message: "cannot read file (\(AtomicFile.systemReason(error)))", file: name)
        }
        guard data.count <= limit else {
            throw ScenarioError(path: "", message: "larger than \(limit) bytes; scenario files are limited to \(limit) bytes", file: name)
        }
        return data
    }

    /// The `.json` files of `directory`, sorted by name.
    public static func list(_ directory: URL) throws(ScenarioError) -> [URL] {
        let names: [String]
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) else {
            throw ScenarioError(path: "", message: "no such directory", file: directory.path)
        }
        guard isDirectory.boolValue else { throw ScenarioError(path: "", message: "not a directory", file: directory.path) }
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory.path) } catch {
            throw ScenarioError(path: "", message: "cannot list directory (\(AtomicFile.systemReason(error)))", file: directory.path)
        }
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
    }
}
