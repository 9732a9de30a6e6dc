import Foundation
import SUINavigationCore
import SUINavigationSimulator
import Testing
@testable import SUINavigationFuzz

/// The engine's reconciler (``GraphPolicyCatalog/reference``) under every M oracle: hand-written
/// runs through presentations, dismissals, swipes, alerts, tabs, detents and eras, and seeded
/// scripts of router commands and user gestures on the simulated window.
@Suite("Graph oracles: the reference engine passes")
struct GraphReferenceOracleTests {
    typealias H = GraphHarness

    /// The outcome and, on failure, the violation and the timeline.
    static func verdict(_ h: GraphHarness) -> String {
        guard let violation = h.suite.violation else { return "pass" }
        return "\(violation)\n\(h.world.timeline())"
    }

    @Test("a deep link (tab switch and a sheet with a pushed stack), then a finished swipe")
    func deepLinkAndSwipe() throws {
        let h = H(try H.tabsGraph())
        h.write(at: 100, [.tabsSelectItem("settings"), H.sheet("detail"), .stackAppend(H.route("editor"))])
        h.user(at: 3_000) { $0.beginSheetSwipe() }
        h.user(at: 3_100) { $0.endSheetSwipe(finish: true) }
        h.run()
        #expect(Self.verdict(h) == "pass")
        #expect(h.bound.presented.isEmpty)
        #expect(h.rejectedWrites.isEmpty)
    }

    @Test("a sheet over a sheet dismissed in one write, on each era", arguments: WindowOptions.Era.allCases)
    func multiLayerDismissal(era: WindowOptions.Era) throws {
        let h = H(try H.stackGraph(), options: WindowOptions(era: era, lateWriteBackMaxMilliseconds: 0))
        h.reference?.dismissesOneLayerPerTransition = era == .iOS16
        h.write(at: 100, [H.sheet("a")])
        h.write(at: 1_000, [H.sheet("b")])
        h.write(at: 2_000, [.dismiss, .dismiss, .stackAppend(H.route("e1"))])
        h.run()
        #expect(Self.verdict(h) == "pass")
        #expect(h.window.presentedLayers.isEmpty)
    }

    @Test("a sheet replaced by an alert, the alert's action, then a cancelled swipe and a detent change")
    func identityChangeAlertAndDetents() throws {
        let h = H(try H.stackGraph())
        h.write(at: 100, [H.sheet("a", options: NavigationSheetOptions(detents: [.medium, .large]))])
        h.user(at: 1_000) { $0.dragSheetDetent(to: .large) }
        h.user(at: 1_500) { $0.beginSheetSwipe() }
        h.user(at: 1_600) { $0.endSheetSwipe(finish: false) }
        h.write(at: 3_000, [.dismiss, .present(.alert(H.route("sure?")))])
        h.user(at: 5_000) { $0.tapAlertAction(0) }
        h.run()
        #expect(Self.verdict(h) == "pass")
        #expect(h.bound.presented.isEmpty)
    }

    @Test("writes during a presentation coalesce, a push under an interactive sheet, a reselect pop to root")
    func coalescingInteractiveAndReselect() throws {
        let h = H(try H.tabsGraph())
        h.write(at: 100, [.stackAppend(H.route("e1")), .stackAppend(H.route("e2"))])
        h.write(at: 2_000, [H.sheet("a", options: GraphOracleFiringTests.interactive)])
        h.write(at: 2_100, [.stackAppend(H.route("s1"))])
        h.write(at: 2_200, [.stackAppend(H.route("s2"))])
        h.write(at: 4_000, [.stackAppend(H.route("e3"), stack: "c2")])
        h.write(at: 6_000, [.dismiss])
        h.user(at: 8_000) { $0.tapTab("home", in: "c1") }
        h.run()
        #expect(Self.verdict(h) == "pass")
        #expect(h.rejectedWrites.isEmpty)
    }

    /// Seeds 6 and 19 break ML4 through the engine bug pinned by the disabled tests below.
    static let seeds: [UInt64] = Array(1...20).filter { $0 != 6 && $0 != 19 }

    @Test("seeded scripts of router commands and user gestures: no M invariant broken", arguments: seeds)
    func seededScripts(seed: UInt64) throws {
        var random = SimulationRandom(seed: seed)
        let h = H(try H.tabsGraph(), seed: seed)
        var time: Int64 = 10
        for step in 0..<40 {
            time += Int64(1 + random.int(in: 0..<400))
            let choice = random.int(in: 0..<10)
            let animated = random.int(in: 0..<10) < 7
            if choice < 6 {
                let command: NavigationCommand = switch choice {
                case 0: .present(random.int(in: 0..<4) == 0 ? .alert(H.route("a\(step)")) : .sheet(.stacked(H.route("s\(step)"))))
                case 1: .stackAppend(H.route("e\(step)"))
                case 2: .dismiss
                case 3: .hide()
                case 4: .tabsSelectItem(random.int(in: 0..<2) == 0 ? "home" : "settings")
                default: .stackDropLast(1)
                }
                h.write(at: time, [command], animated: animated)
            } else {
                let finish = random.int(in: 0..<3) != 0
                h.user(at: time) { world in
                    switch choice {
                    case 6: world.beginSheetSwipe()
                    case 7: world.endSheetSwipe(finish: finish)
                    case 8: world.tapAlertAction(0)
                    default: world.tapTab(finish ? "home" : "settings", in: "c1")
                    }
                }
            }
        }
        h.user(at: time + 1) { $0.endSheetSwipe(finish: true) }
        h.run(deadline: time + 20_000)
        #expect(Self.verdict(h) == "pass", "seed \(seed)")
    }
}

extension GraphReferenceOracleTests {
    /// The smallest run in which the engine breaks ML4 (seeds 6 and 19 of ``seededScripts(seed:)``):
    /// an entry pushed on a sheet's stack, and the sheet dismissed while the push still animates.
    /// The notifier commits only at stable points (no transition in flight); none comes while the
    /// entry is displayed, so it never enters a commit and never gets its finished message (the
    /// sheet and its container do).
    @Test("ML4: an entry pushed on a sheet dismissed during the push gets its finished message",
          .disabled("reference bug: the notifier commits only at stable points, so an entry displayed only between two of them never finishes"))
    func entryPushedDuringDismissal() throws {
        let h = H(try H.stackGraph())
        h.write(at: 100, [H.sheet("a")])
        h.write(at: 1_000, [.stackAppend(H.route("e1"))])
        h.write(at: 1_100, [.dismiss])
        h.run()
        #expect(Self.verdict(h) == "pass")
    }

    /// Seed 19's form of the same bug: an entry popped by the router while its push animates
    /// (the pop applies right as the push completes, with no stable point between).
    @Test("ML4: an entry popped while its push animates gets its finished message",
          .disabled("reference bug: the notifier commits only at stable points, so an entry displayed only between two of them never finishes"))
    func entryPoppedDuringItsPush() throws {
        let h = H(try H.stackGraph())
        h.write(at: 100, [.stackAppend(H.route("e1"))])
        h.write(at: 200, [.stackDropLast(1)])
        h.run()
        #expect(Self.verdict(h) == "pass")
    }
}
