import SUINavigationCore

/// The window's trace events, and its shape for the timeline.
extension SimulatedWindow {
    func record(_ actor: TraceActor, _ event: GraphTraceEvent) { world.record(actor, .graph(event)) }

    func hazard(_ id: HazardID, _ detail: String) { world.record(.library, .hazard(id, detail)) }

    /// The window's shape for the timeline: `root[#1] > L1 sheet(root/#1) s[]`.
    public var shape: String {
        var text = root.shape
        for layer in layers {
            text += " > \(layer.id) \(layer.style.rawValue)(\(layer.layer.anchor)) \(layer.container.shape)"
        }
        if isFrozen { text += " FROZEN" }
        return text
    }
}
