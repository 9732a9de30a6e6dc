import SUINavigationCore

/// A stable 64-bit hash of a trace: FNV-1a over a canonical byte encoding of every event.
///
/// The encoding is fixed by this file (explicit codes for every enum case, little-endian
/// integers, length-prefixed UTF-8 strings), so the same trace hashes the same on every run,
/// process and machine. NB: never Swift's `Hasher`, which is seeded randomly per process.
///
/// The world hashes incrementally as events are appended; ``hash(of:)`` recomputes from a
/// finished trace and must agree.
public struct TraceHasher: Sendable, Hashable {
    private var fnv = FNV1a()

    /// The hash of everything combined so far.
    public var value: UInt64 { fnv.value }

    /// Creates a hasher in its initial state.
    public init() {}

    /// The hash of a whole trace.
    public static func hash(of events: [TraceEvent]) -> UInt64 {
        var hasher = TraceHasher()
        for event in events { hasher.combine(event) }
        return hasher.value
    }

    /// Combines one byte.
    @inline(__always)
    public mutating func combine(byte: UInt8) {
        fnv.combine(byte: byte)
    }

    /// Combines a 64-bit integer, least significant byte first.
    @inline(__always)
    public mutating func combine(_ word: UInt64) {
        var remaining = word
        for _ in 0..<8 {
            fnv.combine(byte: UInt8(truncatingIfNeeded: remaining))
            remaining >>= 8
        }
    }

    /// Combines a signed integer as its 64-bit two's complement.
    @inline(__always)
    public mutating func combine(_ int: Int64) { combine(UInt64(bitPattern: int)) }

    /// Combines a Boolean as one byte.
    @inline(__always)
    public mutating func combine(_ flag: Bool) { combine(byte: flag ? 1 : 0) }

    /// Combines a string: its UTF-8 length, then its bytes.
    public mutating func combine(_ string: String) {
        combine(UInt64(string.utf8.count))
        for byte in string.utf8 { combine(byte: byte) }
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

    /// Combines one event: every field, in declaration order.
    public mutating func combine(_ event: TraceEvent) {
        combine(UInt64(event.sequence))
        combine(event.time)
        combine(UInt64(event.turn))
        combine(byte: event.actor.canonicalCode)
        combine(event.kind)
        combine(event.hostStack)
        combine(event.boundPath)
        combine(event.transitionInFlight)
    }

    /// Combines an event kind: a tag byte, then its fields.
    public mutating func combine(_ kind: TraceEventKind) {
        switch kind {
        case .turnBegan(let turn):
            combine(byte: 1); combine(UInt64(turn))
        case .input(let label):
            combine(byte: 2); combine(label)
        case .pathWrite(let source, let ids, let animated, let zoom, let inside):
            combine(byte: 3); combine(byte: source.canonicalCode); combine(ids)
            combine(animated); combine(zoom); combine(inside)
        case .updatePass(let ids, let animated):
            combine(byte: 4); combine(ids); combine(animated)
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
            combine(byte: 18)
            if let ids { combine(byte: 1); combine(ids) } else { combine(byte: 0) }
        case .lifecycle(let what):
            combine(byte: 19); combine(what)
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
        }
    }
}
