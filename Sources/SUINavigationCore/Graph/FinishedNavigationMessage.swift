/// What left a navigation graph: a presented layer, a container (a tab's subtree, a switched
/// child, a replaced stack) or a stack entry.
public enum NavigationGraphSubject: Hashable, Sendable, CustomStringConvertible {
    /// A presented layer.
    case layer(NavigationLayerID)
    /// A container and the screen(s) it shows itself (a stack's root, a screen container).
    case container(NavigationContainerID)
    /// An entry of the stack `stack`.
    case entry(EntryID, stack: NavigationContainerID)

    public var description: String {
        switch self {
        case .layer(let id): "\(id)"
        case .container(let id): "\(id)"
        case .entry(let id, let stack): "\(stack)/\(id)"
        }
    }
}

/// The seed library's `FinishedNavigationMessage`: sent once for each layer, container and
/// entry that leaves the graph, after its removal commits on the host (never for a cancelled
/// swipe), parent before children.
public struct FinishedNavigationMessage: Hashable, Sendable, CustomStringConvertible {
    /// What finished.
    public let subject: NavigationGraphSubject

    /// Creates a message.
    public init(subject: NavigationGraphSubject) { self.subject = subject }

    public var description: String { "finished(\(subject))" }
}

extension NavigationGraph {
    /// Every layer, container and entry of the graph, parents first: a container before what it
    /// holds (tabs in display order, a stack's entries bottom first), and a presented layer right
    /// after the screen that anchors it, so that anything comes after everything it lives in.
    ///
    /// - Complexity: O(n) in the number of containers and entries.
    public var subjects: [NavigationGraphSubject] {
        var subjects: [NavigationGraphSubject] = []
        // NB: room for a usual graph's subjects at once (grown from empty, the list was copied
        // two or three times per call, and the notifier and the stable point ask at every call).
        subjects.reserveCapacity(32)
        appendSubjects(ofLayer: 0, to: &subjects)
        return subjects
    }

    private func appendSubjects(ofLayer index: Int, to subjects: inout [NavigationGraphSubject]) {
        if index > 0 { subjects.append(.layer(presented[index - 1].id)) }
        let anchorAbove = index < presented.count ? presented[index].anchor : nil
        container(ofLayer: index).forEachContainer { container in
            subjects.append(.container(container.id))
            if anchorAbove == NavigationAnchor(container: container.id) {
                appendSubjects(ofLayer: index + 1, to: &subjects)
            }
            guard case .stack(let stack) = container else { return }
            // NB: the entries read in place, not `path.ids` (an id list built per stack).
            stack.path.entries.withSlots { slots in
                for slot in slots.indices {
                    let entry = slots[slot].id
                    subjects.append(.entry(entry, stack: stack.id))
                    if anchorAbove == NavigationAnchor(container: stack.id, entry: entry) {
                        appendSubjects(ofLayer: index + 1, to: &subjects)
                    }
                }
            }
        }
    }

    /// The messages for everything of `old` that `new` lacks, parents first.
    public static func finishedMessages(from old: NavigationGraph, to new: NavigationGraph) -> [FinishedNavigationMessage] {
        NavigationGraphSubject.subjects(of: old.subjects, absentFrom: new.subjects).map(FinishedNavigationMessage.init(subject:))
    }
}

/// Sends ``FinishedNavigationMessage``s for what leaves the displayed graph, exactly once each.
///
/// The graph reconciler commits the graph the host displays at each stable point (no
/// presentation or stack transition in flight): a swipe that is cancelled never reaches a
/// commit, so it never finishes anything.
public final class NavigationFinishedNotifier {
    /// Receives each message, in order.
    public var onFinished: ((FinishedNavigationMessage) -> Void)?
    /// Every message sent so far, in order.
    public private(set) var sent: [FinishedNavigationMessage] = []
    /// The subjects of the last commit, parents first.
    public var committed: [NavigationGraphSubject] { committedSubjects }
    /// ``committed``'s storage.
    ///
    /// NB: internal: a public stored property is exclusivity-checked at run time at every access
    /// (about 75 instructions per stable check, which reads it).
    var committedSubjects: [NavigationGraphSubject]
    private var finished = FinishedSubjects()

    /// Creates a notifier whose first committed graph is `initial`.
    public convenience init(initial: NavigationGraph) { self.init(subjects: initial.subjects) }

    /// Creates a notifier whose first commit holds `subjects` (parents first).
    ///
    /// NB: the sent and finished lists start with room for ``initialCapacity`` subjects, more
    /// than a usual process finishes: grown from empty, each was reallocated at every doubling.
    public init(subjects: [NavigationGraphSubject]) {
        committedSubjects = subjects
        sent.reserveCapacity(Self.initialCapacity)
        finished.reserveCapacity(Self.initialCapacity)
    }

    /// The room the sent and finished lists start with.
    static var initialCapacity: Int { 16 }

    /// Notes what the host displays between two stable points (right after a call): subjects
    /// the last commit lacks join it, so that the next commit finishes them if they are gone by
    /// then. Nothing is sent.
    ///
    /// NB: ``committed``, ``sent`` and the finished set change only in locals swapped out and
    /// back, so that no access to them holds a call it cannot see through: their reads then take
    /// no run-time exclusivity check (several per stable point).
    public func observe(subjects: [NavigationGraphSubject]) {
        // NB: the usual case (the host displays what was committed) needs no set.
        guard subjects != committedSubjects else { return }
        let unknown = NavigationGraphSubject.subjects(of: subjects, absentFrom: committedSubjects)
        guard !unknown.isEmpty else { return }
        var list: [NavigationGraphSubject] = []
        swap(&list, &committedSubjects)
        for index in unknown.indices where !finished.contains(unknown[index]) { list.append(unknown[index]) }
        swap(&list, &committedSubjects)
    }

    /// Commits `displayed`: see ``commit(subjects:)``.
    @discardableResult
    public func commit(_ displayed: NavigationGraph) -> [FinishedNavigationMessage] { commit(subjects: displayed.subjects) }

    /// Commits what is displayed now: sends a message for each subject of the previous commit
    /// that `subjects` lacks and that never finished before, parents first.
    ///
    /// - Returns: the messages sent.
    @discardableResult
    public func commit(subjects: [NavigationGraphSubject]) -> [FinishedNavigationMessage] {
        guard subjects != committedSubjects else { return [] }
        return commit(subjects: subjects, gone: NavigationGraphSubject.subjects(of: committedSubjects, absentFrom: subjects))
    }

    /// Commits `subjects` when the caller already knows `gone`: the subjects of ``committed``
    /// that `subjects` lacks, in ``committed``'s order (what ``commit(subjects:)`` computes).
    ///
    /// - Returns: the messages sent (``sendFinished(subjects:gone:)`` sends them without a list).
    @discardableResult
    func commit(subjects: [NavigationGraphSubject], gone: [NavigationGraphSubject]) -> [FinishedNavigationMessage] {
        Array(sent[sendFinished(subjects: subjects, gone: gone)])
    }

    /// Commits `subjects` when the caller already knows `gone` (see
    /// ``commit(subjects:gone:)``), without building a list of the messages.
    ///
    /// - Returns: where the messages sent are in ``sent``.
    ///
    /// NB: the stable check learns `gone` while it builds `subjects` (the subjects the host no
    /// longer displays that the graph does not hold either): filtering the last commit again
    /// against `subjects` cost a second pass with a set or a scan per stable point.
    ///
    /// NB: the messages go straight into ``sent`` (grown as any array past its initial room, not
    /// reserved: an exact reservation per commit would copy the whole list each time) and are handed to
    /// ``onFinished`` once all of them are in, as before: a list of them built first and appended
    /// cost an allocation and a copy per commit, for a result the stable check drops.
    @discardableResult
    func sendFinished(subjects: [NavigationGraphSubject], gone: [NavigationGraphSubject]) -> Range<Int> {
        var list = subjects
        swap(&list, &committedSubjects)
        guard !gone.isEmpty else { return sent.endIndex..<sent.endIndex }
        var all: [FinishedNavigationMessage] = []
        swap(&all, &sent)
        let start = all.count
        var done = FinishedSubjects()
        swap(&done, &finished)
        for index in gone.indices where done.insert(gone[index]) {
            all.append(FinishedNavigationMessage(subject: gone[index]))
        }
        swap(&done, &finished)
        let messages = all[start...]
        swap(&all, &sent)
        for message in messages { onFinished?(message) }
        return messages.indices
    }
}

/// The subjects a notifier finished, each once: a list scanned while it is short, a set once
/// it grows past ``scanLimit``.
///
/// NB: a window finishes a few subjects per process (about ten in the fuzzer's runs); a set
/// grown from empty rehashed at each doubling, and hashing a subject hashes its container id's
/// string: an insert cost about 1,300 instructions, a scan of a short list a few dozen per
/// subject. Membership alone is asked (never an order), so the two forms answer alike.
struct FinishedSubjects {
    /// The subjects, in the order they finished, while there are at most ``scanLimit``.
    private var list: [NavigationGraphSubject] = []
    /// The subjects, once there are more than ``scanLimit`` (then ``list`` is no longer kept).
    private var set: Set<NavigationGraphSubject>?

    /// How many subjects are scanned before a set is built instead.
    static var scanLimit: Int { 32 }

    /// Makes room for `capacity` subjects (at most ``scanLimit``) in the list, while there is one.
    ///
    /// NB: not done by the initializer: an empty value is the placeholder swapped in while the
    /// notifier changes its set in a local, and must allocate nothing.
    mutating func reserveCapacity(_ capacity: Int) {
        if set == nil { list.reserveCapacity(min(capacity, Self.scanLimit)) }
    }

    /// Whether `subject` finished.
    func contains(_ subject: NavigationGraphSubject) -> Bool {
        if let set { return set.contains(subject) }
        return list.contains(subject)
    }

    /// Notes that `subject` finished.
    ///
    /// - Returns: whether it had not finished before.
    mutating func insert(_ subject: NavigationGraphSubject) -> Bool {
        if set != nil { return set!.insert(subject).inserted }
        if list.contains(subject) { return false }
        guard list.count < Self.scanLimit else {
            var all = Set(list)
            all.insert(subject)
            set = all
            list = []
            return true
        }
        list.append(subject)
        return true
    }
}
