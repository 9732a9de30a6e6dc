import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import SUINavigationFuzz
import SUINavigationSimulator

/// What an SVG document holds, read back with Foundation's XML parser.
final class SVGReader: NSObject, XMLParserDelegate {
    private(set) var elements: [String: Int] = [:]
    private(set) var texts: [String] = []
    private(set) var titles: [String] = []
    private(set) var root: String?
    private var current = ""
    private var stack: [String] = []

    /// Parses `svg`; nil when it is not well-formed XML.
    static func read(_ svg: String) -> SVGReader? {
        let reader = SVGReader()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = reader
        return parser.parse() ? reader : nil
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if root == nil { root = name }
        elements[name, default: 0] += 1
        stack.append(name)
        current = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { current += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "text" { texts.append(current) }
        if name == "title" { titles.append(current) }
        stack.removeLast()
        current = ""
    }
}

@Suite("Scenario picture (SVG)")
struct ScenarioPictureTests {
    static func corpus(_ name: String) throws -> Scenario {
        try CorpusFiles.load(CorpusReplayTests.directory.appendingPathComponent(name))
    }

    @Test("a failing corpus file draws as well-formed SVG with every lane, its transitions and the violation marked")
    func failingFile() throws {
        let svg = try ScenarioPicture.svg(try Self.corpus("no-coalescing-C1-2b473029713c71f5.json"), source: "C1.json")
        let reader = try #require(SVGReader.read(svg), "not well-formed XML")
        #expect(reader.root == "svg")
        for lane in ["app", "user", "router", "SwiftUI", "library", "UIKit", "hazards", "stack", "path"] {
            #expect(reader.texts.contains(lane), "lane \(lane) missing")
        }
        #expect(reader.texts.contains("✖ C1"))
        #expect(reader.texts.contains { $0.hasPrefix("✖ C1 violated at t=1002ms (event #32, hostCall.replace)") })
        #expect(reader.titles.filter { $0.hasPrefix("push: finished") }.count == 2)
        #expect(reader.titles.filter { $0.hasPrefix("pop: finished") }.count == 1)
        #expect(reader.titles.contains { $0.contains("hostCall(replace [#2 #3]") })
        #expect(!reader.texts.contains("✔ every invariant held"))
    }

    @Test("a passing file has no violation mark, and its gestures and hazards are drawn")
    func passingFile() throws {
        let svg = try ScenarioPicture.svg(try Self.corpus("router-write-during-swipe-wins.json"), source: "swipe.json")
        let reader = try #require(SVGReader.read(svg))
        #expect(reader.texts.contains("✔ every invariant held"))
        #expect(!reader.texts.contains { $0.hasPrefix("✖") })
        #expect(reader.titles.contains("edgeSwipe held, finished"))
        #expect(reader.titles.contains("pop (interactive): finished"))
        let hazards = try ScenarioPicture.svg(try Self.corpus("naive-S2-1e9a9890cf90227c.json"), source: "S2.json")
        #expect(try #require(SVGReader.read(hazards)).texts.contains("H2"))
    }

    @Test("a back tap is drawn as a tap, not as a finger held to the end")
    func backTapIsNotHeld() throws {
        let svg = try ScenarioPicture.svg(try Self.corpus("positional-write-back-G3-656aa61080628ef5.json"), source: "G3.json")
        let reader = try #require(SVGReader.read(svg))
        #expect(reader.texts.contains("1: backTap"))
        #expect(!reader.titles.contains { $0.contains("held") })
        #expect(reader.texts.contains("✖ G3"))
    }

    @Test("text from the scenario file is escaped, and control characters are dropped")
    func escaping() throws {
        var scenario = try Self.corpus("three-writes-one-turn.json")
        scenario.note = "<script>alert('x') & \"y\"</script>\u{1B}[31m"
        let svg = try ScenarioPicture.svg(scenario, source: "a<b>&c.json")
        #expect(!svg.contains("<script>"))
        #expect(!svg.contains("\u{1B}"))
        let reader = try #require(SVGReader.read(svg))
        #expect(reader.texts.contains("note: <script>alert('x') & \"y\"</script>\u{FFFD}[31m"))
        #expect(reader.texts.contains("suinav replay a<b>&c.json"))
    }

    @Test("equal runs draw equal files")
    func deterministic() throws {
        let scenario = ScenarioGenerator(stepsMax: 40).generate(seed: 8)
        #expect(try ScenarioPicture.svg(scenario, source: "seed 8") == ScenarioPicture.svg(scenario, source: "seed 8"))
    }

    @Test("a trace longer than the drawing limit shows a window ending at the violation and says what it left out")
    func longTrace() throws {
        let scenario = ScenarioGenerator(stepsMax: 50).generate(seed: 8)
        let trace = ScenarioRunner.replay(scenario).trace
        let long = (0..<30).flatMap { _ in trace }.enumerated().map { index, event in
            TraceEvent(sequence: index, time: event.time, turn: event.turn, actor: event.actor, kind: event.kind,
                       hostStack: event.hostStack, boundPath: event.boundPath, transitionInFlight: event.transitionInFlight)
        }
        let target = try #require(long.first { $0.sequence > 100 && $0.kind.name == "hostCall" })
        let mark = TraceSVG.Mark(sequence: target.sequence, title: "S1 violated", detail: "test")
        let reader = try #require(SVGReader.read(TraceSVG.render(long, title: ["long"], mark: mark)))
        #expect(reader.texts.contains { $0.contains("events not drawn") })
        #expect(reader.titles.contains { $0.hasPrefix("t=") && $0.contains(" #\(target.sequence) ") })
        #expect(!reader.titles.contains { $0.contains(" #\(TraceSVG.eventsMax + 200) ") })
    }
}
