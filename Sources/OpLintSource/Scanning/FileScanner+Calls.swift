import OpLintCore

extension FileScanner {
    /// Operation API names that mean nothing else: an unresolved receiver is worth a note.
    static let unambiguousCalls: Set<String> = [
        "addDependency", "removeDependency", "addOperation", "addOperations", "addOperationWithBlock",
        "addBarrierBlock", "waitUntilFinished", "waitUntilAllOperationsAreFinished", "cancelAllOperations",
        "maxConcurrentOperationCount", "queuePriority",
    ]

    /// A Swift member call `receiver.name(…)` at token `i`.
    func member(at i: Int) {
        guard file.isIdentifier(i) else { return }
        let name = file.text(i)
        switch name {
        case "addDependency", "removeDependency", "addOperation", "addOperations", "addBarrierBlock",
             "waitUntilFinished", "waitUntilAllOperationsAreFinished", "cancel", "cancelAllOperations", "start",
             "sync", "async", "asyncAfter", "forEach", "map", "compactMap", "flatMap", "append":
            break
        default:
            return
        }
        let receiver = receiverPath(endingAt: i - 2)
        let location = file.location(receiver?.start ?? i)
        let binding = receiver.flatMap { resolvePath($0.path) }
        let receiverText = receiver?.path.joined(separator: ".") ?? text(expressionStart(endingAt: i - 2), i - 1)
        let hasParens = file.isPunct(i + 1, "(")
        let closeParen = hasParens ? Int(file.partner[i + 1]) : -1
        let emptyCall = hasParens && closeParen == i + 2
        switch name {
        case "addDependency", "removeDependency":
            guard hasParens, closeParen > i + 2 else { return }
            let other = evaluate(at: i + 2, naming: nil)
            dependency(name, waiter: binding, waiterText: receiverText, dependency: other, argumentText: text(i + 2, closeParen), location: location)
        case "addOperation":
            if file.isPunct(i + 1, "{") {
                anonymous(queue: binding, queueText: receiverText, body: i + 1, isBarrier: false, location: location)
            } else if hasParens, file.isPunct(i + 2, "{"), Int(file.partner[i + 2]) == closeParen - 1 {
                anonymous(queue: binding, queueText: receiverText, body: i + 2, isBarrier: false, location: location)
            } else if hasParens, closeParen > i + 2 {
                enqueue(queue: binding, queueText: receiverText, operations: evaluate(at: i + 2, naming: nil), argumentText: text(i + 2, closeParen), waits: false, call: name, location: location)
            }
        case "addOperations":
            guard hasParens, closeParen > i + 2 else { return }
            var waits = false
            for k in (i + 2)..<closeParen where file.isWord(k, "waitUntilFinished") && file.isPunct(k + 1, ":") {
                waits = file.isWord(k + 2, "true")
            }
            var argumentEnd = i + 2
            while argumentEnd < closeParen && !file.isPunct(argumentEnd, ",") {
                argumentEnd = file.isPunct(argumentEnd, "[") || file.isPunct(argumentEnd, "(") ? skipGroup(argumentEnd) : argumentEnd + 1
            }
            enqueue(queue: binding, queueText: receiverText, operations: evaluate(at: i + 2, naming: nil), argumentText: text(i + 2, argumentEnd), waits: waits, call: name, location: location)
        case "addBarrierBlock":
            let body = file.isPunct(i + 1, "{") ? i + 1 : (hasParens && file.isPunct(i + 2, "{") ? i + 2 : nil)
            if let body { anonymous(queue: binding, queueText: receiverText, body: body, isBarrier: true, location: location) }
        case "waitUntilFinished", "waitUntilAllOperationsAreFinished", "cancel", "cancelAllOperations", "start":
            guard emptyCall else { return }
            simpleCall(name, on: binding, receiverText: receiverText, location: location)
        case "append":
            // ops.append(op), ops.append(contentsOf: [a, b])
            guard hasParens, closeParen > i + 2, let receiver, case .list(let items)? = binding else { return }
            var argument = i + 2
            if file.isWord(argument, "contentsOf"), file.isPunct(argument + 1, ":") { argument += 2 }
            guard let added = entities(evaluate(at: argument, naming: nil)) else { return }
            rebind(receiver.path, start: receiver.start, to: .list(items + added))
        case "sync", "async", "asyncAfter":
            guard let receiver else { return }
            dispatch(name == "sync", queueText: receiver.path.joined(separator: "."), bodyFrom: i + 1, location: location)
        default:
            // forEach / map: the closure runs here, once per element.
            var brace = i + 1
            if hasParens, file.isPunct(i + 2, "{") { brace = i + 2 }
            guard file.isPunct(brace, "{"), closureRoles[brace] == nil else { return }
            var count: Int?
            if let receiver, file.isPunct(receiver.start - 1, ")") {
                let open = Int(file.partner[receiver.start - 1])
                if open >= 0 { count = literalRangeCount(from: open, to: receiver.start) }
            } else if file.isPunct(i - 2, ")") {
                let open = Int(file.partner[i - 2])
                if open >= 0 { count = literalRangeCount(from: open, to: i - 1) }
            }
            closureRoles[brace] = .iteration(count: count)
            if name == "forEach", case .list? = binding {
                collectParameters[brace] = binding
            }
        }
    }

    /// The first token of the postfix expression that ends at `e` (`items[0]`, `make().op`).
    func expressionStart(endingAt e: Int) -> Int {
        var k = e
        var steps = 0
        while k >= 0 && steps < 64 {
            steps += 1
            if file.isPunct(k, ")") || file.isPunct(k, "]") {
                let open = Int(file.partner[k])
                guard open >= 0 && open < k else { return k }
                k = open - 1
                continue
            }
            guard file.isIdentifier(k) else { return k + 1 }
            if file.isPunct(k - 1, ".") || file.isPunct(k - 1, "?") || file.isPunct(k - 1, "!") {
                k -= 2
                while file.isPunct(k, "?") || file.isPunct(k, "!") { k -= 1 }
                continue
            }
            return k
        }
        return max(0, k + 1)
    }

    /// The source text of tokens `a..<b`, for messages.
    func text(_ a: Int, _ b: Int) -> String {
        guard a < b, b <= file.tokens.count else { return "" }
        let start = Int(file.tokens[a].start)
        let end = file.tokens[b - 1].end
        let raw = String(decoding: file.bytes[start..<end], as: UTF8.self)
        let flat = raw.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\t" }).joined(separator: " ")
        return flat.count > 60 ? String(flat.prefix(57)) + "…" : flat
    }

    /// The entities a binding stands for, or nil when it is not operations or queues.
    func entities(_ binding: Binding?) -> [Int]? {
        switch binding {
        case .entity(let id)?: return [id]
        case .list(let ids)?: return ids
        default: return nil
        }
    }

    /// Whether a binding is known to be something other than an operation or queue.
    func isUnrelated(_ binding: Binding?) -> Bool {
        guard case .value(let type)? = binding else { return false }
        guard let type else { return false }
        return !(classes.isOperation(type) || classes.isQueue(type))
    }

    /// Records that a call could not be tied to an operation or queue.
    func unresolved(_ call: String, _ what: String, binding: Binding?, location: SourceLocation) {
        if isUnrelated(binding) { return }
        if binding == nil || { if case .value? = binding { return true } else { return false } }() {
            guard Self.unambiguousCalls.contains(call) || { if case .value(let t)? = binding, let t { return classes.isOperation(t) || classes.isQueue(t) } else { return false } }() else { return }
        }
        scan.facts.unresolved.append(SourceFacts.Issue("cannot tell which operation or queue `\(what)` is in this `\(call)` call; no fact recorded", at: location))
    }
}
