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
    public static func load(_ url: URL, displayPath: String? = nil) throws(ScenarioError) -> Scenario {
        let name = displayPath ?? url.path
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ScenarioError(path: "", message: "cannot read file (\(error.localizedDescription))", file: name)
        }
        return try Scenario.decode(data, file: name)
    }

    /// The `.json` files of `directory`, sorted by name.
    public static func list(_ directory: URL) throws(ScenarioError) -> [URL] {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory.path) } catch {
            throw ScenarioError(path: "", message: "cannot list directory (\(error.localizedDescription))", file: directory.path)
        }
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
    }
}
