import Foundation

/// Decoded payloads shared by registries that decode alike, by payload type and bytes: each
/// payload type decodes each payload once across all of them.
///
/// A package hook for the simulator, whose worlds build registries for many destination lists
/// over the same payload types (a relaunch that renames or removes a destination gets a new
/// registry): without it, every new registry decodes again, through `JSONDecoder`, payloads
/// another one already decoded. The first decode of each payload still runs the real decode path.
///
/// NB: a decode depends only on the payload type, the decoder's configuration and the bytes, so
/// registries may share a memo only when their decoders are configured alike; a registry whose
/// ``NavigationDestinationRegistry/decoder`` is replaced stops using its memo.
package final class RegistryPayloadMemo {
    /// A remembered decode's key: the payload type and the bytes.
    private struct Key: Hashable {
        let type: ObjectIdentifier
        let payload: Data
    }

    /// A remembered decode: the value, or the failure's description.
    private enum Decoded {
        case item(Any)
        case failure(reason: String)
    }

    /// A decode that failed, with the description of its error.
    struct Failure: Error {
        let reason: String
    }

    private var decoded: [Key: Decoded] = [:]

    /// Creates an empty memo.
    package init() {}

    /// How many decodes are remembered (caches that outlive a run bound it).
    package var count: Int { decoded.count }

    /// Forgets every remembered decode.
    package func removeAll() { decoded.removeAll() }

    /// `payload` decoded as `Item` by `decoder`, or the failure's description; remembered in
    /// `memo` when there is one.
    static func decode<Item: Decodable>(_ type: Item.Type, from payload: Data, with decoder: JSONDecoder,
                                        memo: RegistryPayloadMemo?) -> Result<Item, Failure> {
        guard let memo else { return decode(type, from: payload, with: decoder) }
        let key = Key(type: ObjectIdentifier(type), payload: payload)
        switch memo.decoded[key] {
        case .item(let item as Item): return .success(item)
        case .failure(let reason): return .failure(Failure(reason: reason))
        case .item, .none: break
        }
        let result = decode(type, from: payload, with: decoder)
        switch result {
        case .success(let item): memo.decoded[key] = .item(item)
        case .failure(let failure): memo.decoded[key] = .failure(reason: failure.reason)
        }
        return result
    }

    /// `payload` decoded as `Item` by `decoder`, or the failure's description.
    private static func decode<Item: Decodable>(_ type: Item.Type, from payload: Data, with decoder: JSONDecoder)
        -> Result<Item, Failure>
    {
        do { return .success(try decoder.decode(type, from: payload)) } catch {
            return .failure(Failure(reason: NavigationDestinationRegistry<Never>.describe(error)))
        }
    }
}
