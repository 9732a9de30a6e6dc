import Foundation

extension NavigationGraphCodec {
    /// The most containers nested in one another that the fast reader reads: deeper graphs are
    /// left to `JSONDecoder`, which has a nesting limit of its own that the fast reader must
    /// never be more lenient than (at most 3 JSON levels per container, far below it).
    static let canonicalNestingMax = 32

    /// The graph in `data` when `data` is exactly the canonical bytes of a valid current-version
    /// graph; nil otherwise (the caller then decodes with `JSONDecoder`).
    ///
    /// NB: the graph is built through the initializer that checks the invariants, and accepted
    /// only when ``canonicalBytes(_:)`` of it gives `data` back. The writer gives `JSONEncoder`'s
    /// bytes, and `JSONDecoder` decodes those bytes to the graph they were encoded from, so for
    /// every accepted input the result is the one `JSONDecoder` gives; every other input
    /// (whitespace, another key order, escaped variants, errors, older versions) takes the
    /// `JSONDecoder` path unchanged.
    ///
    /// - Complexity: O(n) in the size of `data`.
    package static func canonicalGraph(from data: Data) -> NavigationGraph? {
        CanonicalSnapshotReader.readBack(data, read: readCanonicalGraph, write: { appendCanonical($0, to: &$1) })
    }

    /// ``canonicalGraph(from:)``, whose check writes with `containers`: on success they hold the
    /// containers of the graph read, for the next write to copy; else they are emptied.
    static func canonicalGraph(from data: Data, containers: inout CanonicalContainerBytes) -> NavigationGraph? {
        let graph = CanonicalSnapshotReader.readBack(data, read: readCanonicalGraph) { graph, out in
            appendCanonical(graph, to: &out, containers: &containers)
            containers.finish(out)
        }
        if graph == nil { containers = CanonicalContainerBytes() }
        return graph
    }

    /// Reads a current-version graph's object and checks the invariants.
    static func readCanonicalGraph(_ reader: inout CanonicalSnapshotReader) throws(CanonicalSnapshotReader.Mismatch)
        -> NavigationGraph
    {
        try reader.expect(#"{"nextID":"#)
        let nextID = try reader.unsigned()
        try reader.expect(#","presented":["#)
        let presented = try reader.elements(readCanonicalLayer)
        try reader.expect(#","root":"#)
        let root = try readCanonicalContainer(&reader, depth: 0)
        try reader.expect(#","schemaVersion":"#)
        let version = try reader.signed()
        try reader.expect("}")
        guard version == NavigationGraph.currentSchemaVersion,
              let graph = try? NavigationGraph(root: root, presented: presented, nextID: nextID, schemaVersion: version)
        else { throw .init() }
        return graph
    }

    /// Reads a layer's object.
    static func readCanonicalLayer(_ reader: inout CanonicalSnapshotReader) throws(CanonicalSnapshotReader.Mismatch)
        -> NavigationLayer
    {
        try reader.expect("{")
        var actionCount = 1
        if reader.skip(#""actionCount":"#) {
            actionCount = try reader.signed()
            try reader.expect(",")
        }
        try reader.expect(#""anchor":{"container":"#)
        let anchorContainer = NavigationContainerID(try reader.string())
        let entry = reader.skip(#","entry":"#) ? EntryID(try reader.unsigned()) : nil
        try reader.expect(#"},"container":"#)
        let container = try readCanonicalContainer(&reader, depth: 0)
        try reader.expect(#","id":"#)
        let id = NavigationLayerID(try reader.unsigned())
        try reader.expect(#","sheet":"#)
        let sheet = try readCanonicalSheet(&reader)
        try reader.expect(#","style":"#)
        let style: NavigationLayerStyle
        if reader.skip(#""sheet""#) { style = .sheet }
        else if reader.skip(#""cover""#) { style = .cover }
        else if reader.skip(#""alert""#) { style = .alert }
        else if reader.skip(#""dialog""#) { style = .dialog }
        else { throw .init() }
        try reader.expect("}")
        return NavigationLayer(id: id, style: style, sheet: sheet, anchor: NavigationAnchor(container: anchorContainer, entry: entry),
                               container: container, actionCount: actionCount)
    }

    /// Reads sheet options.
    static func readCanonicalSheet(_ reader: inout CanonicalSnapshotReader) throws(CanonicalSnapshotReader.Mismatch)
        -> NavigationSheetOptions
    {
        try reader.expect(#"{"detents":["#)
        let detents = try reader.elements(readCanonicalDetent)
        try reader.expect(#","interactiveDismissDisabled":"#)
        let disabled = try reader.bool()
        let largestUndimmed = reader.skip(#","largestUndimmedDetent":"#) ? try readCanonicalDetent(&reader) : nil
        let selected = reader.skip(#","selectedDetent":"#) ? try readCanonicalDetent(&reader) : nil
        try reader.expect("}")
        return NavigationSheetOptions(detents: detents, selectedDetent: selected, largestUndimmedDetent: largestUndimmed,
                                      interactiveDismissDisabled: disabled)
    }

    /// Reads a detent's string.
    private static func readCanonicalDetent(_ reader: inout CanonicalSnapshotReader) throws(CanonicalSnapshotReader.Mismatch)
        -> NavigationSheetDetent
    {
        if reader.skip(#""medium""#) { return .medium }
        if reader.skip(#""large""#) { return .large }
        throw .init()
    }

    /// Reads a container's object; `depth` counts the containers it is nested in.
    static func readCanonicalContainer(_ reader: inout CanonicalSnapshotReader, depth: Int)
        throws(CanonicalSnapshotReader.Mismatch) -> NavigationContainer
    {
        guard depth < canonicalNestingMax else { throw .init() }
        if reader.skip(#"{"child":"#) {
            let child = try readCanonicalContainer(&reader, depth: depth + 1)
            try reader.expect(#","id":"#)
            let id = NavigationContainerID(try reader.string())
            try reader.expect(#","key":"#)
            let key = try reader.string()
            try reader.expect(#","kind":"switched"}"#)
            return .switched(NavigationSwitchedNode(id: id, key: key, child: child))
        }
        try reader.expect(#"{"id":"#)
        let id = NavigationContainerID(try reader.string())
        let container: NavigationContainer
        if reader.skip(#","kind":"stack","path":"#) {
            let path = try NavigationPathCodec.readCanonicalPath(&reader)
            try reader.expect(#","root":"#)
            container = .stack(NavigationStackNode(id: id, root: try readCanonicalRoute(&reader), path: path))
        } else if reader.skip(#","kind":"screen","route":"#) {
            container = .screen(NavigationScreenNode(id: id, route: try readCanonicalRoute(&reader)))
        } else {
            try reader.expect(#","kind":"tabs","selectedTab":"#)
            let selected = NavigationTabID(try reader.string())
            try reader.expect(#","tabs":["#)
            container = .tabs(NavigationTabsNode(id: id, tabs: try readCanonicalTabs(&reader, depth: depth), selectedTab: selected))
        }
        try reader.expect("}")
        return container
    }

    /// Reads the tabs of a tabs container nested in `depth` others, and the array's `]`.
    private static func readCanonicalTabs(_ reader: inout CanonicalSnapshotReader, depth: Int)
        throws(CanonicalSnapshotReader.Mismatch) -> [NavigationTab]
    {
        try reader.elements { reader throws(CanonicalSnapshotReader.Mismatch) in
            try reader.expect(#"{"container":"#)
            let container = try readCanonicalContainer(&reader, depth: depth + 1)
            try reader.expect(#","id":"#)
            let id = NavigationTabID(try reader.string())
            try reader.expect("}")
            return NavigationTab(id: id, container: container)
        }
    }

    /// Reads a route's object.
    static func readCanonicalRoute(_ reader: inout CanonicalSnapshotReader) throws(CanonicalSnapshotReader.Mismatch)
        -> NavigationScreenRoute
    {
        try reader.expect(#"{"disableBackGesture":"#)
        let flag = try reader.bool()
        let (key, payload) = try NavigationPathCodec.readCanonicalKeyAndPayload(&reader)
        return NavigationScreenRoute(key: key, payload: payload, disableBackGesture: flag)
    }
}
