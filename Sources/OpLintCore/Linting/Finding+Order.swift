extension Finding {
    /// The order findings are reported in: file, line, column, rule, then message.
    public static func reportOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
        if lhs.location != rhs.location { return lhs.location < rhs.location }
        if lhs.rule.code != rhs.rule.code { return lhs.rule.code < rhs.rule.code }
        return lhs.message < rhs.message
    }

    /// Sorts `findings` as `sort(by: reportOrder)` does — the same order, findings that compare
    /// equal keep theirs — but compares file names once per distinct file rather than in every
    /// comparison, and sorts small keys, then moves each finding once.
    ///
    /// - Complexity: O(*n* log *n*) integer comparisons for *n* findings, plus rule codes and
    ///   messages where file, line and column are equal, plus O(*d* log *d*) String comparisons
    ///   for *d* distinct files.
    static func sortInReportOrder(_ findings: inout [Finding]) {
        guard findings.count > 1 else { return }
        // Rank the distinct files in String order: a Dictionary and `<` agree on which Strings
        // are equal (both compare canonical equivalents as equal).
        var slots: [String: Int] = [:]
        var distinct: [String] = []
        var slot = [Int](repeating: 0, count: findings.count)
        var previous: (file: String, slot: Int)?
        for (i, finding) in findings.enumerated() {
            let file = finding.location.file
            // Findings of one file mostly share one string: compared by identity first, cheaply.
            if let previous, previous.file == file {
                slot[i] = previous.slot
                continue
            }
            let found = slots[file] ?? {
                distinct.append(file)
                slots[file] = distinct.count - 1
                return distinct.count - 1
            }()
            slot[i] = found
            previous = (file, found)
        }
        var rank = [Int](repeating: 0, count: distinct.count)
        for (position, index) in distinct.indices.sorted(by: { distinct[$0] < distinct[$1] }).enumerated() {
            rank[index] = position
        }
        struct Key {
            var file: Int
            var line: Int
            var column: Int
            var index: Int
        }
        var keys = findings.indices.map { i in
            Key(file: rank[slot[i]], line: findings[i].location.line, column: findings[i].location.column, index: i)
        }
        keys.sort { a, b in
            if a.file != b.file { return a.file < b.file }
            if a.line != b.line { return a.line < b.line }
            if a.column != b.column { return a.column < b.column }
            let lhsCode = findings[a.index].rule.code, rhsCode = findings[b.index].rule.code
            if lhsCode != rhsCode { return lhsCode < rhsCode }
            let lhsMessage = findings[a.index].message, rhsMessage = findings[b.index].message
            if lhsMessage != rhsMessage { return lhsMessage < rhsMessage }
            return a.index < b.index
        }
        // Put each finding in its place by swaps along the permutation's cycles: a swap moves
        // findings, where building a new array would copy (and retain) every one of them.
        var placed = [Bool](repeating: false, count: findings.count)
        for start in findings.indices where !placed[start] {
            var position = start
            placed[position] = true
            while keys[position].index != start {
                let source = keys[position].index
                findings.swapAt(position, source)
                position = source
                placed[position] = true
            }
        }
    }
}
