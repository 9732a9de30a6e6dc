import SUINavigationSimulator

/// Every invariant family's checker, fed each trace event; keeps the first violation.
public final class OracleSuite {
    let context: OracleContext
    private let checkers: [any InvariantChecker]
    private var previous: TraceEvent?
    /// The first violation seen, if any.
    public private(set) var violation: Violation?

    /// Creates the suite for a scenario's world.
    public init(world: ScenarioWorld) {
        context = OracleContext(world: world)
        // NB: order decides which invariant a multiply-broken event is reported under; the
        // gesture family is the most specific about writes that undo user intent, so it goes first.
        checkers = [GestureChecker(), SafetyChecker(), CoalescingChecker(), RestorationChecker(), LivenessChecker()]
    }

    /// Checks one event (safety families).
    public func observe(_ event: TraceEvent) {
        context.track(event, previous: previous)
        if violation == nil {
            for checker in checkers {
                if let found = checker.observe(event, previous: previous, context: context) {
                    violation = found
                    break
                }
            }
        }
        previous = event
    }

    /// Records a violation found outside the trace (e.g. a step's own postcondition, R5).
    func record(_ found: Violation) {
        if violation == nil { violation = found }
    }

    /// Runs the end-of-run checks.
    public func finish(world: World, quiescent: Bool) {
        guard violation == nil else { return }
        for checker in checkers {
            if let found = checker.finish(world: world, quiescent: quiescent, context: context) {
                violation = found
                return
            }
        }
    }
}
