import OpLintCore

/// "Did you mean …?" for misspelt commands, options and names.
enum Suggestion {
    /// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo.
    static func closest(to word: String, among candidates: [String]) -> String? {
        EditDistance.closest(to: word, among: candidates)
    }
}
