import Foundation

/// The payload of a scenario entry, `{"value":N}`: the bytes ``World/makeEntryPayload(_:)``
/// writes, shared for the values scenarios use.
///
/// NB: built once per process for the small values every run writes (a payload built per entry
/// formatted a string and copied it into new bytes, about 1,400 instructions); `Data` is a value,
/// so sharing its storage changes nothing a run can observe.
enum EntryPayloads {
    /// How many values, from 0, are built once and shared.
    static let sharedCount = 512

    /// The payloads of `0..<sharedCount`.
    private static let shared: [Data] = (0..<sharedCount).map(make)

    /// The payload of `value`.
    static func payload(_ value: Int) -> Data { value >= 0 && value < sharedCount ? shared[value] : make(value) }

    /// Builds the payload of `value`.
    static func make(_ value: Int) -> Data { Data("{\"value\":\(value)}".utf8) }
}
