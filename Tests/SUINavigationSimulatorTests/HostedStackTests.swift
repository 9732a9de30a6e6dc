import Foundation
import SUINavigationCore
import SUINavigationTestSupport
import Testing
@testable import SUINavigationSimulator

@Suite("Hosted stack")
struct HostedStackTests {
    /// A fresh hosted screen for entry `id` (instance `id`).
    static func screen(_ id: UInt64) -> SimulatedHostedScreen {
        let entry = SUINavigationPath.Entry(id: EntryID(id), key: "detail", payload: Data("{\"value\":\(id)}".utf8),
                                            disableBackGesture: false)
        return SimulatedHostedScreen(entry: entry, screen: SimulatedScreen(key: "detail", payloadDescription: "value=\(id)"),
                                     transition: nil, instance: id)
    }

    @Test("positions and instances follow pushes, pops and replaces across the indexed depth, both ways")
    func positionsFollowChanges() {
        let depth = HostedStack.indexedDepthMin * 2
        let screens = (1...UInt64(depth)).map(Self.screen)
        let stranger = Self.screen(999)
        var stack = HostedStack()
        for (index, screen) in screens.enumerated() {
            stack.append(screen)
            #expect(stack.position(of: screen) == index)
            #expect(stack.isConsistent())
        }
        #expect(!stack.contains(stranger))
        #expect(stack.identicalPrefixCount(screens) == depth)
        stack.truncate(to: 3)
        #expect(stack.isConsistent())
        #expect(stack.contains(screens[2]) && !stack.contains(screens[3]))
        #expect(stack.position(of: screens[depth - 1]) == nil)
        let replaced = Array(screens[..<2]) + [stranger] + Array(screens[20..<depth])
        let measured = stack.kept(by: StackReplacement(keeping: 0, added: replaced))
        #expect(measured.kept == 2 && measured.tail.count == replaced.count - 2)
        stack.replace(keeping: measured.kept, with: measured.tail)
        #expect(stack.isConsistent())
        #expect(stack.screens.map(\.instance) == replaced.map(\.instance))
        #expect(stack.instances == replaced.map(\.instance))
        #expect(stack.position(of: stranger) == 2 && !stack.contains(screens[2]))
        #expect(stack.identicalPrefixCount(replaced) == replaced.count)
        #expect(stack.identicalPrefixCount(Array(replaced.dropLast()) + [screens[0]]) == replaced.count - 1)
        let top = stack.removeLast()
        #expect(top === replaced.last && !stack.contains(top) && stack.isConsistent())
    }

    @Test("a replace's ids and instances are the kept screens' followed by the added ones'")
    func idsAndInstancesOfAReplace() {
        var stack = HostedStack()
        let screens = (1...5).map { Self.screen(UInt64($0)) }
        for screen in screens[..<3] { stack.append(screen) }
        let replacement = stack.kept(by: StackReplacement(keeping: 2, added: [screens[4], screens[3]]))
        let (ids, instances) = stack.idsAndInstances(after: replacement, ids: [EntryID(1), EntryID(2), EntryID(3)])
        #expect(ids == [EntryID(1), EntryID(2), EntryID(5), EntryID(4)])
        #expect(instances == [1, 2, 5, 4])
    }

    @Test("a replace keeping screens by count is measured as the one listing them, over seeded stacks and calls")
    func keptByCountMatchesKeptByIdentity() {
        var random = SplitMix64(seed: 11)
        let pool = (1...UInt64(HostedStack.indexedDepthMin * 3)).map(Self.screen)
        for round in 0..<300 {
            var stack = HostedStack()
            for screen in pool.prefix(random.below(pool.count)) { stack.append(screen) }
            let keeping = random.below(stack.count + 1)
            // Added screens: new ones, or the stack's own from `keeping` up (kept in place after all).
            let inPlace = random.below(3) == 0 ? random.below(stack.count - keeping + 1) : 0
            let added = Array(stack.screens[keeping..<(keeping + inPlace)])
                + (0..<random.below(4)).map { Self.screen(UInt64(1_000 + round * 10 + $0)) }
            let byCount = stack.kept(by: StackReplacement(keeping: keeping, added: added))
            let listed = Array(stack.screens[..<keeping]) + added
            let byIdentity = stack.kept(by: StackReplacement(keeping: 0, added: listed))
            #expect(byCount.kept == byIdentity.kept, "round \(round)")
            #expect(byCount.kept == keeping + inPlace, "round \(round)")
            #expect(byCount.tail.map(\.instance) == byIdentity.tail.map(\.instance), "round \(round)")
            let ids = stack.screens.map(\.entryID)
            #expect(stack.idsAndInstances(after: byCount, ids: ids).instances == listed.map(\.instance), "round \(round)")
            stack.replace(keeping: byCount.kept, with: byCount.tail)
            #expect(stack.isConsistent() && stack.instances == listed.map(\.instance), "round \(round)")
        }
    }
}
