import Foundation
import SUINavigationFuzz
#if canImport(Glibc)
import Glibc
#endif

/// What the benchmarks ran on: cores, CPU model and load, read from `/proc` where it exists.
struct Machine {
    /// Online cores (`nproc`).
    var cores: Int
    /// The CPU model from `/proc/cpuinfo` ("unknown" elsewhere).
    var cpuModel: String
    /// The 1-, 5- and 15-minute load averages when the run started.
    var loadAverage: String

    /// Reads the machine now.
    static func current() -> Machine {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { line in line.firstIndex(of: ":").map { line[line.index(after: $0)...] } }
            .map { String($0.drop { $0 == " " }) } ?? "unknown"
        return Machine(cores: ProcessInfo.processInfo.activeProcessorCount, cpuModel: model, loadAverage: loadAverageNow())
    }

    /// The load averages now (`/proc/loadavg`), e.g. `1.02 0.87 0.50`.
    static func loadAverageNow() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    var line: String { "machine: nproc=\(cores) cpu=\"\(cpuModel)\" loadavg=\(loadAverage)" }

    var jsonValue: JSONValue {
        .object(["nproc": .int(Int64(cores)), "cpuModel": .string(cpuModel), "loadAverageAtStart": .string(loadAverage)])
    }
}

/// CPU time consumed by this process, all threads (`CLOCK_PROCESS_CPUTIME_ID`), in nanoseconds.
///
/// Compared with wall time it tells how many cores a multi-threaded measurement really got on a
/// machine shared with other work.
func processCPUNanoseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
}

/// CPU time the calling thread has used, in nanoseconds.
///
/// Single-threaded samples (``PairedTiming``) are timed with it: on a machine shared with other
/// work, wall time counts the time the thread waited for a core, CPU time does not.
func threadCPUNanoseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
}

/// Resident memory of this process.
enum ResidentMemory {
    /// Peak resident set size in bytes: `VmHWM` of `/proc/self/status`, else `ru_maxrss`.
    static func peakBytes() -> Int {
        if let kilobytes = statusField("VmHWM") { return kilobytes * 1024 }
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #else
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss)  // bytes on Darwin
        #endif
    }

    /// Current resident set size in bytes (`VmRSS`), or nil where `/proc` is missing.
    static func currentBytes() -> Int? { statusField("VmRSS").map { $0 * 1024 } }

    /// Resets the peak to the current size (Linux: `5` written to `/proc/self/clear_refs`).
    ///
    /// - Returns: whether the reset worked; when it did not, the peak includes earlier suites.
    static func resetPeak() -> Bool {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let written = "5".utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, 1) }
        return written == 1
    }

    /// Peak resident set size in bytes of another process (`VmHWM`), nil where `/proc` is missing.
    static func peakBytes(ofProcess pid: Int32) -> Int? { statusField("VmHWM", of: "/proc/\(pid)/status").map { $0 * 1024 } }

    /// A `kB` field of `/proc/self/status` (or of another status file).
    private static func statusField(_ name: String, of path: String = "/proc/self/status") -> Int? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.dropFirst(name.count + 1).filter(\.isNumber)
            return Int(digits)
        }
        return nil
    }
}
