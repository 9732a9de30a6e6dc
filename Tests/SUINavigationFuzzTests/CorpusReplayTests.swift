import Foundation
import Testing
import SUINavigationFuzz

/// The committed corpus: every file must decode, replay deterministically and match its expected
/// outcome (a pass stays a pass; a variant's known bug must keep being found).
@Suite("Corpus replay")
struct CorpusReplayTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Corpus")

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test("the corpus holds at least ten hand-picked passing scenarios")
    func size() {
        #expect(Self.files.filter { $0.hasPrefix("reference-") == false }.count >= 10)
    }

    @Test("every corpus file replays to its expected outcome, twice with one trace hash", arguments: files)
    func replay(file: String) throws {
        let scenario = try CorpusFiles.load(Self.directory.appendingPathComponent(file), displayPath: "Corpus/\(file)")
        let first = try ScenarioRunner.run(scenario)
        #expect(first.matches(scenario.expected), "Corpus/\(file): expected \(scenario.expected), got \(first.violation.map(\.description) ?? "pass")")
        #expect(try ScenarioRunner.run(scenario).traceHash == first.traceHash)
    }
}
