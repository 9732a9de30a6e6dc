import Synchronization
import Foundation

/// Where snapshots live: load, save and remove bytes by stack id.
///
/// Implementations must make `save` atomic (a reader sees the old bytes or the new ones, never a
/// mix) and must never touch anything outside their own storage for any id.
public protocol NavigationStackStore: AnyObject {
    /// The bytes saved for `id`, or nil when there are none.
    func load(_ id: NavigationStackID) throws -> Data?
    /// Replaces the bytes saved for `id`.
    func save(_ data: Data, for id: NavigationStackID) throws
    /// Removes the bytes saved for `id`; removing a missing snapshot is not an error.
    func remove(_ id: NavigationStackID) throws
}

/// Errors of the built-in stores.
public enum NavigationStackStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The id cannot be stored (empty, or its encoded name is too long for a file name).
    case invalidStackID(String, reason: String)
    /// A file operation failed.
    case io(path: String, reason: String)

    public var description: String {
        switch self {
        case .invalidStackID(let id, let reason): "invalid stack id '\(id)': \(reason)"
        case .io(let path, let reason): "\(path): \(reason)"
        }
    }
}

/// A store in memory, for tests and the simulator. Keys are ``NavigationStackID/storageKey``.
public final class InMemoryNavigationStackStore: NavigationStackStore {
    /// The stored snapshots by storage key.
    public private(set) var snapshots: [String: Data] = [:]
    /// How many `save` calls wrote bytes (for "saving skips unchanged bytes" checks).
    public private(set) var saveCount = 0
    /// How many `remove` calls found a snapshot to remove.
    public private(set) var removeCount = 0

    /// Creates an empty store.
    public init() {}

    public func load(_ id: NavigationStackID) throws -> Data? { snapshots[id.storageKey] }

    public func save(_ data: Data, for id: NavigationStackID) throws {
        saveCount += 1
        snapshots[id.storageKey] = data
    }

    public func remove(_ id: NavigationStackID) throws {
        if snapshots.removeValue(forKey: id.storageKey) != nil { removeCount += 1 }
    }

    /// Writes raw bytes, bypassing any codec (used to plant corrupt snapshots).
    public func plant(_ data: Data, for id: NavigationStackID) { snapshots[id.storageKey] = data }
}

/// A store of one file per stack id in a directory, written atomically (temp file + rename).
///
/// File names are the percent-encoded storage key (`/` becomes `%2F`), so an id such as `../x` or
/// `/etc/x` always names a file directly inside ``directory``.
public final class FileNavigationStackStore: NavigationStackStore {
    /// The directory holding the snapshots.
    public let directory: URL
    private var temporaryCounter = 0

    /// Creates a store in `directory`, creating the directory if needed.
    public init(directory: URL) throws {
        self.directory = directory
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw NavigationStackStoreError.io(path: directory.path, reason: "cannot create directory: \(error.localizedDescription)")
        }
    }

    /// The file that holds `id`'s snapshot.
    public func fileURL(for id: NavigationStackID) throws -> URL {
        let name = NavigationStackID.escape(id.storageKey) + ".json"
        guard !id.id.isEmpty else { throw NavigationStackStoreError.invalidStackID(id.id, reason: "empty id") }
        guard name.utf8.count <= 255 else {
            throw NavigationStackStoreError.invalidStackID(id.id, reason: "encoded file name longer than 255 bytes")
        }
        return directory.appendingPathComponent(name, isDirectory: false)
    }

    public func load(_ id: NavigationStackID) throws -> Data? {
        let url = try fileURL(for: id)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do { return try Data(contentsOf: url) } catch {
            throw NavigationStackStoreError.io(path: url.path, reason: "cannot read: \(error.localizedDescription)")
        }
    }

    public func save(_ data: Data, for id: NavigationStackID) throws {
        let url = try fileURL(for: id)
        try AtomicFile.write(data, to: url)
    }

    public func remove(_ id: NavigationStackID) throws {
        let url = try fileURL(for: id)
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        do { try FileManager.default.removeItem(at: url) } catch {
            throw NavigationStackStoreError.io(path: url.path, reason: "cannot remove: \(error.localizedDescription)")
        }
    }
}

/// Atomic file writes: the bytes go to a temporary file in the same directory, which is then
/// renamed over the destination, so a crash never leaves a half-written file.
public enum AtomicFile {
    /// Writes `data` to `url` atomically.
    public static func write(_ data: Data, to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(temporaryNameCounter.add(1, ordering: .relaxed).newValue).tmp")
        do {
            try data.write(to: temporary, options: [])
        } catch {
            throw NavigationStackStoreError.io(path: temporary.path, reason: "cannot write: \(error.localizedDescription)")
        }
        if rename(temporary.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw NavigationStackStoreError.io(path: url.path, reason: "cannot rename into place: \(reason)")
        }
    }

    /// Writes `data` to `url` only when nothing exists there; never overwrites a user's file.
    public static func writeNew(_ data: Data, to url: URL) throws {
        guard !FileManager.default.fileExists(atPath: url.path) else {
            throw NavigationStackStoreError.io(path: url.path, reason: "already exists; refusing to overwrite")
        }
        try write(data, to: url)
    }
}

// NB: temporary file names only need to be unique within this process (the pid separates
// processes); a shared atomic counter does that without any randomness.
private let temporaryNameCounter = Atomic<UInt64>(0)
