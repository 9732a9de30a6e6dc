import SUINavigationCore
import SUINavigationTestSupport
import Testing

extension ReconcilerTests {
    /// Seeded scripts of router writes, transition ends and user pops against the scripted host.
    @Suite("scripts")
    struct Scripts {
        @Test("convergence: seeded scripts stay safe and converge (L1, L3, S2, S4, S5)", arguments: 1...40)
        func seededScript(seed: UInt64) {
            var random = SplitMix64(seed: seed)
            let h = Harness(persistent: true)
            var names = 0
            for _ in 0..<80 {
                switch random.below(10) {
                case 0, 1, 2:
                    var path = h.bound
                    switch random.below(5) {
                    case 0, 1:
                        for _ in 0...random.below(2) {
                            names += 1
                            try! path.append(route: Page(name: "p\(names)"), disableBackGesture: random.chance(10))
                        }
                    case 2: path.removeLast()
                    case 3: path.removeAll()
                    default:
                        path.removeLast()
                        names += 1
                        try! path.append(route: Page(name: "p\(names)"))
                    }
                    h.write(path, NavigationTransaction(animated: random.chance(70)))
                case 3, 4:
                    h.turn()
                case 5:
                    if case .call = h.host.transition { h.host.finishTransition() }
                case 6:
                    h.host.beginUserPop(interactive: random.chance(60))
                case 7:
                    if case .userPop = h.host.transition {
                        if random.chance(70) { h.host.finishUserPop() } else { h.host.cancelUserPop() }
                    }
                case 8:
                    h.updatePass(force: true)
                default:
                    h.turn()
                    h.turn()
                }
            }
            if case .userPop = h.host.transition { h.host.finishUserPop() }
            h.runUntilIdle()
            h.checkSafety()
            h.checkConverged()
            let routeBacked = h.host.stack.prefix { $0.isRouteBacked }.map(\.entryID)
            #expect((h.storedPath?.ids ?? []) == routeBacked, "L3: the store holds the route-backed prefix")
        }
    }
}
