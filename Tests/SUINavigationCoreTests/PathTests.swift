import Foundation
import Testing
import SUINavigationCore

@Suite("Path")
struct PathTests {
    @Test("a new path is empty, at the current schema version, and mints id 1 first")
    func newPath() {
        let path = SUINavigationPath()
        #expect(path.isEmpty)
        #expect(path.count == 0)
        #expect(path.schemaVersion == 1)
        #expect(path.nextEntryID == 1)
        #expect(path.last == nil)
    }

    @Test("append mints increasing ids, and equal routes pushed twice are two entries")
    func appendMintsIDs() throws {
        var path = SUINavigationPath()
        let first = try path.append(route: ThreadRoute(id: "1"))
        let second = try path.append(route: ThreadRoute(id: "1"))
        let third = path.append(key: "raw", payload: Data([1, 2]), disableBackGesture: true)
        #expect([first, second, third] == [EntryID(1), EntryID(2), EntryID(3)])
        #expect(path.ids == [EntryID(1), EntryID(2), EntryID(3)])
        #expect(path.count == 3)
        #expect(!path.isEmpty)
        #expect(path.entries[0].payload == path.entries[1].payload)
        #expect(path.entries[0] != path.entries[1])
        #expect(path.entries.map(\.key) == ["com.myapp.thread", "com.myapp.thread", "raw"])
        #expect(path.entries.map(\.disableBackGesture) == [false, false, true])
        #expect(path.nextEntryID == 4)
        #expect(path.description == "[#1:com.myapp.thread #2:com.myapp.thread #3:raw]")
    }

    @Test("removed ids are never reused: removeLast and removeAll keep the counter")
    func idsNeverReused() throws {
        var path = SUINavigationPath()
        try path.append(route: ThreadRoute(id: "a"))
        try path.append(route: ThreadRoute(id: "b"))
        path.removeLast()
        #expect(path.ids == [EntryID(1)])
        #expect(try path.append(route: ThreadRoute(id: "b")) == EntryID(3))
        path.removeAll()
        #expect(path.isEmpty)
        #expect(try path.append(route: ThreadRoute(id: "c")) == EntryID(4))
        path.clear()
        #expect(path.isEmpty)
        #expect(path.nextEntryID == 5)
    }

    @Test("removeLast(k) removes k entries, and all of them when k exceeds the count")
    func removeLastCounts() {
        var path = SUINavigationPath()
        for index in 0..<5 { path.append(key: NavigationDestinationKey("k\(index)"), payload: Data()) }
        path.removeLast(0)
        #expect(path.count == 5)
        path.removeLast(2)
        #expect(path.entries.map(\.key) == ["k0", "k1", "k2"])
        path.removeLast(10)
        #expect(path.isEmpty)
        path.removeLast(3)
        #expect(path.isEmpty)
    }

    @Test("prefix keeps the first entries and the counter; suffix returns the last entries")
    func prefixAndSuffix() {
        var path = SUINavigationPath()
        for index in 0..<4 { path.append(key: NavigationDestinationKey("k\(index)"), payload: Data([UInt8(index)])) }
        let prefix = path.prefix(2)
        #expect(prefix.ids == [EntryID(1), EntryID(2)])
        #expect(prefix.nextEntryID == 5)
        #expect(path.prefix(0).isEmpty)
        #expect(path.prefix(9) == path)
        #expect(path.suffix(1).map(\.key) == ["k3"])
        #expect(path.suffix(3).map(\.id) == [EntryID(2), EntryID(3), EntryID(4)])
        #expect(path.suffix(9).count == 4)
        var kept = path
        kept.keepPrefix(3)
        #expect(kept.ids == [EntryID(1), EntryID(2), EntryID(3)])
    }

    @Test("commonPrefixCount compares ids, never payloads")
    func commonPrefixByID() {
        var path = SUINavigationPath()
        path.append(key: "a", payload: Data([1]))
        path.append(key: "b", payload: Data([2]))
        var other = path.prefix(1)
        other.append(key: "b", payload: Data([2]))
        #expect(path.commonPrefixCount(with: other) == 1)
        #expect(path.commonPrefixCount(with: path) == 2)
        #expect(path.commonPrefixCount(with: SUINavigationPath()) == 0)
    }

    @Test("replace(at:) gives the new entry a fresh id")
    func replaceMintsID() {
        var path = SUINavigationPath()
        path.append(key: "a", payload: Data())
        path.append(key: "b", payload: Data())
        let id = path.replace(at: 0, key: "c", payload: Data([9]), disableBackGesture: true)
        #expect(id == EntryID(3))
        #expect(path.entries.map(\.description) == ["#3:c!", "#2:b"])
    }

    @Test("append(existing:) keeps the id and moves the counter past it")
    func appendExisting() {
        var path = SUINavigationPath()
        path.append(existing: .init(id: EntryID(41), key: "x", payload: Data()))
        #expect(path.nextEntryID == 42)
        #expect(path.append(key: "y", payload: Data()) == EntryID(42))
        path.checkInvariants()
    }

    @Test("init(entries:) puts the counter past every id, or keeps a larger one")
    func initFromEntries() {
        let entries = [SUINavigationPath.Entry(id: EntryID(7), key: "a", payload: Data()),
                       SUINavigationPath.Entry(id: EntryID(3), key: "b", payload: Data())]
        #expect(SUINavigationPath(entries: entries).nextEntryID == 8)
        #expect(SUINavigationPath(entries: entries, nextEntryID: 2).nextEntryID == 8)
        #expect(SUINavigationPath(entries: entries, nextEntryID: 100).nextEntryID == 100)
    }

    @Test("hasSameEntries ignores the counter; equality does not")
    func sameEntries() {
        var a = SUINavigationPath()
        a.append(key: "x", payload: Data())
        let b = SUINavigationPath(entries: a.entries, nextEntryID: 10)
        #expect(a.hasSameEntries(as: b))
        #expect(a != b)
    }

    @Test("append(route:) encodes the payload with sorted keys by default")
    func sortedPayload() throws {
        var path = SUINavigationPath()
        try path.append(route: PhotoRoute(zeta: 1, alpha: "a", middle: true), disableBackGesture: true)
        #expect(Fixture.string(path.entries[0].payload) == #"{"alpha":"a","middle":true,"zeta":1}"#)
        #expect(path.entries[0].key == "com.myapp.photo")
        #expect(path.entries[0].disableBackGesture)
        #expect(try path.route(at: 0, as: PhotoRoute.self) == PhotoRoute(zeta: 1, alpha: "a", middle: true))
    }

    @Test("append(route:) uses an injected encoder")
    func injectedEncoder() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        var path = SUINavigationPath()
        try path.append(route: SettingsRoute(section: 2), encoder: encoder)
        #expect(Fixture.string(path.entries[0].payload) == "{\n  \"section\" : 2\n}")
    }

    @Test("append(route:) of a payload that cannot be encoded throws and leaves the path unchanged")
    func encodingFailure() {
        var path = SUINavigationPath()
        #expect(throws: EncodingError.self) {
            try path.append(route: SettingsRouteWithDouble(value: .infinity))
        }
        #expect(path.isEmpty)
        #expect(path.nextEntryID == 1)
    }
}

private struct SettingsRouteWithDouble: NavigationPathItem {
    static let destinationKey: NavigationDestinationKey = "double"
    var value: Double
}

@Suite("Destination keys")
struct DestinationKeyTests {
    @Test("a key is string-literal expressible and encodes as {\"rawValue\": …}")
    func literalAndCoding() throws {
        let key: NavigationDestinationKey = "com.myapp.thread"
        #expect(key == NavigationDestinationKey("com.myapp.thread"))
        #expect(key == NavigationDestinationKey(rawValue: "com.myapp.thread"))
        #expect(key.description == "com.myapp.thread")
        #expect(Fixture.string(try JSONEncoder().encode(key)) == #"{"rawValue":"com.myapp.thread"}"#)
        #expect(try JSONDecoder().decode(NavigationDestinationKey.self, from: Fixture.bytes(#"{"rawValue":"k"}"#)) == "k")
    }

    @Test("the default destination key is the type's fully qualified name")
    func defaultKey() {
        #expect(DefaultKeyRoute.destinationKey == "SUINavigationCoreTests.DefaultKeyRoute")
        #expect(NavigationDestinationKey.type(Int.self) == "Swift.Int")
        #expect(NavigationDestinationKey.type([ThreadRoute].self) == "Swift.Array<SUINavigationCoreTests.ThreadRoute>")
    }

    @Test("a private type's key drops the (unknown context at $…) segment")
    func privateTypeKey() {
        #expect(PrivateRouteNames.reflected.contains("(unknown context at $"))
        #expect(PrivateRouteNames.destinationKey == "SUINavigationCoreTests.PrivateRoute")
    }

    @Test("a local type's key drops every (unknown context at $…) segment")
    func localTypeKey() {
        struct LocalRoute: NavigationPathItem { var value: Int }
        #expect(String(reflecting: LocalRoute.self).contains("(unknown context at $"))
        #expect(!LocalRoute.destinationKey.rawValue.contains("unknown context"))
        #expect(LocalRoute.destinationKey.rawValue.hasPrefix("SUINavigationCoreTests."))
        #expect(LocalRoute.destinationKey.rawValue.hasSuffix(".LocalRoute"))
    }

    @Test("normalization strips markers wherever they appear", arguments: [
        ("App.(unknown context at $10a3b).ThreadRoute", "App.ThreadRoute"),
        ("App.(unknown context at $1).(unknown context at $2).Local", "App.Local"),
        ("(unknown context at $1).Top", "Top"),
        ("App.Outer.(unknown context at $1)", "App.Outer"),
        ("App.Box<App.(unknown context at $1f).Item>", "App.Box<App.Item>"),
        ("App.(unknown context at $1", "App.(unknown context at $1"),
        ("com.myapp.thread", "com.myapp.thread"),
        ("", ""),
    ])
    func normalization(raw: String, expected: String) {
        #expect(NavigationDestinationKey(raw).normalized == NavigationDestinationKey(expected))
        // Normalizing is idempotent.
        #expect(NavigationDestinationKey(raw).normalized.normalized == NavigationDestinationKey(expected))
    }
}
