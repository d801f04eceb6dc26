/// Levenshtein distance, for "did you mean" suggestions.
public enum EditDistance {
    /// The number of single-character insertions, deletions and substitutions from `a` to `b`,
    /// or nil when it exceeds `limit`.
    ///
    /// - Complexity: O(|a| · |b|), with an early exit once every cell of a row exceeds `limit`.
    public static func distance(_ a: String, _ b: String, limit: Int = .max) -> Int? {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        if abs(a.count - b.count) > limit { return nil }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }

    /// The candidate nearest to `word` if it is a plausible typo (distance ≤ max(1, length/3)),
    /// ties broken by candidate order.
    ///
    /// - Complexity: O(*k* · |word|²) for *k* candidates, most rejected by length alone.
    public static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        let limit = max(1, word.unicodeScalars.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let bound = min(limit, (best?.distance ?? limit + 1) - 1)
            guard bound >= 0, let distance = distance(word, candidate, limit: bound) else { continue }
            best = (candidate, distance)
            if distance <= 1 { break }
        }
        return best?.name
    }
}
