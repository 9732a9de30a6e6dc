import Foundation
import Testing
import SUINavigationCore

/// One unreadable snapshot and the error it must give.
struct CorruptCase: CustomStringConvertible, Sendable {
    let name: String
    let bytes: Data
    let check: @Sendable (NavigationSnapshotError) -> Bool
    let expected: String

    /// A case whose error must be exactly `error`.
    static func exact(_ name: String, _ json: String, _ error: NavigationSnapshotError) -> CorruptCase {
        CorruptCase(name: name, bytes: Data(json.utf8), check: { $0 == error }, expected: "\(error)")
    }

    /// A wrong-shape case whose reason (partly Foundation's wording) starts with `prefix`.
    static func wrongShape(_ name: String, _ json: String, reasonPrefix prefix: String) -> CorruptCase {
        CorruptCase(name: name, bytes: Data(json.utf8), check: { error in
            if case .wrongShape(let reason) = error { return reason.hasPrefix(prefix) }
            return false
        }, expected: "wrongShape(\(prefix)…)")
    }

    var description: String { name }

    static let validEntry = #"{"id":1,"key":{"rawValue":"com.myapp.thread"},"payload":"eyJpZCI6IjEyMyJ9","disableBackGesture":false}"#
    static let valid = #"{"schemaVersion":1,"nextEntryID":2,"entries":["# + validEntry + "]}"

    static let all: [CorruptCase] = [
        .exact("empty file", "", .corrupt(reason: "empty file")),
        .exact("truncated JSON", String(valid.dropLast(7)), .corrupt(reason: "\(valid.utf8.count - 7) bytes do not parse")),
        .exact("not JSON", "hello", .corrupt(reason: "5 bytes do not parse")),
        CorruptCase(name: "binary garbage", bytes: Data([0xFF, 0x00, 0xFE, 0x7B]),
                    check: { $0 == .corrupt(reason: "4 bytes do not parse") }, expected: "corrupt(4 bytes)"),
        .exact("deeply nested arrays", String(repeating: "[", count: 10_000),
               .corrupt(reason: "10000 bytes do not parse")),
        .exact("top level is an array", "[1,2]", .wrongShape(reason: "top level is not an object")),
        .exact("top level is a number", "42", .wrongShape(reason: "top level is not an object")),
        .exact("top level is null", "null", .wrongShape(reason: "top level is not an object")),
        .exact("missing schemaVersion", #"{"entries":[]}"#, .wrongShape(reason: "missing or non-integer 'schemaVersion'")),
        .exact("string schemaVersion", #"{"schemaVersion":"1","entries":[]}"#,
               .wrongShape(reason: "missing or non-integer 'schemaVersion'")),
        .exact("fractional schemaVersion", #"{"schemaVersion":1.5,"entries":[]}"#,
               .wrongShape(reason: "missing or non-integer 'schemaVersion'")),
        .exact("newer schemaVersion", #"{"schemaVersion":2,"entries":[]}"#, .unsupportedSchemaVersion(2)),
        .exact("older schemaVersion without migration", #"{"schemaVersion":0,"entries":[]}"#, .unsupportedSchemaVersion(0)),
        .exact("negative schemaVersion", #"{"schemaVersion":-3,"entries":[]}"#, .unsupportedSchemaVersion(-3)),
        .exact("missing entries", #"{"schemaVersion":1}"#, .wrongShape(reason: "missing key 'entries' at top level")),
        .wrongShape("entries is an object", #"{"schemaVersion":1,"entries":{}}"#, reasonPrefix: "type mismatch"),
        .exact("entry without key", #"{"schemaVersion":1,"entries":[{"payload":""}]}"#,
               .wrongShape(reason: "missing key 'key' at .entries[0]")),
        .exact("entry without payload", #"{"schemaVersion":1,"entries":[{"key":{"rawValue":"k"}}]}"#,
               .wrongShape(reason: "missing key 'payload' at .entries[0]")),
        .wrongShape("key is a bare string", #"{"schemaVersion":1,"entries":[{"key":"k","payload":""}]}"#,
                    reasonPrefix: "type mismatch"),
        .wrongShape("payload is not base64", #"{"schemaVersion":1,"entries":[{"key":{"rawValue":"k"},"payload":"%%%"}]}"#,
                    reasonPrefix: "corrupt data at .entries[0].payload"),
        .wrongShape("negative id", #"{"schemaVersion":1,"entries":[{"id":-1,"key":{"rawValue":"k"},"payload":""}]}"#,
                    // NB: Foundation words this one differently across platforms.
                    reasonPrefix: "corrupt data at "),
        .exact("duplicate ids",
               #"{"schemaVersion":1,"entries":[{"id":4,"key":{"rawValue":"a"},"payload":""},{"id":4,"key":{"rawValue":"b"},"payload":""}]}"#,
               .wrongShape(reason: "corrupt data at .entries: duplicate entry id 4")),
        .exact("id at UInt64.max",
               #"{"schemaVersion":1,"entries":[{"id":18446744073709551615,"key":{"rawValue":"k"},"payload":""}]}"#,
               .wrongShape(reason: "corrupt data at .entries: entry id 18446744073709551615 is not below the limit 9007199254740992")),
        .exact("counter beyond the id limit", #"{"schemaVersion":1,"nextEntryID":18446744073709551615,"entries":[]}"#,
               .wrongShape(reason: "corrupt data at .nextEntryID: nextEntryID 18446744073709551615 exceeds the limit 9007199254740992")),
        .exact("no id left for an entry without id",
               #"{"schemaVersion":1,"nextEntryID":9007199254740992,"entries":[{"key":{"rawValue":"k"},"payload":""}]}"#,
               .wrongShape(reason: "corrupt data at .entries: no entry id left below the limit 9007199254740992 for an entry without id")),
        .wrongShape("flag is a string",
                    #"{"schemaVersion":1,"entries":[{"key":{"rawValue":"k"},"payload":"","disableBackGesture":"no"}]}"#,
                    reasonPrefix: "type mismatch"),
    ]
}

@Suite("Snapshot codec")
struct SnapshotCodecTests {
    @Test("an unreadable snapshot gives its exact error", arguments: CorruptCase.all)
    func corrupt(_ corruptCase: CorruptCase) {
        do {
            let path = try NavigationPathCodec().decode(corruptCase.bytes)
            Issue.record("\(corruptCase.name): decoded \(path), expected \(corruptCase.expected)")
        } catch {
            #expect(corruptCase.check(error), "\(corruptCase.name): got \(error), expected \(corruptCase.expected)")
        }
    }

    @Test("the valid sample next to the corrupt cases decodes (so the cases are corrupt for their stated reason)")
    func validSample() throws {
        let path = try NavigationPathCodec().decode(Fixture.bytes(CorruptCase.valid))
        #expect(path.ids == [EntryID(1)])
        #expect(try path.route(at: 0, as: ThreadRoute.self) == ThreadRoute(id: "123"))
    }

    @Test("error messages name the problem and how to fix it")
    func messages() {
        #expect(NavigationSnapshotError.unsupportedSchemaVersion(2).description
            == "snapshot schema version 2 is not supported (this build reads 1; add a migration)")
        #expect(NavigationSnapshotError.corrupt(reason: "empty file").description == "snapshot is not valid JSON: empty file")
        #expect(NavigationSnapshotError.wrongShape(reason: "x").description == "snapshot is not a navigation path: x")
        #expect(NavigationSnapshotError.migrationFailed(fromVersion: 0, reason: "boom").description
            == "migration from schema version 0 failed: boom")
    }

    /// Version 0 of a made-up older format: `{"schemaVersion":0,"stack":["key", …]}`.
    static func migrateV0(_ version: Int, _ data: Data) throws -> Data {
        struct V0: Decodable { var stack: [String] }
        guard version == 0 else { throw MigrationError.unknownVersion(version) }
        let old = try JSONDecoder().decode(V0.self, from: data)
        var path = SUINavigationPath()
        for key in old.stack { path.append(key: NavigationDestinationKey(key), payload: Data("{}".utf8)) }
        return try SUINavigationPath.makeEncoder().encode(path)
    }

    enum MigrationError: Error, CustomStringConvertible {
        case unknownVersion(Int)
        var description: String {
            switch self {
            case .unknownVersion(let version): "no migration from \(version)"
            }
        }
    }

    @Test("the migration hook converts an older schema version")
    func migration() throws {
        let codec = NavigationPathCodec(migrate: Self.migrateV0)
        let path = try codec.decode(Fixture.bytes(#"{"schemaVersion":0,"stack":["a","b"]}"#))
        #expect(path.entries.map(\.key) == ["a", "b"])
        #expect(path.ids == [EntryID(1), EntryID(2)])
        #expect(path.schemaVersion == 1)
    }

    @Test("a throwing migration is reported with its version and reason")
    func migrationThrows() {
        let codec = NavigationPathCodec(migrate: Self.migrateV0)
        #expect(throws: NavigationSnapshotError.migrationFailed(fromVersion: -1, reason: "no migration from -1")) {
            try codec.decode(Fixture.bytes(#"{"schemaVersion":-1,"entries":[]}"#))
        }
    }

    @Test("a migration whose output is still old, or not a path, is a migration failure")
    func migrationBadOutput() {
        let stale = NavigationPathCodec(migrate: { _, data in data })
        #expect(throws: NavigationSnapshotError.migrationFailed(
            fromVersion: 0, reason: "migration produced schema version 0, expected 1")) {
            try stale.decode(Fixture.bytes(#"{"schemaVersion":0,"entries":[]}"#))
        }
        let garbage = NavigationPathCodec(migrate: { _, _ in Data("{}".utf8) })
        #expect(throws: NavigationSnapshotError.migrationFailed(
            fromVersion: 0, reason: "migrated bytes do not decode: missing key 'schemaVersion' at top level")) {
            try garbage.decode(Fixture.bytes(#"{"schemaVersion":0,"entries":[]}"#))
        }
    }

    @Test("a newer schema version is refused even with a migration hook")
    func newerWithHook() {
        let codec = NavigationPathCodec(migrate: Self.migrateV0)
        #expect(throws: NavigationSnapshotError.unsupportedSchemaVersion(2)) {
            try codec.decode(Fixture.bytes(#"{"schemaVersion":2,"entries":[]}"#))
        }
    }

    @Test("the injected encoder and decoder are used for snapshots")
    func injectedCoders() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dataEncodingStrategy = .custom { data, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(data.map { String(format: "%02x", $0) }.joined())
        }
        let decoder = JSONDecoder()
        decoder.dataDecodingStrategy = .custom { decoder in
            let hex = try decoder.singleValueContainer().decode(String.self)
            var bytes: [UInt8] = []
            var index = hex.startIndex
            while index < hex.endIndex {
                let next = hex.index(index, offsetBy: 2)
                bytes.append(UInt8(hex[index..<next], radix: 16)!)
                index = next
            }
            return Data(bytes)
        }
        let codec = NavigationPathCodec(encoder: encoder, decoder: decoder)
        var path = SUINavigationPath()
        path.append(key: "k", payload: Data([0xAB, 0x01, 0xFF]))
        let bytes = try codec.encode(path)
        #expect(Fixture.string(bytes).contains(#""payload":"ab01ff""#))
        #expect(try codec.decode(bytes) == path)
        #expect(throws: NavigationSnapshotError.self) { try NavigationPathCodec().decode(bytes) }
    }
}
