import SUINavigationCore
import SUINavigationSimulator

/// A graph subject as the liveness oracles keep it in their sets (displayed, finished, revived,
/// the window's subjects at the end): the subject and a hash of it, computed once.
///
/// NB: a set of ``NavigationGraphSubject`` ran each container's name through Swift's hasher at
/// every insertion and lookup, and a subject is looked up in several sets (a displayed subject
/// is inserted, then looked for among the finished ones; each one is looked up two or three
/// times at the end of a run). A key hashes the name once (FNV-1a over its UTF-8 bytes), the
/// sets hash that one word, and two keys compare their codes before their subjects.
struct SubjectKey: Hashable {
    /// The subject.
    let subject: NavigationGraphSubject
    /// A hash of the subject (equal subjects, equal codes).
    private let code: UInt64

    /// The key of `subject`.
    init(_ subject: NavigationGraphSubject) {
        self.subject = subject
        code = Self.code(of: subject)
    }

    static func == (lhs: SubjectKey, rhs: SubjectKey) -> Bool { lhs.code == rhs.code && lhs.subject == rhs.subject }

    func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// A hash of `subject`: its case, its integer ids, then its container's name.
    private static func code(of subject: NavigationGraphSubject) -> UInt64 {
        switch subject {
        case .layer(let id): mix(mix(FNV1a.offsetBasis, 1), id.rawValue)
        case .container(let id): mix(mix(FNV1a.offsetBasis, 2), name: id.rawValue)
        case .entry(let id, let stack): mix(mix(mix(FNV1a.offsetBasis, 3), id.rawValue), name: stack.rawValue)
        }
    }

    @inline(__always)
    private static func mix(_ state: UInt64, _ word: UInt64) -> UInt64 { (state ^ word) &* FNV1a.prime }

    /// `state` with the UTF-8 bytes of `name` mixed in, one at a time.
    private static func mix(_ state: UInt64, name: String) -> UInt64 {
        var state = state
        let done: Void? = name.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes { state = mix(state, UInt64(byte)) }
        }
        if done == nil {
            for byte in name.utf8 { state = mix(state, UInt64(byte)) }
        }
        return state
    }
}
