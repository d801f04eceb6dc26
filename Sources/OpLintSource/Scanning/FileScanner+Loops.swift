import OpLintCore

/// An operation made before a loop and enqueued (or started) inside it: every iteration after
/// the first adds it again, which throws (S16).
extension FileScanner {
    /// What one walk over a loop finds, worked out once per loop whatever the number of calls in it.
    struct LoopFacts {
        /// A `where` clause in its header: a filter, which may pass one element only.
        var hasWhereClause = false
        /// A `break`, `return`, `throw` or `goto` in its body: it may stop after one pass.
        var leaves = false
        /// Names the loop declares or assigns (`let op =`, `op =`, `NSOperation *op`, `for op in`,
        /// `while ((op = [e nextObject]))`).
        var changed: Set<String> = []
    }

    /// The loop whose every iteration adds operation `op`, held by local `variable`, again:
    /// the call is in the loop's own body (not under an `if`, a `case` or a closure of its
    /// own), the loop has no `where` clause, may run twice (a literal count of at least 2; a
    /// `for` loop whose count is not a literal), and nothing in it leaves the loop
    /// (`break`, `return`, `throw`, `goto`); `op` was made before the loop starts and the loop
    /// never declares or assigns `variable`.
    func loopRepeating(_ op: Int, variable: String) -> (location: SourceLocation?, count: Int?)? {
        let index = scopes.count - 1
        var count: Int?
        if scopes[index].kind == .loop {
            count = scopes[index].loopCount
        } else if case .iteration(let n)? = scopes[index].role {
            count = n
        } else {
            return nil
        }
        let (start, open, close) = (scopes[index].loopStart, scopes[index].open, scopes[index].close)
        guard start >= 0, open >= 0, scan.entities[op].order < start else { return nil }
        if let count { guard count >= 2 else { return nil } } else { guard scopes[index].isForLoop else { return nil } }
        let id = scopes[index].id
        let facts = loopFacts[id] ?? readLoop(from: start, open: open, to: close)
        loopFacts[id] = facts
        guard !facts.hasWhereClause, !facts.leaves, !facts.changed.contains(variable) else { return nil }
        return (scopes[index].loopLocation ?? file.location(open), count)
    }

    /// One walk over the loop from its first token to its closing brace.
    ///
    /// - Complexity: O(tokens of the loop).
    private func readLoop(from start: Int, open: Int, to close: Int) -> LoopFacts {
        var facts = LoopFacts()
        var k = start
        let end = min(close, file.tokens.count)
        while k < end {
            defer { k += 1 }
            guard file.tokens[k].kind == .identifier else { continue }
            if k < open, file.isWord(k, "where") { facts.hasWhereClause = true }
            if k > open, file.isWord(k, "break") || file.isWord(k, "return") || file.isWord(k, "throw") || file.isWord(k, "goto") {
                facts.leaves = true
            }
            let assigned = file.isPunct(k + 1, "=") && !file.isPunct(k + 2, "=")
            if assigned || file.isWord(k - 1, "let") || file.isWord(k - 1, "var") || file.isWord(k - 1, "for") || file.isWord(k - 1, "case")
                || file.isPunct(k - 1, "*") || file.isPunct(k - 1, "&") || file.isWord(k + 1, "in") {
                facts.changed.insert(file.text(k))
            }
        }
        return facts
    }
}
