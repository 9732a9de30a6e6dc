import Testing
@testable import SUINavigationSimulator

/// The trace hasher's string encoding against the documented one, computed here from the
/// string's UTF-8 bytes: the length, then the bytes eight to a word, little-endian, the last
/// word zero-padded.
@Suite("Trace hasher strings")
struct TraceHasherStringTests {
    static func reference(_ string: String) -> UInt64 {
        var state = FNV1a.offsetBasis
        func mix(_ word: UInt64) {
            state = (state ^ word) &* FNV1a.prime
            state ^= state >> 32
        }
        let bytes = Array(string.utf8)
        mix(UInt64(bytes.count))
        for start in stride(from: 0, to: bytes.count, by: 8) {
            var word: UInt64 = 0
            for (shift, byte) in bytes[start..<Swift.min(start + 8, bytes.count)].enumerated() {
                word |= UInt64(byte) << UInt64(8 * shift)
            }
            mix(word)
        }
        return state
    }

    @Test("every string, small or not, ASCII or not, hashes as its documented encoding")
    func matchesDocumentedEncoding() {
        let alphabet = ["a", "Z", "7", " ", "é", "→", "🙂"]
        var strings = [""]
        for length in 1...40 { strings.append((0..<length).map { alphabet[($0 * 5 + length) % alphabet.count] }.joined()) }
        for string in strings {
            var hasher = TraceHasher()
            hasher.combine(string)
            #expect(hasher.value == Self.reference(string), "\(string)")
        }
    }
}
