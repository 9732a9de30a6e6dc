import SUINavigationCore
import SUINavigationSimulator

/// Family ML (and MS7, whose refusals are judged once the run ended): liveness of the graph,
/// once the inputs are exhausted and the world ran to quiescence (or its deadline).
enum GraphLivenessChecks {
    static func check(_ state: GraphFinalState, _ record: GraphOracleRecord) -> Violation? {
        if state.inBackground { return nil }
        let displayed = DisplayedGraph(window: state.window, excused: record.liveness.reportedUnbuildable)
        return ms7(state, record) ?? ml3(state, record) ?? ml1(state, displayed, record) ?? ml2(state, record)
            ?? ml4(displayed, record)
    }

    /// The bound layers the oracles expect displayed: those below the first one whose refused
    /// presentation the policy reported (a reported refusal is not a silent one; the app knows).
    static func expectedLayerCount(_ bound: NavigationGraph, _ record: GraphOracleRecord) -> Int {
        bound.presented.firstIndex { record.liveness.reportedRefused.contains($0.id) } ?? bound.presented.count
    }

    /// MS7: no silent refusal. A bound layer that is not displayed at the end was presented and
    /// accepted at some point, or reported; a displayed layer the bound graph lacks was asked to
    /// go. (A request applied wrongly is ML1's; one dropped or refused without a word is MS7's.)
    static func ms7(_ state: GraphFinalState, _ record: GraphOracleRecord) -> Violation? {
        let facts = record.liveness
        let shown = state.window.presentedLayers.map(\.id)
        let wanted = state.bound.presented.prefix(expectedLayerCount(state.bound, record)).map(\.id)
        if let missing = wanted.first(where: { !shown.contains($0) }), facts.presentAccepted[missing] != true,
           !facts.reportedRefused.contains(missing) {
            let what = facts.presentAccepted[missing] == nil ? "was never presented" : "was refused by UIKit and never retried"
            return Violation(.ms7, atEndOf: record, "\(missing), which the bound graph holds, \(what), and no failure was reported")
        }
        // NB: a few layers: a linear scan of the bound ones, no set built (about 1,000 instructions a run).
        let bound = state.bound.presented
        guard let extra = shown.first(where: { id in !bound.contains { $0.id == id } }),
              !facts.dismissRequested.contains(extra) else { return nil }
        return Violation(.ms7, atEndOf: record, "\(extra), which the bound graph no longer holds, was never asked to go, and no failure was reported")
    }

    /// ML3: nothing pending: the world reached quiescence, the policy has no plan, write-back or
    /// call waiting, no presentation transition or swipe is left.
    static func ml3(_ state: GraphFinalState, _ record: GraphOracleRecord) -> Violation? {
        if !state.quiescent {
            return Violation(.ml3, atEndOf: record, "the world did not reach quiescence before the deadline")
        }
        if state.policyHasPendingWork { return Violation(.ml3, atEndOf: record, "the policy still has pending graph work") }
        guard state.window.isPresentationTransitionInFlight else { return nil }
        return Violation(.ml3, atEndOf: record, "a presentation transition or sheet swipe is still in flight")
    }

    /// ML1: the window shows the bound graph: layers (ids, styles, anchors), containers (ids,
    /// selected tabs, switched children), stacks by entry id and value; the containers of a
    /// covered layer only where it is interactive (rule 6 makes the others wait); a container
    /// the policy reported it cannot build (and cannot be, by the world's destinations) stays
    /// bound and is not waited for while the bound graph keeps its unbuildable root screen.
    static func ml1(_ state: GraphFinalState, _ displayed: DisplayedGraph, _ record: GraphOracleRecord) -> Violation? {
        let limit = expectedLayerCount(state.bound, record)
        guard let difference = displayed.difference(from: state.bound, layerLimit: limit,
                                                    comparesContainers: record.allowsBackgroundInteraction(layerAt:)) else { return nil }
        return Violation(.ml1, atEndOf: record, "no convergence: \(difference)")
    }

    /// ML2: after the last input, presentation calls are bounded by the layers that could differ
    /// (each displayed layer dismissed once, each bound layer presented once), container calls
    /// by two per container, and no layer is presented and dismissed (or the reverse) without
    /// an input between.
    static func ml2(_ state: GraphFinalState, _ record: GraphOracleRecord) -> Violation? {
        let facts = record.liveness
        if let bounce = facts.oscillation {
            return Violation(.ml2, atEndOf: record, "present/dismiss oscillation of \(bounce.layer) without input at t=\(bounce.time)ms (event #\(bounce.sequence))")
        }
        let presentations = facts.layersAtInput + state.bound.presented.count
        if facts.presentationCallsAfterInput > presentations {
            return Violation(.ml2, atEndOf: record, "\(facts.presentationCallsAfterInput) presentation calls after the last input (at most \(presentations))")
        }
        let containers = 2 * (facts.containersAtInput(bound: record.bound) + GraphLivenessFacts.containerCount(state.bound))
        guard facts.containerCallsAfterInput > containers else { return nil }
        return Violation(.ml2, atEndOf: record, "\(facts.containerCallsAfterInput) container calls after the last input (at most \(containers))")
    }

    /// ML4 at the end: everything displayed once and gone now got its finished message, and
    /// nothing still displayed got one.
    static func ml4(_ displayed: DisplayedGraph, _ record: GraphOracleRecord) -> Violation? {
        var shown = record.takeSubjectScratch()
        displayed.collectSubjects(into: &shown)
        defer { record.returnSubjectScratch(shown) }
        let finished = record.liveness.finished, revived = record.liveness.revived
        // NB: one pass, each subject looked up once per set (a subject missing anywhere is
        // reported before one finished early).
        var early: NavigationGraphSubject?
        for key in record.liveness.everDisplayed where revived.isEmpty || !revived.contains(key) {
            let isShown = shown.contains(key), isFinished = finished.contains(key)
            if !isShown && !isFinished {
                return Violation(.ml4, atEndOf: record, "\(key.subject) left the graph but got no finished message")
            }
            if isShown && isFinished && early == nil { early = key.subject }
        }
        guard let early else { return nil }
        return Violation(.ml4, atEndOf: record, "\(early) got a finished message but is still displayed")
    }

    /// ML4 at a finished message: each subject finishes once, and a layer only once it left the
    /// displayed chain. `sentBefore`: a finished message named the subject before this one.
    static func ml4(_ message: FinishedNavigationMessage, sentBefore: Bool, _ record: GraphOracleRecord) -> Violation? {
        if sentBefore {
            return Violation(.ml4, fact: "finished", record, "\(message) was sent a second time")
        }
        guard case .layer(let id) = message.subject, record.chain.contains(where: { $0.id == id }) else { return nil }
        // A message about a layer whose swipe still tracks is judged when the swipe ends (MG1 or ML4).
        if let swipe = record.gestures.swipe, swipe.layer == id, swipe.outcome == .tracking { return nil }
        return Violation(.ml4, fact: "finished", record, "\(message) was sent while \(id) is still displayed")
    }
}
