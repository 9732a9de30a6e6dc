import Foundation

/// A registry's remembered decode results, by entry key and payload bytes
/// (``NavigationDestinationRegistry/memoizesDecoding``).
///
/// NB: looked up by a 64-bit FNV-1a hash of the key's and the payload's bytes, computed here, and
/// then compared exactly: a dictionary keyed by the key and the payload hashed both with SipHash
/// at every lookup (about 800 instructions, on the path of every resolved entry).
struct RegistryDecodeMemo {
    /// A remembered decode, and the next one with the same hash (-1: none).
    private struct Slot {
        let key: NavigationDestinationKey
        let payload: Data
        let outcome: RegistryDecodeOutcome
        let next: Int
    }

    /// The index in ``slots`` of the last decode remembered for each hash.
    private var lastByHash: [UInt64: Int] = [:]
    private var slots: [Slot] = []

    /// How many decodes are remembered.
    var count: Int { slots.count }

    /// The outcome remembered for `key` and `payload`, if any; `hash` is ``hash(_:_:)`` of them.
    ///
    /// NB: the key and the payload are compared by their bytes, the slots read in place (a copy
    /// of each slot retained its parts).
    func outcome(_ key: NavigationDestinationKey, _ payload: Data, hash: UInt64) -> RegistryDecodeOutcome? {
        guard var index = lastByHash[hash] else { return nil }
        return slots.withUnsafeBufferPointer { slots in
            while index >= 0 {
                if (isSameBits(slots[index].payload, payload) || slots[index].payload == payload),
                   slots[index].key.rawValue.hasSameUTF8(as: key.rawValue) {
                    return slots[index].outcome
                }
                index = slots[index].next
            }
            return nil
        }
    }

    /// Remembers `outcome` for `key` and `payload` (not remembered yet); `hash` is ``hash(_:_:)`` of them.
    mutating func remember(_ outcome: RegistryDecodeOutcome, for key: NavigationDestinationKey, _ payload: Data, hash: UInt64) {
        slots.append(Slot(key: key, payload: payload, outcome: outcome, next: lastByHash[hash] ?? -1))
        lastByHash[hash] = slots.count - 1
    }

    /// Forgets every remembered decode.
    mutating func removeAll() {
        lastByHash.removeAll()
        slots.removeAll()
    }

    /// The FNV-1a hash of the key's UTF-8 bytes, a separator and the payload's bytes.
    static func hash(_ key: NavigationDestinationKey, _ payload: Data) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var text = key.rawValue
        text.withUTF8 { bytes in
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        // NB: a byte no UTF-8 text holds, so that key and payload bytes cannot trade places.
        hash = (hash ^ 0xFF) &* 0x100_0000_01b3
        payload.withUnsafeBytes { bytes in
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        return hash
    }
}
