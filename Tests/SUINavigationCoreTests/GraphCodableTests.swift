import Foundation
import Testing
import SUINavigationCore
import SUINavigationTestSupport

@Suite("Graph snapshots")
struct GraphCodableTests {
    @Test("decode(encode(graph)) == graph and re-encoding gives the same bytes, for seeded random graphs",
          arguments: 1...40)
    func roundTrip(seed: UInt64) throws {
        let codec = NavigationGraphCodec()
        for index in 0..<25 {
            let graph = try GraphFixture.randomGraph(seed: seed &* 1000 &+ UInt64(index))
            let bytes = try codec.encode(graph)
            let decoded = try codec.decode(bytes)
            #expect(decoded == graph, "seed \(seed) #\(index)")
            #expect(try codec.encode(decoded) == bytes)
        }
    }

    @Test("the random graphs reach every container kind, every style and several layers")
    func generatorCoverage() throws {
        var styles = Set<String>()
        var kinds = Set<String>()
        var maxLayers = 0
        for seed in 1...200 as ClosedRange<UInt64> {
            let graph = try GraphFixture.randomGraph(seed: seed)
            maxLayers = max(maxLayers, graph.layerCount)
            for layer in graph.presented { styles.insert(layer.style.rawValue) }
            let json = String(decoding: try NavigationGraphCodec().encode(graph), as: UTF8.self)
            for kind in ["stack", "tabs", "switched", "screen"] where json.contains(#""kind":"\#(kind)""#) { kinds.insert(kind) }
        }
        #expect(styles == ["sheet", "cover", "alert", "dialog"])
        #expect(kinds == ["stack", "tabs", "switched", "screen"])
        #expect(maxLayers >= 4)
    }

    @Test("format v1 is written with sorted keys and a kind per container")
    func exactBytes() throws {
        var graph = try NavigationGraph(root: .stacked(GraphFixture.route("a")))
        try graph.execute(.present(.sheet(.screen(GraphFixture.route("b")))))
        let json = String(decoding: try NavigationGraphCodec().encode(graph), as: UTF8.self)
        let payloadA = Data(#"{"id":"a"}"#.utf8).base64EncodedString()
        let payloadB = Data(#"{"id":"b"}"#.utf8).base64EncodedString()
        #expect(json == #"{"nextID":4,"presented":[{"anchor":{"container":"c1"},"container":{"id":"c3","kind":"screen","route":{"disableBackGesture":false,"key":{"rawValue":"com.myapp.thread"},"payload":"\#(payloadB)"}},"id":2,"sheet":{"detents":[],"interactiveDismissDisabled":false},"style":"sheet"}],"root":{"id":"c1","kind":"stack","path":{"entries":[],"nextEntryID":1,"schemaVersion":1},"root":{"disableBackGesture":false,"key":{"rawValue":"com.myapp.thread"},"payload":"\#(payloadA)"}},"schemaVersion":1}"#)
    }

    @Test("an alert's action count is written only when it is not 1, and reads back; snapshots without it read as 1")
    func alertActionCount() throws {
        let codec = NavigationGraphCodec()
        var graph = try NavigationGraph(root: .stacked(GraphFixture.route("a")))
        try graph.execute(.present(.alert(GraphFixture.route("b"), actionCount: 3)))
        let bytes = try codec.encode(graph)
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""actionCount":3"#))
        #expect(try codec.decode(bytes).presented.map(\.actionCount) == [3])
        var single = try NavigationGraph(root: .stacked(GraphFixture.route("a")))
        try single.execute(.present(.alert(GraphFixture.route("b"))))
        let singleBytes = try codec.encode(single)
        #expect(!String(decoding: singleBytes, as: UTF8.self).contains("actionCount"))
        #expect(try codec.decode(singleBytes) == single)
    }

    @Test("bytes that are not JSON, another version, and graphs that break an invariant are refused with typed errors")
    func refusals() throws {
        let codec = NavigationGraphCodec()
        #expect(throws: NavigationSnapshotError.corrupt(reason: "empty file")) { try codec.decode(Data()) }
        #expect(throws: NavigationSnapshotError.unsupportedSchemaVersion(2)) {
            try codec.decode(Data(#"{"schemaVersion":2}"#.utf8))
        }
        var graph = try NavigationGraph(root: .stacked(GraphFixture.route("a"), path: GraphFixture.path("e")))
        try graph.execute(.present(.sheet(.screen(GraphFixture.route("b")))))
        let json = String(decoding: try codec.encode(graph), as: UTF8.self)
        // The sheet's anchor names entry #1; point it at an entry that does not exist.
        let orphaned = json.replacingOccurrences(of: #""anchor":{"container":"c1","entry":1}"#, with: #""anchor":{"container":"c1","entry":7}"#)
        #expect(orphaned != json)
        do {
            _ = try codec.decode(Data(orphaned.utf8))
            Issue.record("an orphaned layer decoded")
        } catch {
            guard case .wrongShape(let reason) = error else { Issue.record("\(error)"); return }
            #expect(reason.contains("anchor c1/#7 is not a screen of the layer below"))
        }
    }
}
