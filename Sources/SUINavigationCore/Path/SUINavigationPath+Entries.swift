extension SUINavigationPath {
    /// A path's entries, bottom first: a random-access collection whose values share storage
    /// along a path's history.
    ///
    /// A path copied and then grown by appends shares what the copy held, so appending to a path
    /// that other values still hold (the bound value, the reconciler's last target, a trace)
    /// copies nothing, and comparing a path with one it was derived from is O(1) instead of
    /// O(depth). Use `Array(path.entries)` where an array is needed.
    public struct Entries: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral,
        CustomStringConvertible
    {
        /// An entry of the path.
        public typealias Element = Entry
        /// Positions count from 0, the entry just above the root.
        public typealias Index = Int
        /// The positions `0..<count`.
        public typealias Indices = Range<Int>
        /// A run of entries, sharing the storage.
        public typealias SubSequence = Slice<Entries>

        /// The storage; nil until the first entry (an empty path allocates nothing).
        // NB: inlinable reads (and so a usable-from-inline log), so that other modules iterate
        // and index entries through specialized code, as they did arrays, not through generic
        // metadata looked up at run time.
        @usableFromInline var log: SharedAppendLog?
        /// The number of entries; the log's slots below it are this value's.
        public private(set) var endIndex: Int

        @inlinable public var startIndex: Int { 0 }

        /// No entries.
        public init() {
            log = nil
            endIndex = 0
        }

        /// The given entries, in order.
        public init<C: Collection>(_ entries: C) where C.Element == Entry {
            log = entries.isEmpty ? nil : SharedAppendLog(entries)
            endIndex = entries.count
        }

        public init(arrayLiteral elements: Entry...) { self.init(elements) }

        @inlinable
        public subscript(position: Int) -> Entry {
            precondition(position >= 0 && position < endIndex, "SUINavigationPath.Entries: index out of range")
            // NB: a value with entries always has a log.
            return log.unsafelyUnwrapped[position]
        }

        public var description: String { Array(self).description }

        /// Reads the entries in place (no copies of keys or payloads).
        public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<Entry>) throws -> R) rethrows -> R? {
            try withSlots(body)
        }

        /// Reads the entries in place.
        @inline(__always)
        func withSlots<R>(_ body: (UnsafeBufferPointer<Entry>) throws -> R) rethrows -> R {
            guard let log, endIndex > 0 else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
            return try log.withSlots(0..<endIndex, body)
        }

        /// Appends `entry`: in place at the end of the shared log, else into a copy of this prefix.
        mutating func append(_ entry: Entry) {
            guard let current = log else {
                log = SharedAppendLog(CollectionOfOne(entry), reserve: 7)
                endIndex = 1
                return
            }
            if !current.append(entry, at: endIndex) {
                if isKnownUniquelyReferenced(&log) {
                    current.truncate(to: endIndex)
                } else {
                    log = SharedAppendLog(self, reserve: Swift.max(8, endIndex))
                }
                let appended = log.unsafelyUnwrapped.append(entry, at: endIndex)
                assert(appended, "a log of one's own has room at its end")
            }
            endIndex += 1
        }

        /// Drops the last `k` entries (0 <= k <= count); the log keeps their slots for the values
        /// that still hold them.
        mutating func removeLast(count k: Int) { endIndex -= k }

        /// Replaces the entry at `index` (a new log: other values keep the old entry).
        mutating func replace(at index: Int, with entry: Entry) {
            precondition(index >= 0 && index < endIndex, "SUINavigationPath.Entries: index \(index) out of range")
            var copy = Entries(self[..<index])
            copy.append(entry)
            for later in (index + 1)..<endIndex { copy.append(self[later]) }
            self = copy
        }

        /// How many leading entries the two share (equal entries, ids included).
        ///
        /// - Complexity: O(1) when one was derived from the other by appends and removals (they
        ///   share a log), else O(k), k the returned count plus one.
        public func sharedPrefixCount(with other: Entries) -> Int {
            let count = Swift.min(endIndex, other.endIndex)
            if count == 0 || log === other.log { return count }
            return withSlots { mine in
                other.withSlots { theirs in
                    var index = 0
                    while index < count, mine[index] == theirs[index] { index += 1 }
                    return index
                }
            }
        }

        /// Whether the two hold the same storage, so that every index both cover holds the same entry.
        package func sharesStorage(with other: Entries) -> Bool { log != nil && log === other.log }

        public static func == (lhs: Entries, rhs: Entries) -> Bool {
            lhs.endIndex == rhs.endIndex && lhs.sharedPrefixCount(with: rhs) == lhs.endIndex
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(endIndex)
            withSlots { for entry in $0 { hasher.combine(entry) } }
        }
    }
}

