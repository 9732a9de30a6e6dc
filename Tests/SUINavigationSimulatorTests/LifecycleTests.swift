import Foundation
import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// The world's lifecycle, persistence and modes, driven with the reference reconciler.
@Suite("Lifecycle and modes")
struct LifecycleTests {
    /// A reference world that pushed `values` (settled by time 5000).
    func pushed(_ values: [Int], _ configuration: WorldConfiguration = WorldConfiguration()) -> World {
        let world = World(configuration: configuration, seed: 1)
        for (index, value) in values.enumerated() {
            world.schedule(at: 10 + Int64(index) * 1000, phase: .app, label: "push \(value)") { world in
                world.navigator.push(key: index == 1 ? "photo" : "detail", payload: world.makeEntryPayload(value))
            }
        }
        #expect(world.runUntilIdle(deadline: 50_000))
        return world
    }

    @Test("the world mounts the reconciler at time 0 in the first turn's app phase")
    func mountAtTimeZero() {
        let world = World(configuration: WorldConfiguration(), seed: 1)
        world.run(until: 0)
        #expect(world.trace.map(\.kind.summary).prefix(2) == ["turnBegan(1)", "lifecycle(mount)"])
        #expect(world.trace.allSatisfy { $0.time == 0 })
    }

    @Test("relaunch keeps the store: the new process restores the stack and writes it to the bound path")
    func relaunchRestores() {
        let world = pushed([1, 2])
        #expect(world.storedPath?.ids == ids(1, 2))
        world.schedule(at: 60_000, phase: .app, label: "relaunch") { world in world.relaunch() }
        #expect(world.runUntilIdle(deadline: 70_000))
        #expect(world.hostStack.map(\.entryID) == ids(1, 2))
        #expect(world.boundPath.ids == ids(1, 2))
        #expect(world.hazards.isEmpty)
    }

    @Test("relaunch with a destination gone: the dead entry is reported once and the prefix survives")
    func relaunchWithRenamedDestination() {
        let world = pushed([1, 2])
        world.schedule(at: 60_000, phase: .app, label: "relaunch") { world in
            world.relaunch(destinations: [DestinationSpec(key: "detail")])
        }
        #expect(world.runUntilIdle(deadline: 70_000))
        let failures = world.trace.filter { $0.kind.name == "failureReported" }
        #expect(failures.count == 1)
        if case .failureReported(let text, let id) = failures.first?.kind {
            #expect(id == EntryID(2))
            #expect(text.contains("photo"))
        }
        #expect(world.hostStack.map(\.entryID) == ids(1))
        #expect(world.boundPath.ids == ids(1))
        #expect(world.storedPath?.ids == ids(1))
    }

    @Test("relaunch drops the old process: its transition, its blocks and its bound path never come back")
    func relaunchDropsOldProcess() {
        let world = World(configuration: WorldConfiguration(restorable: false), seed: 1)
        world.schedule(at: 10, phase: .app, label: "push") { world in
            world.navigator.push(key: "detail", payload: world.makeEntryPayload(1))
        }
        world.schedule(at: 20, phase: .app, label: "relaunch") { world in world.relaunch() }
        #expect(world.runUntilIdle(deadline: 5000))
        let afterRelaunch = world.trace.drop { $0.kind != .lifecycle("relaunch") }
        #expect(!afterRelaunch.contains { $0.kind.name == "didShow" || $0.kind.name == "scheduledBlock" })
        #expect(world.hostStack.isEmpty)
        #expect(world.boundPath.isEmpty)
    }

    @Test("a corrupt snapshot is reported, removed, and the app shows the root")
    func corruptSnapshot() {
        let world = World(configuration: WorldConfiguration(), seed: 1)
        world.schedule(at: 10, phase: .app, label: "plant") { world in
            world.plantSnapshot(Data("{\"schemaVersion\":1,\"entr".utf8))
            world.relaunch()
        }
        #expect(world.runUntilIdle(deadline: 5000))
        #expect(world.trace.contains { $0.kind.name == "failureReported" })
        #expect(world.storedBytes == nil)
        #expect(world.hostStack.isEmpty)
        #expect(world.summaries().contains("storeChanged(none)"))
    }

    @Test("clearCachedStack removes the snapshot and changes neither the stack nor the bound path")
    func clearCachedStack() {
        let world = pushed([1])
        world.schedule(at: 60_000, phase: .app, label: "clear") { world in world.clearCachedStack() }
        #expect(world.runUntilIdle(deadline: 70_000))
        #expect(world.storedBytes == nil)
        #expect(world.hostStack.map(\.entryID) == ids(1))
        #expect(world.boundPath.ids == ids(1))
        #expect(world.summaries().suffix(2) == ["lifecycle(clearCachedStack)", "storeChanged(none)"])
    }

    @Test("imperative mode: navigator calls appear as navigator writes, then the host call, with no update pass")
    func imperativeMode() {
        let world = World(configuration: WorldConfiguration(mode: .imperative), seed: 1)
        world.schedule(at: 10, phase: .app, label: "push") { world in
            world.navigator.push(key: "detail", payload: world.makeEntryPayload(1))
        }
        world.schedule(at: 1000, phase: .app, label: "write") { world in
            var path = world.boundPath
            path.append(key: "detail", payload: world.makeEntryPayload(2))
            world.writePath(path, transaction: .nonAnimated)
        }
        #expect(world.runUntilIdle(deadline: 5000))
        let names = world.names().filter { ["pathWrite", "updatePass", "hostCall"].contains($0) }
        #expect(names == ["pathWrite", "hostCall", "pathWrite", "hostCall"])
        #expect(world.summaries().contains("pathWrite(router [#1 #2] nonAnimated)"))
        #expect(world.boundPath.ids == ids(1, 2))
        #expect(world.hostStack.map(\.entryID) == ids(1, 2))
        #expect(world.trace.last?.boundPath == ids(1, 2))
    }

    @Test("imperative mode: a user pop is written back into the navigator's path")
    func imperativeUserPop() {
        let world = World(configuration: WorldConfiguration(mode: .imperative), seed: 1)
        world.schedule(at: 10, phase: .app, label: "push") { world in
            world.navigator.push(key: "detail", payload: world.makeEntryPayload(1), animated: false)
        }
        world.schedule(at: 100, phase: .input, label: "back") { world in world.tapBack() }
        #expect(world.runUntilIdle(deadline: 5000))
        #expect(world.boundPath.isEmpty)
        #expect(world.summaries().contains("pathWrite(library [] nonAnimated)"))
    }

    @Test("the reference coalesces two quick pushes: no call during the transition, both screens shown",
          arguments: SimulationProfile.allCases)
    func referenceCoalesces(profile: SimulationProfile) {
        let world = World(configuration: WorldConfiguration(profile: profile), seed: 1)
        world.schedule(at: 10, phase: .app, label: "push 1") { world in
            world.navigator.push(key: "detail", payload: world.makeEntryPayload(1))
        }
        world.schedule(at: 50, phase: .app, label: "push 2") { world in
            world.navigator.push(key: "detail", payload: world.makeEntryPayload(2))
        }
        #expect(world.runUntilIdle(deadline: 5000))
        #expect(world.hazards.isEmpty)
        #expect(world.hostStack.map(\.entryID) == ids(1, 2))
        #expect(world.trace.filter { $0.kind.name == "hostCall" }.count == 2)
    }
}
