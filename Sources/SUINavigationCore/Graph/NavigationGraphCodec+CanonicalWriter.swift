import Foundation

extension NavigationGraphCodec {
    /// Writes format v1 of a graph directly: byte for byte what `JSONEncoder` with `.sortedKeys`
    /// produces (``NavigationGraph``'s `Codable` conformance), several times faster, since the
    /// graph persistence saves at every stable point.
    ///
    /// Keys are written in sorted order; strings, integers and payloads by the path codec's
    /// canonical writers, so a stack's path is written exactly as a stack snapshot is.
    ///
    /// - Complexity: O(n) in the size of the output.
    package static func canonicalBytes(_ graph: NavigationGraph) -> Data {
        var out = [UInt8]()
        out.reserveCapacity(512)
        appendCanonical(graph, to: &out)
        return Data(out)
    }

    /// Appends the graph's object.
    static func appendCanonical(_ graph: NavigationGraph, to out: inout [UInt8]) {
        var containers = CanonicalContainerBytes.none
        appendCanonical(graph, to: &out, containers: &containers)
    }

    /// Appends the graph's object, taking each container's bytes from `containers` when it holds them.
    static func appendCanonical(_ graph: NavigationGraph, to out: inout [UInt8], containers: inout CanonicalContainerBytes) {
        out.appendLiteral(#"{"nextID":"#)
        NavigationPathCodec.appendInteger(graph.nextID, to: &out)
        out.appendLiteral(#","presented":["#)
        for (index, layer) in graph.presented.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendCanonical(layer, to: &out, containers: &containers)
        }
        out.appendLiteral(#"],"root":"#)
        appendCanonical(graph.root, to: &out, containers: &containers)
        out.appendLiteral(#","schemaVersion":"#)
        NavigationPathCodec.appendInteger(graph.schemaVersion, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// Appends a layer's object (`actionCount` only when it is not 1, as `encode(to:)` does).
    static func appendCanonical(_ layer: NavigationLayer, to out: inout [UInt8], containers: inout CanonicalContainerBytes) {
        out.append(UInt8(ascii: "{"))
        if layer.actionCount != 1 {
            out.appendLiteral(#""actionCount":"#)
            NavigationPathCodec.appendInteger(layer.actionCount, to: &out)
            out.append(UInt8(ascii: ","))
        }
        out.appendLiteral(#""anchor":{"container":"#)
        NavigationPathCodec.appendString(layer.anchor.container.rawValue, to: &out)
        if let entry = layer.anchor.entry {
            out.appendLiteral(#","entry":"#)
            NavigationPathCodec.appendInteger(entry.rawValue, to: &out)
        }
        out.appendLiteral(#"},"container":"#)
        appendCanonical(layer.container, to: &out, containers: &containers)
        out.appendLiteral(#","id":"#)
        NavigationPathCodec.appendInteger(layer.id.rawValue, to: &out)
        out.appendLiteral(#","sheet":"#)
        appendCanonical(layer.sheet, to: &out)
        out.appendLiteral(#","style":"#)
        NavigationPathCodec.appendString(layer.style.rawValue, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// Appends sheet options (absent detents are omitted, as synthesized `Codable` does).
    static func appendCanonical(_ sheet: NavigationSheetOptions, to out: inout [UInt8]) {
        out.appendLiteral(#"{"detents":["#)
        for (index, detent) in sheet.detents.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            NavigationPathCodec.appendString(detent.rawValue, to: &out)
        }
        out.appendLiteral(#"],"interactiveDismissDisabled":"#)
        NavigationPathCodec.appendBool(sheet.interactiveDismissDisabled, to: &out)
        if let detent = sheet.largestUndimmedDetent {
            out.appendLiteral(#","largestUndimmedDetent":"#)
            NavigationPathCodec.appendString(detent.rawValue, to: &out)
        }
        if let detent = sheet.selectedDetent {
            out.appendLiteral(#","selectedDetent":"#)
            NavigationPathCodec.appendString(detent.rawValue, to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// Appends a container's object: its fields and its `kind`, in sorted key order.
    static func appendCanonical(_ container: NavigationContainer, to out: inout [UInt8], containers: inout CanonicalContainerBytes) {
        if containers.appendKnown(container, to: &out) { return }
        let start = out.count
        switch container {
        case .stack(let node):
            appendIDAndKind(node.id, "stack", to: &out)
            out.appendLiteral(#","path":"#)
            NavigationPathCodec.appendCanonicalPath(node.path, to: &out)
            out.appendLiteral(#","root":"#)
            appendCanonical(node.root, to: &out)
        case .tabs(let node):
            appendIDAndKind(node.id, "tabs", to: &out)
            out.appendLiteral(#","selectedTab":"#)
            NavigationPathCodec.appendString(node.selectedTab.rawValue, to: &out)
            out.appendLiteral(#","tabs":["#)
            for (index, tab) in node.tabs.enumerated() {
                out.appendLiteral(index > 0 ? #",{"container":"# : #"{"container":"#)
                appendCanonical(tab.container, to: &out, containers: &containers)
                out.appendLiteral(#","id":"#)
                NavigationPathCodec.appendString(tab.id.rawValue, to: &out)
                out.append(UInt8(ascii: "}"))
            }
            out.append(UInt8(ascii: "]"))
        case .switched(let node):
            out.appendLiteral(#"{"child":"#)
            appendCanonical(node.child, to: &out, containers: &containers)
            out.appendLiteral(#","id":"#)
            NavigationPathCodec.appendString(node.id.rawValue, to: &out)
            out.appendLiteral(#","key":"#)
            NavigationPathCodec.appendString(node.key, to: &out)
            out.appendLiteral(#","kind":"switched""#)
        case .screen(let node):
            appendIDAndKind(node.id, "screen", to: &out)
            out.appendLiteral(#","route":"#)
            appendCanonical(node.route, to: &out)
        }
        out.append(UInt8(ascii: "}"))
        containers.note(container, bytes: start..<out.count)
    }

    /// Appends `{"id":…,"kind":"…"`, how every container but a switched one starts.
    private static func appendIDAndKind(_ id: NavigationContainerID, _ kind: StaticString, to out: inout [UInt8]) {
        out.appendLiteral(#"{"id":"#)
        NavigationPathCodec.appendString(id.rawValue, to: &out)
        out.appendLiteral(#","kind":""#)
        kind.withUTF8Buffer { out.append(contentsOf: $0) }
        out.append(UInt8(ascii: "\""))
    }

    /// Appends a route's object: a path entry's without the id.
    static func appendCanonical(_ route: NavigationScreenRoute, to out: inout [UInt8]) {
        out.appendLiteral(#"{"disableBackGesture":"#)
        NavigationPathCodec.appendBool(route.disableBackGesture, to: &out)
        NavigationPathCodec.appendCanonicalKeyAndPayload(route.key, route.payload, to: &out)
    }
}
