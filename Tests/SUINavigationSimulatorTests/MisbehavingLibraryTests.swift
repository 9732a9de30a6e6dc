import Foundation
import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// The model must survive any library: calls mid-transition, reentrant calls from callbacks,
/// gestures on the root. Invariants are checked after every turn in debug builds.
@Suite("Misbehaving library")
struct MisbehavingLibraryTests {
    static func naiveWorld(seed: UInt64) -> World {
        let template = RandomWorld.make(seed: seed, steps: 0)
        var configuration = template.configuration
        configuration.mode = .pathDriven
        let world = World(configuration: configuration, seed: seed) { NaiveReconciler(context: $0) }
        var random = SimulationRandom(seed: seed).fork("naive")
        var time: Int64 = 0
        for step in 0..<40 {
            time += random.int64(in: 0...300)
            let value = step + 1
            switch random.int(in: 0..<5) {
            case 0, 1:
                let animated = random.chance(4, 5), zoom = random.chance(1, 3)
                world.schedule(at: time, phase: .app, label: "push") { world in
                    var path = world.boundPath
                    path.append(key: zoom ? "photo" : "detail", payload: world.makeEntryPayload(value))
                    world.writePath(path, transaction: NavigationTransaction(animated: animated))
                }
            case 2:
                let drop = random.int(in: 1...3)
                world.schedule(at: time, phase: .app, label: "pop") { world in
                    var path = world.boundPath
                    path.removeLast(drop)
                    world.writePath(path, transaction: .animated)
                }
            case 3:
                let hold = random.int64(in: 1...200), finish = random.bool()
                world.schedule(at: time, phase: .input, label: "swipe") { world in world.beginEdgeSwipe() }
                world.schedule(at: time + hold, phase: .input, label: "release") { world in world.endEdgeSwipe(finish: finish) }
            default:
                let hold = random.int64(in: 1...200), towardSource = random.bool()
                world.schedule(at: time, phase: .input, label: "grab") { world in world.grabZoom() }
                world.schedule(at: time + hold, phase: .input, label: "release") { world in world.releaseZoom(towardSource: towardSource) }
            }
        }
        return world
    }

    @Test("random worlds with a naive library keep the model's invariants, stay deterministic, and record its hazards")
    func naiveLibrary() {
        var seen = Set<HazardID>()
        for seed in UInt64(1)...150 {
            let first = Self.naiveWorld(seed: seed)
            first.runUntilIdle(deadline: 40_000)
            let second = Self.naiveWorld(seed: seed)
            second.runUntilIdle(deadline: 40_000)
            #expect(first.traceHash == second.traceHash, "seed \(seed)")
            seen.formUnion(first.hazards)
        }
        // The naive library calls UIKit mid-transition (H2), decides from stale stacks in the
        // deferring profiles (H3), interrupts gestures (H6), and accepts swipes on the root (H7).
        #expect(seen.isSuperset(of: [.h2, .h3, .h6, .h7, .h13]))
    }
}
