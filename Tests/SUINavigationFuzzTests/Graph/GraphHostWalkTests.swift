import Foundation
import Testing
@testable import SUINavigationFuzz
import SUINavigationCore
import SUINavigationSimulator

/// The window answers the graph host's walks (``NavigationGraphHost/displayedSubjects()``,
/// ``NavigationGraphHost/forEachStackContainer(_:)``) from its own containers; the protocol's
/// defaults walk the descriptions it hands out. The engine must see exactly the same answers.
@Suite("Graph host walks")
struct GraphHostWalkTests {
    /// The walks of every engine host made by a run, shared with the `@Sendable` factory.
    final class Hosts: @unchecked Sendable {
        private let lock = NSLock()
        private var made: [FaultyGraphHost] = []
        var all: [FaultyGraphHost] { lock.withLock { made } }
        func add(_ host: FaultyGraphHost) { lock.withLock { made.append(host) } }
    }

    /// The reference engine over a proxy of the window that compares both answers at every walk.
    static func comparingFactory(_ hosts: Hosts) -> GraphReconcilerFactory {
        { context in
            let host = FaultyGraphHost(window: context.window)
            hosts.add(host)
            let reconciler = NavigationGraphReconciler(host: host, registry: context.registry, binding: context.binding,
                                                       persistence: context.persistence)
            reconciler.dismissesOneLayerPerTransition = context.window.options.era == .iOS16
            return reconciler
        }
    }

    @Test("on 150 generated graph scenarios the window's own walks equal the default walks at every call, and the runs equal the plain reference's",
          arguments: 0..<3)
    func ownWalksEqualDefaultWalks(batch: UInt64) {
        let generator = GraphScenarioGenerator(stepsMax: 50)
        var comparisons = 0
        for index in 0..<UInt64(50) {
            let scenario = generator.generate(seed: 7_000_003 &* (batch * 50 + index + 1))
            let hosts = Hosts()
            let compared = GraphScenarioRunner.run(scenario, factory: Self.comparingFactory(hosts))
            let plain = GraphScenarioRunner.run(scenario, factory: GraphPolicyCatalog.reference)
            #expect(compared == plain, "seed \(scenario.seed): the run differs when every walk is compared")
            for host in hosts.all {
                comparisons += host.walkComparisons
                #expect(host.walkMismatches.isEmpty, "seed \(scenario.seed): \(host.walkMismatches.prefix(2))")
            }
        }
        // NB: the check must have compared something: every run walks at its stable points.
        #expect(comparisons > 500)
    }

    /// The window reuses its last ``SimulatedWindow/displayedSubjects()`` answer while its
    /// structure version and its stacks' versions stand still: at every call (through the
    /// comparing proxy) the answer must equal the default walk of its descriptions, and at the end
    /// of each run the cache must equal a fresh walk of its containers.
    @Test("on 100 generated graph scenarios the window's cached displayed subjects equal a fresh walk at every call and at the end of the run",
          arguments: 0..<2)
    func cachedDisplayedSubjectsEqualFreshWalk(batch: UInt64) {
        let generator = GraphScenarioGenerator(stepsMax: 60)
        var comparisons = 0
        for index in 0..<UInt64(50) {
            let scenario = generator.generate(seed: 9_100_019 &* (batch * 50 + index + 1))
            let hosts = Hosts()
            var current = true, repeated = true
            _ = GraphScenarioRunner.run(scenario, factory: Self.comparingFactory(hosts)) { world in
                guard let window = world.window else { return }
                current = window.displayedSubjectsAreCurrent
                let first = window.displayedSubjects()
                repeated = first == window.displayedSubjects() && first == window.describedDisplayedSubjects()
            }
            #expect(current && repeated, "seed \(scenario.seed): the cached displayed subjects are stale")
            for host in hosts.all {
                comparisons += host.walkComparisons
                #expect(host.walkMismatches.isEmpty, "seed \(scenario.seed): \(host.walkMismatches.prefix(2))")
            }
        }
        #expect(comparisons > 300)
    }

    @Test("a window with a presented sheet lists its stacks by layer and its subjects in graph order")
    func windowWalksAPresentedSheet() throws {
        let scenario = GraphRunnerTests.scenario([(10, .present(GraphRunnerTests.sheet, animated: true))])
        var subjects: [NavigationGraphSubject] = []
        var described: [NavigationGraphSubject] = []
        var stacks: [String] = []
        _ = try ScenarioRunner.run(scenario) { world in
            guard let window = world.window else { return }
            subjects = window.displayedSubjects()
            described = window.describedDisplayedSubjects()
            window.forEachStackContainer { stacks.append("\($0):\($1)") }
        }
        #expect(subjects == described)
        #expect(subjects.contains { if case .layer = $0 { true } else { false } })
        #expect(stacks.count == 2 && stacks.first?.hasPrefix("0:") == true && stacks.last?.hasPrefix("1:") == true)
    }
}
