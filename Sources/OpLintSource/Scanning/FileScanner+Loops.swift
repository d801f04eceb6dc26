import OpLintCore

/// An operation made before a loop and enqueued (or started) inside it: every iteration after
/// the first adds it again, which throws (S16).
extension FileScanner {
    /// The innermost loop of the current body (a `for`/`while`/`repeat` loop, or a closure run
    /// once per element) that runs the enqueue of operation `op` more than once: `op` was made
    /// before the loop began, the loop may run twice (a literal count of at least 2, or a count
    /// that is not a literal), and nothing in its body leaves it (`break`, `return`, `throw`,
    /// `goto`) — a loop that adds the operation once and stops is a search.
    func loopRepeating(_ op: Int) -> (location: SourceLocation?, count: Int?)? {
        for index in scopes.indices.reversed() {
            let scope = scopes[index]
            var count: Int?
            if scope.kind == .loop {
                count = scope.loopCount
            } else if case .iteration(let n)? = scope.role {
                count = n
            } else {
                if scope.isBodyBoundary { return nil }
                continue
            }
            guard scope.open >= 0, scan.entities[op].order < scope.open, count.map({ $0 >= 2 }) ?? true,
                  !leaves(from: scope.open, to: scope.close) else { return nil }
            return (scope.loopLocation ?? file.location(scope.open), count)
        }
        return nil
    }

    /// Whether the body between `open` and `close` has a `break`, `return`, `throw` or `goto`.
    private func leaves(from open: Int, to close: Int) -> Bool {
        var k = open + 1
        while k < min(close, file.tokens.count) {
            if file.isWord(k, "break") || file.isWord(k, "return") || file.isWord(k, "throw") || file.isWord(k, "goto") { return true }
            k += 1
        }
        return false
    }
}
