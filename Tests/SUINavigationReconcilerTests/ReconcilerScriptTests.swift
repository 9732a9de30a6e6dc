import SUINavigationCore
import Testing

/// SplitMix64: the tests' own deterministic generator (never the system's).
struct TestGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

extension ReconcilerTests {
    /// Seeded scripts of router writes, transition ends and user pops against the scripted host.
    @Suite("scripts")
    struct Scripts {
        @Test("convergence: seeded scripts stay safe and converge (L1, L3, S2, S4, S5)", arguments: 1...40)
        func seededScript(seed: UInt64) {
            var random = TestGenerator(seed: seed)
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
