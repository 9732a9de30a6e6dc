/// The project's pseudo-random number generator: SplitMix64 seeding xoshiro256**.
///
/// Every random decision of the simulator and the fuzzer comes from this type, seeded once.
/// Nothing here reads the system generator, and no decision uses floating point: bounded
/// integers use Lemire's multiply-shift with rejection (unbiased), probabilities are integer
/// ratios (``chance(_:_:)``).
///
/// Components take their own stream with ``fork(_:)`` (by label) or ``subSeed(_:)`` (by index).
/// Both derive from the **original seed only**, never from the draws made so far, so one extra
/// draw in one component never shifts another component's schedule.
///
/// ```swift
/// var root = SimulationRandom(seed: 42)
/// var faults = root.fork("faults")
/// let delay = faults.int(in: 300...650)
/// if faults.chance(1, 4) { /* 25 % */ }
/// ```
///
/// NB: the type conforms to `RandomNumberGenerator` for convenience, but the standard library's
/// `shuffled(using:)` and `random(in:using:)` may change their algorithms between toolchains;
/// decisions that a corpus file depends on must use this type's own methods (``shuffle(_:)``,
/// ``element(of:)``, ``int(in:)``).
public struct SimulationRandom: RandomNumberGenerator, Sendable, Hashable {
    /// The seed this generator (or its parent) was created with.
    public let seed: UInt64
    @usableFromInline var s0: UInt64
    @usableFromInline var s1: UInt64
    @usableFromInline var s2: UInt64
    @usableFromInline var s3: UInt64

    /// Creates a generator whose four state words are the first four SplitMix64 outputs of `seed`.
    public init(seed: UInt64) {
        self.seed = seed
        var state = seed
        s0 = Self.splitMix64(&state)
        s1 = Self.splitMix64(&state)
        s2 = Self.splitMix64(&state)
        s3 = Self.splitMix64(&state)
    }

    /// One step of SplitMix64 (Steele, Lea, Flood 2014): advances `state` and returns the output.
    ///
    /// For `state == 0` the first outputs are `0xE220A8397B1DCDAF`, `0x6E789E6AA1B965F4`,
    /// `0x06C45D188009454F`.
    @inlinable
    public static func splitMix64(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The next 64 random bits (xoshiro256**, Blackman and Vigna 2018).
    @inlinable
    public mutating func next() -> UInt64 {
        let result = rotateLeft(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotateLeft(s3, 45)
        return result
    }

    @usableFromInline
    func rotateLeft(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 &- k)) }

    /// A uniformly distributed integer in `0..<bound` (Lemire's method with rejection: unbiased).
    ///
    /// - Precondition: `bound > 0`.
    public mutating func next(below bound: UInt64) -> UInt64 {
        precondition(bound > 0, "SimulationRandom.next(below:): bound must be positive")
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            // Reject the few low products that would over-represent some results.
            let threshold = (0 &- bound) % bound
            while product.low < threshold {
                product = next().multipliedFullWidth(by: bound)
            }
        }
        return product.high
    }

    /// A uniformly distributed integer in `range`.
    ///
    /// - Precondition: the range is not empty.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(bitPattern: Int64(range.upperBound) &- Int64(range.lowerBound))
        if span == .max { return Int(truncatingIfNeeded: next()) }
        return range.lowerBound &+ Int(truncatingIfNeeded: next(below: span &+ 1))
    }

    /// A uniformly distributed integer in `range`.
    public mutating func int(in range: Range<Int>) -> Int {
        precondition(!range.isEmpty, "SimulationRandom.int(in:): empty range")
        return int(in: range.lowerBound...(range.upperBound - 1))
    }

    /// A uniformly distributed 64-bit integer in `range` (virtual times, durations).
    public mutating func int64(in range: ClosedRange<Int64>) -> Int64 {
        let span = UInt64(bitPattern: range.upperBound &- range.lowerBound)
        if span == .max { return Int64(bitPattern: next()) }
        return range.lowerBound &+ Int64(bitPattern: next(below: span &+ 1))
    }

    /// True with probability `numerator / denominator`, decided on integers only.
    ///
    /// - Precondition: `denominator > 0` and `0 <= numerator`. A numerator at or above the
    ///   denominator is always true.
    public mutating func chance(_ numerator: Int, _ denominator: Int) -> Bool {
        precondition(denominator > 0 && numerator >= 0, "SimulationRandom.chance: need 0 <= numerator, 0 < denominator")
        if numerator >= denominator { return true }
        if numerator == 0 { return false }
        return next(below: UInt64(denominator)) < UInt64(numerator)
    }

    /// A coin flip.
    public mutating func bool() -> Bool { next() >> 63 == 1 }

    /// A uniformly chosen element, or nil for an empty collection.
    public mutating func element<C: RandomAccessCollection>(of collection: C) -> C.Element? {
        guard !collection.isEmpty else { return nil }
        let offset = Int(next(below: UInt64(collection.count)))
        return collection[collection.index(collection.startIndex, offsetBy: offset)]
    }

    /// Shuffles `array` in place (Fisher-Yates with this generator's unbiased bounded draws).
    public mutating func shuffle<T>(_ array: inout [T]) {
        guard array.count > 1 else { return }
        var index = array.count - 1
        while index > 0 {
            let other = Int(next(below: UInt64(index + 1)))
            array.swapAt(index, other)
            index -= 1
        }
    }

    /// An independent generator for the component named `label`, derived from ``seed`` only.
    ///
    /// The label is hashed with FNV-1a over its UTF-8 bytes (stable across processes, unlike
    /// Swift's `Hasher`).
    public func fork(_ label: String) -> SimulationRandom {
        SimulationRandom(seed: subSeed(FNV1a.hash(label.utf8)))
    }

    /// A seed for the component numbered `index`, derived from ``seed`` only.
    public func subSeed(_ index: UInt64) -> UInt64 {
        var state = seed ^ (index &* 0xD1B5_4A32_D192_ED03)
        _ = Self.splitMix64(&state)
        return Self.splitMix64(&state)
    }
}
