import SUINavigationCore
import SUINavigationSimulator
import Testing
@testable import SUINavigationFuzz

/// The oracles' shortcuts (``OracleRecord/Change``, ``GestureFacts/fewRemoved(from:by:)``)
/// against naive recomputations over seeded id lists.
@Suite("Oracle fast paths")
struct OracleFastPathTests {
    /// A small deterministic generator (a linear congruential one): the lists only need to vary.
    struct Lists {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }

        /// A list that keeps a random prefix of `old` and adds a few ids (some repeating ids of `old`).
        mutating func change(_ old: [EntryID]) -> [EntryID] {
            var new = Array(old.prefix(next(old.count + 1)))
            for _ in 0..<next(4) {
                new.append(next(3) == 0 && !old.isEmpty ? old[next(old.count)] : EntryID(UInt64(1 + next(12))))
            }
            return new
        }
    }

    static func commonPrefix(_ a: [EntryID], _ b: [EntryID]) -> Int {
        zip(a, b).prefix { $0 == $1 }.count
    }

    @Test("an event's change of the stack and the path is the naive common prefix and inequality", arguments: [1, 2, 3] as [UInt64])
    func changeMatchesNaive(seed: UInt64) {
        var lists = Lists(state: seed)
        var before = OracleRecord.Moment()
        var host: [EntryID] = [], path: [EntryID] = []
        for sequence in 0..<500 {
            let newHost = lists.next(4) == 0 ? host : lists.change(host)
            let newPath = lists.next(4) == 0 ? path : lists.change(path)
            // A lower bound of the shared prefix, as the world reports it.
            let hostKept = lists.next(Self.commonPrefix(host, newHost) + 1)
            let pathKept = lists.next(Self.commonPrefix(path, newPath) + 1)
            let event = TraceEvent(sequence: sequence, time: 0, turn: 0, actor: .world, kind: .scheduledBlock,
                                   hostStack: newHost, boundPath: newPath, transitionInFlight: false,
                                   hostStackKept: hostKept, boundPathKept: pathKept)
            let change = OracleRecord.Change.of(event, from: before)
            #expect(change.hostShared == Self.commonPrefix(host, newHost))
            #expect(change.pathShared == Self.commonPrefix(path, newPath))
            #expect(change.hostChanged == (host != newHost))
            #expect(change.pathChanged == (path != newPath))
            before.follow(event, change)
            #expect(before.host == newHost && before.path == newPath)
            host = newHost
            path = newPath
        }
    }

    @Test("a small id set kept as a list answers as a Set over seeded insertions, removals, unions and subtractions", arguments: [10, 11, 12] as [UInt64])
    func smallIDSetMatchesSet(seed: UInt64) {
        var lists = Lists(state: seed)
        var small = SmallIDSet(), reference = Set<EntryID>()
        var hits = 0
        for _ in 0..<2_000 {
            let id = EntryID(UInt64(lists.next(16)))
            let ids = (0..<lists.next(5)).map { _ in EntryID(UInt64(lists.next(16))) }
            switch lists.next(10) {
            case 0: small.remove(id); reference.remove(id)
            case 1: small.formUnion(ids); reference.formUnion(ids)
            case 2: small.subtract(ids); reference.subtract(ids)
            case 3 where lists.next(4) == 0: small.removeAll(); reference.removeAll()
            default: #expect(small.insert(id) == reference.insert(id).inserted)
            }
            #expect(small.isEmpty == reference.isEmpty)
            for probe in 0..<16 { #expect(small.contains(EntryID(UInt64(probe))) == reference.contains(EntryID(UInt64(probe)))) }
            if reference.contains(id) { hits += 1 }
        }
        // NB: both answers must come up.
        #expect(hits > 200 && hits < 1_800)
    }

    @Test("the keys of written tops, kept as a list, answer as a table of the latest key per id", arguments: [7, 8, 9] as [UInt64])
    func topKeysMatchTable(seed: UInt64) {
        var lists = Lists(state: seed)
        var keys = TopKeys(), table: [EntryID: String] = [:]
        var found = 0
        for _ in 0..<2_000 {
            switch lists.next(20) {
            case 0:
                keys.removeAll()
                table.removeAll()
            default:
                let id = EntryID(UInt64(1 + lists.next(12))), key = "k\(lists.next(5))"
                keys.note(id, key)
                table[id] = key
            }
            let asked = EntryID(UInt64(lists.next(14)))
            #expect(keys[asked] == table[asked])
            if table[asked] != nil { found += 1 }
        }
        // NB: both answers (a key, none) must come up.
        #expect(found > 200 && found < 1_800)
    }

    @Test("the few ids a pop removed are those of the stack at begin that the stack lacks", arguments: [4, 5, 6] as [UInt64])
    func fewRemovedMatchesSets(seed: UInt64) {
        var lists = Lists(state: seed)
        var old: [EntryID] = []
        var shortcuts = 0
        for _ in 0..<500 {
            let new = lists.change(old)
            let naive = Set(old).subtracting(new)
            if let removed = GestureFacts.fewRemoved(from: old, by: new) {
                shortcuts += 1
                #expect(Set(removed) == naive, "\(old) -> \(new)")
                #expect(removed.allSatisfy { !new.contains($0) })
            } else {
                #expect(old.count - Self.commonPrefix(old, new) > 4, "\(old) -> \(new)")
            }
            old = lists.next(3) == 0 ? lists.change(new) : new
        }
        #expect(shortcuts > 100)
    }

    @Test("the ids the user popped follow a naive set model through gestures, cancels, relaunches and mounts",
          arguments: [7, 8, 9] as [UInt64])
    func userPoppedMatchesSets(seed: UInt64) {
        var lists = Lists(state: seed)
        var record = OracleRecord(world: ScenarioWorld())
        var naive = Set<EntryID>(), added = Set<EntryID>()
        var host: [EntryID] = []
        var gestures = 0, givenBack = 0
        for sequence in 0..<600 {
            if lists.next(3) == 0 { host = lists.change(host) }
            let kind: TraceEventKind = switch lists.next(6) {
            case 0: .gestureBegan(.edgeSwipe, top: lists.next(2) == 0 ? nil : EntryID(UInt64(1 + lists.next(12))),
                                  topDisablesBackGesture: false, onRoot: false)
            case 1: .transitionCompleted(cancelled: true)
            case 2: .transitionCompleted(cancelled: false)
            case 3: .lifecycle(["relaunch", "mount", "mount deferred", "background"][lists.next(4)])
            default: .scheduledBlock
            }
            let hostBefore = record.before.host
            let event = TraceEvent(sequence: sequence, time: 0, turn: 0, actor: .world, kind: kind, hostStack: host, boundPath: [],
                                   transitionInFlight: false)
            record.update(event, KindFacts.of(kind))
            record.finishEvent(event)
            switch kind {
            case .gestureBegan(_, let top, _, _):
                gestures += 1
                if let popped = top ?? hostBefore.last, naive.insert(popped).inserted { added.insert(popped) }
            case .transitionCompleted(cancelled: true):
                givenBack += added.intersection(host).count
                naive.subtract(added.intersection(host))
                added.removeAll()
            case .lifecycle(let what) where what.hasPrefix("relaunch") || what.hasPrefix("mount"):
                naive.removeAll()
                added.removeAll()
            default:
                break
            }
            #expect(record.userPopped.elements == naive, "\(kind) at \(sequence)")
        }
        #expect(gestures > 50 && givenBack > 5)
    }

    @Test("the first id a write-back lost is the naive first id of the removable prefix that the write lacks",
          arguments: [10, 11, 12] as [UInt64])
    func firstLostMatchesNaive(seed: UInt64) {
        var lists = Lists(state: seed)
        var before: [EntryID] = []
        var lost = 0, scannedMany = 0
        for _ in 0..<600 {
            var ids = lists.change(before)
            if lists.next(4) == 0, !ids.isEmpty { ids.remove(at: lists.next(ids.count)) }
            let end = lists.next(before.count + 1)
            // A lower bound of the shared prefix, as the record's change gives (exact there).
            let shared = lists.next(Self.commonPrefix(before, ids) + 1)
            let naive = before.prefix(end).first { !Set(ids).contains($0) }
            #expect(SafetyChecks.firstLost(before, upTo: end, sharing: shared, with: ids) == naive, "\(before) -> \(ids)")
            if naive != nil { lost += 1 }
            if end - shared > 4 { scannedMany += 1 }
            before = lists.next(3) == 0 ? ids + lists.change(ids) : ids
        }
        #expect(lost > 50 && scannedMany > 20)
    }
}
