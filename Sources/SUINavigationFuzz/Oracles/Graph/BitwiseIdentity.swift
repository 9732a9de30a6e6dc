/// Whether `lhs` and `rhs` hold the same bits: the same references (to the same storage), the
/// same counters and flags, hence equal without a walk of what they reference.
///
/// NB: a shortcut taken before `==`, never instead of it: equal values may differ in their bits
/// (other storage, padding), but values with the same bits are equal whenever equality is
/// reflexive, as it is for graphs, layers and containers (no floating point anywhere in them).
/// Graphs written back or handed on unchanged share their storage, and comparing them walked
/// every container and entry.
@inline(__always)
func isBitwiseIdentical<T>(_ lhs: T, _ rhs: T) -> Bool {
    withUnsafeBytes(of: lhs) { left in
        withUnsafeBytes(of: rhs) { right in
            guard left.count == right.count else { return false }
            var offset = 0
            while offset + 8 <= left.count {
                if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
                offset += 8
            }
            while offset < left.count {
                if left[offset] != right[offset] { return false }
                offset += 1
            }
            return true
        }
    }
}
