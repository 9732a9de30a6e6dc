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
    /// every call; those lists usually differ only in one place (a push on one stack of several,
    /// a dismissal). The shared leading and trailing runs are skipped without hashing (each of
    /// their subjects is in `other` at the same place from either end), and a short middle is
    /// looked up by scanning: hashing a subject hashes its container id's string, which cost
    /// more than the rest of the comparison. The result is built only from the first subject
    /// `other` lacks on (growing it from empty cost an allocation per call or two).
    ///
    /// - Parameters:
    ///   - list: the subjects filtered, in order.
    ///   - other: the subjects looked in.
    ///   - keepingPresent: true to keep the subjects `other` holds, false to keep those it lacks.
    /// - Complexity: O(k + r * n) for r * n <= ``scanLimit``, else O(k + r + n): k the shared
    ///   leading and trailing runs, r the rest of `list`, n the count of `other`.
    static func filter(_ list: [NavigationGraphSubject], presentIn other: [NavigationGraphSubject],
                       keepingPresent present: Bool) -> [NavigationGraphSubject] {
        var shared = 0
        let limit = Swift.min(list.count, other.count)
        while shared < limit, list[shared] == other[shared] { shared += 1 }
        // NB: the trailing run stops at the leading one in either list (a subject of both runs
        // is in `other` all the same; the bound keeps the indices apart).
        var end = list.count
        var otherEnd = other.count
        while end > shared, otherEnd > shared, list[end - 1] == other[otherEnd - 1] {
            end -= 1
            otherEnd -= 1
        }
        let known: Set<NavigationGraphSubject>? = (end - shared) * other.count <= scanLimit ? nil : Set(other)
        func isPresent(_ subject: NavigationGraphSubject) -> Bool { known?.contains(subject) ?? other.contains(subject) }
        // NB: up to the first subject `other` lacks, `list` is kept whole (present) or dropped
        // whole (absent): usually that is all of it, and no array is built.
        var firstAbsent = shared
        while firstAbsent < end, isPresent(list[firstAbsent]) { firstAbsent += 1 }
        guard firstAbsent < end else { return present ? list : [] }
        var result: [NavigationGraphSubject] = []
        result.reserveCapacity(present ? list.count - 1 : end - firstAbsent)
        if present { result.append(contentsOf: list[..<firstAbsent]) } else { result.append(list[firstAbsent]) }
        for index in (firstAbsent + 1)..<end where isPresent(list[index]) == present { result.append(list[index]) }
        if present { result.append(contentsOf: list[end...]) }
        return result
    }

    /// The comparisons a scan may make before a set is built instead.
    static var scanLimit: Int { 256 }
}
