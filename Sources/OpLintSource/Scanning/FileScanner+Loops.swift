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
    /// own; in a block that always runs, `do { }` or `@autoreleasepool { }`, it is), the loop has no `where` clause, may run twice (a literal count of at least 2; a
    /// `for` loop whose count is not a literal), and nothing in it leaves the loop
    /// (`break`, `return`, `throw`, `goto`); `op` was made before the loop starts and the loop
    /// never declares or assigns `variable`.
    func loopRepeating(_ op: Int, variable: String) -> (location: SourceLocation?, count: Int?)? {
        var index = scopes.count - 1
        // Blocks that always run where they are written (`do { }`, `@autoreleasepool { }`,
        // `@synchronized (x) { }`, a bare `{ }` in C) are part of the loop's body.
        while index > 0, scopes[index].kind == .block, !scopes[index].isBranch, !scopes[index].isSwitch, !scopes[index].runsLater {
            index -= 1
        }
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
    /// - Complexity: O(tokens of the loop), and a walk back over the head of each brace in it.
    private func readLoop(from start: Int, open: Int, to close: Int) -> LoopFacts {
        var facts = LoopFacts()
        var k = start
        let end = min(close, file.tokens.count)
        // The braces inside the body, innermost last: what they open and where they close.
        var nested: [(kind: NestedBody, close: Int)] = []
        while k < end {
            defer { k += 1 }
            while let last = nested.last, k > last.close { nested.removeLast() }
            if k > open, file.isPunct(k, "{"), file.partner[k] > k {
                nested.append((nestedBody(at: k), Int(file.partner[k])))
                continue
            }
            guard file.tokens[k].kind == .identifier else { continue }
            if k < open, file.isWord(k, "where") { facts.hasWhereClause = true }
            if k > open, leavesTheLoop(k, inside: nested.map(\.kind)) { facts.leaves = true }
            let assigned = file.isPunct(k + 1, "=") && !file.isPunct(k + 2, "=")
            if assigned || file.isWord(k - 1, "let") || file.isWord(k - 1, "var") || file.isWord(k - 1, "for") || file.isWord(k - 1, "case")
                || file.isPunct(k - 1, "*") || file.isPunct(k - 1, "&") || file.isWord(k + 1, "in") {
                facts.changed.insert(file.text(k))
            }
        }
        return facts
    }

    /// What a brace inside a loop's body opens, as far as leaving the loop goes.
    enum NestedBody {
        /// A loop or a `switch`: an unlabeled `break` in it leaves it, not the outer loop.
        case breakable
        /// A closure, block or nested function: a `return` in it leaves it, and a `break` cannot leave the loop from it.
        case closure
        /// The body of a `do` followed by a catch-all `catch {`: a `throw` in it is caught.
        case caughtDo
        case plain
    }

    /// Whether the `break`, `return`, `throw` or `goto` at `k` may leave the loop, given the
    /// bodies around it inside the loop. A labeled `break` or a `goto` may jump anywhere.
    private func leavesTheLoop(_ k: Int, inside bodies: [NestedBody]) -> Bool {
        if file.isWord(k, "goto") { return true }
        if file.isWord(k, "break") {
            // `break label` (on the same line): another loop's label, perhaps this one's.
            if file.isIdentifier(k + 1), file.tokens[k + 1].line == file.tokens[k].line, file.language == .swift { return true }
            return !bodies.contains(.breakable) && !bodies.contains(.closure)
        }
        if file.isWord(k, "return") { return !bodies.contains(.closure) }
        if file.isWord(k, "throw") {
            // `@throw` in Objective-C, `throw` in Swift: caught by a catch-all `do` around it, else out.
            return !bodies.contains(.closure) && !bodies.contains(.caughtDo)
        }
        return false
    }

    /// What the `{` at `b` inside a loop's body opens.
    private func nestedBody(at b: Int) -> NestedBody {
        if file.language == .objectiveC {
            // The same reading of the brace as `enterObjectiveCBrace` makes when it gets there.
            if opensObjectiveCBlock(at: b) { return .closure }
            let first = objectiveCStatementStart(before: b)
            if file.isWord(first, "for") || file.isWord(first, "while") || file.isWord(first, "do") || file.isWord(first, "switch") { return .breakable }
            return .plain
        }
        let head = statementHead(before: b)
        if head.isAccessor { return .closure }
        if !head.inArguments, let control = head.leftmostControl, head.declaration.map({ control.index < $0.index }) ?? true {
            switch control.word {
            case "for", "while", "repeat", "switch": return .breakable
            case "do":
                let close = Int(file.partner[b])
                return close > b && file.isWord(close + 1, "catch") && file.isPunct(close + 2, "{") ? .caughtDo : .plain
            default: return .plain
            }
        }
        // A closure, a nested function, a computed value: a `return` there leaves it.
        return .closure
    }
}
