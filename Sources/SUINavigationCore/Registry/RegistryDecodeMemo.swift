import Foundation

/// A registry's remembered decode results, by entry key and payload bytes
/// (``NavigationDestinationRegistry/memoizesDecoding``).
///
/// NB: an open-addressing table of its own, looked up by a 64-bit hash of the key's and the
/// payload's bytes computed here a word at a time, then compared exactly. A dictionary keyed by
/// the key and the payload hashed both with SipHash at every lookup (about 800 instructions, on
/// the path of every resolved entry); one keyed by this hash still hashed the hash with SipHash,
/// and a byte-at-a-time hash cost about five instructions a byte.
struct RegistryDecodeMemo {
    /// A remembered decode and the hash it is filed under.
    private struct Slot {
        let key: NavigationDestinationKey
        let payload: Data
        let outcome: RegistryDecodeOutcome
        let hash: UInt64
    }

    /// For each position, 0 when free, else 1 + the index in ``slots`` of the decode filed there
    /// (linear probing from `hash & (buckets.count - 1)`); a power of two, at least twice
    /// ``slots``' count, or empty.
    private var buckets: [Int] = []
    private var slots: [Slot] = []

    /// How many decodes are remembered.
    var count: Int { slots.count }

    /// The outcome remembered for `key` and `payload`, if any; `hash` is ``hash(_:_:)`` of them.
    ///
    /// NB: the key and the payload are compared by their bytes, the slots read in place (a copy
    /// of each slot retained its parts).
    func outcome(_ key: NavigationDestinationKey, _ payload: Data, hash: UInt64) -> RegistryDecodeOutcome? {
        guard !buckets.isEmpty else { return nil }
        return buckets.withUnsafeBufferPointer { buckets in
            slots.withUnsafeBufferPointer { slots in
                let mask = buckets.count - 1
                var position = Int(truncatingIfNeeded: hash) & mask
                while buckets[position] != 0 {
                    let index = buckets[position] - 1
                    if slots[index].hash == hash,
                       isSameBits(slots[index].payload, payload) || slots[index].payload == payload,
                       slots[index].key.rawValue.hasSameUTF8(as: key.rawValue) {
                        return slots[index].outcome
                    }
                    position = (position + 1) & mask
                }
                return nil
            }
        }
    }

    /// Remembers `outcome` for `key` and `payload` (not remembered yet); `hash` is ``hash(_:_:)`` of them.
    mutating func remember(_ outcome: RegistryDecodeOutcome, for key: NavigationDestinationKey, _ payload: Data, hash: UInt64) {
        slots.append(Slot(key: key, payload: payload, outcome: outcome, hash: hash))
        if slots.count * 2 > buckets.count {
            // Refiles every decode in a table twice as large.
            buckets = Array(repeating: 0, count: Swift.max(16, buckets.count * 2))
            for index in slots.indices { file(index) }
        } else {
            file(slots.count - 1)
        }
    }

    /// Files the decode at `index` in ``slots`` at the first free position of its probe sequence.
    private mutating func file(_ index: Int) {
        let mask = buckets.count - 1
        var position = Int(truncatingIfNeeded: slots[index].hash) & mask
        while buckets[position] != 0 { position = (position + 1) & mask }
        buckets[position] = index + 1
    }

    /// Forgets every remembered decode.
    mutating func removeAll() {
        buckets.removeAll()
        slots.removeAll()
    }

    /// A 64-bit hash of the key's UTF-8 bytes, their count and the payload's bytes, a word at a time.
    ///
    /// NB: the count separates the key from the payload, so that their bytes cannot trade places.
    static func hash(_ key: NavigationDestinationKey, _ payload: Data) -> UInt64 {
        var text = key.rawValue
        var hash = text.withUTF8 { combine(0xcbf2_9ce4_8422_2325, UnsafeRawBufferPointer($0)) }
        hash = mix(hash, UInt64(text.utf8.count))
        hash = payload.withUnsafeBytes { combine(hash, $0) }
        // The finalizer of MurmurHash3 (fmix64): every bit of the state reaches the low bits the table uses.
        hash = (hash ^ (hash >> 33)) &* 0xff51_afd7_ed55_8ccd
        hash = (hash ^ (hash >> 33)) &* 0xc4ce_b9fe_1a85_ec53
        return hash ^ (hash >> 33)
    }

    /// `hash` combined with `bytes`, eight at a time, the last ones (fewer than eight) as one word with their count.
    private static func combine(_ hash: UInt64, _ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = hash
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = mix(hash, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var last = UInt64(bytes.count - offset) << 56
        var shift: UInt64 = 0
        while offset < bytes.count {
            last |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        return mix(hash, last)
    }

    /// One step of the hash: `word` mixed into `hash`.
    private static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (hash ^ word) &* 0x9e37_79b9_7f4a_7c15
        return mixed ^ (mixed >> 29)
    }
}
