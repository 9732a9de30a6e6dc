import Foundation
import Synchronization
import SUINavigationFuzz

/// Saves findings (a few per signature) and prints the command that reproduces each.
///
/// A save that fails is reported at once on stderr and counted (``notSaved``), so the summary
/// can say "N findings saved, M not saved" instead of dropping findings silently.
final class FindingReporter: Sendable {
    let console: Console
    let artifacts: URL
    let artifactsDisplay: String
    let keep: Int
    let json: Bool
    let shrink: Bool
    /// The binary to shrink in worker processes with (nil: shrink in this process).
    let executable: String?
    /// Whether each saved finding is also drawn (`--svg-failures`).
    let svg: Bool
    private let state = Mutex<(counts: [String: Int], saved: [SavedFinding], notSaved: Int)>(([:], [], 0))

    struct SavedFinding: Sendable {
        var signature: String
        var runIndex: Int
        var seed: UInt64
        var file: String
        var message: String
    }

    init(console: Console, artifacts: URL, artifactsDisplay: String, keep: Int, json: Bool, shrink: Bool, svg: Bool = false,
         executable: String? = nil) {
        self.shrink = shrink
        self.svg = svg
        self.executable = executable
        self.console = console
        self.artifacts = artifacts
        self.artifactsDisplay = artifactsDisplay
        self.keep = keep
        self.json = json
    }

    /// The findings saved, by run index.
    var saved: [SavedFinding] { state.withLock { $0.saved.sorted { $0.runIndex < $1.runIndex } } }

    /// How many findings could not be saved.
    var notSaved: Int { state.withLock { $0.notSaved } }

    func report(_ finding: Finding) {
        let signature = finding.violation.signature
        let shouldSave = state.withLock { state -> Bool in
            state.counts[signature, default: 0] += 1
            return state.counts[signature]! <= keep
        }
        guard shouldSave else { return }
        let (scenario, shrunkNote) = shrunk(finding)
        let file: String, url: URL
        do {
            (url, _) = try CorpusFiles.save(scenario, in: artifacts)
            file = (artifactsDisplay as NSString).appendingPathComponent(url.lastPathComponent)
        } catch {
            state.withLock { $0.notSaved += 1 }
            console.err("error: cannot save the failing scenario of run \(finding.runIndex) (scenario seed \(finding.scenario.seed)) in \(artifactsDisplay): \(error)")
            return
        }
        // NB: drawing runs the scenario in this process; one that traps (S3 from a worker) is not drawn.
        let drawn = svg && !finding.violation.eventKind.hasPrefix("crash.") && drawPicture(scenario, savedAt: url, file: file)
        state.withLock {
            $0.saved.append(SavedFinding(signature: signature, runIndex: finding.runIndex, seed: finding.scenario.seed,
                                         file: file, message: finding.violation.description))
        }
        if !json {
            console.out("failure: run \(finding.runIndex) (scenario seed \(finding.scenario.seed)): \(finding.violation)")
            if !shrunkNote.isEmpty { console.out(shrunkNote) }
            console.out("  saved: \(file)")
            if drawn { console.out("  picture: \(file.dropLast(".json".count)).svg") }
            console.out("  reproduce: suinav replay \(shellQuoted(file)) --trace")
        }
    }

    /// The finding's scenario, shrunk when asked (bounded, so that a campaign never stalls on one
    /// finding; the partial result is kept), and a line describing the shrink.
    private func shrunk(_ finding: Finding) -> (Scenario, String) {
        guard shrink else { return (finding.scenario, "") }
        let stopwatch = Stopwatch()
        let shrinker = makeShrinker(maxRuns: 3_000) { interruptRequested || stopwatch.elapsedSeconds > 20 }
        guard let result = shrinker.shrink(finding.scenario), result.signature == finding.violation.signature else {
            return (finding.scenario, "")
        }
        var scenario = result.scenario
        scenario.note = finding.scenario.note + " (shrunk from \(result.originalSteps) steps)"
        let note = "  shrunk: \(result.originalSteps) steps -> \(result.finalSteps) steps in \(result.runs) runs"
            + (result.capHit ? " (cap reached)" : "")
        return (scenario, note)
    }
}

extension FindingReporter {
    /// Writes `<name>.svg` next to a saved finding (`--svg-failures`); an existing picture of
    /// the same file is kept, and a failure to draw is reported without stopping the campaign.
    ///
    /// - Returns: whether the picture is there.
    func drawPicture(_ scenario: Scenario, savedAt url: URL, file: String) -> Bool {
        let picture = url.deletingPathExtension().appendingPathExtension("svg")
        guard !FileManager.default.fileExists(atPath: picture.path) else { return true }
        do { try ScenarioPicture.write(scenario, source: file, to: picture) } catch {
            console.err("warning: cannot draw \(file): \(error)")
            return false
        }
        return true
    }
}

/// The `--artifacts` directory, checked before a campaign starts.
enum ArtifactsDirectory {
    /// Fails unless `url` is a writable directory, or could be created as one (its nearest
    /// existing ancestor is a writable directory). Nothing is created here: a passing campaign
    /// leaves no empty directory behind.
    static func check(_ url: URL, display: String) throws(UsageError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw UsageError("--artifacts: '\(display)' exists and is not a directory; failing scenarios could not be saved there")
            }
            guard access(url.path, W_OK | X_OK) == 0 else {
                throw UsageError("--artifacts: directory '\(display)' is not writable (\(String(cString: strerror(errno))))")
            }
            return
        }
        var ancestor = url.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isDirectory), ancestor.path != "/" {
            ancestor = ancestor.deletingLastPathComponent()
        }
        guard isDirectory.boolValue, access(ancestor.path, W_OK | X_OK) == 0 else {
            throw UsageError("--artifacts: cannot create '\(display)': '\(ancestor.path)' is not a writable directory")
        }
    }
}
