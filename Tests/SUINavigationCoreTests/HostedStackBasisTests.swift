import Foundation
import SUINavigationTestSupport
import Testing
@testable import SUINavigationCore

/// The reconciler compares the host stack with each path starting past what its last comparison
/// proved; the answer must always be the one a comparison from the bottom gives.
@Suite("Hosted stack basis")
struct HostedStackBasisTests {
    typealias Screen = NavigationHostedScreen<Int>

    /// A host stack and a path that drift apart and back the ways they do between plans.
    struct Drift {
        var screens: [Screen] = []
        var path = SUINavigationPath()
        var instance: UInt64 = 0

        mutating func screen(_ entry: SUINavigationPath.Entry) -> Screen {
            instance += 1
            return Screen(entry: entry, screen: Int(instance), transition: nil, instance: instance)
        }

        mutating func step(_ random: inout SplitMix64) {
            switch random.next() % 9 {
            case 0, 1: path.append(key: "k", payload: Data([UInt8(random.next() % 4)]))
            case 2: path.removeLast(Int(random.next() % 3))
            case 3, 4:
                // The host catches up with the path (new screens above what it shares).
                let shared = HostedStackComparison.sharedPrefixCount(screens, path.entries)
                screens = Array(screens.prefix(shared))
                for entry in path.entries.dropFirst(shared) { screens.append(screen(entry)) }
            case 5: screens.removeLast(Swift.min(screens.count, Int(random.next() % 3)))
            case 6:
                // A path built afresh: the same ids may name other payloads.
                let entries = path.entries.map { entry in
                    random.next() % 4 == 0 ? SUINavigationPath.Entry(id: entry.id, key: entry.key, payload: Data([9])) : entry
                }
                path = SUINavigationPath(entries: entries, nextEntryID: path.nextEntryID)
            case 7:
                // A screen rebuilt for the same entry (another instance).
                if !screens.isEmpty {
                    let index = Int(random.next() % UInt64(screens.count))
                    screens[index] = screen(screens[index].entry)
                }
            default:
                break
            }
        }
    }

    @Test("over 300 seeded drifts, the basis gives the shared prefix a comparison from the bottom gives")
    func matchesFullComparison() {
        for seed in UInt64(1)...300 {
            var random = SplitMix64(seed: seed)
            var drift = Drift()
            var basis = HostedStackBasis()
            for step in 0..<50 {
                drift.step(&random)
                let expected = HostedStackComparison.sharedPrefixCount(drift.screens.anyHostedScreens, drift.path.entries)
                var released: [AnyNavigationHostedScreen] = []
                #expect(basis.sharedPrefixCount(drift.screens.anyHostedScreens, drift.path.entries, releasing: &released) == expected,
                        "seed \(seed) step \(step)")
            }
        }
    }

    @Test("stacks sharing their first k screens (k from 0 to 300, across the comparison's blocks) compare as sharing k")
    func identicalPrefixAcrossBlocks() {
        var drift = Drift()
        let screens = (0..<300).map { drift.screen(.init(id: EntryID(UInt64($0 + 1)), key: "k", payload: Data())) }
        for k in [0, 1, 63, 64, 65, 127, 128, 129, 200, 255, 256, 299, 300] {
            var other = screens
            if k < other.count { other[k] = drift.screen(other[k].entry) }
            #expect(HostedStackComparison.identicalPrefixCount(screens.anyHostedScreens, other.anyHostedScreens) == k, "k \(k)")
            #expect(HostedStackComparison.identicalPrefixCount(Array(other.prefix(k + 10)).anyHostedScreens, screens.anyHostedScreens) == Swift.min(k, 300), "k \(k)")
        }
    }

    @Test("a mirror that follows host stacks growing past the sharing depth and back holds each one, and says what it kept")
    func mirrorFollowsDeepAndShallowStacks() {
        var random = SplitMix64(seed: 7)
        var drift = Drift()
        var host: [Screen] = []
        var mirror = HostedScreensMirror()
        for step in 0..<400 {
            let before = mirror.screens
            switch random.next() % 4 {
            case 0, 1: for _ in 0..<Int(random.next() % 6) { host.append(drift.screen(.init(id: EntryID(UInt64(step + 1)), key: "k", payload: Data()))) }
            case 2: host.removeLast(Swift.min(host.count, Int(random.next() % 8)))
            default: if !host.isEmpty { host[Int(random.next() % UInt64(host.count))] = drift.screen(host[0].entry) }
            }
            let expected = zip(host, before).prefix { $0 === $1 }.count
            var released: [AnyNavigationHostedScreen] = []
            #expect(mirror.follow(host.anyHostedScreens, releasing: &released) == expected, "step \(step)")
            // Every screen the mirror let go is handed over, to be freed by the caller.
            #expect(before[expected...].allSatisfy { dropped in released.contains { $0 === dropped } }, "step \(step)")
            #expect(mirror.screens.count == host.count && zip(mirror.screens, host).allSatisfy { $0 === $1 }, "step \(step)")
        }
        #expect(HostedScreensMirror.sharingDepth < 100, "the run reached the copying side")
    }

    @Test("a stack typed by the base class holds the same instances in the same storage, and changing it leaves the stack alone")
    func baseTypedViewSharesStorage() {
        var drift = Drift()
        let screens = (0..<40).map { drift.screen(.init(id: EntryID(UInt64($0 + 1)), key: "k", payload: Data())) }
        var view = screens.anyHostedScreens
        #expect(view.count == screens.count && zip(view, screens).allSatisfy { $0 === $1 })
        #expect(view.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
                == screens.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) })
        view.removeLast(10)
        view.append(screens[0])
        #expect(screens.count == 40 && screens[30].entryID == EntryID(31), "the view copied on write")
        #expect(view.count == 31 && view[30] === screens[0])
    }

    @Test("a joined stack holds the kept screens then the added ones, the same instances, for every kept count")
    func joinedKeepsPrefixThenAdded() {
        var drift = Drift()
        let stack = (0..<70).map { drift.screen(.init(id: EntryID(UInt64($0 + 1)), key: "k", payload: Data())) }
        let added = (0..<3).map { drift.screen(.init(id: EntryID(UInt64($0 + 100)), key: "n", payload: Data())) }
        for keep in [0, 1, 35, 69, 70] {
            let joined = HostedStackComparison.joined(stack.anyHostedScreens, keeping: keep, added.anyHostedScreens)
            let expected = Array(stack.prefix(keep)).anyHostedScreens + added.anyHostedScreens
            #expect(joined.count == expected.count && zip(joined, expected).allSatisfy { $0 === $1 }, "keep \(keep)")
            #expect(joined.hostedScreens(of: Int.self).last === added.last, "keep \(keep)")
        }
    }
}
