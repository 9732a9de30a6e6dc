import Foundation
import SUINavigationCore
import SUINavigationSimulator
import Testing
@testable import SUINavigationFuzz

/// Every invariant id fires, alone, on a trace in which one world event or one library
/// behaviour is broken; the same trace without the defect passes. Removing a check makes its
/// test fail.
@Suite("Oracles: every invariant can fire")
struct OracleFiringTests {
    typealias S = TraceScript
    static let one = S.ids(1), oneTwo = S.ids(1, 2)

    /// A script showing entry #1, pushed by the library for a router write, settled.
    static func showingOne(world: ScenarioWorld = ScenarioWorld()) -> TraceScript {
        let s = TraceScript(world: world)
        s.input()
        s.write(one)
        s.updatePass()
        s.push(1)
        s.turn(after: 500)
        s.settle()
        s.turn()
        return s
    }

    @Test("S1: a call that removes the root fires S1")
    func s1() {
        let s = Self.showingOne()
        s.input()
        s.write([])
        s.updatePass()
        s.call(.popTo(keep: -1), showing: [])
        #expect(s.outcome == "S1")
    }

    @Test("S2: a host call during a standard transition fires S2", arguments: [true, false])
    func s2(broken: Bool) {
        let s = Self.showingOne()
        s.input()
        s.write(Self.oneTwo)
        s.updatePass()
        s.push(2) { $0.duringStandardTransition = broken }
        #expect(s.outcome == (broken ? "S2" : "pass"))
    }

    @Test("S3: a crash precondition (H1) fires S3")
    func s3() {
        let s = Self.showingOne()
        s.emit(.hazard(.h1, "push of an instance already on the stack"), .uikit)
        #expect(s.outcome == "S3")
    }

    @Test("S4: two host calls in one update pass fire S4", arguments: [true, false])
    func s4(broken: Bool) {
        let s = Self.showingOne()
        s.input()
        s.write(S.ids(1, 2, 3), animated: false)
        s.updatePass(animated: false)
        s.push(2, animated: false)
        if broken { s.push(3, animated: false) } else { s.turn(); s.push(3, animated: false) }
        #expect(s.outcome == (broken ? "S4" : "pass"))
    }

    @Test("S5: a write inside the update pass fires S5")
    func s5() {
        let s = Self.showingOne()
        s.write([], by: .library, insideUpdatePass: true)
        #expect(s.outcome == "S5")
    }

    @Test("S6: a non-animated call serving an animated write fires S6 when its window closes", arguments: [true, false])
    func s6(broken: Bool) {
        let s = Self.showingOne()
        s.input()
        s.write(Self.oneTwo, animated: true)
        s.updatePass(animated: true)
        s.push(2, animated: !broken)
        s.turn()
        #expect(s.outcome == (broken ? "S6" : "pass"))
    }

    @Test("S7: a replace that gives its new top a zoom fires S7")
    func s7Replace() {
        let s = Self.showingOne()
        s.input()
        s.write(S.ids(2, 3), zoom: true)
        s.updatePass()
        s.call(.replace(S.ids(2, 3), instances: [202, 203]), showing: S.ids(2, 3)) { $0.zoomedNewEntries = S.ids(3) }
        #expect(s.outcome == "S7")
    }

    @Test("S7: a zoom requested for an animated single push and not applied fires S7", arguments: [true, false])
    func s7Lost(broken: Bool) {
        let s = Self.showingOne()
        s.input()
        s.write(Self.oneTwo, zoom: true)
        s.updatePass()
        s.push(2, zoom: !broken)
        #expect(s.outcome == (broken ? "S7" : "pass"))
    }

    @Test("S8: an edge swipe begun on the root fires S8")
    func s8() {
        let s = TraceScript()
        s.emit(.gestureBegan(.edgeSwipe, top: nil, topDisablesBackGesture: false, onRoot: true), .user)
        #expect(s.outcome == "S8")
    }

    @Test("S9: a write-back that removes an entry the user did not pop fires S9", arguments: [true, false])
    func s9(broken: Bool) {
        let s = Self.showingOne()
        if !broken { s.backTap(); s.turn(after: 500); s.settle() }
        s.write([], by: .library, animated: false)
        #expect(s.outcome == (broken ? "S9" : "pass"))
    }

    @Test("S10: a call decided from a stale stack fires S10")
    func s10() {
        let s = Self.showingOne()
        s.input()
        s.write(Self.oneTwo)
        s.updatePass()
        s.push(2) { $0.decidedFromStaleStack = true }
        #expect(s.outcome == "S10")
    }

    @Test("S11: a replace that rebuilds a kept controller fires S11")
    func s11() {
        let s = Self.showingOne()
        s.input()
        s.write(Self.oneTwo)
        s.updatePass()
        s.call(.replace(Self.oneTwo, instances: [999, 102]), showing: Self.oneTwo) { $0.rebuiltKeptEntries = Self.one }
        #expect(s.outcome == "S11")
    }

    @Test("S12: a repeated push(route:) in one settle window that pushes twice fires S12", arguments: [true, false])
    func s12(broken: Bool) {
        let s = TraceScript()
        s.input()
        s.suite.willPushRoute(key: "a", value: 1, disableBackGesture: false)
        s.write(Self.one, by: .navigator)
        s.suite.didPushRoute()
        s.suite.willPushRoute(key: "a", value: 1, disableBackGesture: false)
        if broken { s.write(Self.oneTwo, by: .navigator) }
        s.suite.didPushRoute()
        #expect(s.outcome == (broken ? "S12" : "pass"))
    }

    @Test("S12: a push(route:) that repeats nothing and adds no entry fires S12 (a guard too eager)", arguments: [true, false])
    func s12Ignored(broken: Bool) {
        let s = TraceScript()
        s.input()
        s.suite.willPushRoute(key: "a", value: 1, disableBackGesture: false)
        s.write(Self.one, by: .navigator)
        s.suite.didPushRoute()
        s.suite.willPushRoute(key: "a", value: 2, disableBackGesture: false)
        if !broken { s.write(Self.oneTwo, by: .navigator) }
        s.suite.didPushRoute()
        #expect(s.outcome == (broken ? "S12" : "pass"))
    }

    @Test("S7: an animated single push without the registry's default zoom fires S7", arguments: [true, false])
    func s7Default(broken: Bool) {
        let s = Self.showingOne()
        s.input()
        s.suite.willWrite(requestsTransition: false)
        s.write(Self.oneTwo)
        s.suite.noteTop(of: SUINavigationPath(entries: [simEntry(1), simEntry(2, key: "photo")]))
        s.updatePass()
        s.push(2, zoom: !broken)
        #expect(s.outcome == (broken ? "S7" : "pass"))
    }

    @Test("L3: a snapshot with the stack's ids but another route fires L3", arguments: [true, false])
    func l3ByValue(broken: Bool) {
        let s = Self.showingOne()
        let shown = simEntry(1, value: 1)
        s.finish(FinalState(host: [shown], bound: SUINavigationPath(entries: [shown]), storedIDs: Self.one,
                            stored: [simEntry(1, value: broken ? 9 : 1)]))
        #expect(s.outcome == (broken ? "L3" : "pass"))
    }

    @Test("L3: after clearCachedStack() the next stable point must save again", arguments: [true, false])
    func l3AfterClear(stablePointSince: Bool) {
        let s = Self.showingOne()
        s.lifecycle("clearCachedStack")
        s.turn(after: 10)
        if stablePointSince { s.emit(.didShow(Self.one.last, animated: false), .uikit) }
        s.finish(FinalState(host: [simEntry(1)], bound: SUINavigationPath(entries: [simEntry(1)]), storedIDs: nil))
        #expect(s.outcome == (stablePointSince ? "L3" : "pass"))
    }

    @Test("R2: a sanitizing write-back that keeps what clearAllAndShowRoot drops fires R2", arguments: [true, false])
    func r2Sanitizing(broken: Bool) {
        var world = ScenarioWorld()
        world.restorePolicy = .clearAllAndShowRoot
        let s = Self.showingOne(world: world)
        s.input()
        s.write(Self.oneTwo)
        s.failure(2)
        s.write(broken ? Self.one : [], by: .library, animated: false)
        #expect(s.outcome == (broken ? "R2" : "pass"))
    }

    @Test("L1: a host entry showing another value than the path's fires L1", arguments: [true, false])
    func l1(broken: Bool) {
        let s = Self.showingOne()
        let bound = SUINavigationPath(entries: [simEntry(1, value: 1)])
        s.finish(FinalState(host: [simEntry(1, value: broken ? 2 : 1)], bound: bound, storedIDs: Self.one))
        #expect(s.outcome == (broken ? "L1" : "pass"))
    }

    @Test("L2: three library calls after the last input fire L2")
    func l2() {
        let s = TraceScript()
        for ids in [S.ids(1, 2), S.ids(1), S.ids(1)] { s.write(ids, animated: false) }
        s.input()
        s.updatePass(animated: false)
        s.push(1, animated: false)
        s.turn()
        s.call(.pop, animated: false, showing: [])
        s.turn()
        s.push(1, instance: 300, animated: false)
        s.turn()
        s.finish(FinalState(host: [simEntry(1)], bound: SUINavigationPath(entries: [simEntry(1)]), storedIDs: Self.one))
        #expect(s.outcome == "L2")
    }

    @Test("L3: a store that does not hold the route-backed prefix fires L3", arguments: [true, false])
    func l3(broken: Bool) {
        let s = Self.showingOne()
        let bound = SUINavigationPath(entries: [simEntry(1)])
        s.finish(FinalState(host: [simEntry(1)], bound: bound, storedIDs: broken ? nil : Self.one))
        #expect(s.outcome == (broken ? "L3" : "pass"))
    }

    @Test("L4: a world that does not reach quiescence fires L4")
    func l4() {
        let s = Self.showingOne()
        s.finish(FinalState(quiescent: false, host: [simEntry(1)], bound: SUINavigationPath(entries: [simEntry(1)]), storedIDs: Self.one))
        #expect(s.outcome == "L4")
    }

    @Test("C1: two calls after a transition with writes behind it fire C1")
    func c1() {
        let s = TraceScript()
        s.input()
        s.write(Self.one)
        s.updatePass()
        s.push(1)
        for ids in [S.ids(1, 2), S.ids(1, 3), S.ids(1, 4)] { s.write(ids, animated: false) }
        s.updatePass(animated: false)
        s.turn(after: 500)
        s.settle()
        s.turn()
        s.call(.replace(S.ids(1, 2), instances: [101, 102]), animated: false, showing: S.ids(1, 2))
        s.turn()
        s.call(.replace(S.ids(1, 3), instances: [101, 103]), animated: false, showing: S.ids(1, 3))
        #expect(s.outcome == "C1")
    }

    @Test("C2: more host calls than intents and mounts fire C2")
    func c2() {
        let s = TraceScript()
        s.push(1, animated: false)
        s.turn()
        s.push(2, animated: false)
        #expect(s.outcome == "C2")
    }

    @Test("C3: a write-back that leaves the path unchanged fires C3")
    func c3() {
        let s = Self.showingOne()
        s.write(Self.one, by: .library, animated: false)
        #expect(s.outcome == "C3")
    }

    @Test("G1: a completed user pop not written back by the next input fires G1", arguments: [true, false])
    func g1(broken: Bool) {
        let s = Self.showingOne()
        s.backTap()
        s.turn(after: 500)
        s.settle()
        if !broken { s.write([], by: .library, animated: false) }
        s.turn()
        s.input()
        #expect(s.outcome == (broken ? "G1" : "pass"))
    }

    @Test("G2: a cancelled swipe that changes the stack fires G2")
    func g2() {
        let s = Self.showingOne()
        s.edgeSwipe(finish: false)
        s.turn(after: 200)
        s.assume(host: [], inFlight: false)
        s.emit(.transitionCompleted(cancelled: true), .uikit)
        #expect(s.outcome == "G2")
    }

    @Test("G3: a write-back over a router write made during the gesture fires G3 (seen or not by an update pass)",
          arguments: [true, false])
    func g3(seenByUpdatePass: Bool) {
        let s = Self.showingOne()
        s.backTap()
        s.turn()
        s.input()
        s.write(Self.oneTwo)
        if seenByUpdatePass { s.updatePass() }
        s.turn(after: 499)
        s.settle()
        s.write([], by: .library, animated: false)
        #expect(s.outcome == "G3")
    }

    @Test("G4: a popped entry that comes back with no input asking for it fires G4", arguments: [true, false])
    func g4(askedAgain: Bool) {
        let s = Self.showingOne()
        s.backTap()
        s.turn(after: 500)
        s.settle()
        s.write([], by: .library, animated: false)
        s.turn()
        s.input()
        s.write(askedAgain ? Self.oneTwo : S.ids(2))
        s.updatePass()
        s.call(.replace(Self.oneTwo, instances: [101, 102]), animated: false, showing: Self.oneTwo)
        #expect(s.outcome == (askedAgain ? "pass" : "G4"))
    }

    @Test("R1: a path that does not survive the codec's round trip fires R1 (one run in eight)", arguments: [true, false])
    func r1(broken: Bool) {
        let s = TraceScript()
        // A path of a schema version the codec cannot read back.
        let path = SUINavigationPath(entries: [simEntry(1)], schemaVersion: broken ? 99 : SUINavigationPath.currentSchemaVersion)
        s.finish(FinalState(host: [simEntry(1)], bound: path, storedIDs: Self.one, seed: 8))
        #expect(s.outcome == (broken ? "R1" : "pass"))
    }

    /// A relaunch of a world whose store holds `stored`, judged two turns later.
    static func relaunch(_ s: TraceScript, stored: [SUINavigationPath.Entry], destinations: [DestinationSpec] = ScenarioWorld.defaultDestinations,
                         corrupt: Bool = false) {
        s.input()
        s.suite.willRelaunch(destinations: destinations, stored: SUINavigationPath(entries: stored), corrupt: corrupt)
        s.lifecycle("relaunch")
        s.assume(host: [], path: [])
        s.lifecycle("mount")
    }

    @Test("R2: a relaunch that shows less than the buildable stored prefix fires R2", arguments: [true, false])
    func r2(broken: Bool) {
        let s = TraceScript()
        Self.relaunch(s, stored: [simEntry(1), simEntry(2, key: "gone")])
        s.failure(2)
        if !broken {
            s.call(.replace(Self.one, instances: [101]), animated: false, showing: Self.one)
            s.write(Self.one, by: .library, animated: false)
        }
        s.turn()
        s.turn()
        #expect(s.outcome == (broken ? "R2" : "pass"))
    }

    @Test("R3: a restored entry reported unbuildable although its alias resolves fires R3")
    func r3() {
        let s = TraceScript()
        let renamed = [DestinationSpec(key: "b", aliases: ["a"])]
        Self.relaunch(s, stored: [simEntry(1, key: "a")], destinations: renamed)
        s.failure(1, "unknown key 'a'")
        #expect(s.outcome == "R3")
    }

    @Test("R4: a corrupt snapshot that is not reported fires R4", arguments: [true, false])
    func r4(broken: Bool) {
        let s = TraceScript()
        Self.relaunch(s, stored: [], corrupt: true)
        if !broken { s.failure(nil, "corrupt snapshot") }
        s.turn()
        s.turn()
        #expect(s.outcome == (broken ? "R4" : "pass"))
    }

    @Test("R5: clearCachedStack() that leaves the snapshot fires R5", arguments: [true, false])
    func r5(broken: Bool) {
        let s = Self.showingOne()
        s.suite.didClearCache(CacheClear(sequence: 9, time: 0, stackChanged: false, pathChanged: false, snapshotLeft: broken))
        #expect(s.outcome == (broken ? "R5" : "pass"))
    }

    @Test("R6: an empty bound path not filled from the store fires R6")
    func r6() {
        let s = TraceScript()
        Self.relaunch(s, stored: [simEntry(1)])
        s.call(.replace(Self.one, instances: [101]), animated: false, showing: Self.one)
        s.turn()
        s.turn()
        #expect(s.outcome == "R6")
    }

    @Test("D1: two runs of one scenario with different trace hashes fire D1", arguments: [true, false])
    func d1(broken: Bool) {
        let first = RunResult(violation: nil, traceHash: 1, eventCount: 3, coverage: CoverageSet(), quiescent: true)
        var second = first
        if broken { second.traceHash = 2 }
        #expect(DeterminismChecks.d1(first: first, second: second)?.invariant == (broken ? "D1" : nil))
    }

    @Test("every invariant id of the document has a firing test here")
    func everyIDHasATest() {
        #expect(InvariantID.all == ["S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "S10", "S11", "S12",
                                    "L1", "L2", "L3", "L4", "C1", "C2", "C3", "G1", "G2", "G3", "G4",
                                    "R1", "R2", "R3", "R4", "R5", "R6", "D1",
                                    // The M ids fire in GraphOracleFiringTests (MS, ML) and its +Gestures file (MC, MG);
                                    // MR1 in GraphLifecycleTests (a broken restore).
                                    "MS1", "MS2", "MS3", "MS4", "MS5", "MS6", "MS7", "MS8", "ML1", "ML2", "ML3", "ML4",
                                    "MC1", "MC2", "MC3", "MC4", "MG1", "MG2", "MG3", "MG4", "MG5", "MG6", "MR1"])
    }
}
