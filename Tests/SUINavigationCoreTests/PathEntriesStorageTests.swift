import Foundation
import SUINavigationTestSupport
import Testing
@testable import SUINavigationCore

/// A path's entries share storage along its history; every value must still read exactly what an
/// array-backed path would hold, whatever the other values sharing its storage do.
@Suite("Path entries storage")
struct PathEntriesStorageTests {
    /// Several paths that copy one another and are edited in turn, next to the same edits on plain arrays.
    struct Model {
        var paths = [SUINavigationPath](repeating: SUINavigationPath(), count: 4)
        var arrays = [[SUINavigationPath.Entry]](repeating: [], count: 4)
        var nextID: UInt64 = 1

        mutating func step(_ random: inout SplitMix64) {
            let target = Int(random.next() % 4)
            switch random.next() % 8 {
            case 0, 1, 2:
                let payload = Data("{\"v\":\(random.next() % 50)}".utf8)
                let key = NavigationDestinationKey("k\(random.next() % 3)")
                let id = paths[target].append(key: key, payload: payload)
                arrays[target].append(.init(id: id, key: key, payload: payload))
            case 3:
                let k = Int(random.next() % 3)
                paths[target].removeLast(k)
                arrays[target].removeLast(Swift.min(k, arrays[target].count))
            case 4:
                guard !arrays[target].isEmpty else { return }
                let index = Int(random.next() % UInt64(arrays[target].count))
                let id = paths[target].replace(at: index, key: "r", payload: Data())
                arrays[target][index] = .init(id: id, key: "r", payload: Data())
            case 5:
                paths[target].removeAll()
                arrays[target].removeAll()
            default:
                // A copy: the two now share storage and may each append at its end.
                let source = Int(random.next() % 4)
                paths[target] = paths[source]
                arrays[target] = arrays[source]
            }
        }

        func check(_ context: String) {
            for index in 0..<4 {
                #expect(Array(paths[index].entries) == arrays[index], "\(context) path \(index)")
                #expect(paths[index].entries.count == arrays[index].count, "\(context) path \(index)")
                for other in 0..<4 {
                    let naive = zip(arrays[index], arrays[other]).prefix { $0 == $1 }.count
                    #expect(paths[index].entries.sharedPrefixCount(with: paths[other].entries) == naive, "\(context) \(index)/\(other)")
                    let equal = paths[index].entries == paths[other].entries
                    #expect(equal == (arrays[index] == arrays[other]), "\(context) \(index)==\(other)")
                    if equal { #expect(paths[index].entries.hashValue == paths[other].entries.hashValue) }
                }
            }
        }
    }

    @Test("paths that copy and edit one another read exactly what array-backed paths would, over 200 seeded runs")
    func matchesArrays() {
        for seed in UInt64(1)...200 {
            var random = SplitMix64(seed: seed)
            var model = Model()
            for step in 0..<60 {
                model.step(&random)
                model.check("seed \(seed) step \(step)")
            }
        }
    }

    @Test("appending to a copy at the end of the shared storage copies nothing; appending to an older copy does")
    func appendsAtTheEndShare() {
        var path = SUINavigationPath()
        for value in 0..<100 { path.append(key: "a", payload: Data([UInt8(value)])) }
        let held = path
        path.append(key: "a", payload: Data([200]))
        #expect(path.entries.sharesStorage(with: held.entries))
        #expect(path.entries.sharedPrefixCount(with: held.entries) == 100)
        var older = held
        older.append(key: "b", payload: Data())
        #expect(!older.entries.sharesStorage(with: path.entries), "the slot after the held prefix was taken")
        #expect(Array(older.entries.prefix(100)) == Array(held.entries))
        #expect(older.entries.last?.key == "b" && path.entries.last?.key == "a")
    }

    @Test("a path that alone holds its storage reuses it after removals")
    func uniqueStorageIsReused() {
        var path = SUINavigationPath()
        for value in 0..<10 { path.append(key: "a", payload: Data([UInt8(value)])) }
        path.removeLast(5)
        let before = path.entries
        path.append(key: "b", payload: Data())
        // `before` holds the storage too, so this append had to copy.
        #expect(!path.entries.sharesStorage(with: before))
        var alone = SUINavigationPath()
        for value in 0..<10 { alone.append(key: "a", payload: Data([UInt8(value)])) }
        alone.removeLast(5)
        alone.append(key: "c", payload: Data())
        #expect(alone.entries.map(\.key) == ["a", "a", "a", "a", "a", "c"])
        #expect(alone.ids.map(\.rawValue) == [1, 2, 3, 4, 5, 11])
    }

    @Test("copies appended to on many threads at once each keep their own entries")
    func concurrentAppends() async {
        var base = SUINavigationPath()
        for value in 0..<50 { base.append(key: "base", payload: Data([UInt8(value)])) }
        let shared = base
        let results = await withTaskGroup(of: (Int, SUINavigationPath).self) { group in
            for task in 0..<8 {
                group.addTask {
                    var path = shared
                    for step in 0..<200 { path.append(key: NavigationDestinationKey("t\(task)"), payload: Data([UInt8(step % 256)])) }
                    return (task, path)
                }
            }
            var all: [(Int, SUINavigationPath)] = []
            for await result in group { all.append(result) }
            return all
        }
        for (task, path) in results {
            #expect(path.count == 250)
            #expect(Array(path.entries.prefix(50)) == Array(shared.entries))
            #expect(path.entries.dropFirst(50).allSatisfy { $0.key.rawValue == "t\(task)" })
            #expect(path.entries.dropFirst(50).map { $0.payload.first! } == (0..<200).map { UInt8($0 % 256) })
        }
    }
}
