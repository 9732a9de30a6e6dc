import Foundation
import Testing
import SUINavigationCore
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
        stack.replace(with: replaced, kept: stack.identicalPrefixCount(replaced))
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
        let new = Array(screens[..<2]) + [screens[4], screens[3]]
        let (ids, instances) = stack.idsAndInstances(of: new, kept: 2, ids: [EntryID(1), EntryID(2), EntryID(3)])
        #expect(ids == [EntryID(1), EntryID(2), EntryID(5), EntryID(4)])
        #expect(instances == [1, 2, 5, 4])
    }
}
