import SUINavigationCore

/// Draws a trace as an SVG timeline: one lane per actor (app lifecycle, user, router, SwiftUI,
/// library, UIKit, hazards), transitions and held gestures as bars, the displayed stack and the
/// bound path as bands of entries over time, and a marked violation.
///
/// The time axis is compressed: every drawn event gets its own slot in trace order, and a jump
/// in virtual time adds a gap that grows with the logarithm of the jump, so events of one turn
/// stay apart and idle seconds do not stretch the picture. Hovering a marker shows the full
/// event (`<title>`). The output is deterministic: equal traces give equal files.
public enum TraceSVG {
    /// A mark across all lanes: a violated invariant.
    public struct Mark: Sendable, Hashable {
        /// The trace position of the offending event (nil or negative: the end of the run).
        public var sequence: Int?
        /// The headline (`S2 violated at t=1ms (event #13, hostCall.pop)`).
        public var title: String
        /// The explanation.
        public var detail: String

        /// Creates a mark.
        public init(sequence: Int?, title: String, detail: String) {
            self.sequence = sequence
            self.title = title
            self.detail = detail
        }
    }

    /// The most events drawn; a longer trace shows the window that ends at the mark (or the
    /// trace's end) and says how many events it left out.
    public static let eventsMax = 2_000

    static let narrowSlot = 9
    static let labelledSlot = 24
    static let left = 96
    static let laneHeight = 92
    static let entryHeight = 13

    /// The SVG document of `events`.
    ///
    /// - Parameters:
    ///   - title: header lines (what ran, with which options).
    ///   - mark: the violation to mark, if any.
    /// - Complexity: O(n · d) for n events and stacks of depth d.
    public static func render(_ events: [TraceEvent], title: [String], mark: Mark? = nil) -> String {
        let layout = Layout(events: events, mark: mark, headerLines: title.count + (mark == nil ? 1 : 2))
        var svg = SVGDocument()
        drawHeader(&svg, title: title, mark: mark, layout: layout)
        drawLanes(&svg, layout: layout)
        drawAxis(&svg, layout: layout)
        drawBars(&svg, layout: layout)
        drawMarkers(&svg, layout: layout)
        drawBand(&svg, layout: layout, top: layout.stackTop, name: "stack", ids: \.hostStack)
        drawBand(&svg, layout: layout, top: layout.pathTop, name: "path", ids: \.boundPath)
        drawMark(&svg, layout: layout, mark: mark)
        drawLegend(&svg, layout: layout)
        return svg.rendered(width: layout.width, height: layout.height, style: style)
    }

    static let style = """
        text{font-family:'DejaVu Sans',Helvetica,Arial,sans-serif;font-size:10px;fill:#222}
        .h1{font-size:14px;font-weight:bold}.h2{font-size:11px;fill:#444}.lane{font-size:12px;font-weight:bold;fill:#333}
        .tick{font-size:9px;fill:#666}.small{font-size:9px;fill:#333}.entry{font-size:9px;fill:#222}
        .fail{font-size:12px;font-weight:bold;fill:#c0392b}.faildetail{font-size:11px;fill:#c0392b}
        .pass{font-size:12px;font-weight:bold;fill:#1e7d32}.legend{font-size:10px;fill:#444}
        """

    static func drawHeader(_ svg: inout SVGDocument, title: [String], mark: Mark?, layout: Layout) {
        var y = 22
        for (index, line) in title.enumerated() {
            svg.text(SVGDocument.clipped(line, 220), x: 12, y: y, cssClass: index == 0 ? "h1" : "h2")
            y += 17
        }
        if let mark {
            svg.text("✖ " + SVGDocument.clipped(mark.title, 200), x: 12, y: y, cssClass: "fail")
            svg.text(SVGDocument.clipped(mark.detail, 260), x: 12, y: y + 16, cssClass: "faildetail")
        } else {
            svg.text("✔ every invariant held", x: 12, y: y, cssClass: "pass")
        }
        if layout.omitted > 0 {
            svg.text("(\(layout.omitted) earlier events not drawn; the picture shows the last \(layout.slots.count))",
                     x: layout.width - 12, y: 22, cssClass: "h2", anchor: "end")
        }
    }

    static func drawLanes(_ svg: inout SVGDocument, layout: Layout) {
        for lane in Lane.allCases {
            let top = layout.laneTop(lane)
            svg.rect(x: 0, y: top, width: layout.width, height: laneHeight, fill: lane.rawValue % 2 == 0 ? "#f7f7f7" : "#ffffff")
            svg.text(lane.title, x: 10, y: top + laneHeight - 12, cssClass: "lane")
            svg.line(x1: left - 6, y1: top, x2: left - 6, y2: top + laneHeight, stroke: "#dddddd")
        }
    }

    static func drawAxis(_ svg: inout SVGDocument, layout: Layout) {
        let y = layout.axisTop
        svg.text("t (ms)", x: 10, y: y + 14, cssClass: "tick")
        var lastLabelX = -1_000
        var lastTime: Int64?
        for slot in layout.slots where slot.event.time != lastTime {
            lastTime = slot.event.time
            svg.line(x1: slot.x, y1: y + 18, x2: slot.x, y2: layout.pathTop + layout.bandHeight, stroke: "#eeeeee")
            guard slot.x - lastLabelX >= 34 else { continue }
            svg.line(x1: slot.x, y1: y + 16, x2: slot.x, y2: y + 22, stroke: "#888888")
            svg.text(String(slot.event.time), x: slot.x, y: y + 12, cssClass: "tick", anchor: "middle")
            lastLabelX = slot.x
        }
    }
}
