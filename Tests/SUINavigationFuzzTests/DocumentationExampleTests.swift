import Foundation
import Testing
import SUINavigationCore
import SUINavigationFuzz
import SUINavigationSimulator

/// The example of `docs/scenario-format.md` must stay a valid scenario that passes, and the
/// repository's documents link only to files inside it.
@Suite("Documentation example")
struct DocumentationExampleTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/scenario-format.md")

    /// The first fenced `json` block of the page after `heading`.
    static func example(after heading: String = "## Example") throws -> Data {
        let text = try String(contentsOf: page, encoding: .utf8)
        let section = try #require(text.range(of: heading))
        let start = try #require(text.range(of: "```json\n", range: section.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
        return Data(text[start.upperBound..<end.lowerBound].utf8)
    }

    @Test("the example in docs/scenario-format.md decodes, passes, and restores the buildable prefix")
    func examplePasses() throws {
        let scenario = try Scenario.decode(try Self.example(), file: "docs/scenario-format.md")
        #expect(scenario.expected == .pass)
        var stored: [EntryID]?
        var shown: [EntryID] = []
        let result = try ScenarioRunner.run(scenario) { world in
            stored = world.storedIDs
            shown = world.hostStack.map(\.entryID)
        }
        #expect(result.passed, "\(result.violation.map(\.description) ?? "")")
        #expect(shown.count == 3 && stored == shown, "after the relaunch: a, b, photo shown and stored")
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static var documents: [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    }

    @Test("README.md and docs/ link only to files that exist inside the repository", arguments: documents)
    func linksStayInside(document: String) throws {
        let url = Self.root.appendingPathComponent(document)
        let text = try String(contentsOf: url, encoding: .utf8)
        let link = try Regex(#"\]\(([^)\s]+)\)"#)
        for match in text.matches(of: link) {
            let target = String(match.output[1].substring ?? "")
            let file = String(target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
            guard !file.isEmpty else { continue }  // an anchor in the same page
            #expect(!target.contains("://"), "\(document): \(target) points outside the repository")
            let resolved = url.deletingLastPathComponent().appendingPathComponent(file).standardizedFileURL
            #expect(resolved.path.hasPrefix(Self.root.standardizedFileURL.path + "/"), "\(document): \(target) leaves the repository")
            #expect(FileManager.default.fileExists(atPath: resolved.path), "\(document): \(target) does not exist")
        }
    }

    @Test("docs/invariants.md has one row per invariant id, and no row for an id the code does not know")
    func everyInvariantDocumented() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/invariants.md"), encoding: .utf8)
        let row = try Regex(#"(?m)^\| ([A-Z]{1,2}[0-9]+) \|"#)
        let documented = text.matches(of: row).map { String($0.output[1].substring ?? "") }
        #expect(documented == InvariantID.all)
    }

    @Test("docs/scenario-format.md names every operation and every generator step kind")
    func everyOperationDocumented() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/scenario-format.md"), encoding: .utf8)
        for name in ScenarioStep.Operation.allNames {
            #expect(text.contains("| `\(name)` |"), "operation \(name) has no row")
        }
        for kind in StepKind.allCases {
            #expect(text.contains("`\(kind.rawValue)`"), "step kind \(kind.rawValue) is not listed")
        }
        for name in GraphOperation.allNames {
            #expect(text.contains("`\(name)`"), "graph operation \(name) is not listed")
        }
        for kind in GraphStepKind.allCases {
            #expect(text.contains("`\(kind.rawValue)`"), "graph step kind \(kind.rawValue) is not listed")
        }
    }

    @Test("the graph example in docs/scenario-format.md decodes and passes")
    func graphExample() throws {
        let scenario = try Scenario.decode(try Self.example(after: "### Graph operations"), file: "docs/scenario-format.md")
        #expect(scenario.isGraph)
        let result = try ScenarioRunner.run(scenario)
        #expect(result.matches(scenario.expected))
        #expect(result.coverage.contains(.sheetSwipeCompleted))
    }
}
