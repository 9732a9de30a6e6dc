/// The text of a step label, built as UTF-8 bytes and turned into a `String` once.
///
/// A label is built for every step of every run (the trace records it), and appending to a
/// `String` piece by piece costs more than the rest of scheduling the step: here a piece is a
/// byte copy, and an integer is written digit by digit.
struct LabelText {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 48) { bytes.reserveCapacity(capacity) }

    /// The text as a string.
    var string: String { String(decoding: bytes, as: UTF8.self) }

    static func += (text: inout LabelText, piece: String) {
        // NB: through the string's contiguous bytes (a literal's or a small string's are at
        // hand): appending its UTF-8 view element-wise cost about 300 instructions a piece.
        var piece = piece
        piece.withUTF8 { text.bytes.append(contentsOf: $0) }
    }

    /// Empties the text, keeping its storage (one buffer serves every label of a run).
    mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// Appends `number` in decimal, as `String(number)` writes it.
    static func += (text: inout LabelText, number: Int) {
        if number < 0 { text.bytes.append(UInt8(ascii: "-")) }
        text.appendDigits(of: number.magnitude)
    }

    private mutating func appendDigits(of magnitude: UInt) {
        if magnitude >= 10 { appendDigits(of: magnitude / 10) }
        bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
    }
}
