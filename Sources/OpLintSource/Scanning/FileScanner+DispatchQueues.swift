extension FileScanner {
    /// What this file shows of a dispatch queue's kind.
    enum DispatchQueueKind {
        /// Made concurrent, a global queue, or with attributes the scanner cannot read.
        case concurrent
        /// Made serial here: `DispatchQueue(label:)`, `dispatch_queue_create(…, NULL)`, the main queue.
        case serial
        /// Made in code the file does not show: another file, a caller (`init(queue:)`).
        case unknown
    }

    /// The kind of the dispatch queue `name`, by how this file makes it: a statement that
    /// assigns `name` (or the instance variable `_name`, or declares it with a type, `let q:
    /// DispatchQueue = { … }()`) and says `.concurrent` or `DISPATCH_QUEUE_CONCURRENT`, is a
    /// global queue, or passes attributes the scanner cannot read (a variable) makes it
    /// concurrent. The statement may run over several lines. It may also make the queue
    /// through a helper the file declares (`_queue = [self makeQueue];`, `let queue =
    /// Self.makeQueue()`) or take it from a parameter whose default says so (`init(queue:
    /// DispatchQueue = DispatchQueue(label: "s", attributes: .concurrent))`); and a getter or
    /// computed property of that name whose code says so (`- (dispatch_queue_t)queue { …
    /// dispatch_once … DISPATCH_QUEUE_CONCURRENT … }`) makes it. A queue is serial when such a
    /// statement, helper, default or getter makes a queue and says none of that; unknown when
    /// nothing in the code around makes it.
    func dispatchQueueKind(_ path: [String]) -> DispatchQueueKind {
        // `DispatchQueue.global()`, of any quality of service.
        if path.count == 2, path[0] == "DispatchQueue", path[1] == "global()" { return .concurrent }
        guard let name = path.last else { return .unknown }
        let ivar = "_" + name
        // The code of the enclosing type (a property of another class is another queue), else
        // of the enclosing function, else the file.
        var range = file.tokens.indices
        if let scope = scopes.last(where: { if case .type = $0.kind { true } else { false } }) ?? scopes.last(where: { if case .function = $0.kind { true } else { false } }),
           scope.open >= 0, scope.close > scope.open {
            range = scope.open..<min(scope.close, file.tokens.count)
        }
        var madeHere = false
        for k in range where file.tokens[k].kind == .identifier {
            guard let equals = assignedValue(after: k) else { continue }
            let text = file.text(k)
            guard text == name || text == ivar else { continue }
            var made = statementQueueKind(from: equals + 1)
            // `self.queue = queue`: a parameter of the function around it, with a default.
            let value = equals + 1
            if made == nil, file.isIdentifier(value), file.isPunct(value + 1, oneOf: ";}") || file.tokens.indices.contains(value + 1) == false
                || file.tokens[value + 1].line != file.tokens[value].line,
               let defaultValue = parameterDefault(file.text(value), before: k) {
                made = statementQueueKind(from: defaultValue)
            }
            if made == .concurrent { return .concurrent }
            if made == .serial { madeHere = true }
        }
        let getter = functionBodyQueueKind(named: name, in: range)
        if getter == .concurrent { return .concurrent }
        if madeHere || getter == .serial { return .serial }
        // Made where another file declares it: a member of this type or of the path's base
        // (`Storage.shared.queue`, `DispatchQueue.work`), in any file.
        let owner: String?
        if path.count == 1 {
            owner = currentType
        } else if path.count == 2, path[0].first?.isUppercase == true, lookup(path[0]) == nil {
            owner = path[0]
        } else {
            owner = declaredType(ofPath: Array(path.dropLast()))
        }
        if let owner, let concurrent = classes.dispatchQueue(name, of: owner) { return concurrent ? .concurrent : .serial }
        return .unknown
    }

    /// The first token of the default of the parameter `parameter` of the Swift function around
    /// token `k`, if it has one (`queue: DispatchQueue = .global()`).
    private func parameterDefault(_ parameter: String, before k: Int) -> Int? {
        guard file.language == .swift else { return nil }
        // Back to the `{` that opens the code around `k`, over the blocks before it.
        var m = k - 1
        var steps = 0
        while m > 0 && steps < 4096 {
            steps += 1
            if file.isPunct(m, "}") {
                let open = Int(file.partner[m])
                guard open >= 0 && open < m else { return nil }
                m = open - 1
                continue
            }
            if file.isPunct(m, "{") { break }
            m -= 1
        }
        guard m > 0, file.isPunct(m, "{") else { return nil }
        m -= 1
        steps = 0
        // Back to the `(` that opens the parameter list.
        while m > 0 && steps < 512 {
            steps += 1
            if file.isPunct(m, ")") {
                let open = Int(file.partner[m])
                guard open >= 0 && open < m else { return nil }
                for p in (open + 1)..<m where file.text(p) == parameter && file.isPunct(p + 1, ":") {
                    var e = p + 2
                    while e < m && !file.isPunct(e, ",") && !file.isPunct(e, "=") {
                        e = file.isPunct(e, "(") || file.isPunct(e, "[") ? skipGroup(e) : e + 1
                    }
                    return e < m && file.isPunct(e, "=") ? e + 1 : nil
                }
                return nil
            }
            if file.isPunct(m, oneOf: "{};") { return nil }
            m -= 1
        }
        return nil
    }

    /// What a function, method or computed property called `name`, declared in `range`, makes
    /// in its code: a concurrent queue (`.concurrent`, `DISPATCH_QUEUE_CONCURRENT`, a global
    /// queue), another queue (`.serial`), or neither (nil). Every declaration of the name counts.
    func functionBodyQueueKind(named name: String, in range: Range<Int>) -> DispatchQueueKind? {
        var makesSerial = false
        for k in range where file.tokens[k].kind == .identifier && file.text(k) == name {
            let declares: Bool
            switch file.language {
            case .swift:
                declares = file.namesMethodDeclaration(k) || (file.isWord(k - 1, "var") && file.isPunct(k + 1, ":"))
            case .objectiveC:
                // A method, `- (dispatch_queue_t)queue {`, or a C function, `static dispatch_queue_t MakeQueue(const char *label) {`.
                declares = file.namesMethodDeclaration(k)
                    || ((file.isIdentifier(k - 1) || file.isPunct(k - 1, "*")) && file.isPunct(k + 1, "(")
                        && file.isPunct(Int(file.partner[k + 1]) + 1, "{"))
            }
            guard declares, let open = file.bodyOpen(afterName: k, before: range.upperBound) else { continue }
            for m in open..<Int(file.partner[open]) {
                if makesConcurrentQueue(at: m) { return .concurrent }
                if makesQueue(at: m) { makesSerial = true }
            }
        }
        return makesSerial ? .serial : nil
    }

    /// What the function or method of the file called `name` makes: a concurrent queue, a
    /// queue, or neither (nil), worked out once a file.
    private func helperQueueKind(_ name: String) -> DispatchQueueKind? {
        if let known = queueHelpers[name] { return known }
        let answer = functionBodyQueueKind(named: name, in: file.tokens.indices)
        queueHelpers[name] = answer
        return answer
    }

    /// Whether token `m` makes a dispatch queue: `DispatchQueue(`, `dispatch_queue_create`, the main queue.
    private func makesQueue(at m: Int) -> Bool {
        (file.isWord(m, "DispatchQueue") && (file.isPunct(m + 1, "(") || (file.isPunct(m + 1, ".") && file.isWord(m + 2, "main"))))
            || file.isWord(m, "dispatch_queue_create") || file.isWord(m, "dispatch_get_main_queue")
    }

    /// Whether identifier `m` calls a function or method the file may declare: `makeQueue()`,
    /// `Self.makeQueue()`, `[self makeQueue]`, `MakeQueue("label")`.
    private func isHelperCall(at m: Int) -> Bool {
        guard file.isIdentifier(m), !file.isWord(m, "DispatchQueue"), !file.isWord(m, "dispatch_queue_create") else { return false }
        switch file.language {
        case .swift: return file.isPunct(m + 1, "(") && !file.isPunct(m - 1, "@")
        case .objectiveC: return (file.isPunct(m + 1, "]") && file.isIdentifier(m - 1) && file.isPunct(m - 2, "[")) || file.isPunct(m + 1, "(")
        }
    }

    /// The end of the statement whose value starts at `start`: its `;`, the bracket that closes
    /// around it, or in Swift the next line that does not go on with `.`.
    private func statementEnd(from start: Int) -> Int {
        var depth = 0
        var m = start
        while m < file.tokens.count && m < start + 256 {
            if file.isPunct(m, oneOf: "([{") {
                depth += 1
            } else if file.isPunct(m, oneOf: ")]}") {
                depth -= 1
                if depth < 0 { return m }
            } else if depth == 0, file.isPunct(m, ";") {
                return m
            } else if depth == 0, m > start, file.language == .swift, file.tokens[m].line != file.tokens[m - 1].line,
                      !file.isPunct(m, ".") {
                return m
            }
            m += 1
        }
        return m
    }

    /// Whether token `m` says a queue is concurrent: `.concurrent`, `DISPATCH_QUEUE_CONCURRENT`,
    /// a global queue.
    private func makesConcurrentQueue(at m: Int) -> Bool {
        file.isWord(m, "concurrent") || file.isWord(m, "DISPATCH_QUEUE_CONCURRENT") || file.isWord(m, "dispatch_get_global_queue")
            || (file.isWord(m, "global") && file.isPunct(m - 1, ".") && file.isWord(m - 2, "DispatchQueue"))
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

    /// What the statement from token `start` (a value) makes, itself or through a helper of
    /// the file: a queue that may be concurrent, another queue (`.serial`), or neither (nil).
    private func statementQueueKind(from start: Int) -> DispatchQueueKind? {
        let end = statementEnd(from: start)
        var makesSerial = false
        for m in start..<end {
            if file.isWord(m, "concurrent") || file.isWord(m, "DISPATCH_QUEUE_CONCURRENT") { return .concurrent }
            if makesQueue(at: m) { makesSerial = true }
            // A helper of the file's own that makes the queue: `makeQueue()`, `Self.makeQueue()`, `[self makeQueue]`.
            if isHelperCall(at: m), let helper = helperQueueKind(file.text(m)) {
                if helper == .concurrent { return .concurrent }
                makesSerial = true
            }
            // A global queue itself (`DispatchQueue.global(qos: .utility)`), not a queue that targets one.
            if m == start, file.isWord(m, "dispatch_get_global_queue") { return .concurrent }
            if m == start + 2, file.isWord(start, "DispatchQueue"), file.isPunct(start + 1, "."), file.isWord(m, "global") { return .concurrent }
            // `attributes: attrs`, `attributes: Pool.attributes`, `dispatch_queue_create("q", attr)`: attributes held in a variable or constant.
            // (`DispatchQueue.Attributes.initiallyInactive` is written out; a call says its attributes in its arguments.)
            if file.isWord(m, "attributes"), file.isPunct(m + 1, ":"), file.isIdentifier(m + 2), !file.isWord(m + 2, "DispatchQueue"),
               let valueEnd = pathEnd(from: m + 2), !file.isPunct(valueEnd, "(") {
                return .concurrent
            }
            if file.isWord(m, "dispatch_queue_create"), file.isPunct(m + 1, "("), let attribute = argument(1, of: m + 1)?.lowerBound,
               file.isIdentifier(attribute), !file.isPunct(attribute + 1, "("), !file.isWord(attribute, "NULL"), !file.isWord(attribute, "nil"),
               !file.tokenContains(attribute, "DISPATCH_QUEUE_SERIAL") {
                return .concurrent
            }
        }
        return makesSerial ? .serial : nil
    }
}
