import Foundation
import Testing

/// `replay --svg` and `fuzz --svg-failures`.
@Suite("CLI pictures")
struct PictureCLITests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Corpus")

    @Test("replay --svg draws the run into a new file and never overwrites one")
    func replaySVG() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = Self.corpus.appendingPathComponent("naive-S2-1e9a9890cf90227c.json").path
        let run = runInProcess(["replay", file, "--svg", "out.svg"], cwd: directory)
        #expect(run.code == 1, "the scenario fails S2: \(run.err)")
        let written = try String(contentsOf: directory.appendingPathComponent("out.svg"), encoding: .utf8)
        #expect(written.hasPrefix("<?xml"))
        #expect(written.contains("✖ S2 violated"))

        let again = runInProcess(["replay", file, "--svg", "out.svg"], cwd: directory)
        #expect(again.code == 2)
        #expect(again.err.contains("cannot write out.svg") && again.err.contains("already exists"))
        #expect(try String(contentsOf: directory.appendingPathComponent("out.svg"), encoding: .utf8) == written)
    }

    @Test("fuzz --svg-failures draws each saved failure next to its scenario file")
    func fuzzSVGFailures() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = runInProcess(["fuzz", "--seed", "3", "--runs", "20", "--policy", "naive", "--workers", "1", "--no-shrink",
                                "--svg-failures", "--no-progress"], cwd: directory)
        #expect(run.code == 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("artifacts").path)
        let scenarios = names.filter { $0.hasSuffix(".json") }
        #expect(!scenarios.isEmpty)
        for scenario in scenarios {
            #expect(names.contains(String(scenario.dropLast(5)) + ".svg"), "\(scenario) has no picture")
        }
        #expect(run.out.contains("  picture: artifacts/"))
    }
}
