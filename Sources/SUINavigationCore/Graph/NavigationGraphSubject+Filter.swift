extension NavigationGraphSubject {
    /// The subjects of `list` that `other` lacks, in `list`'s order
    /// (`list.filter { !Set(other).contains($0) }`).
    static func subjects(of list: [NavigationGraphSubject], absentFrom other: [NavigationGraphSubject]) -> [NavigationGraphSubject] {
        filter(list, presentIn: other, keepingPresent: false)
    }

    /// The subjects of `list` that `other` holds, in `list`'s order
    /// (`list.filter { Set(other).contains($0) }`).
    static func subjects(of list: [NavigationGraphSubject], presentIn other: [NavigationGraphSubject]) -> [NavigationGraphSubject] {
        filter(list, presentIn: other, keepingPresent: true)
    }

    /// The subjects of `list` whose presence in `other` is `keepingPresent`, in `list`'s order.
    ///
    /// NB: the notifier and the stable point compare the subjects displayed before and after
    /// every call; those lists usually differ only at their ends (a push, a dismissal). The
    /// shared leading run is skipped without hashing (each of its subjects is in `other` at the
    /// same place), and a short rest is looked up by scanning: hashing a subject hashes its
    /// container id's string, which cost more than the rest of the comparison.
    ///
    /// - Parameters:
    ///   - list: the subjects filtered, in order.
    ///   - other: the subjects looked in.
    ///   - keepingPresent: true to keep the subjects `other` holds, false to keep those it lacks.
    /// - Complexity: O(k + r * n) for r * n <= ``scanLimit``, else O(k + r + n): k the shared
    ///   leading run, r the rest of `list`, n the count of `other`.
    static func filter(_ list: [NavigationGraphSubject], presentIn other: [NavigationGraphSubject],
                       keepingPresent present: Bool) -> [NavigationGraphSubject] {
        var shared = 0
        let limit = Swift.min(list.count, other.count)
        while shared < limit, list[shared] == other[shared] { shared += 1 }
        var result: [NavigationGraphSubject] = present ? Array(list[..<shared]) : []
        guard shared < list.count else { return result }
        if (list.count - shared) * other.count <= scanLimit {
            for index in shared..<list.count where other.contains(list[index]) == present { result.append(list[index]) }
            return result
        }
        let known = Set(other)
        for index in shared..<list.count where known.contains(list[index]) == present { result.append(list[index]) }
        return result
    }

    /// The comparisons a scan may make before a set is built instead.
    static var scanLimit: Int { 256 }
}
