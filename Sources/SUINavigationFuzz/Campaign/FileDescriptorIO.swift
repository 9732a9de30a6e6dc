#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Blocking reads and writes on raw file descriptors (the pipes between a supervisor and its
/// workers), retrying on `EINTR` and short writes.
enum FileDescriptorIO {
    /// Writes all of `bytes`; false when the other end is gone (`EPIPE`) or another error occurs.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    /// Waits until one of `fds` is readable (or closed) for at most `timeoutMilliseconds` (-1:
    /// forever); returns which are, in the order given.
    static func readable(_ fds: [Int32], timeoutMilliseconds: Int32) -> [Bool] {
        var entries = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while true {
            let count = poll(&entries, nfds_t(entries.count), timeoutMilliseconds)
            if count < 0 && errno == EINTR { continue }
            return entries.map { $0.revents != 0 }
        }
    }

    /// Closes `fd`, ignoring errors (the descriptor is ours and used once).
    static func close(_ fd: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(fd)
        #elseif canImport(Musl)
        _ = Musl.close(fd)
        #else
        _ = Darwin.close(fd)
        #endif
    }
}

/// Splits bytes read from a descriptor into lines and counted blocks.
struct LineBuffer {
    private(set) var bytes: [UInt8] = []
    private var start = 0
    private var scratch = [UInt8](repeating: 0, count: 16_384)

    /// Reads what `fd` has (at most 16 KiB, blocking until something comes); returns the byte
    /// count, 0 at end of input, -1 on error.
    mutating func read(from fd: Int32) -> Int {
        while true {
            let count = scratch.withUnsafeMutableBytes { Self.readCall(fd, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count > 0 { append(scratch[0..<count]) }
            return count
        }
    }

    private static func readCall(_ fd: Int32, _ pointer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(fd, pointer, count)
        #elseif canImport(Musl)
        Musl.read(fd, pointer, count)
        #else
        Darwin.read(fd, pointer, count)
        #endif
    }

    /// Appends bytes just read.
    mutating func append(_ more: some Collection<UInt8>) {
        if start > 0 && start == bytes.count {
            bytes.removeAll(keepingCapacity: true)
            start = 0
        }
        bytes.append(contentsOf: more)
    }

    /// Takes the next complete line (without its newline), if any.
    mutating func nextLine() -> String? {
        guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = String(decoding: bytes[start..<end], as: UTF8.self)
        start = end + 1
        compact()
        return line
    }

    /// Takes exactly `count` bytes when that many are buffered.
    mutating func next(_ count: Int) -> [UInt8]? {
        guard bytes.count - start >= count else { return nil }
        let block = Array(bytes[start..<(start + count)])
        start += count
        compact()
        return block
    }

    private mutating func compact() {
        if start > 65_536 {
            bytes.removeFirst(start)
            start = 0
        }
    }
}
