/// FNV-1a, 64 bits: the one stable byte hash of the package (trace hashes, PRNG fork labels,
/// corpus file names, value identity in variant policies).
///
/// NB: never Swift's `Hasher`, which is seeded randomly per process.
public struct FNV1a: Sendable, Hashable {
    /// The 64-bit offset basis.
    public static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    /// The 64-bit prime.
    public static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// The hash of everything combined so far.
    public internal(set) var value: UInt64 = FNV1a.offsetBasis

    /// Creates a hasher in its initial state.
    public init() {}

    /// Combines one byte.
    @inline(__always)
    public mutating func combine(byte: UInt8) {
        value = (value ^ UInt64(byte)) &* Self.prime
    }

    /// Combines every byte of `bytes`, in order.
    public mutating func combine<Bytes: Sequence<UInt8>>(bytes: Bytes) {
        for byte in bytes { combine(byte: byte) }
    }

    /// The hash of `bytes`.
    public static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var hasher = FNV1a()
        hasher.combine(bytes: bytes)
        return hasher.value
    }
}
