import Foundation

/// The target's own command-line flags, read in `LLVMFuzzerInitialize`.
///
/// libFuzzer leaves flags that start with `--` to the target. The one flag the targets share is
/// `--write-seeds=<Corpus dir>,<output dir>`: write this target's seed corpus and exit.
public enum FuzzArguments {
    /// The arguments of `argc` / `argv`.
    public static func list(_ argc: UnsafeMutablePointer<CInt>?,
                            _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> [String] {
        guard let argc, let argv = argv?.pointee else { return [] }
        return (0..<Int(argc.pointee)).compactMap { argv[$0].map { String(cString: $0) } }
    }

    /// Handles `--write-seeds=...` (exits) for `kind`; returns otherwise.
    public static func handleSeedRequest(_ arguments: [String], kind: SeedCorpus.Kind) {
        guard let flag = arguments.first(where: { $0.hasPrefix("--write-seeds=") }) else { return }
        let parts = flag.dropFirst("--write-seeds=".count).split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            FuzzInput.log("error: --write-seeds: expected <Corpus dir>,<output dir>, found '\(flag)'")
            exit(2)
        }
        do {
            let count = try SeedCorpus.write(kind, corpus: URL(fileURLWithPath: String(parts[0])),
                                              output: URL(fileURLWithPath: String(parts[1])))
            FuzzInput.log("wrote \(count) \(kind.rawValue) seeds to \(parts[1])")
            exit(0)
        } catch {
            FuzzInput.log("error: --write-seeds: \(error)")
            exit(2)
        }
    }
}
