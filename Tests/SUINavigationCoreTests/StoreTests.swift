import Foundation
import Testing
import SUINavigationCore

@Suite("Stack ids and scene isolation")
struct StackIDTests {
    @Test("storage keys percent-encode each part, so no id or scene can forge another's key", arguments: [
        (NavigationStackID("main"), "global/main"),
        (NavigationStackID("main", scope: .scene("A")), "scene/A/main"),
        (NavigationStackID("a/b", scope: .scene("s 1")), "scene/s%201/a%2Fb"),
        (NavigationStackID("b", scope: .scene("s/a")), "scene/s%2Fa/b"),
        (NavigationStackID("../x"), "global/%2E%2E%2Fx"),
        (NavigationStackID("100%"), "global/100%25"),
    ])
    func storageKeys(id: NavigationStackID, expected: String) {
        #expect(id.storageKey == expected)
        #expect(id.description == expected)
    }

    @Test("ids that differ only in scope, scene or separators never share a storage key")
    func distinctKeys() {
        let ids = [
            NavigationStackID("main"),
            NavigationStackID("main", scope: .scene("A")),
            NavigationStackID("main", scope: .scene("B")),
            NavigationStackID("main", scope: .scene("a")),
            NavigationStackID("main", scope: .scene("")),
            NavigationStackID("A/main"),
            NavigationStackID("scene/A/main"),
            NavigationStackID("A/main", scope: .scene("")),
            NavigationStackID("main", scope: .scene("A/")),
        ]
        #expect(Set(ids.map(\.storageKey)).count == ids.count)
    }

    @Test("two scenes with the same stack id never share a snapshot, in memory")
    func sceneIsolationInMemory() throws {
        try checkSceneIsolation(InMemoryNavigationStackStore())
    }

    @Test("two scenes with the same stack id never share a snapshot, on disk")
    func sceneIsolationOnDisk() throws {
        try Fixture.withTemporaryDirectory { directory in
            try checkSceneIsolation(try FileNavigationStackStore(directory: directory))
            // Scene "A" was cleared by the check; "A" and "a" had two files on every file system.
            #expect(try Fixture.listing(directory) == ["g.main.json", "s.%42.main.json", "s.a.main.json"])
        }
    }

    func checkSceneIsolation(_ store: any NavigationStackStore) throws {
        let scopes: [NavigationStackIDScope] = [.global, .scene("A"), .scene("B"), .scene("a")]
        let registry = NavigationDestinationRegistry<String>()
        registry.register(ThreadRoute.self) { $0.id }
        for (index, scope) in scopes.enumerated() {
            var path = SUINavigationPath()
            for step in 0...index { try path.append(route: ThreadRoute(id: "\(scope)-\(step)")) }
            try NavigationStackPersistence(store: store, id: NavigationStackID("main", scope: scope)).save(path)
        }
        for (index, scope) in scopes.enumerated() {
            let result = NavigationStackPersistence(store: store, id: NavigationStackID("main", scope: scope))
                .restore(registry: registry, policy: .dropSuffixAndContinue)
            #expect(result.sanitized.resolved.map(\.screen) == (0...index).map { "\(scope)-\($0)" })
        }
        // Clearing one scene leaves the others.
        try NavigationStackPersistence(store: store, id: NavigationStackID("main", scope: .scene("A"))).clear()
        #expect(try store.load(NavigationStackID("main", scope: .scene("A"))) == nil)
        #expect(try store.load(NavigationStackID("main", scope: .scene("B"))) != nil)
        #expect(try store.load(NavigationStackID("main", scope: .scene("a"))) != nil)
        #expect(try store.load(NavigationStackID("main")) != nil)
    }
}

@Suite("File store")
struct FileStoreTests {
    @Test("file names are lower-case-safe escapes of the id and scene", arguments: [
        (NavigationStackID("main"), "g.main.json"),
        (NavigationStackID("Main"), "g.%4Dain.json"),
        (NavigationStackID("../x"), "g.%2E%2E%2Fx.json"),
        (NavigationStackID("/etc/x"), "g.%2Fetc%2Fx.json"),
        (NavigationStackID("."), "g.%2E.json"),
        (NavigationStackID("main", scope: .scene("../..")), "s.%2E%2E%2F%2E%2E.main.json"),
        (NavigationStackID("é"), "g.%C3%A9.json"),
    ])
    func fileNames(id: NavigationStackID, expected: String) throws {
        #expect(try FileNavigationStackStore.fileName(for: id) == expected)
    }

    @Test("ids that differ only in case get files that differ even when case is ignored")
    func caseInsensitiveSafe() throws {
        let ids = [NavigationStackID("main"), NavigationStackID("Main"), NavigationStackID("MAIN"),
                   NavigationStackID("main", scope: .scene("x")), NavigationStackID("main", scope: .scene("X")),
                   NavigationStackID("%4dain"), NavigationStackID("%4Dain")]
        let folded = try ids.map { try FileNavigationStackStore.fileName(for: $0).lowercased() }
        #expect(Set(folded).count == ids.count)
    }

    @Test("a stack id never names a path outside the store's directory", arguments: [
        "../x", "/etc/x", "..", ".", "a/../../b", "../../../../../../tmp/evil", "~/x", "x\0y", "\\..\\x",
    ])
    func pathTraversal(rawID: String) throws {
        try Fixture.withTemporaryDirectory("pathTraversal\(rawID.unicodeScalars.map { String($0.value) }.joined())") { root in
            let directory = root.appendingPathComponent("store", isDirectory: true)
            let store = try FileNavigationStackStore(directory: directory)
            for id in [NavigationStackID(rawID), NavigationStackID("main", scope: .scene(rawID)),
                       NavigationStackID(rawID, scope: .scene(rawID))] {
                let url = try store.fileURL(for: id)
                #expect(url.deletingLastPathComponent().standardizedFileURL.path == directory.standardizedFileURL.path)
                #expect(!url.lastPathComponent.contains("/"))
                #expect(!url.lastPathComponent.hasPrefix("."))
                try store.save(Data("snapshot \(rawID)".utf8), for: id)
                #expect(try store.load(id) == Data("snapshot \(rawID)".utf8))
            }
            // Three files inside the store, nothing next to it.
            #expect(try Fixture.listing(directory).count == 3)
            #expect(try Fixture.listing(root) == ["store"])
            for id in [NavigationStackID(rawID), NavigationStackID("main", scope: .scene(rawID)),
                       NavigationStackID(rawID, scope: .scene(rawID))] {
                try store.remove(id)
            }
            #expect(try Fixture.listing(directory).isEmpty)
        }
    }

    @Test("an empty stack id is refused")
    func emptyID() throws {
        try Fixture.withTemporaryDirectory { directory in
            let store = try FileNavigationStackStore(directory: directory)
            #expect(throws: NavigationStackStoreError.invalidStackID("", reason: "empty id")) {
                try store.save(Data("x".utf8), for: NavigationStackID(""))
            }
            #expect(throws: NavigationStackStoreError.invalidStackID("", reason: "empty id")) {
                try store.load(NavigationStackID("", scope: .scene("A")))
            }
            #expect(try Fixture.listing(directory).isEmpty)
        }
    }

    @Test("an id whose file name would exceed 255 bytes is refused with its length")
    func longID() throws {
        let fits = String(repeating: "a", count: 255 - "g..json".count)
        #expect(try FileNavigationStackStore.fileName(for: NavigationStackID(fits)).utf8.count == 255)
        let tooLong = fits + "a"
        #expect(throws: NavigationStackStoreError.invalidStackID(
            tooLong, reason: "encoded file name is 256 bytes, longer than 255; use a shorter id")) {
            try FileNavigationStackStore.fileName(for: NavigationStackID(tooLong))
        }
    }

    @Test("the longest allowed id saves and loads (the temporary file's name stays short)")
    func longestIDSaves() throws {
        try Fixture.withTemporaryDirectory { directory in
            let store = try FileNavigationStackStore(directory: directory)
            let id = NavigationStackID(String(repeating: "a", count: 255 - "g..json".count))
            try store.save(Data("x".utf8), for: id)
            #expect(try store.load(id) == Data("x".utf8))
        }
    }

    @Test("saving replaces the file atomically and leaves no temporary file; loading a missing id is nil")
    func atomicSave() throws {
        try Fixture.withTemporaryDirectory { directory in
            let store = try FileNavigationStackStore(directory: directory)
            let id = NavigationStackID("main")
            #expect(try store.load(id) == nil)
            try store.save(Data("one".utf8), for: id)
            try store.save(Data("two".utf8), for: id)
            #expect(try store.load(id) == Data("two".utf8))
            #expect(try Fixture.listing(directory) == ["g.main.json"])
            try store.remove(id)
            try store.remove(id)
            #expect(try store.load(id) == nil)
            #expect(try Fixture.listing(directory).isEmpty)
        }
    }

    @Test("the store creates its directory")
    func createsDirectory() throws {
        try Fixture.withTemporaryDirectory { root in
            let nested = root.appendingPathComponent("a/b/c", isDirectory: true)
            _ = try FileNavigationStackStore(directory: nested)
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: nested.path, isDirectory: &isDirectory))
            #expect(isDirectory.boolValue)
        }
    }

    @Test("a directory where the snapshot should be is an I/O error, not a crash, and is not removed by restore")
    func unreadableSnapshot() throws {
        try Fixture.withTemporaryDirectory { directory in
            let store = try FileNavigationStackStore(directory: directory)
            let id = NavigationStackID("main")
            try FileManager.default.createDirectory(at: try store.fileURL(for: id), withIntermediateDirectories: false)
            let registry = NavigationDestinationRegistry<String>()
            let result = NavigationStackPersistence(store: store, id: id).restore(registry: registry, policy: .dropSuffixAndContinue)
            #expect(result.path.isEmpty)
            #expect(result.failures.count == 1)
            if case .store(let reason) = result.failures.first {
                #expect(reason.hasPrefix("\(try store.fileURL(for: id).path): cannot read"))
            } else {
                Issue.record("expected a store failure, got \(result.failures)")
            }
            #expect(try Fixture.listing(directory) == ["g.main.json"])
        }
    }

    @Test("writeNew writes a new file and never overwrites an existing one")
    func writeNew() throws {
        try Fixture.withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("corpus.json")
            try AtomicFile.writeNew(Data("first".utf8), to: url)
            #expect(try Data(contentsOf: url) == Data("first".utf8))
            #expect(throws: NavigationStackStoreError.io(path: url.path, reason: "already exists; refusing to overwrite")) {
                try AtomicFile.writeNew(Data("second".utf8), to: url)
            }
            #expect(try Data(contentsOf: url) == Data("first".utf8))
            #expect(try Fixture.listing(directory) == ["corpus.json"])
        }
    }

    @Test("write replaces an existing file")
    func writeReplaces() throws {
        try Fixture.withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("x.json")
            try AtomicFile.write(Data("a".utf8), to: url)
            try AtomicFile.write(Data("b".utf8), to: url)
            #expect(try Data(contentsOf: url) == Data("b".utf8))
            #expect(try Fixture.listing(directory) == ["x.json"])
        }
    }

    @Test("writing into a missing directory is an I/O error naming the file")
    func writeIntoMissingDirectory() {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("suinav-core-tests-missing-\(ProcessInfo.processInfo.processIdentifier)/x/y.json")
        #expect(throws: NavigationStackStoreError.self) { try AtomicFile.write(Data("a".utf8), to: url) }
        #expect(!FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path))
    }
}
