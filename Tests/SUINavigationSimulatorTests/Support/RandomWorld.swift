import Foundation
import SUINavigationCore
@testable import SUINavigationSimulator

/// Seeded random worlds: a configuration and a few dozen inputs, all drawn from
/// ``SimulationRandom`` before the run (the actions themselves draw nothing).
enum RandomWorld {
    static let destinations = [
        DestinationSpec(key: "detail", aliases: ["old.detail"]),
        DestinationSpec(key: "photo", defaultZoom: true),
        DestinationSpec(key: "broken", decodes: false),
    ]

    /// Builds the world of `seed` with its inputs scheduled.
    static func make(seed: UInt64, steps: Int = 30, keepsTrace: Bool = true) -> World {
        var random = SimulationRandom(seed: seed)
        var configuration = WorldConfiguration()
        configuration.profile = random.element(of: SimulationProfile.allCases)!
        configuration.mode = random.chance(1, 4) ? .imperative : .pathDriven
        configuration.durations = .drawn(using: &random)
        configuration.rootDidShowTwice = random.bool()
        configuration.zoomRepeatsCallbacks = random.bool()
        configuration.coordinatorClearedBeforeDidShow = random.chance(1, 4)
        configuration.modernDefersAllCalls = random.chance(3, 4)
        configuration.restorable = random.chance(3, 4)
        configuration.destinations = destinations
        configuration.keepsTrace = keepsTrace
        let world = World(configuration: configuration, seed: seed)
        var time: Int64 = 0
        var value = 0
        for step in 0..<steps {
            time += random.int64(in: 0...400)
            value += 1
            schedule(step: step, at: time, value: value, in: world, random: &random)
        }
        return world
    }

    private static func schedule(step: Int, at time: Int64, value: Int, in world: World, random: inout SimulationRandom) {
        let label = "steps[\(step)]"
        let key = NavigationDestinationKey(random.element(of: ["detail", "photo", "broken", "old.detail"])!)
        let animated = random.chance(4, 5)
        switch random.int(in: 0..<13) {
        case 0:
            let disable = random.chance(1, 5), zoom = random.chance(1, 4)
            world.schedule(at: time, phase: .app, label: label + " push") { world in
                world.navigator.push(key: key, payload: world.makeEntryPayload(value), animated: animated,
                                     disableBackGesture: disable, transition: zoom ? .zoom(id: "\(value)") : nil)
            }
        case 1:
            world.schedule(at: time, phase: .app, label: label + " pop") { world in world.navigator.pop(levels: 1, animated: animated) }
        case 2:
            world.schedule(at: time, phase: .app, label: label + " popToRoot") { world in world.navigator.popToRoot(animated: animated) }
        case 3:
            let drop = random.int(in: 0...2), add = random.int(in: 0...2)
            world.schedule(at: time, phase: .app, label: label + " write") { world in
                var path = world.boundPath
                path.removeLast(drop)
                for extra in 0..<add { path.append(key: key, payload: world.makeEntryPayload(value * 10 + extra)) }
                world.writePath(path, transaction: NavigationTransaction(animated: animated))
            }
        case 4:
            world.schedule(at: time, phase: .input, label: label + " back") { world in world.tapBack() }
        case 5:
            let progress = random.int(in: 0...100), hold = random.int64(in: 1...300)
            let finish: Bool? = random.chance(1, 3) ? nil : random.bool()
            world.schedule(at: time, phase: .input, label: label + " swipe") { world in world.beginEdgeSwipe() }
            world.schedule(at: time + hold / 2, phase: .input, label: label + " move") { world in
                world.updateEdgeSwipe(progressPercent: progress)
            }
            world.schedule(at: time + hold, phase: .input, label: label + " release") { world in world.endEdgeSwipe(finish: finish) }
        case 6:
            let towardSource = random.bool(), hold = random.int64(in: 1...300)
            world.schedule(at: time, phase: .input, label: label + " grab") { world in world.grabZoom() }
            world.schedule(at: time + hold, phase: .input, label: label + " release") { world in
                world.releaseZoom(towardSource: towardSource)
            }
        case 7:
            let kind = random.element(of: [GestureKind.zoomDismissSwipeDown, .zoomDismissPinch, .zoomDismissEdge])!
            let location = SUINavigationPoint(x: Double(random.int(in: 0...400)), y: Double(random.int(in: 0...800)))
            let velocity = SUINavigationPoint(x: Double(random.int(in: -900...900)), y: Double(random.int(in: -900...900)))
            let finish = random.bool(), hold = random.int64(in: 1...300)
            world.schedule(at: time, phase: .input, label: label + " dismiss") { world in
                world.beginZoomDismiss(kind, location: location, velocity: velocity)
            }
            world.schedule(at: time + hold, phase: .input, label: label + " end") { world in world.endZoomDismiss(finish: finish) }
        case 8:
            let away = random.int64(in: 1...2000)
            world.schedule(at: time, phase: .app, label: label + " background") { world in world.enterBackground() }
            world.schedule(at: time + away, phase: .app, label: label + " foreground") { world in world.enterForeground() }
        case 9:
            let renamed = random.chance(1, 3)
            world.schedule(at: time, phase: .app, label: label + " relaunch") { world in
                world.relaunch(destinations: renamed ? [DestinationSpec(key: "detail")] : nil)
            }
        case 10:
            let corrupt = random.bool()
            world.schedule(at: time, phase: .app, label: label + " plant") { world in
                world.plantSnapshot(corrupt ? Data("{\"schemaVersion\":1,\"entr".utf8) : Data("{\"schemaVersion\":1,\"entries\":[]}".utf8))
            }
        case 11:
            world.schedule(at: time, phase: .app, label: label + " clear") { world in world.clearCachedStack() }
        default:
            world.schedule(at: time, phase: .app, label: label + " double push") { world in
                world.navigator.push(key: key, payload: world.makeEntryPayload(value), animated: animated)
                world.navigator.push(key: key, payload: world.makeEntryPayload(value), animated: animated)
            }
        }
    }

    /// Runs the world of `seed` to quiescence (or its deadline) and returns it.
    static func run(seed: UInt64, steps: Int = 30, keepsTrace: Bool = true) -> World {
        let world = make(seed: seed, steps: steps, keepsTrace: keepsTrace)
        world.runUntilIdle(deadline: Int64(steps) * 400 + 20_000)
        return world
    }
}
