import Foundation
import Testing
@testable import SUINavigationFuzz
import SUINavigationCore
import SUINavigationSimulator

/// At a stable check the engine skips its walk of the stacks the host shows while neither the
/// stacks it holds nor the host's ``NavigationGraphHost/stackContainersVersion`` moved since the
/// walk last found them the same. A version the window forgets to move on some change of its
/// containers (a user's gesture, a dismissal completing, an anchor-loss removal) would keep
/// reconcilers of gone stacks: the runs must equal, message for message and held stack for held
/// stack, those of an engine that never skips.
@Suite("Graph stable checks skip an unchanged walk of the stacks")
struct GraphStackWalkSkipTests {
    /// The engines a run made (a relaunch makes another), shared with the `@Sendable` factory.
    final class Engines: @unchecked Sendable {
        private let lock = NSLock()
        private var made: [NavigationGraphReconciler<SimulatedScreen>] = []
        var all: [NavigationGraphReconciler<SimulatedScreen>] { lock.withLock { made } }
        func add(_ engine: NavigationGraphReconciler<SimulatedScreen>) { lock.withLock { made.append(engine) } }
    }

    /// What a run produced: its result, and each engine's finished messages, failures and held
    /// stacks at the end.
    struct Outcome: Equatable {
        var result: RunResult
        var messages: [[FinishedNavigationMessage]]
        var failures: [[NavigationGraphFailure]]
        var heldStacks: [[NavigationContainerID]]
    }

    /// A version the engine reads instead of the window's.
    typealias Version = @Sendable (SimulatedWindow) -> UInt64?

    /// The reference engine, over the window itself (`version` nil) or over a proxy of the
    /// window that reports `version` as its stack containers version.
    static func factory(_ engines: Engines, version: Version?) -> GraphReconcilerFactory {
        { context in
            let host: any NavigationGraphHost<SimulatedScreen>
            if let version {
                let proxy = FaultyGraphHost(window: context.window)
                let window = context.window
                proxy.reportedStackContainersVersion = { version(window) }
                host = proxy
            } else {
                host = context.window
            }
            let engine = NavigationGraphReconciler(host: host, registry: context.registry, binding: context.binding,
                                                   persistence: context.persistence)
            engine.dismissesOneLayerPerTransition = context.window.options.era == .iOS16
            engines.add(engine)
            return engine
        }
    }

    /// Runs `scenario`; returns what it produced and how many walks its engines skipped.
    static func run(_ scenario: Scenario, version: Version?) -> (outcome: Outcome, skipped: Int) {
        let engines = Engines()
        let result = GraphScenarioRunner.run(scenario, factory: factory(engines, version: version))
        let all = engines.all
        let outcome = Outcome(result: result, messages: all.map(\.notifier.sent), failures: all.map(\.failureReports),
                              heldStacks: all.map(\.heldStackIDs))
        return (outcome, all.reduce(0) { $0 + $1.skippedStackWalks })
    }

    /// A proxy that reports no version: the engine walks the stacks at every stable check.
    static let neverSkips: Version = { _ in nil }

    @Test("on 150 generated graph scenarios an engine that skips unchanged walks of the stacks runs exactly as one that never skips: same verdict, trace hash, coverage, finished messages, failures and held stacks",
          arguments: 0..<3)
    func skippingEqualsNeverSkipping(batch: UInt64) {
        let generator = GraphScenarioGenerator(stepsMax: 60)
        var skipped = 0
        for index in 0..<UInt64(50) {
            let scenario = generator.generate(seed: 8_200_017 &* (batch * 50 + index + 1))
            let skipping = Self.run(scenario, version: nil)
            let reference = Self.run(scenario, version: Self.neverSkips)
            #expect(reference.skipped == 0)
            #expect(skipping.outcome == reference.outcome, "seed \(scenario.seed): the run differs when unchanged walks are skipped")
            skipped += skipping.skipped
        }
        // NB: the comparison must have covered skips: most stable checks find the stacks unchanged.
        #expect(skipped > 500)
    }

    /// A version that never moves: the engine walks the stacks again only when its own table
    /// changed, and misses the stacks the window removed by itself. The comparison must see it.
    @Test("a stack containers version that misses the window's changes makes generated runs differ from an engine that never skips")
    func missedBumpIsCaught() {
        let generator = GraphScenarioGenerator(stepsMax: 60)
        var differing = 0
        var skipped = 0
        for index in 0..<UInt64(50) {
            let scenario = generator.generate(seed: 8_200_017 &* (index + 1))
            let broken = Self.run(scenario, version: { _ in 0 })
            let reference = Self.run(scenario, version: Self.neverSkips)
            skipped += broken.skipped
            if broken.outcome != reference.outcome { differing += 1 }
        }
        #expect(skipped > 500)
        #expect(differing > 0, "a version blind to the window's changes went unnoticed")
    }
}
