import Foundation
import SUINavigationCore
import SUINavigationSimulator
import Testing
@testable import SUINavigationFuzz

/// Every M invariant fires, first and alone, on a graph run in which one behaviour of the
/// policy is broken (a fault injected between the engine and the window, or around the engine);
/// the same run without the fault passes. Families MS and ML here, MC and MG in
/// `GraphOracleFiringTests+Gestures.swift`.
@Suite("Graph oracles: every M invariant can fire")
struct GraphOracleFiringTests {
    typealias H = GraphHarness

    /// A sheet that leaves the layer below interactive at its smallest detent (where it first rests).
    static let interactive = GraphScriptStep.interactive

    @Test("MS1: a present while the user swipes the sheet down fires MS1", arguments: [true, false])
    func ms1(broken: Bool) throws {
        let h = H(try H.stackGraph())
        h.write(at: 100, [H.sheet("a")])
        if broken {
            // A policy that takes will-dismiss for the end of the sheet's transition and presents.
            h.host.afterWillDismiss = { _ in
                let content = NavigationHostContainer<SimulatedScreen>.screen("x", H.screen(H.route("b")))
                h.window.present(NavigationHostLayer(id: NavigationLayerID(99), style: .sheet, anchor: NavigationAnchor(container: "c3"),
                                                     content: content), animated: true)
            }
        }
        h.user(at: 1_000) { $0.beginSheetSwipe() }
        h.user(at: 1_200) { $0.endSheetSwipe(finish: false) }
        #expect(h.run() == (broken ? "MS1" : "pass"), "\(h.suite.violation?.description ?? "")")
    }

    @Test("MS2: a present from the window root while it presents a sheet fires MS2", arguments: [true, false])
    func ms2(broken: Bool) throws {
        let h = H(try H.stackGraph())
        h.write(at: 100, [H.sheet("a")])
        h.write(at: 1_000, [H.sheet("b")]) { if broken { h.host.faults.presentsFrom = NavigationAnchor(container: "c1") } }
        #expect(h.run() == (broken ? "MS2" : "pass"), "\(h.suite.violation?.description ?? "")")
    }

    @Test("MS2: a present from a screen of an unselected tab (refused: not in the window hierarchy) fires MS2", arguments: [true, false])
    func ms2NotInWindow(broken: Bool) throws {
        let h = H(try H.tabsGraph())
        h.write(at: 100, [H.sheet("a")]) { if broken { h.host.faults.presentsFrom = NavigationAnchor(container: "c3") } }
        #expect(h.run() == (broken ? "MS2" : "pass"), "\(h.suite.violation?.description ?? "")")
        let refusal = h.world.trace.contains { $0.kind.summary.contains("not in the window hierarchy") }
        #expect(refusal == broken)
    }

    @Test("MS3: popping the anchor of a sheet that is still up fires MS3", arguments: [true, false])
    func ms3(broken: Bool) throws {
        let h = H(try H.stackGraph())
        h.write(at: 100, [.stackAppend(H.route("e1"))])
        h.write(at: 1_000, [H.sheet("a", options: Self.interactive)])
        // A policy that pops the root stack under the (interactive) sheet without dismissing the
        // sheet anchored on the popped screen first.
        h.world.schedule(at: 2_000, phase: .app, label: "rogue pop") { _ in
            if broken { h.window.stackHost(for: "c1")?.pop(animated: false) }
        }
        #expect(h.run() == (broken ? "MS3" : "pass"), "\(h.suite.violation?.description ?? "")")
    }

    @Test("MS4: a push on a root stack under a sheet that does not leave it interactive fires MS4", arguments: [true, false])
    func ms4(broken: Bool) throws {
        // The sheet is anchored on the home tab; the push goes to the settings tab's stack, also
        // under the sheet (a push on the anchor's own stack would make the engine present first).
        let h = H(try H.tabsGraph())
        h.write(at: 100, [H.sheet("a")])
        h.write(at: 1_000, [.stackAppend(H.route("e1"), stack: "c3")]) { h.host.faults.hidesLayers = broken }
        #expect(h.run() == (broken ? "MS4" : "pass"), "\(h.suite.violation?.description ?? "")")
    }

    @Test("MS5: dismissing the top sheet through the window root (removing its presenter too) fires MS5", arguments: [true, false])
    func ms5(broken: Bool) throws {
        let h = H(try H.stackGraph())
        h.write(at: 100, [H.sheet("a")])
        h.write(at: 1_000, [H.sheet("b")])
        h.write(at: 2_000, [.dismiss]) { h.host.faults.dismissesToRoot = broken }
        #expect(h.run() == (broken ? "MS5" : "pass"), "\(h.suite.violation?.description ?? "")")
        // NB: the correct dismissal goes to the presenter of the removed layer, which the window
        // flags as HG5 (the receiver trap); the design asks for it, so it is no MS5 violation.
        let hg5 = h.world.trace.contains { if case .hazard(.hg5, _) = $0.kind { true } else { false } }
        #expect(hg5 == !broken)
    }

    @Test("MS5: on iOS 16 a dismissal of two layers in one call fires MS5", arguments: [true, false])
    func ms5OneAtATime(broken: Bool) throws {
        let h = H(try H.stackGraph(), options: WindowOptions(era: .iOS16, lateWriteBackMaxMilliseconds: 0))
        h.reference?.dismissesOneLayerPerTransition = !broken
        h.write(at: 100, [H.sheet("a")])
        h.write(at: 1_000, [H.sheet("b")])
        h.write(at: 2_000, [.dismiss, .dismiss])
        #expect(h.run() == (broken ? "MS5" : "pass"), "\(h.suite.violation?.description ?? "")")
    }

    @Test("MS6: two presents from one anchor in one update fire MS6", arguments: [true, false])
    func ms6(broken: Bool) throws {
        let h = H(try H.stackGraph())
        h.write(at: 100, [H.sheet("a")]) { h.host.faults.presentsTwice = broken }
        #expect(h.run() == (broken ? "MS6" : "pass"), "\(h.suite.violation?.description ?? "")")
    }

    @Test("MS7: a write the policy drops during a presentation (no pending target, no report) fires MS7", arguments: [true, false])
    func ms7(broken: Bool) throws {
        let h = H(try H.stackGraph(), policyFaults: WrappedGraphPolicy.Faults(dropsUpdatesDuringTransition: broken))
        h.write(at: 100, [H.sheet("a")])
        h.write(at: 300, [H.sheet("b")])
        #expect(h.run() == (broken ? "MS7" : "pass"), "\(h.suite.violation?.description ?? "")")
    }

    @Test("MS8: a policy that writes the graph back from inside the update pass fires MS8", arguments: [true, false])
    func ms8(broken: Bool) throws {
        let h = H(try H.stackGraph(), policyFaults: WrappedGraphPolicy.Faults(echoesUpdates: broken))
        h.write(at: 100, [H.sheet("a")])
        #expect(h.run() == (broken ? "MS8" : "pass"), "\(h.suite.violation?.description ?? "")")
    }

    @Test("MS8: a write-back of the value the binding holds fires MS8", arguments: [true, false])
    func ms8EqualValue(broken: Bool) throws {
        let h = H(try H.stackGraph())
        if broken { h.host.afterDidPresent = { _ in h.writeBack(h.bound) } }
        h.write(at: 100, [H.sheet("a")])
        #expect(h.run() == (broken ? "MS8" : "pass"), "\(h.suite.violation?.description ?? "")")
    }

    @Test("ML1: a tab selection the window never receives fires ML1", arguments: [true, false])
    func ml1(broken: Bool) throws {
        let h = H(try H.tabsGraph())
        h.write(at: 100, [.tabsSelectItem("settings")]) { h.host.faults.dropsSelectTab = broken }
        #expect(h.run() == (broken ? "ML1" : "pass"), "\(h.suite.violation?.description ?? "")")
    }

    @Test("ML1: a switch to a root no registered destination builds converges only when reported; unreported, it fires ML1 (found by FuzzGraphRun)", arguments: [true, false])
    func ml1UnbuildableSwitch(broken: Bool) throws {
        let h = H(try NavigationGraph(root: .switched(key: "home", .stacked(H.route("home")))))
        if broken { h.reference?.onFailure = { _ in } }
        h.write(at: 100, [.switchModel(key: "login", .screen(NavigationScreenRoute(key: "unregistered")))])
        #expect(h.run() == (broken ? "ML1" : "pass"), "\(h.suite.violation?.description ?? "")")
        guard case .switched(let node) = h.bound.root else { Issue.record("no switched root"); return }
        #expect(node.key == "login", "the switch the window could not show stays bound (the router decides)")
    }

    @Test("ML1: a switch the window never shows, excused by a false report that its content cannot be built, fires ML1")
    func ml1FalseUnbuildableReport() throws {
        let h = H(try NavigationGraph(root: .switched(key: "home", .stacked(H.route("home")))))
        h.host.faults.dropsSwitchRoot = true
        h.write(at: 100, [.switchModel(key: "login", .stacked(H.route("login")))])
        h.world.schedule(at: 200, phase: .app, label: "false report") { _ in
            guard case .switched(let node) = h.bound.root else { return }
            h.suite.reported(.unbuildable(.root(container: node.child.id, .missingDestination(key: "card"))))
        }
        #expect(h.run() == "ML1", "\(h.suite.violation?.description ?? "")")
    }

    @Test("ML1: a reported unbuildable switch excuses only while the bound graph holds it; a later buildable switch the window never shows fires ML1")
    func ml1ExcuseEndsWithTheContent() throws {
        let h = H(try NavigationGraph(root: .switched(key: "home", .stacked(H.route("home")))))
        h.write(at: 100, [.switchModel(key: "login", .screen(NavigationScreenRoute(key: "unregistered")))])
        h.write(at: 2_000, [.switchModel(key: "login", .stacked(H.route("login")))]) { h.host.faults.dropsSwitchRoot = true }
        #expect(h.run() == "ML1", "\(h.suite.violation?.description ?? "")")
    }

    @Test("ML2: a dismissed sheet presented again and dismissed again without input fires ML2", arguments: [true, false])
    func ml2(broken: Bool) throws {
        let h = H(try H.stackGraph())
        h.write(at: 100, [H.sheet("a")])
        h.write(at: 1_000, [.dismiss]) { h.host.faults.representsOnceAfterDismiss = broken }
        #expect(h.run() == (broken ? "ML2" : "pass"), "\(h.suite.violation?.description ?? "")")
    }

    @Test("ML2: container calls after the last input beyond what differs fire ML2", arguments: [true, false])
    func ml2Bound(broken: Bool) throws {
        let h = H(try H.tabsGraph())
        h.write(at: 100, [.tabsSelectItem("settings")]) { h.host.faults.repeatsSelectTab = broken ? 20 : 0 }
        #expect(h.run() == (broken ? "ML2" : "pass"), "\(h.suite.violation?.description ?? "")")
    }

    @Test("ML3: a policy left waiting for a completion it never hears fires ML3", arguments: [true, false])
    func ml3(broken: Bool) throws {
        let h = H(try H.stackGraph())
        h.write(at: 100, [H.sheet("a")]) { h.host.faults.dropsDidPresent = broken }
        #expect(h.run() == (broken ? "ML3" : "pass"), "\(h.suite.violation?.description ?? "")")
    }

    @Test("ML4: a finished message sent twice fires ML4", arguments: [true, false])
    func ml4Twice(broken: Bool) throws {
        let h = H(try H.stackGraph(), policyFaults: WrappedGraphPolicy.Faults(repeatsMessages: broken))
        h.write(at: 100, [H.sheet("a")])
        h.write(at: 1_000, [.dismiss])
        #expect(h.run() == (broken ? "ML4" : "pass"), "\(h.suite.violation?.description ?? "")")
    }

    @Test("ML4: a dismissed sheet without its finished message fires ML4", arguments: [true, false])
    func ml4(broken: Bool) throws {
        let h = H(try H.stackGraph(), policyFaults: WrappedGraphPolicy.Faults(dropsLayerMessages: broken))
        h.write(at: 100, [H.sheet("a")])
        h.write(at: 1_000, [.dismiss])
        #expect(h.run() == (broken ? "ML4" : "pass"), "\(h.suite.violation?.description ?? "")")
    }

    @Test("ML4 control: a swiped sheet the router kept, finished with its entries while its anchor was covered, comes back with them when presented again (was a fuzz false positive)")
    func ml4SheetPresentedAgainWithItsEntries() throws {
        let h = H(try H.stackGraph())
        let options = NavigationSheetOptions(detents: [.medium, .large], selectedDetent: .large, largestUndimmedDetent: .large)
        h.write(at: 100, [.present(.sheet(.stacked(H.route("a")), options: options))])
        h.write(at: 1_000, [.stackAppend(H.route("e1"))])
        // A push on the root stack under the interactive sheet covers the sheet's anchor.
        h.write(at: 2_000, [.stackAppend(H.route("x"), stack: "c1")])
        h.user(at: 3_000) { world in
            #expect(world.beginSheetSwipe())
            // The router writes during the swipe and keeps the sheet, which cannot come back yet.
            if let next = try? h.bound.executing([.present(.fullScreenCover(.screen(H.route("b"))))]) { h.route(next) }
            world.endSheetSwipe(finish: true)
        }
        // The anchor is shown again: the sheet comes back with the entry its stack held.
        h.write(at: 6_000, [.stackDropLast(1, stack: "c1")])
        #expect(h.run() == "pass", "\(h.suite.violation?.description ?? "")")
        let entries = h.suite.record.liveness.revived.filter { if case .entry = $0.subject { true } else { false } }
        #expect(!entries.isEmpty, "an entry finished with the sheet is displayed again")
    }
}

extension GraphOracleFiringTests {
    @Test("ML4 at the end: a finished message for a container still displayed fires ML4", arguments: [true, false])
    func ml4Early(broken: Bool) throws {
        let h = H(try H.stackGraph())
        h.write(at: 100, [H.sheet("a")])
        h.write(at: 1_000, [.dismiss])
        h.world.schedule(at: 2_000, phase: .app, label: "early message") { _ in
            if broken { h.suite.finished(FinishedNavigationMessage(subject: .container("c1"))) }
        }
        #expect(h.run() == (broken ? "ML4" : "pass"), "\(h.suite.violation?.description ?? "")")
        #expect(h.suite.violation?.description.contains("got a finished message but is still displayed") ?? !broken)
    }

    @Test("ML4 at the end: a subject gone without its message is reported before one finished early")
    func ml4MissingBeforeEarly() throws {
        let h = H(try H.stackGraph(), policyFaults: WrappedGraphPolicy.Faults(dropsLayerMessages: true))
        h.write(at: 100, [H.sheet("a")])
        h.write(at: 1_000, [.dismiss])
        h.world.schedule(at: 2_000, phase: .app, label: "early message") { _ in
            h.suite.finished(FinishedNavigationMessage(subject: .container("c1")))
        }
        #expect(h.run() == "ML4")
        #expect(h.suite.violation?.description.contains("left the graph but got no finished message") == true,
                "\(h.suite.violation?.description ?? "")")
    }
}
