import Foundation
import Testing
import SUINavigationCore
import SUINavigationTestSupport

/// Random paths built through the public API, from one seed.
enum RandomPaths {
    static let keys: [NavigationDestinationKey] = [
        "com.myapp.thread", "com.myapp.settings", "k", "", "with \"quotes\" and \\ backslash",
        "ünïcödé ☃ 🧭", "App.(unknown context at $10a3b).Route", "line\nbreak", "slash/and.dots",
    ]

    static func make(_ random: inout SplitMix64) -> SUINavigationPath {
        var path = random.chance(1, in: 8) ? largeIDPath(&random) : SUINavigationPath()
        let steps = random.below(24)
        for _ in 0..<steps {
            switch random.below(10) {
            case 0...4:
                let payload = Data((0..<random.below(48)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
                path.append(key: keys[random.below(keys.count)], payload: payload,
                            disableBackGesture: random.chance(1, in: 4))
            case 5:
                try! path.append(route: ThreadRoute(id: String(random.next(), radix: 36)))
            case 6:
                path.removeLast(random.below(3))
            case 7:
                if !path.isEmpty {
                    path.replace(at: random.below(path.count), key: keys[random.below(keys.count)],
                                 payload: Data([UInt8(random.below(256))]))
                }
            case 8:
                path.keepPrefix(random.below(path.count + 1))
            default:
                if random.chance(1, in: 6) { path.removeAll() }
            }
        }
        return path
    }

    /// A path whose ids are spread up to the id limit, with gaps and out of order.
    static func largeIDPath(_ random: inout SplitMix64) -> SUINavigationPath {
        var ids = Set<UInt64>()
        while ids.count < random.below(4) + 1 { ids.insert(random.next() % EntryID.rawValueLimit) }
        let entries = ids.sorted().reversed().map {
            SUINavigationPath.Entry(id: EntryID($0), key: "big", payload: Data([1]), disableBackGesture: random.chance(1, in: 2))
        }
        return SUINavigationPath(entries: entries)
    }
}

@Suite("Path format (R1)")
struct PathCodableTests {
    static let seeds: [UInt64] = [1, 2, 3, 5, 8, 13, 21, 0x5EED_2026]

    @Test("R1: decode(encode(path)) == path, ids and counter included, for 500 random paths per seed",
          arguments: seeds)
    func roundTrip(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let codec = NavigationPathCodec()
        var nonEmpty = 0
        for _ in 0..<500 {
            let path = RandomPaths.make(&random)
            if !path.isEmpty { nonEmpty += 1 }
            let bytes = try codec.encode(path)
            let decoded = try codec.decode(bytes)
            #expect(decoded == path, "seed \(seed): \(path)")
            #expect(decoded.ids == path.ids)
            #expect(decoded.nextEntryID == path.nextEntryID)
            // The plain Codable conformance agrees with the codec, and bytes are stable.
            #expect(try JSONDecoder().decode(SUINavigationPath.self, from: bytes) == path)
            #expect(try codec.encode(decoded) == bytes)
            decoded.checkInvariants()
        }
        // The generator must exercise non-trivial paths, or this test proves nothing.
        #expect(nonEmpty > 250)
    }

    @Test("R1 holds for any schema version through the plain Codable conformance")
    func roundTripOtherVersion() throws {
        var path = SUINavigationPath()
        path.append(key: "k", payload: Data([0xFF]))
        path.schemaVersion = 7
        let bytes = try SUINavigationPath.makeEncoder().encode(path)
        #expect(try JSONDecoder().decode(SUINavigationPath.self, from: bytes) == path)
    }

    @Test("format v1 is written with sorted keys, ids and the id counter")
    func exactFormat() throws {
        var path = SUINavigationPath()
        path.append(key: "k", payload: Fixture.bytes("hi"))
        path.append(key: "z", payload: Data(), disableBackGesture: true)
        path.removeLast()
        path.append(key: "m", payload: Data([0]))
        let json = Fixture.string(try NavigationPathCodec().encode(path))
        #expect(json == #"{"entries":[{"disableBackGesture":false,"id":1,"key":{"rawValue":"k"},"payload":"aGk="},"#
            + #"{"disableBackGesture":false,"id":3,"key":{"rawValue":"m"},"payload":"AA=="}],"nextEntryID":4,"schemaVersion":1}"#)
    }

    @Test("an empty path encodes to its exact v1 bytes")
    func emptyFormat() throws {
        let json = Fixture.string(try NavigationPathCodec().encode(SUINavigationPath()))
        #expect(json == #"{"entries":[],"nextEntryID":1,"schemaVersion":1}"#)
    }

    /// The seed library's snapshot: no ids, no counter, keys as `{"rawValue": …}`.
    static let seedSnapshot = #"""
    {"schemaVersion":1,"entries":[
      {"key":{"rawValue":"com.myapp.thread"},"payload":"eyJpZCI6IjEyMyJ9","disableBackGesture":false},
      {"key":{"rawValue":"com.myapp.settings"},"payload":"eyJzZWN0aW9uIjo0fQ==","disableBackGesture":true},
      {"key":{"rawValue":"com.myapp.thread"},"payload":"eyJpZCI6IjEyMyJ9","disableBackGesture":false}
    ]}
    """#

    @Test("the seed library's snapshot decodes with fresh ids 1, 2, 3 and keeps keys, payloads and flags")
    func seedFormat() throws {
        let path = try NavigationPathCodec().decode(Fixture.bytes(Self.seedSnapshot))
        #expect(path.schemaVersion == 1)
        #expect(path.ids == [EntryID(1), EntryID(2), EntryID(3)])
        #expect(path.nextEntryID == 4)
        #expect(path.entries.map(\.key) == ["com.myapp.thread", "com.myapp.settings", "com.myapp.thread"])
        #expect(path.entries.map(\.disableBackGesture) == [false, true, false])
        #expect(try path.route(at: 0, as: ThreadRoute.self) == ThreadRoute(id: "123"))
        #expect(try path.route(at: 1, as: SettingsRoute.self) == SettingsRoute(section: 4))
        #expect(path.entries[0].payload == path.entries[2].payload)
        // Re-encoding writes our format, which then round-trips exactly (R1).
        let codec = NavigationPathCodec()
        #expect(try codec.decode(codec.encode(path)) == path)
        #expect(Fixture.string(try codec.encode(path)).contains(#""id":3"#))
    }

    @Test("a seed entry without disableBackGesture defaults to false")
    func seedFormatMissingFlag() throws {
        let path = try NavigationPathCodec().decode(Fixture.bytes(
            #"{"schemaVersion":1,"entries":[{"key":{"rawValue":"k"},"payload":""}]}"#))
        #expect(path.entries == [.init(id: EntryID(1), key: "k", payload: Data(), disableBackGesture: false)])
    }

    @Test("entries without ids next to entries with ids get fresh ids past the largest id and the counter")
    func mixedIDs() throws {
        let json = #"{"schemaVersion":1,"nextEntryID":6,"entries":[{"key":{"rawValue":"a"},"payload":""},"#
            + #"{"id":9,"key":{"rawValue":"b"},"payload":""},{"key":{"rawValue":"c"},"payload":""}]}"#
        let path = try NavigationPathCodec().decode(Fixture.bytes(json))
        #expect(path.ids == [EntryID(10), EntryID(9), EntryID(11)])
        #expect(path.nextEntryID == 12)
        path.checkInvariants()
    }

    @Test("a stored counter below the largest id is raised past it")
    func lowCounter() throws {
        let json = #"{"schemaVersion":1,"nextEntryID":1,"entries":[{"id":5,"key":{"rawValue":"a"},"payload":""}]}"#
        #expect(try NavigationPathCodec().decode(Fixture.bytes(json)).nextEntryID == 6)
    }

    @Test("the largest id below the limit round-trips; the limit itself is corrupt")
    func idLimit() throws {
        let largest = EntryID.rawValueLimit - 1
        let path = SUINavigationPath(entries: [.init(id: EntryID(largest), key: "k", payload: Data())])
        #expect(path.nextEntryID == EntryID.rawValueLimit)
        let codec = NavigationPathCodec()
        #expect(try codec.decode(codec.encode(path)) == path)
        let atLimit = #"{"schemaVersion":1,"entries":[{"id":9007199254740992,"key":{"rawValue":"k"},"payload":""}]}"#
        #expect(throws: NavigationSnapshotError.wrongShape(
            reason: "corrupt data at .entries: entry id 9007199254740992 is not below the limit 9007199254740992")) {
            try codec.decode(Fixture.bytes(atLimit))
        }
    }
}

@Suite("Canonical snapshot writer")
struct CanonicalWriterTests {
    @Test("the direct writer produces JSONEncoder's sorted-keys bytes exactly", arguments: 0..<300)
    func sameBytes(seed: Int) throws {
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let alphabet = Array("ab/\\\"\u{1}\t\n\r\u{8}\u{c}é🚀 :.{}(unknown context at $1)".unicodeScalars)
        var path = SUINavigationPath()
        for _ in 0..<Int(next() % 6) {
            let key = String(String.UnicodeScalarView((0..<Int(next() % 12)).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] }))
            let payload = Data((0..<Int(next() % 40)).map { _ in UInt8(truncatingIfNeeded: next()) })
            path.append(key: NavigationDestinationKey(key), payload: payload, disableBackGesture: next() % 2 == 0)
        }
        if next() % 3 == 0 { path.removeLast(Int(next() % 3)) }
        let reference = try SUINavigationPath.makeEncoder().encode(path)
        #expect(try NavigationPathCodec().encode(path) == reference)
        // A custom encoder is honoured, not bypassed.
        let pretty = JSONEncoder()
        pretty.outputFormatting = [.sortedKeys, .prettyPrinted]
        #expect(try NavigationPathCodec(encoder: pretty).encode(path) == pretty.encode(path))
        #expect(try NavigationPathCodec().decode(NavigationPathCodec().encode(path)) == path)
    }
}
