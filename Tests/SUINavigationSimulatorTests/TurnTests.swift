import Foundation
import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// uikit-model.md section 1: time and turns.
@Suite("Turns")
struct TurnTests {
    @Test("inputs due at the same time run before app code, each in scheduling order")
    func sameTimeOrdering() {
        let p = ProbeWorld()
        for (label, phase) in [("a1", World.InputPhase.app), ("i1", .input), ("a2", .app), ("i2", .input)] {
            p.world.schedule(at: 5, phase: phase, label: label) { _ in }
        }
        p.world.run(until: 5)
        let labels = p.world.trace.compactMap { if case .input(let label) = $0.kind { label } else { nil } }
        #expect(labels == ["i1", "i2", "a1", "a2"])
        #expect(p.world.trace.filter { $0.kind.name == "input" }.allSatisfy { $0.turn == p.world.turn && $0.time == 5 })
    }

    @Test("a turn runs completions, input, app code, previous-turn blocks, one update pass, then layout")
    func turnOrder() {
        let p = ProbeWorld()
        p.app(at: 10) { _ in p.host.push(p.probe.screen(1), animated: true) }
        p.app(at: 509) { world in world.host.scheduleOnNextTurn {} }
        p.world.schedule(at: 510, phase: .app, label: "write") { world in
            world.writePath(SUINavigationPath(), transaction: .animated)
        }
        p.world.schedule(at: 510, phase: .input, label: "tap") { world in world.tapBack() }
        let start = p.world.eventCount
        p.world.run(until: 510)
        #expect(p.world.summaries(from: start, dropping: []) == [
            "turnBegan(4)",
            "transitionCompleted(finished)", "didShow(#1 animated)",
            "input(tap)", "gestureBegan(backTap top #1)",
            "input(write)", "pathWrite(router [] animated)",
            "scheduledBlock",
            "updatePass([] animated)",
            "transitionBegan(pop)", "willShow(root animated)",
        ])
        #expect(p.world.trace.dropFirst(start).allSatisfy { $0.time == 510 })
    }

    @Test("three writes in one turn produce one update pass with the latest value and the last transaction")
    func writesBatch() {
        let p = ProbeWorld()
        p.app(at: 10) { world in
            var path = SUINavigationPath()
            path.append(key: "detail", payload: world.makeEntryPayload(1))
            world.writePath(path, transaction: .animated)
            path.append(key: "detail", payload: world.makeEntryPayload(2))
            world.writePath(path, transaction: .animated)
            path.append(key: "detail", payload: world.makeEntryPayload(3))
            world.writePath(path, transaction: .nonAnimated)
        }
        #expect(p.world.summaries().filter { $0.hasPrefix("updatePass") } == ["updatePass([#1 #2 #3] nonAnimated)"])
        #expect(p.probe.updates.count == 1)
        #expect(p.probe.updates.first?.ids == ids(1, 2, 3))
        #expect(p.probe.updates.first?.animated == false)
    }

    @Test("main-queue blocks run in the next turn, after the app code due then")
    func blocksRunNextTurn() {
        let p = ProbeWorld()
        var ranInTurn: Int?
        p.app(at: 10) { world in world.host.scheduleOnNextTurn { ranInTurn = world.turn } }
        let turnOfSchedule = p.world.turn
        p.world.schedule(at: 11, phase: .app, label: "app") { _ in }
        let start = p.world.eventCount
        p.world.run(until: 11)
        #expect(ranInTurn == turnOfSchedule + 1)
        #expect(p.world.summaries(from: start) == ["scheduledBlock"])
        #expect(p.world.trace.dropFirst(start).map(\.kind.name) == ["turnBegan", "input", "scheduledBlock"])
    }

    @Test("a write from inside the update pass is hazard H-UPD and causes one more pass in the next turn")
    func writeInsideUpdatePass() {
        let p = ProbeWorld()
        p.probe.onUpdate = { path in
            guard path.count == 1 else { return }
            var longer = path
            longer.append(key: "detail", payload: Data("{\"value\":9}".utf8))
            p.probe.binding.set(longer, transaction: .nonAnimated)
        }
        p.app(at: 10) { world in
            var path = SUINavigationPath()
            path.append(key: "detail", payload: world.makeEntryPayload(1))
            world.writePath(path, transaction: .animated)
        }
        p.world.run(until: 20)
        #expect(p.world.summaries() == [
            "lifecycle(mount)", "pathWrite(router [#1] animated)", "updatePass([#1] animated)",
            "pathWrite(library [#1 #2] nonAnimated insideUpdatePass)",
            "hazard(H-UPD: bound path written from inside the SwiftUI update pass)",
            "updatePass([#1 #2] nonAnimated)",
        ])
        let passes = p.world.trace.filter { $0.kind.name == "updatePass" }
        #expect(passes.count == 2 && passes[1].turn == passes[0].turn + 1)
    }

    @Test("an animated call starts in the layout pass and completes first thing in the turn at its end time")
    func animatedCallLifecycle() {
        let p = ProbeWorld(WorldConfiguration(durations: SimulationDurations(standardMilliseconds: 420)))
        p.app(at: 10) { _ in p.host.push(p.probe.screen(1), animated: true) }
        p.world.run(until: 1000)
        let began = p.world.trace.first { $0.kind.name == "transitionBegan" }
        let completed = p.world.trace.first { $0.kind.name == "transitionCompleted" }
        #expect(began?.time == 10)
        #expect(completed?.time == 430)
        if let completed {
            #expect(p.world.trace[completed.sequence - 1].kind == .turnBegan(completed.turn))
        }
    }

    @Test("a non-animated call delivers willShow and didShow with animated false in the same turn, with no coordinator")
    func nonAnimatedCall() {
        let p = ProbeWorld()
        var inFlightAfterCall: Bool?
        p.app(at: 10) { _ in
            p.host.push(p.probe.screen(1), animated: false)
            inFlightAfterCall = p.host.isTransitionInFlight
        }
        #expect(inFlightAfterCall == false)
        #expect(p.world.summaries() == [
            "lifecycle(mount)", "hostCall(push #1 i1 nonAnimated)", "willShow(#1 nonAnimated)", "didShow(#1 nonAnimated)",
        ])
        #expect(p.world.trace.allSatisfy { $0.time <= 10 && !$0.transitionInFlight })
    }

    @Test("virtual time never goes backwards: inputs scheduled in the past run now")
    func timeMonotonic() {
        let p = ProbeWorld()
        p.world.run(until: 100)
        #expect(p.world.virtualTime == 100)
        p.world.schedule(at: 50, phase: .app, label: "late") { _ in }
        p.world.run(until: 100)
        let times = p.world.trace.map(\.time)
        #expect(times == times.sorted())
        #expect(p.world.trace.last?.time == 100)
    }

    @Test("in the background update passes wait; the return to the foreground runs one with the latest write")
    func backgroundBatches() {
        let p = ProbeWorld()
        p.app(at: 10) { world in world.enterBackground() }
        for value in 1...3 {
            p.app(at: 10 + Int64(value)) { world in
                var path = world.boundPath
                path.append(key: "detail", payload: world.makeEntryPayload(value))
                world.writePath(path, transaction: value == 3 ? .nonAnimated : .animated)
            }
        }
        #expect(p.probe.updates.isEmpty)
        #expect(!p.world.runUntilIdle(deadline: 500))
        p.app(at: 600) { world in world.enterForeground() }
        #expect(p.probe.updates.count == 1)
        #expect(p.probe.updates.first?.ids == ids(1, 2, 3))
        #expect(p.world.summaries().suffix(2) == ["lifecycle(foreground)", "updatePass([#1 #2 #3] nonAnimated)"])
    }
}
