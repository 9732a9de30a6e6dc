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

/// A store that takes the library's snapshots as they are, with the path they encode (a package
/// hook for the simulator's tracing store, which records the saved ids without parsing bytes and
/// copies the bytes into a `Data` only when someone reads them).
package protocol NavigationStackPathReceivingStore: NavigationStackStore {
    /// Replaces the bytes saved for `id` with `snapshot`'s; `path` is the path they encode.
    func save(_ snapshot: SnapshotBytes, encoding path: SUINavigationPath, for id: NavigationStackID) throws
}

/// A store that takes the library's graph snapshots with the graph they encode (a package hook
/// for the fuzzer's graph runs, whose oracles then read a snapshot by re-encoding that graph
/// instead of decoding the bytes).
package protocol NavigationGraphReceivingStore: NavigationStackStore {
    /// Replaces the bytes saved for `id` with `data`; `graph` is the graph they encode.
    func save(_ data: Data, encoding graph: NavigationGraph, for id: NavigationStackID) throws
}

/// Errors of the built-in stores.
public enum NavigationStackStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The id cannot be stored (empty, or its encoded name is too long for a file name).
    case invalidStackID(String, reason: String)
    /// A file operation failed.
    case io(path: String, reason: String)

    /// A readable message naming the id or the file.
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
    ///
    /// NB: computed over private storage changed in a local swapped out and back: a write that
    /// frees the replaced bytes inside the access left every read exclusivity-checked at run time.
    public var snapshots: [String: Data] { stored }
    private var stored: [String: Data] = [:]
    /// How many `save` calls wrote bytes (for "saving skips unchanged bytes" checks).
    package private(set) var saveCount = 0
    /// How many `remove` calls found a snapshot to remove.
    public private(set) var removeCount = 0

    /// Creates an empty store.
    public init() {}

    /// The snapshot of `id`, if any.
    public func load(_ id: NavigationStackID) throws -> Data? { stored[id.storageKey] }

    /// Replaces the snapshot of `id`.
    public func save(_ data: Data, for id: NavigationStackID) throws {
        saveCount += 1
        changeSnapshots { $0[id.storageKey] = data }
    }

    /// Removes the snapshot of `id`, if any.
    public func remove(_ id: NavigationStackID) throws {
        if changeSnapshots({ $0.removeValue(forKey: id.storageKey) }) != nil { removeCount += 1 }
    }

    /// Writes raw bytes, bypassing any codec (used to plant corrupt snapshots).
    package func plant(_ data: Data, for id: NavigationStackID) { changeSnapshots { $0[id.storageKey] = data } }

    /// Runs `change` on the snapshots in a local swapped out and back.
    private func changeSnapshots<Result>(_ change: (inout [String: Data]) -> Result) -> Result {
        var snapshots: [String: Data] = [:]
        swap(&snapshots, &stored)
        defer { swap(&snapshots, &stored) }
        return change(&snapshots)
    }
}

/// A store of one file per stack id in a directory, written atomically (temp file + rename).
///
/// File names are built only from `[a-z0-9_-]`, percent escapes and `.` separators:
/// `g.<id>.json` or `s.<scene>.<id>.json`, where every byte outside `[a-z0-9_-]` (upper-case
/// letters included) is written `%XX`. So an id such as `../x` or `/etc/x` always names a file
/// directly inside ``directory``, and two ids never share a file, even on a case-insensitive file
/// system (the default on macOS and iOS), where `Main` and `main` would otherwise collide.
public final class FileNavigationStackStore: NavigationStackStore {
    /// The directory holding the snapshots.
    public let directory: URL

    /// Creates a store in `directory`, creating the directory if needed.
    public init(directory: URL) throws {
        self.directory = directory
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw NavigationStackStoreError.io(path: directory.path, reason: "cannot create directory: \(error.localizedDescription)")
        }
    }

    /// The name of the file that holds `id`'s snapshot.
    ///
    /// - Throws: ``NavigationStackStoreError/invalidStackID(_:reason:)`` for an empty id, or when
    ///   the name would be longer than 255 bytes (the usual file-name limit).
    public static func fileName(for id: NavigationStackID) throws -> String {
        guard !id.id.isEmpty else { throw NavigationStackStoreError.invalidStackID(id.id, reason: "empty id") }
        let name = switch id.scope {
        case .global: "g." + escape(id.id) + ".json"
        case .scene(let scene): "s." + escape(scene) + "." + escape(id.id) + ".json"
        }
        guard name.utf8.count <= 255 else {
            throw NavigationStackStoreError.invalidStackID(
                id.id, reason: "encoded file name is \(name.utf8.count) bytes, longer than 255; use a shorter id")
        }
        return name
    }

    /// The file that holds `id`'s snapshot: always directly inside ``directory``.
    public func fileURL(for id: NavigationStackID) throws -> URL {
        directory.appendingPathComponent(try Self.fileName(for: id), isDirectory: false)
    }

    /// The snapshot of `id`, or nil when there is no file.
    public func load(_ id: NavigationStackID) throws -> Data? {
        let url = try fileURL(for: id)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do { return try Data(contentsOf: url) } catch {
            throw NavigationStackStoreError.io(path: url.path, reason: "cannot read: \(error.localizedDescription)")
        }
    }

    /// Replaces the snapshot of `id` atomically.
    public func save(_ data: Data, for id: NavigationStackID) throws {
        let url = try fileURL(for: id)
        try AtomicFile.write(data, to: url)
    }

    /// Removes the snapshot of `id`, if any.
    public func remove(_ id: NavigationStackID) throws {
        let url = try fileURL(for: id)
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        do { try FileManager.default.removeItem(at: url) } catch {
            throw NavigationStackStoreError.io(path: url.path, reason: "cannot remove: \(error.localizedDescription)")
        }
    }

    /// Percent-encodes every byte outside `[a-z0-9_-]`, with upper-case hex digits.
    ///
    /// NB: upper-case letters are escaped too, so that the result stays unique when the file
    /// system ignores case (lower-casing a result can be undone: `%` never appears unescaped).
    static func escape(_ string: String) -> String {
        var out = ""
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "_"), UInt8(ascii: "-"):
                out.unicodeScalars.append(UnicodeScalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += (hex.count == 1 ? "%0" : "%") + hex
            }
        }
        return out
    }
}

/// Atomic file writes: the bytes go to a temporary file in the same directory, which is then
/// renamed over the destination, so a crash never leaves a half-written file.
public enum AtomicFile {
    /// Writes `data` to `url` atomically, replacing any file there.
    public static func write(_ data: Data, to url: URL) throws {
        let temporary = try writeTemporary(data, near: url)
        if rename(temporary.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw NavigationStackStoreError.io(path: url.path, reason: "cannot rename into place: \(reason)")
        }
    }

    /// Writes `data` to `url` only when nothing exists there; never overwrites a user's file.
    ///
    /// NB: the complete temporary file is hard-linked into place, which fails atomically when the
    /// name exists, so a file created concurrently between a check and the write is never
    /// replaced and no reader sees a partial file.
    public static func writeNew(_ data: Data, to url: URL) throws {
        guard !FileManager.default.fileExists(atPath: url.path) else {
            throw NavigationStackStoreError.io(path: url.path, reason: "already exists; refusing to overwrite")
        }
        let temporary = try writeTemporary(data, near: url)
        defer { try? FileManager.default.removeItem(at: temporary) }
        if link(temporary.path, url.path) != 0 {
            let code = errno
            let reason = code == EEXIST ? "already exists; refusing to overwrite" : String(cString: strerror(code))
            throw NavigationStackStoreError.io(path: url.path, reason: reason)
        }
    }

    /// Writes `data` to a fresh hidden file in `url`'s directory and returns its URL.
    ///
    /// NB: the temporary name does not contain `url`'s name, so it stays short whatever the
    /// destination's length (file names are limited to 255 bytes).
    private static func writeTemporary(_ data: Data, near url: URL) throws -> URL {
        let serial = temporaryNameCounter.add(1, ordering: .relaxed).newValue
        let name = ".suinav-\(ProcessInfo.processInfo.processIdentifier)-\(serial).tmp"
        let temporary = url.deletingLastPathComponent().appendingPathComponent(name, isDirectory: false)
        do {
            try data.write(to: temporary, options: [.withoutOverwriting])
        } catch {
            // NB: the error names the destination, not the hidden temporary file the user never
            // asked for (Foundation's message names the temporary file).
            throw NavigationStackStoreError.io(path: url.path, reason: "cannot write: \(systemReason(error))")
        }
        return temporary
    }

    /// The system's reason for an I/O error (`No such file or directory`), without Foundation's
    /// wording (which names temporary files and error domains rather than the user's file).
    package static func systemReason(_ error: any Error) -> String {
        let nsError = error as NSError
        let posix = nsError.domain == NSPOSIXErrorDomain ? nsError : nsError.userInfo[NSUnderlyingErrorKey] as? NSError
        if let posix, posix.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(posix.code))) }
        // NB: Foundation on Linux reports some failures as bare Cocoa codes.
        let code: Int32? = switch CocoaError.Code(rawValue: nsError.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: ENOENT
        case .fileWriteNoPermission, .fileReadNoPermission: EACCES
        case .fileWriteOutOfSpace: ENOSPC
        case .fileWriteVolumeReadOnly: EROFS
        case .fileWriteFileExists: EEXIST
        default: nil
        }
        return code.map { String(cString: strerror($0)) } ?? nsError.localizedDescription
    }
}

// NB: temporary file names only need to be unique within this process (the pid separates
// processes); a shared atomic counter does that without any randomness.
private let temporaryNameCounter = Atomic<UInt64>(0)
