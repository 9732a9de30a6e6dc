import Foundation
import SUINavigationCore
import SUINavigationSimulator

/// The outcome of running one scenario.
public struct RunResult: Hashable, Sendable {
    /// The first broken invariant, or nil when the run passed.
    public var violation: Violation?
    /// The trace hash (D1: equal for equal scenarios on one build).
    public var traceHash: UInt64
    /// How many trace events the world produced.
    public var eventCount: Int
    /// Which coverage goals the run reached.
    public var coverage: CoverageSet
    /// Whether the world reached quiescence before the deadline.
    public var quiescent: Bool

    /// Whether the run passed.
    public var passed: Bool { violation == nil }

    /// Whether the outcome matches what the scenario expects.
    public func matches(_ expected: ExpectedOutcome) -> Bool {
        switch expected {
        case .pass: violation == nil
        case .fail(let id): violation?.invariant == id
        }
    }
}

/// Errors of running a scenario that are not invariant violations.
public enum RunError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The scenario names a policy this build does not have.
    case unknownPolicy(String)
    /// A graph scenario names a policy that has no graph form.
    case unknownGraphPolicy(String)

    public var description: String {
        switch self {
        case .unknownGraphPolicy(let name):
            let hint = closestMatch(name, in: GraphPolicyCatalog.names).map { " (did you mean '\($0)'?)" } ?? ""
            return "unknown graph policy '\(name)'\(hint); a graph scenario runs one of \(GraphPolicyCatalog.names.joined(separator: ", "))"
        case .unknownPolicy(let name):
            let hint = closestMatch(name, in: PolicyCatalog.names).map { " (did you mean '\($0)'?)" } ?? ""
            return "unknown policy '\(name)'\(hint); expected one of \(PolicyCatalog.names.joined(separator: ", "))"
        }
    }
}

/// Runs scenarios in the simulated world under the oracles.
public enum ScenarioRunner {
    /// How long after the last step the world may take to reach quiescence (liveness deadline).
    public static let settleDeadlineMilliseconds: Int64 = 20_000

    /// Runs `scenario` against its policy.
    ///
    /// - Parameters:
    ///   - registries: registries to reuse across runs (a shrinker or a worker passes one cache to
    ///     all of its runs); outcomes do not depend on it.
    ///   - inspect: when set, receives the world after the run (for `--trace`).
    public static func run(_ scenario: Scenario, registries: RegistryCache = RegistryCache(),
                           inspect: ((World) -> Void)? = nil) throws(RunError) -> RunResult {
        if scenario.isGraph {
            guard let factory = GraphPolicyCatalog.factory(named: scenario.policy) else { throw .unknownGraphPolicy(scenario.policy) }
            return GraphScenarioRunner.run(scenario, factory: factory, registries: registries, inspect: inspect)
        }
        guard let factory = PolicyCatalog.factory(named: scenario.policy) else { throw .unknownPolicy(scenario.policy) }
        return run(scenario, factory: factory, registries: registries, inspect: inspect)
    }

    /// Runs `scenario` against the reconciler `factory` makes.
    ///
    /// - Parameter registries: registries to reuse across runs (a campaign worker passes one
    ///   cache to all of its runs); outcomes do not depend on it.
    public static func run(_ scenario: Scenario, factory: @escaping ReconcilerFactory, registries: RegistryCache = RegistryCache(),
                           inspect: ((World) -> Void)? = nil) -> RunResult {
        // NB: the trace is kept only for `inspect` (timelines); the oracles and coverage read
        // each event once, and the hash does not depend on keeping it.
        var configuration = scenario.world.configuration
        configuration.keepsTrace = inspect != nil
        let world = World(configuration: configuration, seed: scenario.seed, registries: registries, makeReconciler: factory)
        // NB: the suite of the last run sharing `registries`, reset (its lists keep their storage).
        let oracles = OracleSuite.reusable(in: registries, world: scenario.world)
        defer { oracles.endUse() }
        // NB: the suite also notes coverage: one observer, its state mutated in place.
        world.eventObserver = { event in oracles.observe(event) }
        // NB: the oracles never read a step's label (an `input` event's): unless the trace is
        // kept, the world hashes it from bytes and makes no string.
        world.observerReadsInputLabels = false
        let executor = StepExecutor(oracles: oracles, mode: world.configuration.mode, steps: scenario.steps)
        executor.schedule(in: world)
        world.run(until: scenario.lastStepTime)
        let quiescent = world.runUntilIdle(deadline: scenario.lastStepTime + settleDeadlineMilliseconds)
        oracles.finish(world: world, quiescent: quiescent)
        world.eventObserver = nil
        let coverage = oracles.coverage
        var set = coverage.set
        set.bits |= executor.coverage.bits
        if scenario.world.mode == .imperative, coverage.sawHostCall { set.insert(.imperativeCall) }
        inspect?(world)
        return RunResult(violation: oracles.violation, traceHash: world.traceHash, eventCount: world.eventCount,
                         coverage: set, quiescent: quiescent)
    }

    /// Replays `scenario` in a world with no oracle and no coverage observer (the world alone,
    /// for benchmarks), to quiescence or the settle deadline. Its trace hash equals
    /// ``run(_:factory:inspect:)``'s.
    ///
    /// - Parameter registries: registries to reuse across replays, as a campaign worker reuses them.
    public static func replay(_ scenario: Scenario, configuration: WorldConfiguration? = nil,
                              factory: @escaping ReconcilerFactory = World.referenceReconciler,
                              registries: RegistryCache = RegistryCache()) -> World {
        let world = World(configuration: configuration ?? scenario.world.configuration, seed: scenario.seed,
                          registries: registries, makeReconciler: factory)
        StepExecutor(oracles: nil, mode: world.configuration.mode, steps: scenario.steps).schedule(in: world)
        world.run(until: scenario.lastStepTime)
        world.runUntilIdle(deadline: scenario.lastStepTime + settleDeadlineMilliseconds)
        return world
    }
}
