import Foundation
import SUINavigationCore
import SUINavigationSimulator

/// The picture of one scenario run: its trace as an SVG timeline (``TraceSVG``) with the
/// scenario in the header and the first violation marked.
public enum ScenarioPicture {
    /// Runs `scenario` under the oracles and draws it.
    ///
    /// - Parameter source: what the header calls the scenario (a file name, `seed 12345`).
    /// - Throws: ``RunError`` when the scenario names an unknown policy.
    public static func svg(_ scenario: Scenario, source: String) throws(RunError) -> String {
        var trace: [TraceEvent] = []
        let result = try ScenarioRunner.run(scenario, inspect: { trace = $0.trace })
        return svg(scenario, source: source, trace: trace, violation: result.violation)
    }

    /// Draws a run whose trace and violation are known.
    public static func svg(_ scenario: Scenario, source: String, trace: [TraceEvent], violation: Violation?) -> String {
        let world = scenario.world
        var title = [
            "suinav replay \(source)",
            "policy=\(scenario.policy) profile=\(world.profile.rawValue) mode=\(world.mode.rawValue) steps=\(scenario.steps.count) "
                + "seed=\(scenario.seed) expected=\(scenario.expected) · \(trace.count) events",
        ]
        if !scenario.note.isEmpty { title.append("note: \(scenario.note)") }
        let mark = violation.map {
            TraceSVG.Mark(sequence: $0.sequence, title: "\($0.invariant) violated at t=\($0.time)ms (event #\($0.sequence), \($0.eventKind))",
                          detail: $0.message)
        }
        return TraceSVG.render(trace, title: title, mark: mark)
    }

    /// Runs, draws and writes the picture of `scenario` to `url`, which must not exist
    /// (atomic; never overwrites).
    public static func write(_ scenario: Scenario, source: String, to url: URL) throws -> Void {
        let picture = try svg(scenario, source: source)
        try AtomicFile.writeNew(Data(picture.utf8), to: url)
    }
}
