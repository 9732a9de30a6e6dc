import Foundation
import SUINavigationSimulator
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The worker side of a supervised campaign: serves ``WorkerProtocol`` requests on standard
/// input and output until the input ends (`suinav __worker`).
///
/// A worker runs in its own process so that a trap in the code under test ends only the worker;
/// the supervisor sees which run was in progress and reports it (S3).
public enum CampaignWorker {
    /// Serves requests with the campaign `options` (for `batch` requests) until standard input
    /// ends; returns the exit code (0, or 2 when the supervisor broke the protocol).
    public static func serve(options: CampaignOptions) -> Int32 {
        // A worker reports through its pipe; when the supervisor is gone it must end, not linger.
        signal(SIGPIPE, SIG_DFL)
        let campaign: Campaign
        do { campaign = try Campaign(options: options) } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            return 2
        }
        var input = LineBuffer()
        // The worker's runs reuse its registries (and their decoded payloads).
        let registries = RegistryCache()
        guard reply(.ready(version: WorkerProtocol.version)) else { return 0 }
        while let line = nextLine(&input) {
            let fields = line.split(separator: " ")
            switch (fields.first, fields.count) {
            case ("batch", 4):
                guard let first = Int(fields[1]), let count = Int(fields[2]), let stride = Int(fields[3]) else { return badRequest(line) }
                for ordinal in 0..<count {
                    if inputEnded(&input) { return 0 }
                    guard reply(.run(campaign.record(index: first + ordinal * stride, registries: registries))) else { return 0 }
                }
            case ("scenario", 3):
                guard let id = Int(fields[1]), let size = Int(fields[2]), size >= 0, let json = nextBlock(&input, size) else {
                    return badRequest(line)
                }
                guard reply(runScenario(id: id, json: json, registries: registries)) else { return 0 }
            default:
                return badRequest(line)
            }
        }
        return 0
    }

    /// Runs one scenario request (with the worker's registries: a shrink sends many).
    private static func runScenario(id: Int, json: [UInt8], registries: RegistryCache) -> WorkerProtocol.Reply {
        do {
            let scenario = try Scenario.decode(Data(json))
            let result = try ScenarioRunner.run(scenario, registries: registries)
            return .run(RunRecord(index: id, result: result, nondeterministic: false))
        } catch {
            return .error(id: id, message: "\(error)")
        }
    }

    private static func reply(_ reply: WorkerProtocol.Reply) -> Bool {
        FileDescriptorIO.writeAll(1, Array((WorkerProtocol.encode(reply) + "\n").utf8))
    }

    private static func badRequest(_ line: String) -> Int32 {
        FileHandle.standardError.write(Data("error: unexpected request '\(line.prefix(80))' (suinav __worker is started by suinav fuzz, replay and shrink)\n".utf8))
        return 2
    }

    private static func nextLine(_ input: inout LineBuffer) -> String? {
        while true {
            if let line = input.nextLine() { return line }
            if input.read(from: 0) <= 0 { return nil }
        }
    }

    private static func nextBlock(_ input: inout LineBuffer, _ size: Int) -> [UInt8]? {
        while true {
            if let block = input.next(size) { return block }
            if input.read(from: 0) <= 0 { return nil }
        }
    }

    /// Whether the supervisor closed the input (stop after the run in progress); reads what has
    /// come meanwhile (the next batch, sent ahead) without blocking.
    private static func inputEnded(_ input: inout LineBuffer) -> Bool {
        guard FileDescriptorIO.readable([0], timeoutMilliseconds: 0)[0] else { return false }
        return input.read(from: 0) <= 0
    }
}
