import Foundation
import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

@Suite("Snapshot id scanner")
struct SnapshotIDScannerTests {
    @Test("the scanned ids equal the decoded ids of random snapshots written by the codec")
    func agreesWithCodec() throws {
        var random = SimulationRandom(seed: 12)
        let codec = NavigationPathCodec()
        for _ in 0..<200 {
            var path = SUINavigationPath()
            for _ in 0..<random.int(in: 0...6) {
                let key = NavigationDestinationKey(random.element(of: ["a", "b\"q", "c/d", "ü"])!)
                path.append(key: key, payload: Data((0..<random.int(in: 0...20)).map { _ in UInt8(random.int(in: 0...255)) }),
                            disableBackGesture: random.bool())
            }
            if random.bool() { path.removeLast(random.int(in: 0...2)) }
            let bytes = try codec.encode(path)
            #expect(SnapshotIDScanner.ids(bytes) == path.ids)
        }
    }

    @Test("any key order and whitespace is read; anything unexpected is refused")
    func oddInputs() {
        let spaced = Data(" { \"nextEntryID\" : 9 , \"entries\" : [ { \"key\" : {\"rawValue\":\"x\"}, \"id\" : 4 } , {\"id\":7} ] } ".utf8)
        #expect(SnapshotIDScanner.ids(spaced) == ids(4, 7))
        #expect(SnapshotIDScanner.ids(Data("{\"entries\":[]}".utf8)) == [])
        for bad in ["", "{", "{\"entries\":[{\"key\":1}]}", "{\"entries\":[{\"id\":1.5}]}", "{\"entries\":[{\"id\":-1}]}",
                    "{\"entries\":[{\"id\":1}]} x", "[1]", "{\"entries\":[{\"id\":1,\"id\":2}]}",
                    "{\"entries\":[{\"id\":99999999999999999999}]}"] {
            #expect(SnapshotIDScanner.ids(Data(bad.utf8)) == nil, "\(bad)")
        }
    }

    @Test("the world's storeChanged falls back to the codec: foreign versions and seed-format snapshots")
    func fallback() {
        let world = World(configuration: WorldConfiguration(), seed: 1)
        let store = world.store!
        #expect(store.storedIDs(Data("{\"schemaVersion\":2,\"entries\":[{\"id\":1}]}".utf8), fast: true) == nil)
        let seedFormat = Data("{\"schemaVersion\":1,\"entries\":[{\"key\":{\"rawValue\":\"detail\"},\"payload\":\"e30=\"}]}".utf8)
        #expect(store.storedIDs(seedFormat, fast: true) == ids(1))
        let duplicate = Data("{\"schemaVersion\":1,\"entries\":[{\"id\":1,\"key\":{\"rawValue\":\"d\"},\"payload\":\"\"},{\"id\":1,\"key\":{\"rawValue\":\"d\"},\"payload\":\"\"}]}".utf8)
        #expect(store.storedIDs(duplicate, fast: true) == nil)
    }
}
