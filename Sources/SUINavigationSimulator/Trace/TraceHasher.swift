import SUINavigationCore

/// A stable 64-bit hash of a trace: an FNV-1a-style multiply over a canonical encoding of every
/// event, fed one 64-bit word at a time.
///
/// The encoding is fixed by this file (explicit codes for every enum case, integers as words,
/// length-prefixed UTF-8 strings packed eight bytes to a word, little-endian), so the same trace
/// hashes the same on every run, process and machine. NB: never Swift's `Hasher`, which is
/// seeded randomly per process.
///
/// The displayed stack and the bound path are encoded as deltas from the previous event's: one
/// word when unchanged (the usual case), else how many ids were dropped from and added to the
/// end of the common prefix, then the added ids. The hasher keeps its own copies of the previous
/// stack and path and compares only past the prefix the event says is unchanged
/// (``TraceEvent/hostStackKept``), so the cost of an event is O(change), never O(depth)
/// (hashing whole stacks per event made long scenarios quadratic). A save's ids (`storeChanged`)
/// are a delta against the last save's in the same way (``TraceEvent/storeIDsKept``).
///
/// The world hashes incrementally as events are appended; ``hash(of:)`` recomputes from a
/// finished trace and must agree.
public struct TraceHasher: Sendable, Hashable {
    /// The 64-bit FNV offset basis.
    static let offsetBasis: UInt64 = FNV1a.offsetBasis
    /// The 64-bit FNV prime.
    static let prime: UInt64 = FNV1a.prime

    private var state = TraceHasher.offsetBasis
    /// The stack and path of the previous event (own copies, followed in O(change)).
    private var previousHost = IDListMirror()
    private var previousPath = IDListMirror()
    /// The ids of the last `storeChanged` (none after a removal), followed in O(change): a save
    /// is hashed as a delta against it, past what the event says is kept.
    private var previousStore = IDListMirror()

    /// The hash of everything combined so far.
    public var value: UInt64 { state }

    /// Creates a hasher in its initial state.
    public init() {}

    /// Becomes a hasher in its initial state, keeping the storage of its lists emptied (a
    /// finished world's hasher handed to the next world, ``WorldSpareStorage``).
    mutating func reset() {
        var fresh = TraceHasher()
        fresh.previousHost.takeStorage(from: &previousHost)
        fresh.previousPath.takeStorage(from: &previousPath)
        fresh.previousStore.takeStorage(from: &previousStore)
        self = fresh
    }

    /// The hash of a whole trace.
    public static func hash(of events: [TraceEvent]) -> UInt64 {
        var hasher = TraceHasher()
        for event in events { hasher.combine(event) }
        return hasher.value
    }

    /// Combines one 64-bit word: xor, multiply by the FNV prime, then fold the high half into
    /// the low half (a multiply alone never moves high bits down).
    @inline(__always)
    public mutating func combine(_ word: UInt64) { Self.mix(&state, word) }

    /// The mixing step of ``combine(_:)-(UInt64)`` on a given state.
    @inline(__always)
    static func mix(_ state: inout UInt64, _ word: UInt64) {
        state = (state ^ word) &* prime
        state ^= state >> 32
    }

    /// Combines one byte (as a word).
    @inline(__always)
    public mutating func combine(byte: UInt8) { combine(UInt64(byte)) }

    /// Combines a signed integer as its 64-bit two's complement.
    @inline(__always)
    public mutating func combine(_ int: Int64) { combine(UInt64(bitPattern: int)) }

    /// Combines a Boolean (as a word, 0 or 1).
    @inline(__always)
    public mutating func combine(_ flag: Bool) { combine(flag ? 1 as UInt64 : 0) }

    /// Combines a string: its UTF-8 length, then its bytes, eight to a word (little-endian, the
    /// last word zero-padded).
    ///
    /// NB: the bytes are read in place (`withContiguousStorageIfAvailable`, which every native
    /// string offers); `withUTF8` needed a mutable copy of the string (a retain and a release).
    public mutating func combine(_ string: String) {
        let done: Void? = string.utf8.withContiguousStorageIfAvailable { bytes in
            Self.mix(&state, utf8: UnsafeRawBufferPointer(bytes))
        }
        if done == nil {
            var copy = string
            copy.withUTF8 { bytes in Self.mix(&state, utf8: UnsafeRawBufferPointer(bytes)) }
        }
    }

    /// Combines UTF-8 bytes into `state` as ``combine(_:)-(String)`` encodes them: the length,
    /// then the bytes eight to a word.
    static func mix(_ state: inout UInt64, utf8 raw: UnsafeRawBufferPointer) {
        mix(&state, UInt64(raw.count))
        var offset = 0
        while offset + 8 <= raw.count {
            mix(&state, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        guard offset < raw.count else { return }
        var word: UInt64 = 0
        var shift: UInt64 = 0
        for byte in raw[offset...] {
            word |= UInt64(byte) << shift
            shift += 8
        }
        mix(&state, word)
    }

    /// Combines a list of entry ids: the count, then each id.
    public mutating func combine(_ ids: [EntryID]) {
        combine(UInt64(ids.count))
        for id in ids { combine(id.rawValue) }
    }

    /// Combines an optional entry id (nil is the root).
    public mutating func combine(_ id: EntryID?) {
        if let id {
            combine(byte: 1)
            combine(id.rawValue)
        } else {
            combine(byte: 0)
        }
    }

    /// Combines one event: every field, in declaration order; the stack and the path as deltas.
    public mutating func combine(_ event: TraceEvent) { combine(event, inputLabel: nil) }

    /// Combines one event; an `input` event's label is `inputLabel`'s UTF-8 bytes when given
    /// (the event then carries an empty label), hashed as the label string would be.
    mutating func combine(_ event: TraceEvent, inputLabel: UnsafeRawBufferPointer?) {
        combine(UInt64(event.sequence))
        combine(event.time)
        combine(UInt64(event.turn))
        combine(byte: event.actor.canonicalCode)
        if case .storeChanged(let ids) = event.kind {
            combineStoreChange(ids, known: event.storeIDsKept)
        } else if let inputLabel {
            combine(byte: 2)
            Self.mix(&state, utf8: inputLabel)
        } else if case .turnBegan(let turn) = event.kind {
            // NB: the most common kind, encoded here as ``combine(_:boundPath:)`` does: the call
            // unpacked every case's payload before its switch.
            combine(byte: 1); combine(UInt64(turn))
        } else if case .scheduledBlock = event.kind {
            combine(byte: 15)
        } else {
            combine(event.kind, boundPath: event.boundPath)
        }
        // NB: static, on disjoint stored properties: the mirrors are mutated in place, no copy.
        Self.combineDelta(event.hostStack, known: event.hostStackKept, from: &previousHost, into: &state)
        Self.combineDelta(event.boundPath, known: event.boundPathKept, from: &previousPath, into: &state)
        combine(event.transitionInFlight)
    }

    /// Combines `ids` as a change of `previous`, then makes `previous` follow them.
    ///
    /// Unchanged: the word 0. Changed: 1, the ids dropped from the end of the common prefix, the
    /// ids added after it, then the added ids.
    ///
    /// - Parameter known: how many leading ids are known to be `previous`'s (the event says).
    /// - Complexity: O(change): the ids past `known` and the added ids.
    @inline(__always)
    static func combineDelta(_ ids: [EntryID], known: Int, from previous: inout IDListMirror, into state: inout UInt64) {
        // The usual case, inline: every id known to be the previous event's, and no more of them.
        if known >= ids.count, previous.ids.count == ids.count {
            mix(&state, 0)
            return
        }
        combineChangedDelta(ids, known: known, from: &previous, into: &state)
    }

    /// ``combineDelta(_:known:from:into:)`` past its inline case.
    @inline(never)
    static func combineChangedDelta(_ ids: [EntryID], known: Int, from previous: inout IDListMirror, into state: inout UInt64) {
        let shared = previous.sharedPrefix(with: ids, known: known)
        if previous.isUnchanged(shared: shared, count: ids.count) {
            mix(&state, 0)
            return
        }
        mix(&state, 1)
        mix(&state, UInt64(previous.ids.count - shared))
        mix(&state, UInt64(ids.count - shared))
        for index in shared..<ids.count { mix(&state, ids[index].rawValue) }
        previous.follow(ids, shared: shared)
    }

    /// How many leading ids `a` and `b` share (all of them, at once, when they share storage).
    static func commonPrefixCount(_ a: [EntryID], _ b: [EntryID]) -> Int {
        a.withUnsafeBufferPointer { left in
            b.withUnsafeBufferPointer { right in
                let count = Swift.min(left.count, right.count)
                if left.baseAddress == right.baseAddress { return count }
                var index = 0
                while index < count, left[index] == right[index] { index += 1 }
                return index
            }
        }
    }

    /// Combines an event kind: a tag, then its fields. The ids of a path write or an update pass
    /// are the event's bound path (one word) unless they differ from it.
    public mutating func combine(_ kind: TraceEventKind, boundPath: [EntryID]) {
        switch kind {
        case .turnBegan(let turn):
            combine(byte: 1); combine(UInt64(turn))
        case .input(let label):
            combine(byte: 2); combine(label)
        case .pathWrite(let source, let ids, let animated, let zoom, let inside):
            combine(byte: 3); combine(byte: source.canonicalCode); combine(ids, unlessEqualTo: boundPath)
            combine(animated); combine(zoom); combine(inside)
        case .updatePass(let ids, let animated):
            combine(byte: 4); combine(ids, unlessEqualTo: boundPath); combine(animated)
        case .hostCall(let record):
            combine(byte: 5); combine(record)
        case .transitionBegan(let kind, let interactive, let zoom):
            combine(byte: 6); combine(kind); combine(interactive); combine(zoom)
        case .willShow(let id, let animated):
            combine(byte: 7); combine(id); combine(animated)
        case .didShow(let id, let animated):
            combine(byte: 8); combine(id); combine(animated)
        case .interactionChanged(let cancelled):
            combine(byte: 9); combine(cancelled)
        case .transitionCompleted(let cancelled):
            combine(byte: 10); combine(cancelled)
        case .gestureBegan(let gesture, let top, let disables, let onRoot):
            combine(byte: 11); combine(byte: gesture.canonicalCode); combine(top); combine(disables); combine(onRoot)
        case .gestureRefused(let gesture, let reason):
            combine(byte: 12); combine(byte: gesture.canonicalCode); combine(reason)
        case .gestureEnded(let gesture, let finished):
            combine(byte: 13); combine(byte: gesture.canonicalCode); combine(finished)
        case .gestureProgress(let gesture, let percent):
            combine(byte: 14); combine(byte: gesture.canonicalCode); combine(Int64(percent))
        case .scheduledBlock:
            combine(byte: 15)
        case .hazard(let id, let detail):
            combine(byte: 16); combine(byte: id.canonicalCode); combine(detail)
        case .failureReported(let description, let id):
            combine(byte: 17); combine(description); combine(id)
        case .storeChanged(let ids):
            combineStoreChange(ids, known: 0)
        case .lifecycle(let what):
            combine(byte: 19); combine(what)
        case .graph(let event):
            // Field by field (TraceHasher+Graph.swift), never the summary text: building it cost
            // more than the rest of the event.
            combine(byte: 20); combine(event)
        }
    }

    /// Combines a `storeChanged`: its tag, then 0 for "no snapshot", or 1 and the ids as a delta
    /// against the last `storeChanged`'s (``combineDelta(_:known:from:into:)``).
    ///
    /// - Parameter known: how many leading ids are known to be the last one's (the event says).
    mutating func combineStoreChange(_ ids: [EntryID]?, known: Int) {
        combine(byte: 18)
        guard let ids else {
            combine(byte: 0)
            previousStore.follow([], shared: 0)
            return
        }
        combine(byte: 1)
        Self.combineDelta(ids, known: known, from: &previousStore, into: &state)
    }

    /// Combines `ids`, or the word 0 when they equal `reference` (O(1) when they share its storage).
    mutating func combine(_ ids: [EntryID], unlessEqualTo reference: [EntryID]) {
        if ids == reference {
            combine(0 as UInt64)
        } else {
            combine(1 as UInt64)
            combine(ids)
        }
    }

    /// Combines a host call record: the operation, then every flag.
    public mutating func combine(_ record: HostCallRecord) {
        switch record.operation {
        case .push(let id, let instance, let zoom, let dismissAllowed):
            combine(byte: 1); combine(id.rawValue); combine(instance); combine(zoom); combine(dismissAllowed)
        case .pop:
            combine(byte: 2)
        case .popTo(let keep):
            combine(byte: 3); combine(Int64(keep))
        case .replace(let ids, let instances):
            combine(byte: 4); combine(ids)
            combine(UInt64(instances.count))
            for instance in instances { combine(instance) }
        }
        combine(record.animated)
        combine(record.duringStandardTransition)
        combine(record.duringInteractiveTracking)
        combine(record.duringZoomTransition)
        combine(record.deferred)
        combine(record.decidedFromStaleStack)
        combine(record.rebuiltKeptEntries)
        // NB: hashed only when present, so traces of calls without one keep their hashes.
        if !record.zoomedNewEntries.isEmpty { combine(record.zoomedNewEntries) }
    }
}

// NB: explicit codes, not raw values or declaration order, so that adding a case never changes
// the hash of existing traces.
extension TraceActor {
    var canonicalCode: UInt8 {
        switch self {
        case .world: 1
        case .user: 2
        case .router: 3
        case .navigator: 4
        case .swiftUI: 5
        case .uikit: 6
        case .library: 7
        }
    }
}

extension PathWriteSource {
    var canonicalCode: UInt8 {
        switch self {
        case .router: 1
        case .navigator: 2
        case .library: 3
        }
    }
}

extension GestureKind {
    var canonicalCode: UInt8 {
        switch self {
        case .backTap: 1
        case .edgeSwipe: 2
        case .zoomGrab: 3
        case .zoomDismissSwipeDown: 4
        case .zoomDismissPinch: 5
        case .zoomDismissEdge: 6
        }
    }
}

extension HazardID {
    var canonicalCode: UInt8 {
        switch self {
        case .h1: 1
        case .h2: 2
        case .h3: 3
        case .h4: 4
        case .h5: 5
        case .h6: 6
        case .h7: 7
        case .h9: 9
        case .h12: 12
        case .h13: 13
        case .hUPD: 100
        case .hg1: 201
        case .hg2: 202
        case .hg3: 203
        case .hg4: 204
        case .hg5: 205
        case .hg6: 206
        case .hg7: 207
        case .hg8: 208
        case .hg9: 209
        case .hg10: 210
        case .hg11: 211
        case .hg12: 212
        case .hg13: 213
        case .hg14: 214
        case .hg15: 215
        case .hg16: 216
        case .hg17: 217
        case .hg18: 218
        case .hg19: 219
        }
    }
}
