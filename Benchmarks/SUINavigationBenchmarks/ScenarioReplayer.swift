import SUINavigationFuzz
import SUINavigationSimulator

/// Replays a scenario's steps in a ``World`` with no oracle and no coverage observer: the world
/// alone, for the `world` suite. The steps go through the fuzzer's own step executor
/// (``ScenarioRunner/replay(_:configuration:factory:registries:)``), so the trace hash equals
/// ``ScenarioRunner/run(_:factory:inspect:)``'s; the suite checks that for every scenario.
enum ScenarioReplayer {
    /// Runs `scenario` to quiescence (or the runner's settle deadline) and returns the world.
    static func run(_ scenario: Scenario, configuration: WorldConfiguration,
                    factory: @escaping ReconcilerFactory = World.referenceReconciler,
                    registries: RegistryCache = RegistryCache()) -> World {
        ScenarioRunner.replay(scenario, configuration: configuration, factory: factory, registries: registries)
    }
}
