import Foundation
import Testing
import SUINavigationCore
import SUINavigationFuzz
import SUINavigationSimulator

/// The example of `docs/scenario-format.md` must stay a valid scenario that passes.
@Suite("Documentation example")
struct DocumentationExampleTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/scenario-format.md")

    /// The first fenced `json` block of the page.
    static func example() throws -> Data {
        let text = try String(contentsOf: page, encoding: .utf8)
        let start = try #require(text.range(of: "```json\n"))
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
}
