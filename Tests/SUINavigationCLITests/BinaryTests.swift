import Foundation
import Testing

@Suite("suinav binary end to end")
struct BinaryTests {
    @Test("the built binary runs a campaign, exit 0, results on stdout")
    func campaign() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try runBinary(["fuzz", "--seed", "9", "--runs", "25", "--workers", "1"], cwd: directory)
        #expect(run.code == 0, "\(run.out)\n\(run.err)")
        #expect(run.out.hasPrefix("suinav fuzz: seed=9 runs=25 workers=1"))
        #expect(run.out.hasSuffix("result: pass\n"))
    }

    @Test("the built binary refuses an unknown flag with exit 2 and nothing on stdout")
    func unknownFlag() throws {
        let run = try runBinary(["replay", "--tracee"], cwd: FileManager.default.temporaryDirectory)
        #expect(run.code == 2)
        #expect(run.out.isEmpty)
        #expect(run.err.hasPrefix("error: unknown option '--tracee' (did you mean '--trace'?)\n"))
    }

    @Test("replay --seed --expect pass exits 0 for the reference policy")
    func replaySeed() throws {
        let run = try runBinary(["replay", "--seed", "12345", "--expect", "pass"], cwd: FileManager.default.temporaryDirectory)
        #expect(run.code == 0, "\(run.out)\n\(run.err)")
        #expect(run.out.contains("outcome: pass"))
    }
}
