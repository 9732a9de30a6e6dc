import Foundation
import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// uikit-model.md section 7: hazards the world detects from the library's behaviour.
@Suite("Hazards")
struct HazardTests {
    /// A probe world showing #1 #2 with the bound path [#1 #2] (router-written, ids 1 and 2).
    func twoScreensBound() -> ProbeWorld {
        let p = ProbeWorld()
        p.app(at: 10) { world in
            p.host.replace(with: [p.probe.screen(1), p.probe.screen(2)], animated: false)
            var path = SUINavigationPath()
            path.append(key: "detail", payload: world.makeEntryPayload(1))
            path.append(key: "detail", payload: world.makeEntryPayload(2))
            world.writePath(path, transaction: .nonAnimated)
        }
        return p
    }

    @Test("H4: a library that writes the pop into the path on willShow, before didShow")
    func popCommittedEarly() {
        let p = twoScreensBound()
        p.probe.onWillShow = { _ in
            var path = p.probe.binding.value
            path.removeLast()
            p.probe.binding.set(path, transaction: .nonAnimated)
        }
        p.user(at: 100) { world in world.beginEdgeSwipe() }
        #expect(p.world.hazards == [.h4])
    }

    @Test("H12: a library that writes its own pop back as a user pop removes two entries")
    func ownPopWrittenBack() {
        let p = twoScreensBound()
        p.probe.onDidShow = { _ in
            // The bug: "the user popped", so drop one more entry from the path.
            var path = p.probe.binding.value
            path.removeLast()
            p.probe.binding.set(path, transaction: .nonAnimated)
        }
        p.app(at: 100) { world in
            var path = world.boundPath
            path.removeLast()
            world.writePath(path, transaction: .animated)
            p.host.pop(animated: true)
        }
        p.world.runUntilIdle(deadline: 5000)
        #expect(p.world.boundPath.ids == [])
        #expect(p.host.stackIDs == ids(1))
        #expect(p.world.hazards == [.h12])
    }

    @Test("H9: a library that reacts to the root's repeated didShow with a host call")
    func repeatedDidShow() {
        let p = ProbeWorld(WorldConfiguration(rootDidShowTwice: true))
        var rootShows = 0
        p.probe.onDidShow = { id in
            guard id == nil else { return }
            rootShows += 1
            if rootShows == 2 { p.host.push(p.probe.screen(5), animated: false) }
        }
        p.app(at: 10) { _ in p.host.push(p.probe.screen(1), animated: false) }
        p.app(at: 20) { _ in p.host.pop(animated: false) }
        #expect(rootShows == 2)
        #expect(p.world.hazards == [.h9])
    }

    @Test("H5: after a cancelled interactive pop a library that still waits stalls the world")
    func waitsAfterCancel() {
        let p = twoScreensBound()
        p.user(at: 100) { world in
            world.beginEdgeSwipe()
            world.endEdgeSwipe(finish: false)
        }
        p.probe.hasPendingWork = true
        #expect(!p.world.runUntilIdle(deadline: 5000))
        #expect(!p.world.runUntilIdle(deadline: 6000))
        #expect(p.world.hazards == [.h5])
        p.probe.hasPendingWork = false
        #expect(p.world.runUntilIdle(deadline: 7000))
    }

    @Test("a library still busy without a cancelled pop is not H5 (it is for the liveness oracle)")
    func busyWithoutCancelIsNotH5() {
        let p = twoScreensBound()
        p.probe.hasPendingWork = true
        #expect(!p.world.runUntilIdle(deadline: 5000))
        #expect(p.world.hazards.isEmpty)
    }

    @Test("a world waiting in the background after a cancelled pop is not H5: the library is not the one waiting")
    func backgroundAfterCancelIsNotH5() {
        let p = twoScreensBound()
        p.user(at: 100) { world in
            world.beginEdgeSwipe()
            world.endEdgeSwipe(finish: false)
        }
        p.app(at: 200) { world in
            world.enterBackground()
            world.writePath(SUINavigationPath(), transaction: .animated)
        }
        #expect(!p.world.runUntilIdle(deadline: 5000))
        #expect(p.world.hazards.isEmpty)
    }
}
