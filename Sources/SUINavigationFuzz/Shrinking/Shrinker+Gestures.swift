/// Gestures closed after shrinking: deleting steps often takes a gesture's end away and leaves
/// its begin (a finger left down) because the failure happened before the end. The shrunk
/// scenario gets the end back whenever it still fails the same way, so it reads as whole
/// gestures.
extension Shrinker {
    /// Gives every gesture left open in `state.best` the end of its kind from `original`, kept
    /// only when the scenario still fails with the same signature.
    func closeGestures(_ state: inout State, original: Scenario) {
        var index = 0
        while index < state.best.steps.count && !state.capHit {
            let begin = state.best.steps[index]
            if case .begin(let family)? = begin.op.gesturePhase,
               !Self.hasEnd(of: family, after: index, in: state.best.steps),
               let end = Self.end(of: family, after: begin.at, in: original.steps) {
                var candidate = state.best
                let step = ScenarioStep(at: max(begin.at, end.at), end.op)
                let position = candidate.steps.lastIndex { $0.at <= step.at }.map { $0 + 1 } ?? candidate.steps.count
                candidate.steps.insert(step, at: max(position, index + 1))
                _ = attempt(candidate, &state)
            }
            index += 1
        }
    }

    /// Whether a step after `index` ends a gesture of `family`.
    static func hasEnd(of family: GestureFamily, after index: Int, in steps: [ScenarioStep]) -> Bool {
        steps[(index + 1)...].contains { $0.op.gesturePhase == .end(family) }
    }

    /// The first end of a gesture of `family` at or after `time` in `steps`, else the last one.
    static func end(of family: GestureFamily, after time: Int64, in steps: [ScenarioStep]) -> ScenarioStep? {
        let ends = steps.filter { $0.op.gesturePhase == .end(family) }
        return ends.first { $0.at >= time } ?? ends.last
    }
}

/// The kinds of gestures a scenario begins and ends in separate steps.
enum GestureFamily: Hashable {
    case edgeSwipe, zoomGrab, zoomDismiss, sheetSwipe, graphStackSwipe
}

/// Where a step stands in a gesture.
enum GesturePhase: Equatable {
    case begin(GestureFamily)
    case end(GestureFamily)
}

extension ScenarioStep.Operation {
    /// Whether the step begins or ends a gesture (nil: neither).
    var gesturePhase: GesturePhase? {
        switch self {
        case .swipeBegin: .begin(.edgeSwipe)
        case .swipeEnd: .end(.edgeSwipe)
        case .zoomGrab: .begin(.zoomGrab)
        case .zoomRelease: .end(.zoomGrab)
        case .zoomDismissBegin: .begin(.zoomDismiss)
        case .zoomDismissEnd: .end(.zoomDismiss)
        case .graph(.sheetSwipeBegin): .begin(.sheetSwipe)
        case .graph(.sheetSwipeEnd): .end(.sheetSwipe)
        case .graph(.stackSwipeBegin): .begin(.graphStackSwipe)
        case .graph(.stackSwipeEnd): .end(.graphStackSwipe)
        default: nil
        }
    }
}
