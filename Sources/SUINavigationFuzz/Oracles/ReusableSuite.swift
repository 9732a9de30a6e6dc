import SUINavigationSimulator

/// An oracle suite a campaign worker keeps in a slot of its registry cache and lends to one run
/// at a time (``OracleSuite``, ``GraphOracleSuite``): reset between runs, its lists keep their
/// storage instead of being grown from nothing and freed at every run.
protocol ReusableSuite: AnyObject {
    /// Whether a run is using the suite (a run that asks for one meanwhile gets a new one).
    var inUse: Bool { get set }
}

extension ReusableSuite {
    /// The suite kept in `slot`, reset by `reset`, when no run is using it; otherwise a new one
    /// (`make`), kept in `slot` if the slot is empty. Either way the suite is marked in use until
    /// its run calls `endUse()`.
    static func lend(from slot: inout AnyObject?, reset: (Self) -> Void, make: () -> Self) -> Self {
        let suite: Self
        if let kept = slot as? Self, !kept.inUse {
            reset(kept)
            suite = kept
        } else {
            suite = make()
            if slot == nil { slot = suite }
        }
        suite.inUse = true
        return suite
    }

    /// The run using the suite ended (its result read): a later run may reuse it.
    func endUse() { inUse = false }
}

extension OracleSuite: ReusableSuite {}
extension GraphOracleSuite: ReusableSuite {}
