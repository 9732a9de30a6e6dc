import Foundation
import Testing
import SUINavigationCore
import SUINavigationSimulator
import SUINavigationFuzz

/// The graph peer strategies of `shared/reconciler-policy.md` ("Peer strategies (graph)"): each
/// shows its documented fault on a short script, the reference does not on the same script, and
/// each converges on an easy one.
@Suite("Graph peer variants")
struct GraphVariantTests {
    typealias Harness = GraphPolicyHarness

    static let peers = ["flowstacks-graph", "present-item", "state-driven"]

    static func sheet(_ name: String) -> NavigationCommand { .present(.sheet(.stacked(Harness.route(name)))) }

    @Test("every graph peer strategy is a graph policy, and a variant")
    func catalog() {
        for peer in Self.peers {
            #expect(GraphPolicyCatalog.factory(named: peer) != nil, "\(peer) is not a graph policy")
            #expect(GraphPolicyCatalog.variantNames.contains(peer), "\(peer) is not a variant")
        }
    }

    @Test("easy script: a sheet presented, then dismissed, converges with no hazard and no equal write",
          arguments: ["reference"] + peers)
    func easyScriptConverges(policy: String) throws {
        let h = try Harness(policy: policy)
        h.router(at: 10, [Self.sheet("a")])
        h.router(at: 2_000, [.dismiss])
        #expect(h.run(until: 10_000), "\(policy) still has work pending")
        #expect(h.windowLayers.isEmpty && h.boundLayers.isEmpty, "\(policy): \(h.windowLayers) vs \(h.boundLayers)")
        #expect(h.acceptedPresentTimes.count == 1, "\(policy)")
        #expect(h.hazards.isEmpty, "\(policy): \(h.hazards)")
        #expect(h.equalWrites == 0, "\(policy)")
        #expect(!h.hasPendingGraphWork, "\(policy)")
    }

    @Test("easy script: a sheet swiped down by the user leaves the bound graph", arguments: ["reference"] + peers)
    func easySwipeConverges(policy: String) throws {
        let h = try Harness(policy: policy)
        h.router(at: 10, [Self.sheet("a")])
        h.user(at: 2_000) { world in world.beginSheetSwipe() }
        h.user(at: 2_100) { world in world.endSheetSwipe(finish: true) }
        #expect(h.run(until: 10_000), "\(policy) still has work pending")
        #expect(h.windowLayers.isEmpty && h.boundLayers.isEmpty, "\(policy): \(h.windowLayers) vs \(h.boundLayers)")
        #expect(h.hazards.isEmpty, "\(policy): \(h.hazards)")
        #expect(h.equalWrites == 0, "\(policy)")
    }

    @Test("easy script: a user's tab tap stays selected through a later sheet", arguments: ["reference"] + peers)
    func easyTabTapConverges(policy: String) throws {
        let h = try Harness(policy: policy, tabs: true)
        h.user(at: 10) { world in world.tapTab("settings", in: "c1") }
        h.router(at: 1_000, [.stackAppend(Harness.route("detail"))])
        h.router(at: 2_000, [Self.sheet("a")])
        h.router(at: 4_000, [.dismiss])
        #expect(h.run(until: 10_000), "\(policy) still has work pending")
        #expect(h.window.selectedTab(in: "c1") == "settings", "\(policy)")
        #expect(h.window.stackHost(for: "c3")?.hostedScreens.count == 1, "\(policy)")
        #expect(h.windowLayers.isEmpty && h.boundLayers.isEmpty, "\(policy)")
        #expect(h.hazards.isEmpty, "\(policy): \(h.hazards)")
    }

    @Test("easy script: a sheet holding a pushed screen shows the whole stack", arguments: ["reference"] + peers)
    func easyDeepLinkConverges(policy: String) throws {
        let h = try Harness(policy: policy)
        var path = SUINavigationPath()
        try path.append(route: Harness.Card(name: "editor"))
        h.router(at: 10, [.present(.sheet(.stacked(Harness.route("detail"), path: path)))])
        #expect(h.run(until: 10_000), "\(policy) still has work pending")
        let sheet = try #require(h.bound.presented.first)
        #expect(h.windowLayers == [sheet.id], "\(policy)")
        #expect(h.window.stackHost(for: sheet.container.id)?.hostedScreens.count == 1, "\(policy)")
        #expect(h.hazards.isEmpty, "\(policy): \(h.hazards)")
    }
}

// MARK: flowstacks-graph

extension GraphVariantTests {
    @Test("flowstacks-graph: a push is written back into the bound graph as an equal value (MS8); the reference never",
          arguments: [("flowstacks-graph", true), ("reference", false)])
    func flowStacksRewritesEqualValue(policy: String, rewrites: Bool) throws {
        let h = try Harness(policy: policy)
        h.router(at: 10, [.stackAppend(Harness.route("detail"))])
        #expect(h.run(until: 5_000))
        #expect(h.window.stackHost(for: "c1")?.hostedScreens.count == 1, "\(policy)")
        #expect((h.equalWrites > 0) == rewrites, "\(policy): \(h.equalWrites) equal writes")
    }

    @Test("flowstacks-graph: a deep link of two sheets presents one layer per step, 650 ms apart",
          arguments: [("flowstacks-graph", true), ("reference", false)])
    func flowStacksStepsAreDelayed(policy: String, delayed: Bool) throws {
        let h = try Harness(policy: policy)
        h.router(at: 10, [Self.sheet("a"), Self.sheet("b")])
        #expect(h.run(until: 10_000))
        let times = h.acceptedPresentTimes
        try #require(times.count == 2, "\(policy): \(times)")
        #expect((times[1] - times[0] >= 650) == delayed, "\(policy): presents at \(times)")
        #expect(h.windowLayers == h.boundLayers && h.boundLayers.count == 2, "\(policy)")
    }

    @Test("flowstacks-graph: a router dismissal made during a step sequence is overwritten by the next step",
          arguments: [("flowstacks-graph", 2), ("reference", 0)])
    func flowStacksOverwritesRouterWrite(policy: String, finalLayers: Int) throws {
        let h = try Harness(policy: policy)
        h.router(at: 10, [Self.sheet("a"), Self.sheet("b")])
        h.routerDismissesAll(at: 300)
        #expect(h.run(until: 10_000))
        // The router's last word was "nothing presented".
        #expect(h.boundLayers.count == finalLayers, "\(policy): \(h.boundLayers)")
        #expect(h.windowLayers == h.boundLayers, "\(policy)")
    }

    @Test("flowstacks-graph before iOS 17: a dismissal of two sheets goes one layer per step, 650 ms apart")
    func flowStacksDismissesOneLayerPerStepBeforeIOS17() throws {
        let h = try Harness(policy: "flowstacks-graph", options: WindowOptions(era: .iOS16, lateWriteBackMaxMilliseconds: 0))
        h.router(at: 10, [Self.sheet("a")])
        h.router(at: 2_000, [Self.sheet("b")])
        h.routerDismissesAll(at: 4_000)
        #expect(h.run(until: 10_000))
        let times = h.world.trace.compactMap { event -> Int64? in
            if case .graph(.call(.dismiss, .accepted)) = event.kind { event.time } else { nil }
        }
        try #require(times.count == 2, "\(times)")
        #expect(times[1] - times[0] >= 650, "dismissals at \(times)")
        #expect(h.windowLayers.isEmpty && h.boundLayers.isEmpty)
        #expect(!h.hazards.contains(.hg12), "\(h.hazards)")
    }
}

// MARK: present-item

extension GraphVariantTests {
    @Test("present-item: replacing a sheet that presents another dismisses through the presented controller (receiver trap, HG5) and the new sheet is refused (HG2): the window keeps the old sheet",
          arguments: ["present-item", "reference"])
    func presentItemReceiverTrap(policy: String) throws {
        let h = try Harness(policy: policy)
        h.router(at: 10, [Self.sheet("a")])
        h.router(at: 1_000, [Self.sheet("c")])
        h.router(at: 2_000, [.dismiss, .dismiss, Self.sheet("b")])
        h.run(until: 10_000)
        let replacement = try #require(h.bound.presented.first)
        let faulty = policy == "present-item"
        #expect((h.windowLayers != h.boundLayers) == faulty, "\(policy): window \(h.windowLayers), bound \(h.boundLayers)")
        #expect(h.hazards.contains(.hg5) == faulty, "\(policy): \(h.hazards)")
        #expect(h.hazards.contains(.hg2) == faulty, "\(policy): \(h.hazards)")
        let refused = h.presentOutcomes(of: replacement.id).contains { if case .refused = $0 { true } else { false } }
        #expect(refused == faulty, "\(policy)")
    }

    @Test("present-item: a sheet asked for while the previous one is being dismissed is presented at once and refused (HG1), and the library waits for its completion forever (HG19)",
          arguments: ["present-item", "reference"])
    func presentItemDoesNotWaitForDismissal(policy: String) throws {
        let h = try Harness(policy: policy)
        h.router(at: 10, [Self.sheet("a")])
        h.router(at: 2_000, [.dismiss])
        h.router(at: 2_100, [Self.sheet("b")])
        let quiet = h.run(until: 10_000)
        let faulty = policy == "present-item"
        #expect(quiet != faulty, "\(policy)")
        #expect(h.boundLayers.count == 1)
        #expect((h.windowLayers != h.boundLayers) == faulty, "\(policy): window \(h.windowLayers), bound \(h.boundLayers)")
        #expect(h.hazards.contains(.hg1) == faulty, "\(policy): \(h.hazards)")
        #expect(h.hazards.contains(.hg19) == faulty, "\(policy): \(h.hazards)")
    }
}

// MARK: state-driven

extension GraphVariantTests {
    @Test("state-driven: one action that replaces a sheet dismisses and presents in the same update (HG11): the present is refused and the new sheet never shows",
          arguments: ["state-driven", "reference"])
    func stateDrivenDismissAndPresentInOneUpdate(policy: String) throws {
        let h = try Harness(policy: policy)
        h.router(at: 10, [Self.sheet("a")])
        h.router(at: 2_000, [.dismiss, Self.sheet("b")])
        h.run(until: 10_000)
        let faulty = policy == "state-driven"
        #expect(h.boundLayers.count == 1)
        #expect((h.windowLayers != h.boundLayers) == faulty, "\(policy): window \(h.windowLayers), bound \(h.boundLayers)")
        #expect(h.hazards.contains(.hg11) == faulty, "\(policy): \(h.hazards)")
        #expect(h.hazards.contains(.hg1) == faulty, "\(policy): \(h.hazards)")
    }

    @Test("state-driven: one action that pops the screen a sheet hangs on pops it while the sheet is being dismissed (HG13)",
          arguments: ["state-driven", "reference"])
    func stateDrivenRemovesAnchorDuringDismissal(policy: String) throws {
        let h = try Harness(policy: policy)
        var finished: [NavigationGraphSubject] = []
        h.onFinished { finished.append($0.subject) }
        h.router(at: 10, [.stackAppend(Harness.route("detail"))])
        h.router(at: 1_000, [Self.sheet("a")])
        h.router(at: 3_000, [.stackDropLast(1, stack: "c1")])
        h.run(until: 2_000)
        let sheet = try #require(h.bound.presented.first)
        #expect(h.run(until: 10_000), "\(policy)")
        #expect(finished.filter { $0 == .layer(sheet.id) }.count == 1, "\(policy): \(finished)")
        let faulty = policy == "state-driven"
        #expect(h.bound.presented.isEmpty && h.windowLayers.isEmpty, "\(policy)")
        #expect(h.window.stackHost(for: "c1")?.hostedScreens.isEmpty == true, "\(policy)")
        #expect(h.hazards.contains(.hg13) == faulty, "\(policy): \(h.hazards)")
    }
}

// MARK: Robustness

extension GraphVariantTests {
    @Test("every graph variant runs seeded scripts of router commands and user gestures to the end, each finished message once",
          arguments: peers, 1...8)
    func seededScripts(policy: String, seed: UInt64) throws {
        var random = SimulationRandom(seed: seed)
        let h = try Harness(policy: policy)
        var finished: [NavigationGraphSubject] = []
        h.onFinished { finished.append($0.subject) }
        var time: Int64 = 10
        for step in 0..<30 {
            time += Int64(1 + random.int(in: 0..<500))
            let choice = random.int(in: 0..<9)
            switch choice {
            case 0: h.router(at: time, [Self.sheet("s\(step)")], animated: random.int(in: 0..<4) != 0, allowsRefusal: true)
            case 1: h.router(at: time, [.present(.alert(Harness.route("a\(step)")))], allowsRefusal: true)
            case 2: h.router(at: time, [.stackAppend(Harness.route("e\(step)"))], allowsRefusal: true)
            case 3: h.router(at: time, [.dismiss], allowsRefusal: true)
            case 4: h.router(at: time, [.hide()], allowsRefusal: true)
            case 5: h.router(at: time, [.dismiss, Self.sheet("r\(step)")], allowsRefusal: true)
            case 6: h.user(at: time) { world in world.beginSheetSwipe() }
            case 7: h.user(at: time) { world in world.endSheetSwipe(finish: step % 3 != 0) }
            default: h.user(at: time) { world in world.tapAlertAction(0) }
            }
        }
        h.user(at: time + 1) { world in world.endSheetSwipe(finish: true) }
        h.run(until: time + 30_000)
        #expect(h.world.virtualTime <= time + 30_000)
        #expect(Set(finished).count == finished.count, "\(policy) seed \(seed): a subject finished twice")
    }
}
