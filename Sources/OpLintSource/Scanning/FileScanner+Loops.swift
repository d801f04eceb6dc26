import OpLintCore

/// An operation made before a loop and enqueued (or started) inside it: every iteration after
/// the first adds it again, which throws (S16).
extension FileScanner {
    /// The loop whose every iteration adds operation `op`, held by local `variable`, again:
    /// the call is in the loop's own body (not under an `if`, a `case` or a closure of its
    /// own), the loop has no `where` clause, may run twice (a literal count of at least 2; a
    /// `for` loop whose count is not a literal), and nothing in it leaves the loop
    /// (`break`, `return`, `throw`, `goto`); `op` was made before the loop starts and the loop
    /// never declares or assigns `variable` (`while let op = …`, `op = next`).
    func loopRepeating(_ op: Int, variable: String) -> (location: SourceLocation?, count: Int?)? {
        let index = scopes.count - 1
        let scope = scopes[index]
        var count: Int?
        if scope.kind == .loop {
            count = scope.loopCount
        } else if case .iteration(let n)? = scope.role {
            count = n
        } else {
            return nil
        }
        guard scope.loopStart >= 0, scope.open >= 0, scan.entities[op].order < scope.loopStart else { return nil }
        if let count { guard count >= 2 else { return nil } } else { guard scope.isForLoop else { return nil } }
        guard !hasWhereClause(from: scope.loopStart, to: scope.open),
              !leaves(from: scope.open, to: scope.close),
              !changes(variable, from: scope.loopStart, to: scope.close) else { return nil }
        return (scope.loopLocation ?? file.location(scope.open), count)
    }

    private func hasWhereClause(from start: Int, to open: Int) -> Bool {
        (start..<min(open, file.tokens.count)).contains { file.isWord($0, "where") }
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

    /// Whether the loop declares or assigns `variable` (`let op =`, `op =`, `NSOperation *op`,
    /// `for op in`, `while ((op = [e nextObject]))`).
    private func changes(_ variable: String, from start: Int, to close: Int) -> Bool {
        var k = start
        while k < min(close, file.tokens.count) {
            if file.tokens[k].kind == .identifier, file.text(k) == variable {
                if file.isPunct(k + 1, "=") && !file.isPunct(k + 2, "=") { return true }
                if file.isWord(k - 1, "let") || file.isWord(k - 1, "var") || file.isWord(k - 1, "for") || file.isWord(k - 1, "case")
                    || file.isPunct(k - 1, "*") || file.isPunct(k - 1, "&") || file.isWord(k + 1, "in") { return true }
            }
            k += 1
        }
        return false
    }
}
