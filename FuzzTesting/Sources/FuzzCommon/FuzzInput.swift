import Foundation

/// The bytes libFuzzer hands a target, and how a target reports a bug.
public enum FuzzInput {
    /// Copies libFuzzer's input buffer (`start` may be nil when `count` is 0).
    public static func data(_ start: UnsafeRawPointer?, _ count: Int) -> Data {
        guard let start, count > 0 else { return Data() }
        return Data(bytes: start, count: count)
    }

    /// Writes `message` to stderr and aborts: libFuzzer records the input as a crash.
    public static func crash(_ message: String) -> Never {
        FileHandle.standardError.write(Data("suinav-fuzz: \(message)\n".utf8))
        abort()
    }

    /// Writes a line to stderr.
    public static func log(_ message: String) {
        FileHandle.standardError.write(Data("suinav-fuzz: \(message)\n".utf8))
    }
}
