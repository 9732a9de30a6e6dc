import Foundation

/// Why a snapshot could not be read.
public enum NavigationSnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are not JSON (corrupt or truncated).
    case corrupt(reason: String)
    /// The JSON is not a path (missing or mistyped fields).
    case wrongShape(reason: String)
    /// The snapshot's schema version is newer than this build, or older with no migration.
    case unsupportedSchemaVersion(Int)
    /// The migration hook failed for an older schema version.
    case migrationFailed(fromVersion: Int, reason: String)

    /// A readable message: what is wrong with the snapshot.
    public var description: String {
        switch self {
        case .corrupt(let reason): "snapshot is not valid JSON: \(reason)"
        case .wrongShape(let reason): "snapshot is not a navigation path: \(reason)"
        case .unsupportedSchemaVersion(let version):
            "snapshot schema version \(version) is not supported (this build reads \(SUINavigationPath.currentSchemaVersion); add a migration)"
        case .migrationFailed(let version, let reason): "migration from schema version \(version) failed: \(reason)"
        }
    }
}

/// Encodes and decodes paths as snapshots (format v1, sorted keys), with an injectable
/// encoder/decoder and a migration hook for older schema versions.
public struct NavigationPathCodec {
    /// The snapshot encoder (sorted keys by default, so equal paths give equal bytes).
    ///
    /// NB: while the encoder writes what the default one writes (a plain `JSONEncoder` with
    /// sorted keys, base64 data and default keys) the codec writes the same bytes through a
    /// direct writer; any other encoder, or this one configured otherwise (even in place), is used.
    public var encoder: JSONEncoder
    /// Whether ``encode(_:)`` may use the direct writer (the encoder writes as the default one).
    var usesCanonicalWriter: Bool { Self.writesCanonically(encoder) }
    /// The snapshot decoder.
    public var decoder: JSONDecoder
    /// Converts the bytes of an older schema version into current-version bytes.
    public var migrate: ((_ fromVersion: Int, _ data: Data) throws -> Data)?
    /// The errors of unreadable snapshots this codec (and its copies) already classified.
    let failures = SnapshotFailureMemo()

    /// Creates a codec.
    ///
    /// - Parameter encoder: the snapshot encoder; nil for the default (sorted keys).
    public init(encoder: JSONEncoder? = nil, decoder: JSONDecoder = JSONDecoder(),
                migrate: ((Int, Data) throws -> Data)? = nil) {
        self.encoder = encoder ?? SUINavigationPath.makeEncoder()
        self.decoder = decoder
        self.migrate = migrate
    }

    /// The snapshot bytes of `path`.
    public func encode(_ path: SUINavigationPath) throws -> Data {
        usesCanonicalWriter ? Self.canonicalBytes(path) : try encoder.encode(path)
    }

    /// Decodes snapshot bytes, migrating older versions through ``migrate``.
    ///
    /// - Throws: ``NavigationSnapshotError/corrupt(reason:)`` for bytes that are not JSON,
    ///   ``NavigationSnapshotError/wrongShape(reason:)`` for JSON that is not a path (top level not
    ///   an object, missing or mistyped fields, duplicate or out-of-range ids),
    ///   ``NavigationSnapshotError/unsupportedSchemaVersion(_:)`` for a newer version, or an older
    ///   one without ``migrate``, and ``NavigationSnapshotError/migrationFailed(fromVersion:reason:)``
    ///   when the hook throws or its output is not a current-version path.
    public func decode(_ data: Data) throws(NavigationSnapshotError) -> SUINavigationPath {
        // Fastest path: the canonical bytes of a current path, read directly (and only accepted
        // when they are exactly what the writer gives back; see `canonicalPath(from:)`).
        let readsCanonically = Self.readsCanonically(decoder)
        if readsCanonically, let path = Self.canonicalPath(from: data) { return path }
        guard readsCanonically, migrate == nil else { return try decodeThroughDecoder(data) }
        // NB: with the default decoder and no migration the error depends on the bytes alone: the
        // same unreadable bytes are classified once (see `SnapshotFailureMemo`).
        if let failure = failures.failure(for: data) { throw failure }
        do { return try decodeThroughDecoder(data) } catch {
            failures.remember(error, for: data)
            throw error
        }
    }

    /// The path in `data`, or nil exactly when ``decode(_:)`` throws, without classifying the
    /// problem (a package hook for readers that only need "a path or none": the simulated store).
    ///
    /// NB: without a migration hook every failure of the first `JSONDecoder` pass is final (the
    /// classification that follows only picks the error, and decoding the same bytes again fails
    /// again), so one pass decides; with a hook this is ``decode(_:)`` itself.
    package func decodeIfReadable(_ data: Data) -> SUINavigationPath? {
        guard migrate == nil else { return try? decode(data) }
        if Self.readsCanonically(decoder) {
            if let path = Self.canonicalPath(from: data) { return path }
            // Bytes `decode(_:)` already found unreadable.
            if failures.failure(for: data) != nil { return nil }
        }
        guard let path = try? decoder.decode(SUINavigationPath.self, from: data),
              path.schemaVersion == SUINavigationPath.currentSchemaVersion else { return nil }
        return path
    }

    /// Decodes snapshot bytes with ``decoder`` alone (what ``decode(_:)`` does for bytes the fast
    /// reader leaves; the reference of the differential tests).
    package func decodeThroughDecoder(_ data: Data) throws(NavigationSnapshotError) -> SUINavigationPath {
        // Fast path: one decoding pass for a well-formed current snapshot. Anything else takes
        // the slow path below, which classifies the problem (and migrates older versions).
        if let path = try? decoder.decode(SUINavigationPath.self, from: data),
           path.schemaVersion == SUINavigationPath.currentSchemaVersion {
            return path
        }
        let version = try Self.schemaVersion(of: data)
        var bytes = data
        if version != SUINavigationPath.currentSchemaVersion {
            guard version < SUINavigationPath.currentSchemaVersion, let migrate else {
                throw .unsupportedSchemaVersion(version)
            }
            do { bytes = try migrate(version, data) } catch {
                throw .migrationFailed(fromVersion: version, reason: String(describing: error))
            }
        }
        let path: SUINavigationPath
        do { path = try decoder.decode(SUINavigationPath.self, from: bytes) } catch {
            let reason = NavigationDestinationRegistry<Never>.describe(error)
            guard version == SUINavigationPath.currentSchemaVersion else {
                throw .migrationFailed(fromVersion: version, reason: "migrated bytes do not decode: \(reason)")
            }
            throw .wrongShape(reason: reason)
        }
        guard path.schemaVersion == SUINavigationPath.currentSchemaVersion else {
            // Only reachable after a migration: the stored version was checked above.
            throw .migrationFailed(
                fromVersion: version,
                reason: "migration produced schema version \(path.schemaVersion), expected \(SUINavigationPath.currentSchemaVersion)")
        }
        return path
    }

    /// The `schemaVersion` of snapshot bytes (of a path or of a graph), classifying bytes that
    /// are not JSON as corrupt and JSON without an integer version as the wrong shape.
    static func schemaVersion(of data: Data) throws(NavigationSnapshotError) -> Int {
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) } catch {
            throw .corrupt(reason: data.isEmpty ? "empty file" : "\(data.count) bytes do not parse")
        }
        guard let dictionary = object as? [String: Any] else { throw .wrongShape(reason: "top level is not an object") }
        guard let version = dictionary["schemaVersion"] as? Int else {
            throw .wrongShape(reason: "missing or non-integer 'schemaVersion'")
        }
        return version
    }
}
