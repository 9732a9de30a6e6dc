import Foundation
import SUINavigationCore

extension TraceSVG {
    /// The rows of the picture, top to bottom.
    enum Lane: Int, CaseIterable {
        case app, user, router, swiftUI, library, uikit, hazards

        var title: String {
            switch self {
            case .app: "app"
            case .user: "user"
            case .router: "router"
            case .swiftUI: "SwiftUI"
            case .library: "library"
            case .uikit: "UIKit"
            case .hazards: "hazards"
            }
        }
    }

    /// How one trace event is drawn.
    struct Glyph {
        enum Shape { case dot, smallDot, square, diamond, triangle, cross, tick }
        var lane: Lane
        var shape: Shape
        var color: String
        /// The label next to the marker (empty: none, and a narrow slot).
        var label: String

        var slotWidth: Int { label.isEmpty ? TraceSVG.narrowSlot : TraceSVG.labelledSlot }
    }

    /// The glyph of `event`, or nil for events the picture leaves out (turn starts, and the
    /// app's scheduled inputs, whose path writes are drawn instead).
    static func glyph(_ event: TraceEvent) -> Glyph? {
        switch event.kind {
        // Graph events (tabs, sheets) have no lane in this picture yet.
        case .turnBegan: return nil
        case .input(let label):
            let text = stepLabel(label)
            return event.actor == .user ? Glyph(lane: .user, shape: .dot, color: Palette.user, label: text)
                : Glyph(lane: .router, shape: .tick, color: Palette.muted, label: text)
        case .lifecycle(let what): return Glyph(lane: .app, shape: .square, color: Palette.app, label: what)
        case .pathWrite(let source, _, _, _, _):
            return source == .library ? Glyph(lane: .library, shape: .diamond, color: Palette.writeBack, label: "write-back")
                : Glyph(lane: .router, shape: .dot, color: Palette.router, label: "")
        case .updatePass(_, let animated):
            return Glyph(lane: .swiftUI, shape: .dot, color: Palette.swiftUI, label: animated ? "update" : "update (no anim)")
        case .hostCall(let record): return Glyph(lane: .library, shape: .diamond, color: Palette.library, label: hostCallLabel(record))
        case .scheduledBlock: return Glyph(lane: .library, shape: .smallDot, color: Palette.muted, label: "")
        case .failureReported(let text, _): return Glyph(lane: .library, shape: .cross, color: Palette.failure, label: "failure: \(text)")
        case .storeChanged(let ids): return Glyph(lane: .library, shape: .square, color: Palette.muted, label: ids == nil ? "store cleared" : "")
        case .transitionBegan(let kind, let interactive, let zoom):
            return Glyph(lane: .uikit, shape: .tick, color: Palette.uikit,
                         label: (zoom ? "zoom " : "") + kind + (interactive ? " (interactive)" : ""))
        case .transitionCompleted(let cancelled):
            return Glyph(lane: .uikit, shape: .tick, color: cancelled ? Palette.failure : Palette.uikit, label: cancelled ? "cancelled" : "")
        case .willShow(let id, _): return Glyph(lane: .uikit, shape: .smallDot, color: Palette.uikit, label: "willShow \(TraceEventKind.entry(id))")
        case .didShow(let id, _): return Glyph(lane: .uikit, shape: .dot, color: Palette.uikit, label: "didShow \(TraceEventKind.entry(id))")
        case .interactionChanged(let cancelled): return Glyph(lane: .uikit, shape: .smallDot, color: Palette.uikit, label: cancelled ? "let go: cancel" : "let go: finish")
        case .gestureBegan: return Glyph(lane: .user, shape: .smallDot, color: Palette.user, label: "")
        case .gestureProgress: return Glyph(lane: .user, shape: .smallDot, color: Palette.user, label: "")
        case .gestureEnded(_, let finished):
            return Glyph(lane: .user, shape: .smallDot, color: finished ? Palette.user : Palette.failure, label: "")
        case .gestureRefused(let kind, _): return Glyph(lane: .user, shape: .cross, color: Palette.failure, label: "\(kind.rawValue) refused")
        case .hazard(let id, _): return Glyph(lane: .hazards, shape: .triangle, color: Palette.hazard, label: id.rawValue)
        case .graph(let graph): return Glyph(lane: .uikit, shape: .square, color: Palette.uikit, label: graph.summary)
        }
    }

    /// `steps[3] swipeEnd finish=true` -> `3: swipeEnd finish=true`.
    static func stepLabel(_ label: String) -> String {
        guard label.hasPrefix("steps["), let close = label.firstIndex(of: "]") else { return label }
        let index = label[label.index(label.startIndex, offsetBy: 6)..<close]
        return "\(index): " + label[label.index(after: close)...].trimmingCharacters(in: .whitespaces)
    }

    /// A host call's operation and the flags that matter for reading the run.
    static func hostCallLabel(_ record: HostCallRecord) -> String {
        var text: String
        switch record.operation {
        case .push(let id, _, let zoom, _): text = "push \(id)\(zoom ? " zoom" : "")"
        case .pop: text = "pop"
        case .popTo(let keep): text = "popTo \(keep)"
        case .replace(let ids, _): text = "replace \(TraceEventKind.list(ids))"
        }
        if !record.animated { text += " (no anim)" }
        if record.deferred { text += " deferred" }
        return text
    }

    /// Colours, chosen to stay apart in print and for common colour blindness.
    enum Palette {
        static let user = "#0072b2"
        static let router = "#e69f00"
        static let swiftUI = "#cc79a7"
        static let library = "#009e73"
        static let writeBack = "#56b4e9"
        static let uikit = "#333333"
        static let app = "#7f7f7f"
        static let hazard = "#d55e00"
        static let failure = "#c0392b"
        static let muted = "#9a9a9a"
        /// Entry colours, by id.
        static let entries = ["#cfe8f3", "#fde0c5", "#d9f0d3", "#e8daef", "#fff3b0", "#f9d5e5", "#d6eaf8", "#e5e8e8"]

        static func entry(_ id: EntryID) -> String { entries[Int(id.rawValue % UInt64(entries.count))] }
    }
}
