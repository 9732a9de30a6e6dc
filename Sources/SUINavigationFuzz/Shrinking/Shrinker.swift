import SUINavigationCore
import SUINavigationSimulator

/// The outcome of shrinking.
public struct ShrinkResult: Sendable {
    /// The smallest scenario found that fails with the original signature.
    public var scenario: Scenario
    /// The signature kept (`S2@hostCall.push`).
    public var signature: String
    /// Steps before and after.
    public var originalSteps: Int
    public var finalSteps: Int
    /// How many candidate runs were made.
    public var runs: Int
    /// Whether a cap (runs or time) stopped the search before a fixpoint.
    public var capHit: Bool
}

/// Minimizes a failing scenario while keeping its failure signature (invariant id + offending
/// event kind).
///
/// First delta debugging over the steps, deleting chunks from the back first (later steps are
/// more often irrelevant to a failure that already happened); then simplification of what
/// remains: fewer entries, no flags, plain transactions, earlier times, default durations. A
/// candidate is accepted only when it fails with the same signature, so the result never
/// changes what failed.
public struct Shrinker {
    /// The most candidate runs.
    public var maxRuns: Int
    /// Polled between candidates (time cap, Ctrl-C).
    public var shouldStop: () -> Bool
    /// Runs a candidate and returns its failure signature (nil when it passes).
    public var signatureOf: (Scenario) -> String?

    /// A shrinker running candidates in the simulated world against the scenario's policy.
    public static func simulated(maxRuns: Int = 5_000, shouldStop: @escaping () -> Bool = { false }) -> Shrinker {
        // The candidates share their registries (and decoded payloads): outcomes do not depend on it.
        let registries = RegistryCache()
        return Shrinker(maxRuns: maxRuns, shouldStop: shouldStop) { candidate in
            (try? ScenarioRunner.run(candidate, registries: registries))?.violation?.signature
        }
    }

    /// Creates a shrinker from any signature function (tests use constructed ones).
    public init(maxRuns: Int = 5_000, shouldStop: @escaping () -> Bool = { false }, signatureOf: @escaping (Scenario) -> String?) {
        self.maxRuns = maxRuns
        self.shouldStop = shouldStop
        self.signatureOf = signatureOf
    }

    /// Shrinks `scenario`. Returns nil when it does not fail at all.
    public func shrink(_ scenario: Scenario) -> ShrinkResult? {
        guard let signature = signatureOf(scenario) else { return nil }
        var state = State(best: scenario, signature: signature, runs: 1)
        var changed = true
        while changed && !state.capHit {
            changed = false
            changed = deleteSteps(&state) || changed
            changed = simplify(&state) || changed
        }
        closeGestures(&state, original: scenario)
        var result = state.best
        result.expected = .fail(String(signature.prefix { $0 != "@" }))
        return ShrinkResult(scenario: result, signature: signature, originalSteps: scenario.steps.count,
                            finalSteps: result.steps.count, runs: state.runs, capHit: state.capHit)
    }

    /// What ``shrink(_:)`` keeps while it searches.
    struct State {
        var best: Scenario
        let signature: String
        var runs: Int
        var capHit = false
    }

    /// Tries `candidate`; keeps it when it fails with the same signature.
    func attempt(_ candidate: Scenario, _ state: inout State) -> Bool {
        guard !state.capHit else { return false }
        if state.runs >= maxRuns || shouldStop() {
            state.capHit = true
            return false
        }
        state.runs += 1
        guard signatureOf(candidate) == state.signature else { return false }
        state.best = candidate
        return true
    }

    /// Delta debugging: remove chunks of steps, from the back first, halving the chunk size.
    private func deleteSteps(_ state: inout State) -> Bool {
        var changed = false
        var chunk = max(1, state.best.steps.count / 2)
        while chunk >= 1 && !state.capHit {
            var end = state.best.steps.count
            var removedAny = false
            while end > 0 && !state.capHit {
                let start = max(0, end - chunk)
                var candidate = state.best
                candidate.steps.removeSubrange(start..<end)
                if attempt(candidate, &state) {
                    removedAny = true
                    changed = true
                    end = start
                } else {
                    end = start
                }
            }
            if chunk == 1 {
                if !removedAny { break }
            } else {
                chunk /= 2
            }
        }
        return changed
    }

    /// One pass of per-step and world simplifications.
    private func simplify(_ state: inout State) -> Bool {
        var changed = false
        for candidate in worldSimplifications(state.best) + graphWorldSimplifications(state.best) where attempt(candidate, &state) {
            changed = true
        }
        var index = 0
        while index < state.best.steps.count && !state.capHit {
            for op in simplerOperations(state.best.steps[index].op) {
                var candidate = state.best
                candidate.steps[index].op = op
                if attempt(candidate, &state) { changed = true; break }
            }
            let previousTime = index == 0 ? 0 : state.best.steps[index - 1].at
            let at = state.best.steps[index].at
            for time in [previousTime, previousTime + (at - previousTime) / 2] where time < at {
                var candidate = state.best
                let shift = at - time
                for later in index..<candidate.steps.count { candidate.steps[later].at -= shift }
                if attempt(candidate, &state) { changed = true; break }
            }
            index += 1
        }
        return changed
    }

    private func worldSimplifications(_ scenario: Scenario) -> [Scenario] {
        var out: [Scenario] = []
        let defaults = ScenarioWorld()
        func variant(_ change: (inout ScenarioWorld) -> Void) {
            var candidate = scenario
            change(&candidate.world)
            if candidate.world != scenario.world { out.append(candidate) }
        }
        variant { $0.standardMilliseconds = defaults.standardMilliseconds }
        variant { $0.zoomMilliseconds = defaults.zoomMilliseconds }
        variant { $0.edgeSwipeFinishThresholdPercent = defaults.edgeSwipeFinishThresholdPercent }
        variant { $0.rootDidShowTwice = false }
        variant { $0.restorePolicy = .dropSuffixAndContinue }
        variant { $0.restorable = false }
        return out
    }

    /// Simpler forms of one operation, most aggressive first.
    func simplerOperations(_ op: ScenarioStep.Operation) -> [ScenarioStep.Operation] {
        func plain(_ entry: EntrySpec) -> EntrySpec { EntrySpec(key: entry.key, value: entry.value) }
        var out: [ScenarioStep.Operation] = []
        switch op {
        case .append(let entries, let tx, let dismiss):
            if entries.count > 1 {
                out.append(.append([entries[0]], tx, dismiss))
                out.append(.append(Array(entries.dropLast()), tx, dismiss))
            }
            if entries.contains(where: \.disableBackGesture) { out.append(.append(entries.map(plain), tx, dismiss)) }
            if tx != .animated { out.append(.append(entries, .animated, .systemDefault)) }
            if dismiss != .systemDefault { out.append(.append(entries, tx, .systemDefault)) }
        case .replacePath(let entries, let tx):
            if !entries.isEmpty {
                out.append(.replacePath(Array(entries.dropLast()), tx))
                out.append(.replacePath(Array(entries.dropFirst()), tx))
            }
            if entries.contains(where: \.disableBackGesture) { out.append(.replacePath(entries.map(plain), tx)) }
            if tx != .animated { out.append(.replacePath(entries, .animated)) }
        case .removeLast(let k, let tx):
            if k > 1 { out.append(.removeLast(1, tx)) }
            if tx != .animated { out.append(.removeLast(k, .animated)) }
        case .clear(let tx):
            if tx != .animated { out.append(.clear(.animated)) }
        case .editMiddle(let index, let entry, let tx):
            if index > 0 { out.append(.editMiddle(index: 0, entry, tx)) }
            if entry.disableBackGesture { out.append(.editMiddle(index: index, plain(entry), tx)) }
            if tx != .animated { out.append(.editMiddle(index: index, entry, .animated)) }
        case .navPush(let entry, let tx, let dismiss):
            if entry.disableBackGesture { out.append(.navPush(plain(entry), tx, dismiss)) }
            if tx != .animated { out.append(.navPush(entry, .animated, .systemDefault)) }
            if dismiss != .systemDefault { out.append(.navPush(entry, tx, .systemDefault)) }
        case .navPopLevels(let k, let animated):
            if k != 1 { out.append(.navPopLevels(1, animated: animated)) }
            if !animated { out.append(.navPopLevels(k, animated: true)) }
        case .swipeEnd(let finish):
            if finish == nil { out.append(.swipeEnd(finish: true)); out.append(.swipeEnd(finish: false)) }
        case .relaunch(let destinations, let corrupt):
            if corrupt != nil { out.append(.relaunch(destinations: destinations, corrupt: nil)) }
            if destinations != nil { out.append(.relaunch(destinations: nil, corrupt: corrupt)) }
        case .graph(let operation):
            out += simplerGraphOperations(operation).map { .graph($0) }
        default:
            break
        }
        return out
    }
}
