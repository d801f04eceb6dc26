extension FileScanner {
    /// Whether the dispatch queue `name` may be concurrent, by how this file makes it: a
    /// statement that assigns `name` (or the instance variable `_name`, or declares it with a
    /// type, `let q: DispatchQueue = { … }()`) and says `.concurrent` or `DISPATCH_QUEUE_CONCURRENT`,
    /// is a global queue, or passes attributes the scanner cannot read (a variable).
    /// The statement may run over several lines.
    func isConcurrentDispatchQueue(_ name: String) -> Bool {
        let ivar = "_" + name
        // The code of the enclosing type (a property of another class is another queue), else
        // of the enclosing function, else the file.
        var range = file.tokens.indices
        if let scope = scopes.last(where: { if case .type = $0.kind { true } else { false } }) ?? scopes.last(where: { if case .function = $0.kind { true } else { false } }),
           scope.open >= 0, scope.close > scope.open {
            range = scope.open..<min(scope.close, file.tokens.count)
        }
        for k in range where file.tokens[k].kind == .identifier {
            guard let equals = assignedValue(after: k) else { continue }
            let text = file.text(k)
            guard text == name || text == ivar else { continue }
            if statementMayMakeConcurrentQueue(from: equals + 1) { return true }
        }
        return false
    }

    /// The `=` after the name at `k`: right after it, or after a type on the same line (`q: DispatchQueue =`).
    private func assignedValue(after k: Int) -> Int? {
        if file.isPunct(k + 1, "=") && !file.isPunct(k + 2, "=") { return k + 1 }
        // `let q: DispatchQueue = …`, not a parameter's default (`queue: DispatchQueue = .global()`).
        guard file.language == .swift, file.isPunct(k + 1, ":"), file.isWord(k - 1, "let") || file.isWord(k - 1, "var") else { return nil }
        let line = file.tokens[k].line
        var m = k + 2
        while m < file.tokens.count && m < k + 10 && file.tokens[m].line == line {
            if file.isPunct(m, "=") { return file.isPunct(m + 1, "=") ? nil : m }
            if file.isPunct(m, "{") || file.isPunct(m, "(") || file.isPunct(m, ";") { return nil }
            m += 1
        }
        return nil
    }

    /// Whether the statement from token `start` (a value) makes a queue that may be concurrent.
    private func statementMayMakeConcurrentQueue(from start: Int) -> Bool {
        var depth = 0
        var m = start
        while m < file.tokens.count && m < start + 256 {
            if file.isPunct(m, oneOf: "([{") {
                depth += 1
            } else if file.isPunct(m, oneOf: ")]}") {
                depth -= 1
                if depth < 0 { return false }
            } else if depth == 0, file.isPunct(m, ";") {
                return false
            } else if depth == 0, m > start, file.language == .swift, file.tokens[m].line != file.tokens[m - 1].line,
                      !file.isPunct(m, ".") {
                return false
            }
            if file.isWord(m, "concurrent") || file.isWord(m, "DISPATCH_QUEUE_CONCURRENT") { return true }
            // A global queue itself (`DispatchQueue.global(qos: .utility)`), not a queue that targets one.
            if m == start, file.isWord(m, "dispatch_get_global_queue") { return true }
            if m == start + 2, file.isWord(start, "DispatchQueue"), file.isPunct(start + 1, "."), file.isWord(m, "global") { return true }
            // `attributes: attrs`, `dispatch_queue_create("q", attr)`: attributes held in a variable.
            // (`DispatchQueue.Attributes.initiallyInactive` is written out; a call says its attributes in its arguments.)
            if file.isWord(m, "attributes"), file.isPunct(m + 1, ":"), file.isIdentifier(m + 2), !file.isPunct(m + 3, "."), !file.isPunct(m + 3, "(") {
                return true
            }
            if file.isWord(m, "dispatch_queue_create"), file.isPunct(m + 1, "("), let attribute = argument(1, of: m + 1)?.lowerBound,
               file.isIdentifier(attribute), !file.isPunct(attribute + 1, "("), !file.isWord(attribute, "NULL"), !file.isWord(attribute, "nil"),
               !file.tokenContains(attribute, "DISPATCH_QUEUE_SERIAL") {
                return true
            }
            m += 1
        }
        return false
    }
}
