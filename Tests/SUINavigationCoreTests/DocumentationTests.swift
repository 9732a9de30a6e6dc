import Foundation
import Testing

@Suite("Documentation")
struct DocumentationTests {
    static let folders = ["Path", "Registry", "Persistence", "Transitions", "Graph"]

    static var coreSources: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/SUINavigationCore", isDirectory: true)
    }

    @Test("every public type of the data layer has a doc comment", arguments: folders)
    func publicTypesDocumented(folder: String) throws {
        let directory = Self.coreSources.appendingPathComponent(folder, isDirectory: true)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(!files.isEmpty)
        let declaration = try Regex(#"^\s*public\s+(final\s+)?(struct|enum|class|protocol|actor|typealias)\s+(\w+)"#)
        var checked = 0
        for file in files {
            let lines = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                .components(separatedBy: "\n")
            for (index, line) in lines.enumerated() {
                guard let match = line.firstMatch(of: declaration) else { continue }
                checked += 1
                // Skip attributes between the doc comment and the declaration.
                var previous = index - 1
                while previous >= 0, lines[previous].trimmingCharacters(in: .whitespaces).hasPrefix("@") { previous -= 1 }
                let documented = previous >= 0 && lines[previous].trimmingCharacters(in: .whitespaces).hasPrefix("///")
                #expect(documented, "\(folder)/\(file):\(index + 1): public type \(match.output[3].substring ?? "") has no doc comment")
            }
        }
        #expect(checked > 0)
    }
}
