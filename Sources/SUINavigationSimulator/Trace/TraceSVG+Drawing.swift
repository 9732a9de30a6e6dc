import SUINavigationCore

extension TraceSVG {
    /// The longest label next to a marker, in characters (the full event is in its tooltip).
    static let labelMax = 26

    static func drawMarkers(_ svg: inout SVGDocument, layout: Layout) {
        for slot in layout.slots {
            let y = layout.markerY(slot.glyph.lane)
            let event = slot.event
            let title = "t=\(event.time)ms #\(event.sequence) \(event.actor.rawValue): \(event.kind.summary)"
            drawShape(&svg, slot.glyph, x: slot.x, y: y, title: title)
            if !slot.glyph.label.isEmpty {
                svg.text(SVGDocument.clipped(slot.glyph.label, labelMax), x: slot.x + 3, y: y - 7, cssClass: "small", rotate: -35)
            }
        }
    }

    static func drawShape(_ svg: inout SVGDocument, _ glyph: Glyph, x: Int, y: Int, title: String) {
        let color = glyph.color
        switch glyph.shape {
        case .dot: svg.circle(x: x, y: y, radius: 4, fill: color, title: title)
        case .smallDot: svg.circle(x: x, y: y, radius: 2, fill: color, title: title)
        case .square: svg.rect(x: x - 3, y: y - 3, width: 7, height: 7, fill: color, title: title)
        case .diamond: svg.polygon([(x, y - 5), (x + 5, y), (x, y + 5), (x - 5, y)], fill: color, title: title)
        case .triangle: svg.polygon([(x, y - 6), (x + 6, y + 5), (x - 6, y + 5)], fill: color, title: title)
        case .cross:
            svg.polygon([(x - 5, y - 3), (x - 3, y - 5), (x, y - 2), (x + 3, y - 5), (x + 5, y - 3), (x + 2, y),
                         (x + 5, y + 3), (x + 3, y + 5), (x, y + 2), (x - 3, y + 5), (x - 5, y + 3), (x - 2, y)],
                        fill: color, title: title)
        case .tick: svg.rect(x: x - 1, y: y - 6, width: 3, height: 12, fill: color, title: title)
        }
    }

    /// Transitions (UIKit lane) and held gestures (user lane) as bars under the markers.
    static func drawBars(_ svg: inout SVGDocument, layout: Layout) {
        var transition: (x: Int, kind: String, interactive: Bool, zoom: Bool)?
        var gesture: (x: Int, kind: GestureKind)?
        let uikitY = layout.markerY(.uikit) + 9, userY = layout.markerY(.user) + 9
        for slot in layout.slots {
            switch slot.event.kind {
            case .transitionBegan(let kind, let interactive, let zoom):
                transition = (slot.x, kind, interactive, zoom)
            case .transitionCompleted(let cancelled):
                if let open = transition {
                    transitionBar(&svg, from: open.x, to: slot.x, y: uikitY, kind: open.kind, interactive: open.interactive,
                                  zoom: open.zoom, cancelled: cancelled)
                }
                transition = nil
            case .gestureBegan(let kind, _, _, _) where kind != .backTap:
                // (A back tap is not held: it has no end event.)
                gesture = (slot.x, kind)
            case .gestureEnded(let kind, let finished):
                if let open = gesture {
                    svg.rect(x: open.x, y: userY, width: slot.x - open.x, height: 7, fill: finished ? "#ffd180" : "#f1a9a0",
                             title: "\(kind.rawValue) held, \(finished ? "finished" : "cancelled")")
                }
                gesture = nil
            default: break
            }
        }
        if let open = transition {
            transitionBar(&svg, from: open.x, to: layout.endX, y: uikitY, kind: open.kind, interactive: open.interactive,
                          zoom: open.zoom, cancelled: nil)
        }
        if let open = gesture {
            svg.rect(x: open.x, y: userY, width: layout.endX - open.x, height: 7, fill: "#ffd180",
                     extra: " stroke=\"#0072b2\" stroke-dasharray=\"3,2\"", title: "\(open.kind.rawValue) still held at the end")
        }
    }

    static func transitionBar(_ svg: inout SVGDocument, from: Int, to: Int, y: Int, kind: String, interactive: Bool, zoom: Bool,
                              cancelled: Bool?) {
        let fill = zoom ? "#b39ddb" : kind == "push" ? "#90caf9" : "#a5d6a7"
        var extra = interactive ? " stroke=\"#555555\" stroke-dasharray=\"4,2\"" : ""
        if cancelled == nil { extra = " stroke=\"#c0392b\" stroke-dasharray=\"2,2\"" }
        let state = cancelled.map { $0 ? "cancelled" : "finished" } ?? "still running at the end"
        svg.rect(x: from, y: y, width: max(2, to - from), height: 8, fill: fill, extra: extra,
                 title: "\(zoom ? "zoom " : "")\(kind)\(interactive ? " (interactive)" : ""): \(state)")
        if cancelled == true { svg.rect(x: to - 3, y: y - 2, width: 3, height: 12, fill: Palette.failure) }
    }

    /// The displayed stack or the bound path after each event, as columns of entries (the
    /// root at the bottom); the path band marks where it differs from the stack.
    static func drawBand(_ svg: inout SVGDocument, layout: Layout, top: Int, name: String, ids: KeyPath<TraceEvent, [EntryID]>) {
        svg.rect(x: 0, y: top, width: layout.width, height: layout.bandHeight, fill: "#fbfbfb")
        svg.text(name, x: 10, y: top + layout.bandHeight - 6, cssClass: "lane")
        let bottom = top + layout.bandHeight - 5
        var index = 0
        while index < layout.slots.count {
            let entries = layout.slots[index].event[keyPath: ids]
            var next = index + 1
            while next < layout.slots.count && layout.slots[next].event[keyPath: ids] == entries { next += 1 }
            let x1 = layout.slots[index].start
            let x2 = next < layout.slots.count ? layout.slots[next].start : layout.endX
            for (depth, id) in entries.prefix(layout.bandDepth).enumerated() {
                let y = bottom - (depth + 1) * entryHeight
                svg.rect(x: x1, y: y, width: x2 - x1, height: entryHeight - 1, fill: Palette.entry(id), extra: " stroke=\"#ffffff\"")
                if x2 - x1 >= 22 { svg.text("\(id)", x: x1 + 3, y: y + entryHeight - 3, cssClass: "entry") }
            }
            index = next
        }
        guard name == "path" else { return }
        for (index, slot) in layout.slots.enumerated() where slot.event.boundPath != slot.event.hostStack {
            let x2 = index + 1 < layout.slots.count ? layout.slots[index + 1].start : layout.endX
            svg.rect(x: slot.start, y: bottom + 1, width: x2 - slot.start, height: 3, fill: "#e57373")
        }
    }

    static func drawMark(_ svg: inout SVGDocument, layout: Layout, mark: Mark?) {
        guard let mark else { return }
        let x = layout.markX(mark)
        svg.line(x1: x, y1: layout.axisTop + 18, x2: x, y2: layout.pathTop + layout.bandHeight, stroke: Palette.failure,
                 extra: " stroke-width=\"2\"")
        let label = "✖ " + (mark.title.split(separator: " ").first.map(String.init) ?? "violation")
        svg.rect(x: x - 2, y: layout.axisTop - 2, width: 12 + 8 * label.count, height: 17, fill: Palette.failure,
                 title: mark.title + ": " + mark.detail)
        svg.raw("<text x=\"\(x + 4)\" y=\"\(layout.axisTop + 11)\" class=\"lane\" fill=\"#ffffff\" style=\"fill:#ffffff\">"
                + SVGDocument.escape(label) + "</text>")
    }

    static func drawLegend(_ svg: inout SVGDocument, layout: Layout) {
        let y = layout.height - 16
        var x = 12
        func item(_ text: String, _ draw: (inout SVGDocument, Int) -> Void) {
            draw(&svg, x + 6)
            svg.text(text, x: x + 16, y: y + 4, cssClass: "legend")
            x += 24 + 6 * text.count
        }
        item("host call") { $0.polygon([($1, y - 5), ($1 + 5, y), ($1, y + 5), ($1 - 5, y)], fill: Palette.library) }
        item("router write") { $0.circle(x: $1, y: y, radius: 4, fill: Palette.router) }
        item("push") { $0.rect(x: $1 - 6, y: y - 4, width: 12, height: 8, fill: "#90caf9") }
        item("pop") { $0.rect(x: $1 - 6, y: y - 4, width: 12, height: 8, fill: "#a5d6a7") }
        item("zoom transition") { $0.rect(x: $1 - 6, y: y - 4, width: 12, height: 8, fill: "#b39ddb") }
        item("finger down") { $0.rect(x: $1 - 6, y: y - 4, width: 12, height: 7, fill: "#ffd180") }
        item("hazard") { $0.polygon([($1, y - 6), ($1 + 6, y + 5), ($1 - 6, y + 5)], fill: Palette.hazard) }
        item("path differs from stack") { $0.rect(x: $1 - 6, y: y - 1, width: 12, height: 3, fill: "#e57373") }
        svg.text("hover a marker for the full event", x: x + 10, y: y + 4, cssClass: "legend")
    }
}
