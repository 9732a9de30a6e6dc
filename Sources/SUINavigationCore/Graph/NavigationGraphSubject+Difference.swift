extension NavigationGraphSubject {
    /// The subjects of `list` that `other` lacks (`present == false`) or holds (`true`), in
    /// `list`'s order: `list.filter { Set(other).contains($0) == present }`.
    ///
    /// NB: the notifier and the stable point compare the subjects displayed before and after
    /// every call; those lists usually differ only at their ends (a push, a dismissal). The
    /// shared leading run is skipped without hashing (each of its subjects is in `other` at the
    /// same place), and a short rest is looked up by scanning: hashing a subject hashes its
    /// container id's string, which cost more than the rest of the comparison.
    ///
    /// - Complexity: O(k + r * n) for r <= ``scanLimit`` / n, else O(k + r + n): k the shared
    ///   leading run, r the rest of `list`, n the count of `other`.
    static func filter(_ list: [NavigationGraphSubject], presentIn other: [NavigationGraphSubject],
                       _ present: Bool) -> [NavigationGraphSubject] {
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
