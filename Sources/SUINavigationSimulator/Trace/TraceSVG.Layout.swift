import SUINavigationCore

extension TraceSVG {
    /// One drawn event and the x of its marker.
    struct Slot {
        let event: TraceEvent
        let glyph: Glyph
        let x: Int
        /// Where the slot's horizontal extent starts (the bands step here).
        let start: Int
    }

    /// Where everything goes.
    struct Layout {
        let slots: [Slot]
        /// Drawable events left out of the window.
        let omitted: Int
        let axisTop: Int
        let stackTop: Int
        let pathTop: Int
        let bandHeight: Int
        /// The deepest stack or path the bands draw.
        let bandDepth: Int
        let width: Int
        let height: Int
        /// The x where the slots end.
        let endX: Int

        init(events: [TraceEvent], mark: Mark?, headerLines: Int) {
            let drawable = events.compactMap { event in glyph(event).map { (event, $0) } }
            let (start, end) = Self.window(count: drawable.count, markIndex: mark?.sequence.flatMap { sequence in
                sequence < 0 ? nil : drawable.firstIndex { $0.0.sequence >= sequence }
            })
            var slots: [Slot] = []
            var cursor = TraceSVG.left + 12
            var previousTime: Int64?
            for (event, glyph) in drawable[start..<end] {
                if let previousTime, event.time != previousTime { cursor += Self.gap(event.time - previousTime) }
                previousTime = event.time
                slots.append(Slot(event: event, glyph: glyph, x: cursor + glyph.slotWidth / 2, start: cursor))
                cursor += glyph.slotWidth
            }
            self.slots = slots
            omitted = drawable.count - (end - start)
            endX = cursor + 8
            axisTop = 30 + 17 * headerLines
            let depth = slots.reduce(1) { max($0, $1.event.hostStack.count, $1.event.boundPath.count) }
            bandDepth = min(depth, 24)
            bandHeight = bandDepth * TraceSVG.entryHeight + 10
            stackTop = axisTop + 24 + Lane.allCases.count * TraceSVG.laneHeight + 10
            pathTop = stackTop + bandHeight + 10
            width = max(endX + 150, 900)
            height = pathTop + bandHeight + 44
        }

        /// The drawable range shown: everything, or `eventsMax` events ending a little after
        /// the mark (or at the end).
        static func window(count: Int, markIndex: Int?) -> (Int, Int) {
            guard count > TraceSVG.eventsMax else { return (0, count) }
            let end = markIndex.map { min(count, $0 + 40) } ?? count
            return (max(0, end - TraceSVG.eventsMax), end)
        }

        /// The gap a jump of `milliseconds` in virtual time adds: 4 px per binary digit.
        static func gap(_ milliseconds: Int64) -> Int {
            4 + min(48, 4 * (64 - milliseconds.leadingZeroBitCount))
        }

        func laneTop(_ lane: Lane) -> Int { axisTop + 24 + lane.rawValue * TraceSVG.laneHeight }

        /// The y of markers in `lane` (labels rise from there; bars run below).
        func markerY(_ lane: Lane) -> Int { laneTop(lane) + TraceSVG.laneHeight - 20 }

        /// The x of the mark: its event's slot (or the first drawn one after it), or the end.
        func markX(_ mark: Mark) -> Int {
            guard let sequence = mark.sequence, sequence >= 0,
                  let slot = slots.first(where: { $0.event.sequence >= sequence }) else { return endX }
            return slot.x
        }
    }
}
