extension FileScanner {
    /// Binds the names a Swift capture list or `case` pattern introduces when the `=` at `i`
    /// belongs to one; false when it is some other `=`.
    ///
    /// - `{ [queue = ui, weak token = fetch] in … }`: each name is the closure's own, holding
    ///   what is written after its `=`; the variable of the same name outside keeps its value.
    /// - `if case let .some(op) = maybe`, `guard case let op? = maybe`, `while case .some(let op) = next()`:
    ///   the pattern's names are new variables; the one an optional pattern unwraps holds what
    ///   is written after the `=`, as `if let op = maybe` does, and the others hold nothing followed.
    func patternBinding(at i: Int) -> Bool {
        guard file.language == .swift else { return false }
        if let name = captureListName(before: i) {
            declare(nameIndex: name, declaredType: nil, valueAt: i + 1)
            return true
        }
        guard let caseIndex = conditionCase(before: i) else { return false }
        let names = caseBindings(from: caseIndex + 1, to: i)
        let unwraps = names.count == 1 && unwrapsOneOptional(from: caseIndex + 1, to: i)
        guard let keyword = conditionKeyword(before: caseIndex), !file.isWord(keyword, "guard") else {
            // `guard case let op? = maybe else { return }`: the names are the code's after the `guard`.
            if unwraps {
                declare(nameIndex: names[0], declaredType: nil, valueAt: i + 1)
            } else {
                for name in names {
                    consumed.insert(name)
                    scopes[scopes.count - 1].locals[file.text(name)] = .value(nil)
                }
            }
            return true
        }
        // `if case let op? = maybe {`: the names are the body's.
        let value = unwraps ? evaluate(at: i + 1, naming: file.text(names[0])) ?? .value(nil) : .value(nil)
        for name in names {
            consumed.insert(name)
            conditionBindings[keyword, default: []].append((file.text(name), value))
        }
        return true
    }

    /// The `if`, `while` or `guard` whose condition holds the `case` at `caseIndex`.
    private func conditionKeyword(before caseIndex: Int) -> Int? {
        statementToken(backFrom: caseIndex - 1) { file.isWord($0, "if") || file.isWord($0, "while") || file.isWord($0, "guard") }
    }

    /// Binds, in the scope of the `if` or `while` whose `{` is at `b` and whose statement
    /// starts at `start`, the names its `case` patterns bind.
    func bindConditionNames(_ scope: inout Scope, from start: Int, to b: Int) {
        guard !conditionBindings.isEmpty else { return }
        for keyword in conditionBindings.keys.filter({ $0.index >= start && $0.index < b }) {
            for binding in conditionBindings[keyword] ?? [] { scope.locals[binding.name] = binding.value }
            conditionBindings[keyword] = nil
        }
    }

    /// The names a `case` label of a `switch` binds (`case let op?:`, `case .some(let op):`),
    /// as variables of the `switch` that hold nothing followed: they hide the variables of
    /// the same names outside it.
    func bindCaseLabel(at k: Int) {
        guard file.language == .swift else { return }
        let index = scopes.count - 1
        // What the case before bound is gone: one case never runs after another.
        for binding in scopes[index].caseBindings.reversed() { scopes[index].locals[binding.name] = binding.previous }
        scopes[index].caseBindings = []
        guard file.isWord(k, "case") else { return }
        var colon = k + 1
        while colon < file.tokens.count && colon < k + 64 && !file.isPunct(colon, ":") {
            if file.isPunct(colon, "("), file.partner[colon] > colon { colon = Int(file.partner[colon]) }
            colon += 1
        }
        guard file.isPunct(colon, ":") else { return }
        let names = caseBindings(from: k + 1, to: colon)
        // `case let op as BlockOperation:`, `case let op?:`, `case let op:` over `switch subject`: the subject itself.
        var value = Binding.value(nil)
        if names.count == 1, file.isWord(k + 1, "let") || file.isWord(k + 1, "var"), names[0] == k + 2,
           file.isWord(k + 3, "as") || file.isPunct(k + 3, "?") || k + 3 == colon, let subject = switchSubject(of: index) {
            value = subject
        }
        for name in names {
            consumed.insert(name)
            let text = file.text(name)
            scopes[index].caseBindings.append((text, scopes[index].locals[text]))
            scopes[index].locals[text] = value
        }
    }

    /// What the subject of the `switch` whose body is scope `index` holds, when it is one name.
    private func switchSubject(of index: Int) -> Binding? {
        let open = scopes[index].open
        guard open >= 2, file.isIdentifier(open - 1), file.isWord(open - 2, "switch") else { return nil }
        return lookup(file.text(open - 1))
    }

    /// The name token of a capture-list entry whose `=` is at `i` (`[queue = ui]`,
    /// `[weak token = fetch]`, `[unowned(safe) target = op]`), if it is one.
    private func captureListName(before i: Int) -> Int? {
        guard file.isIdentifier(i - 1) else { return nil }
        var k = i - 2
        if file.isPunct(k, ")"), file.isWord(k - 2, "unowned") { k -= 3 }
        if file.isWord(k, "weak") || file.isWord(k, "unowned") { k -= 1 }
        guard file.isPunct(k, "[") || file.isPunct(k, ",") else { return nil }
        // Back over the entries before it to the list's `[`, which follows the closure's `{`.
        guard let open = statementToken(backFrom: k, where: { file.isPunct($0, "[") }), open >= 1, file.isPunct(open - 1, "{") else { return nil }
        return i - 1
    }

    /// The `case` of a condition (`if case`, `guard case`, `while case`, `, case`) whose
    /// pattern the `=` at `i` ends, on the same line.
    private func conditionCase(before i: Int) -> Int? {
        // A pattern starts on the line of its `=` (most `=` are not in one: read no further).
        guard let k = statementToken(backFrom: i - 1, limit: 48, line: file.tokens[i].line, stops: "{};=", where: { file.isWord($0, "case") }) else { return nil }
        let before = k - 1
        return file.isWord(before, "if") || file.isWord(before, "guard") || file.isWord(before, "while") || file.isPunct(before, ",") ? k : nil
    }

    /// The name tokens a pattern between `a` and `b` binds: every name after a `let` or `var`
    /// that starts the pattern (`let .some(op)`, `let (a, b)`), or the name right after each
    /// `let`/`var` inside it (`.some(let op)`). Enum cases, types and `_` bind nothing.
    private func caseBindings(from a: Int, to b: Int) -> [Int] {
        var names: [Int] = []
        if file.isWord(a, "let") || file.isWord(a, "var") {
            for k in (a + 1)..<max(a + 1, b) where file.isIdentifier(k) {
                if file.isPunct(k - 1, ".") || file.isPunct(k + 1, ".") || file.isPunct(k + 1, "(") { continue }
                if file.isWord(k - 1, "as") || file.isWord(k - 1, "is") || file.isPunct(k - 1, ":") { continue }
                if file.isPunct(k - 1, "?") || file.isPunct(k - 1, "!"), file.isWord(k - 2, "as") { continue }
                if file.isWord(k, "where") { break }
                if file.isWord(k, "_") { continue }
                names.append(k)
            }
        } else {
            for k in a..<max(a, b) where (file.isWord(k, "let") || file.isWord(k, "var")) && file.isIdentifier(k + 1) && !file.isWord(k + 1, "_") {
                names.append(k + 1)
            }
        }
        return names
    }

    /// Whether the pattern between `a` and `b` only unwraps an optional: `let op?`,
    /// `let .some(op)`, `.some(let op)`.
    private func unwrapsOneOptional(from a: Int, to b: Int) -> Bool {
        let length = b - a
        if length == 3, file.isWord(a, "let") || file.isWord(a, "var"), file.isIdentifier(a + 1), file.isPunct(a + 2, "?") { return true }
        if length == 6, file.isWord(a, "let") || file.isWord(a, "var"), file.isPunct(a + 1, "."), file.isWord(a + 2, "some"),
           file.isPunct(a + 3, "("), file.isIdentifier(a + 4), file.isPunct(a + 5, ")") { return true }
        if length == 6, file.isPunct(a, "."), file.isWord(a + 1, "some"), file.isPunct(a + 2, "("),
           file.isWord(a + 3, "let") || file.isWord(a + 3, "var"), file.isIdentifier(a + 4), file.isPunct(a + 5, ")") { return true }
        return false
    }
}
