import Foundation

/// The payload bytes of a route, built without an encoder.
extension SimRoute {
    /// `{"value":N}` as UTF-8, without building a string.
    ///
    /// - Complexity: O(digits).
    static func payloadBytes(_ value: Int) -> Data {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            var count = 0
            for byte in "{\"value\":".utf8 {
                buffer[count] = byte
                count += 1
            }
            if value < 0 {
                buffer[count] = UInt8(ascii: "-")
                count += 1
            }
            // The digits, least significant first, then reversed in place.
            var magnitude = value.magnitude
            let firstDigit = count
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            buffer[firstDigit..<count].reverse()
            buffer[count] = UInt8(ascii: "}")
            count += 1
            return Data(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }
}
