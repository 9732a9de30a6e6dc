/// The text of a step label, built as UTF-8 bytes and turned into a `String` once.
///
/// A label is built for every step of every run (the trace records it), and appending to a
/// `String` piece by piece costs more than the rest of scheduling the step: here a piece is a
/// byte copy, and an integer is written digit by digit.
///
/// NB: its own buffer, not a `[UInt8]`: an array's `append(contentsOf:)` cost about 140
/// instructions a piece and emptying it kept-capacity another 80, several times per step. The
/// text is noncopyable, so the buffer has one owner, which frees it.
struct LabelText: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The number of bytes written.
    private(set) var count = 0

    init(capacity: Int = 64) {
        self.capacity = Swift.max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The text as a string.
    var string: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    /// The bytes written so far.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Calls `body` with the bytes written so far, in place (valid only during the call).
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    @inline(__always)
    static func += (text: inout LabelText, piece: String) {
        // NB: through the string's contiguous bytes (a literal's or a small string's are at
        // hand): appending its UTF-8 view element-wise cost about 300 instructions a piece.
        var piece = piece
        piece.withUTF8 { text.append($0) }
    }

    /// Empties the text, keeping its storage (one buffer serves every label of a run).
    mutating func removeAll() { count = 0 }

    /// Appends `number` in decimal, as `String(number)` writes it.
    static func += (text: inout LabelText, number: Int) {
        if number < 0 {
            text.reserve(text.count + 1)
            text.base[text.count] = UInt8(ascii: "-")
            text.count += 1
        }
        text.append(decimal: UInt64(number.magnitude))
    }

    /// Appends `number` in decimal, as `String(number)` writes it.
    mutating func append(decimal number: UInt64) {
        var magnitude = number
        var digits = 1
        while magnitude >= 10 {
            magnitude /= 10
            digits += 1
        }
        reserve(count + digits)
        magnitude = number
        for position in (0..<digits).reversed() {
            base[count + position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        }
        count += digits
    }

    @inline(__always)
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(count + bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Makes room for at least `needed` bytes.
    @inline(__always)
    private mutating func reserve(_ needed: Int) {
        if needed > capacity { grow(to: needed) }
    }

    /// Grows the buffer (doubling) to hold at least `needed` bytes.
    @inline(never)
    private mutating func grow(to needed: Int) {
        var grown = capacity * 2
        while grown < needed { grown *= 2 }
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.update(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = grown
    }
}
