extension Array where Element == UInt8 {
    /// Appends the UTF-8 bytes of a literal in one copy.
    ///
    /// NB: `append(contentsOf: "…".utf8)` goes through the generic sequence append, element by
    /// element (a few hundred instructions per call); the canonical writers append a literal for
    /// every key they write, at every save.
    @inline(__always)
    mutating func appendLiteral(_ literal: StaticString) {
        literal.withUTF8Buffer { append(contentsOf: $0) }
    }
}
