import OpLintCore

extension FileScanner {
    /// Operation API names that mean nothing else: an unresolved receiver is worth a note.
    static let unambiguousCalls: Set<String> = [
        "addDependency", "removeDependency", "addOperation", "addOperations", "addOperationWithBlock",
        "addBarrierBlock", "waitUntilFinished", "waitUntilAllOperationsAreFinished", "cancelAllOperations",
        "maxConcurrentOperationCount", "queuePriority",
    ]

    /// Whether `name` is a queue's method that takes or waits for operations.
    static func isQueueCall(_ name: String) -> Bool {
        switch name {
        case "addOperation", "addOperations", "addOperationWithBlock", "addBarrierBlock", "waitUntilAllOperationsAreFinished", "cancelAllOperations": true
        default: false
        }
    }

    /// Queue and operation methods a type of the scanned code may call on itself without
    /// `self.` (a group operation's `addOperation(op)`, a queue subclass's `cancelAllOperations()`).
    static let selfCalls: [StaticString] = [
        "addOperation", "addOperations", "addDependency", "removeDependency", "addBarrierBlock",
        "waitUntilAllOperationsAreFinished", "cancelAllOperations",
    ]

    /// `addOperation(op)` with no receiver, in a Swift type's code: `self.addOperation(op)`.
    /// Inlined where each identifier is visited: most are not followed by `(`.
    @inline(__always)
    func implicitSelfCall(at i: Int) -> Bool {
        guard file.language == .swift, file.isPunct(i + 1, "("), Self.selfCalls.contains(where: { file.isWord(i, $0) }),
              !file.isWord(i - 1, "func"), currentType != nil else { return false }
        member(at: i, implicitSelf: true)
        return true
    }

    /// Whether identifier `i` is a member `member(at:)` follows: the operation API's, dispatch's,
    /// and the list methods that hand operations on. Compared as bytes: most members are not.
    private func isFollowedMember(_ i: Int) -> Bool {
        switch file.tokens[i].length {
        case 3: return file.isWord(i, "map")
        case 4: return file.isWord(i, "sync")
        case 5: return file.isWord(i, "start") || file.isWord(i, "async")
        case 6: return file.isWord(i, "cancel") || file.isWord(i, "append")
        case 7: return file.isWord(i, "forEach") || file.isWord(i, "flatMap")
        case 10: return file.isWord(i, "asyncAfter") || file.isWord(i, "compactMap")
        case 12: return file.isWord(i, "addOperation")
        case 13: return file.isWord(i, "addDependency") || file.isWord(i, "addOperations")
        case 15: return file.isWord(i, "addBarrierBlock")
        case 16: return file.isWord(i, "removeDependency")
        case 17: return file.isWord(i, "waitUntilFinished")
        case 19: return file.isWord(i, "cancelAllOperations")
        case 33: return file.isWord(i, "waitUntilAllOperationsAreFinished")
        default: return false
        }
    }

    /// `queue.enqueueTree(parse)`, `[queue enqueueTree:parse]`: a method of the queue's class
    /// (or an extension of Foundation's queue) that adds an operation's dependencies as well
    /// (`DeclarationScanner.readDependencyEnqueuers`) adds the operation and, through the
    /// dependencies the code has given it so far, theirs. False when the call is not one.
    func enqueueWithDependencies(_ name: String, on path: [String], token: Int?, argument: Int, argumentEnd: Int, location: SourceLocation) -> Bool {
        guard classes.dependencyEnqueuerNames.contains(name) else { return false }
        guard let binding = resolvePath(path, at: token), case .entity(let q)? = current(binding), scan.entities[q].kind == .queue else { return false }
        // The queue's class when the scanner knows it (`let queue: TreeQueue`), else any queue class's method of that name.
        let type = declaredType(ofPath: path)
        guard type.map({ classes.enqueuesDependencies(name, of: $0) }) ?? classes.anyQueueEnqueuesDependencies(name)
                || classes.enqueuesDependencies(name, of: "OperationQueue"),
              let ops = entities(evaluate(at: argument, naming: nil)), !ops.isEmpty else { return false }
        // The operations and their dependencies, each once, dependencies first.
        var added: [Int] = []
        var pending = ops
        while let op = pending.popLast() {
            guard !added.contains(op), scan.entities[op].kind == .operation else { continue }
            added.append(op)
            if case .list(let dependencies)? = dependencyList(of: [op]) { pending += dependencies }
        }
        enqueue(queue: binding, queueText: path.joined(separator: "."), operations: .list(added.reversed()),
                argumentText: text(argument, argumentEnd), waits: false, call: name, location: location)
        return true
    }

    /// Whether a path's value is of a class the scanned code declares whose chain ends at a
    /// class that is neither an operation nor a queue (`NSObject`, a Swift root class): `self`
    /// in such a class's code, or a variable or property declared with it or made by its initializer.
    func isOwnNonOperationType(path: [String]) -> Bool {
        let type: String?
        if path.allSatisfy({ Self.selfNames.contains($0) }) {
            type = currentType
        } else {
            type = declaredType(ofPath: path)
        }
        // A class named like Foundation's (`typealias OperationQueue = Operations.OperationQueue`) is not taken for another.
        guard let type, !ClassTable.operationRoots.contains(type), !ClassTable.queueRoots.contains(type) else { return false }
        return classes.classification(type) == .neither
    }

    /// A Swift member call `receiver.name(…)` at token `i`; with `implicitSelf`, `name(…)` in a
    /// type's code, whose receiver is `self`.
    func member(at i: Int, implicitSelf: Bool = false) {
        guard file.isIdentifier(i) else { return }
        guard isFollowedMember(i) else {
            // `if uploader.isDone {`: the brace opens the `if`'s body; a property is read, nothing is called.
            if file.isPunct(i + 1, "{"), file.language == .swift, statementHead(before: i + 1).opensControlBody { return }
            if file.isPunct(i + 1, "("), isExpectationWait(i) { expectationWait(at: i) }
            if file.isPunct(i + 1, "(") || file.isPunct(i + 1, "{"), let receiver = receiverPath(endingAt: i - 2) {
                let name = file.text(i)
                if name == "toggle", receiver.path.count >= 2, receiver.path.last == "isSuspended" {
                    mayResume(resolvePath(Array(receiver.path.dropLast())))
                    return
                }
                if file.isPunct(i + 1, "("), Int(file.partner[i + 1]) > i + 2,
                   enqueueWithDependencies(name, on: receiver.path, token: lastName(before: i - 1), argument: i + 2,
                                           argumentEnd: Int(file.partner[i + 1]), location: file.location(receiver.start)) {
                    return
                }
                otherCall(name, on: receiver.path, start: receiver.start, locatedAt: receiver.start, firstArgument: firstArgument(of: i + 1),
                          isStatement: isStatement(from: receiver.start, callAt: i + 1))
            }
            return
        }
        let name = file.text(i)
        let receiver = implicitSelf ? (start: i, path: ["self"]) : receiverPath(endingAt: i - 2)
        // `jobs.addOperations([a])` on a class of the code's own that is neither a queue nor an
        // operation (a manager with its own `addOperations(_:completion:)`): that class's method.
        if let receiver, Self.isQueueCall(name), isOwnNonOperationType(path: receiver.path) {
            return
        }
        let location = file.location(receiver?.start ?? i)
        let binding = receiver.flatMap { resolvePath($0.path, at: implicitSelf ? nil : lastName(before: i - 1)) }
        let receiverText = receiver?.path.joined(separator: ".") ?? text(expressionStart(endingAt: i - 2), i - 1)
        let hasParens = file.isPunct(i + 1, "(")
        // Foundation's `addOperation(_:)`, `addDependency(_:)`, … take no label: `addOperation(operation:)` is another API.
        if hasParens, file.isIdentifier(i + 2), file.isPunct(i + 3, ":"), name.hasPrefix("add") || name == "removeDependency", name != "addOperations" {
            return
        }
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
                var end = k + 2
                while end < closeParen && !file.isPunct(end, ",") { end = file.isPunct(end, oneOf: "([{") ? skipGroup(end) : end + 1 }
                waits = waitFlag(at: k + 2, end: min(end, closeParen), location: location)
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
            guard emptyCall else {
                // `op.start(completion: …)`, `op.start { … }`: a method of the code's own, which
                // may enqueue or start the operation, as any other call on it may.
                let brace = file.isPunct(i + 1, "{")
                if brace, file.language == .swift, statementHead(before: i + 1).opensControlBody { return }
                if hasParens || brace, let receiver { otherCall(name, on: receiver.path, start: receiver.start, locatedAt: receiver.start, ownMethod: true) }
                return
            }
            simpleCall(name, on: binding, receiverText: receiverText, location: location)
        case "append":
            // ops.append(op), ops.append(contentsOf: [a, b])
            guard hasParens, closeParen > i + 2, let receiver, case .list(let items)? = binding else { return }
            var argument = i + 2
            if file.isWord(argument, "contentsOf"), file.isPunct(argument + 1, ":") { argument += 2 }
            guard let added = entities(evaluate(at: argument, naming: nil)) else { return }
            rebind(receiver.path, start: receiver.start, to: .list(items + added))
        case "sync", "async", "asyncAfter":
            guard let receiver else {
                // `DispatchQueue.global().sync { … }`, `DispatchQueue.global(qos: .utility).async { … }`.
                if file.language == .swift, file.isPunct(i - 2, ")"), case let open = Int(file.partner[i - 2]), open > 0,
                   file.isWord(open - 1, "global"), file.isPunct(open - 2, "."), file.isWord(open - 3, "DispatchQueue") {
                    dispatch(name == "sync", queueText: Self.globalQueueText, bodyFrom: i + 1, call: i, location: file.location(open - 3))
                }
                return
            }
            // `DispatchGroup.sync { }`: a static method of the code's own on a type, not a queue;
            // `lane.sync { }` on a value of a type other than `DispatchQueue` (a wrapper with its
            // own `sync`, a protocol): a method of that type.
            if file.language == .swift, receiver.path.count == 1, receiver.path[0].first?.isUppercase == true { return }
            if file.language == .swift, let type = declaredType(ofPath: receiver.path), !Self.dispatchQueueTypes.contains(type) { return }
            dispatch(name == "sync", queueText: receiver.path.joined(separator: "."), bodyFrom: i + 1, call: i, location: location)
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
            } else if name == "forEach", receiver == nil, file.isPunct(i - 2, "]"), Int(file.partner[i - 2]) >= 0,
                      let items = listLiteral(at: Int(file.partner[i - 2])) {
                // `[a, b].forEach { queue.addOperation($0) }`
                collectParameters[brace] = .list(items)
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

    /// The source text of tokens `a..<b`, for messages (a U+0001 in it, which marks where an
    /// entity's name goes, shown as U+FFFD).
    func text(_ a: Int, _ b: Int) -> String {
        let text = sourceText(a, b)
        return text.utf8.contains(1) ? String(text.unicodeScalars.map { $0 == "\u{1}" ? "\u{FFFD}" : Character($0) }) : text
    }

    private func sourceText(_ a: Int, _ b: Int) -> String {
        guard a < b, b <= file.tokens.count else { return "" }
        let start = Int(file.tokens[a].start)
        let end = file.tokens[b - 1].end
        // Most are short and on one line: at most 60 bytes, none of them a line break or tab,
        // are at most 60 characters whatever they are, and read as they are.
        if end - start <= 60, !file.bytes[start..<end].contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return file.text(of: start..<end)
        }
        let raw = file.text(of: start..<end)
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
        guard let type = declaredType(binding), !Self.collectionTypes.contains(type) else { return false }
        return !classes.isOperationOrQueue(type)
    }

    /// Types of lists: a list the scanner does not follow may hold operations.
    static let collectionTypes: Set<String> = ["NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "Array", "Set"]

    /// The declared type of a value that is not an operation or queue the scanner follows.
    private func declaredType(_ binding: Binding?) -> String? {
        switch binding {
        case .value(let type)?, .obtained(let type, _)?: return type
        default: return nil
        }
    }

    /// The type of a list whose contents the scanner lost track of (`[ops removeObjectAtIndex:1]`).
    static let listOfUnknownContents = "NSMutableArray"

    /// What an operation's own methods and properties are: calling them configures or reads it.
    static let operationMethods: Set<String> = [
        "addDependency", "removeDependency", "cancel", "start", "waitUntilFinished", "addExecutionBlock",
        "setCompletionBlock", "setName", "setQueuePriority", "setQualityOfService", "setThreadPriority",
        "isReady", "isFinished", "isExecuting", "isCancelled", "isAsynchronous", "isConcurrent", "dependencies",
        "queuePriority", "qualityOfService", "name", "completionBlock", "executionBlocks", "threadPriority",
        "retain", "release", "autorelease", "copy", "description", "isEqual", "hash", "class",
        // Observing an operation (key-value observing) neither runs nor enqueues it.
        // (Objective-C messages by their first selector part.)
        "addObserver", "removeObserver", "observe", "willChangeValue", "didChangeValue", "value",
        "willChangeValueForKey", "didChangeValueForKey", "valueForKey", "valueForKeyPath",
    ]

    /// A call the scanner does not interpret (`task.runSynchronously()`, `[op setCompletionBlockWithSuccess:…]`,
    /// `[ops removeAllObjects]`): an operation's own code may run or enqueue it, so it escapes;
    /// a list changed in a way the scanner does not follow is no longer known.
    /// With `ownMethod`, `name` is Foundation's name for a method the code declares with
    /// arguments of its own (`start(completion:)`), which is not Foundation's.
    /// `firstArgument` and `isStatement` are worked out only for a method that cancels its operation.
    func otherCall(_ name: String, on words: [String], start: Int, locatedAt token: Int, ownMethod: Bool = false,
                   firstArgument: @autoclosure () -> Range<Int>? = nil, isCall: Bool = true, selector: String? = nil,
                   isStatement: @autoclosure () -> Bool = false) {
        guard !words.isEmpty else { return }
        // Where the call is, worked out only for the calls that record it.
        var location: SourceLocation { file.location(token) }
        switch resolvePath(words) {
        case .entity(let id)? where scan.entities[id].kind == .operation:
            // `[second timeout:50 * NSEC_PER_MSEC]` whose class cancels the operation from a
            // timer: a cancel, when the delay has passed if it is written in a unit of time (at
            // once when it cannot be read, never for `.never`). Called on its own, the method
            // is read: it cancels the operation and hands it nowhere — except `main()`, the
            // operation's own work run by the calling code (`op.main()` in a test), which runs
            // it as any call the scanner does not follow may.
            let method = selector ?? name
            if !ownMethod, let className = scan.entities[id].className, classes.cancelsItself(method, of: className) {
                scan.callsFollowed += 1
                switch firstArgument().map(writtenDelay) ?? .unknown {
                case .seconds(let delay): cancel(id, location: location, delay: delay, method: method)
                case .unknown: cancel(id, location: location, delay: 0, method: method)
                case .never: break
                }
                if method != "main", isStatement() { return }
            }
            if name == "addExecutionBlock", !ownMethod, let body = executionBlock(after: start) {
                // `op.addExecutionBlock { … }`, `[op addExecutionBlock:^{ … }]`: more of the operation's own code.
                if closureRoles[body] == nil { closureRoles[body] = .operationBody(id) }
            }
            // Foundation's properties are read, not called: `second.dependencies([first])` is the code's own method.
            if ownMethod || !Self.operationMethods.contains(name) || (isCall && Self.operationProperties.contains(name)) {
                // The operation whose own code this is (`[self finishWithError:…]`) is not handed on anywhere.
                if Self.selfNames.contains(words[0]) {
                    if scan.entities[id].escape == nil { scan.entities[id].escape = location }
                } else {
                    handOn(id, location: location)
                }
            }
        case .list(let items)?:
            if name == "removeAllObjects" || name == "removeAll" {
                rebind(words, start: start, to: .list([]))
            } else if Self.mutatesCollection(name) {
                for id in items where scan.entities[id].escape == nil { scan.entities[id].escape = location }
                rebind(words, start: start, to: .value(Self.listOfUnknownContents))
            } else if !Self.listQueries.contains(name) && !name.containsCharacters("ependenc") {
                // Each element is handed to a block (`[ops enumerateObjectsUsingBlock:^(NSOperation *op, …) {
                // [queue addOperation:op]; }]`), sent a message (`@selector(start)`) or handed to
                // the code's own method on lists (`stages.feed(into: sink)`, `ops.enqueue()`);
                // one that only adds dependencies to them (`ops.addDependencies(setup)`) does not enqueue them.
                for id in items where scan.entities[id].escape == nil { scan.entities[id].escape = location }
            }
        case .value(Self.listOfUnknownContents)? where name == "removeAllObjects" || name == "removeAll":
            rebind(words, start: start, to: .list([]))
        default:
            break
        }
    }

    /// The `{` of the block an `addExecutionBlock` call after token `start` adds: `(`, `:` and
    /// `^` may come between the name and the brace.
    private func executionBlock(after start: Int) -> Int? {
        var k = start
        while k < file.tokens.count && k < start + 16 && !file.isWord(k, "addExecutionBlock") { k += 1 }
        guard file.isWord(k, "addExecutionBlock") else { return nil }
        k += 1
        while k < file.tokens.count && k < start + 20 && file.isPunct(k, oneOf: "(:^") { k += 1 }
        return file.isPunct(k, "{") ? k : nil
    }

    /// Whether the Swift call whose receiver starts at `start` and whose arguments open at `open`
    /// is a statement of its own: nothing before it on its line, and its value unused after it.
    private func isStatement(from start: Int, callAt open: Int) -> Bool {
        let before = start - 1
        guard before < 0 || file.isPunct(before, oneOf: "{};") || (file.tokens[before].line < file.tokens[start].line
            && !file.isPunct(before, oneOf: "=(,[:") && !file.isWord(before, "return")) else { return false }
        var end = open
        if file.isPunct(end, "("), file.partner[end] > end { end = Int(file.partner[end]) + 1 }
        if file.isPunct(end, "{"), file.partner[end] > end { end = Int(file.partner[end]) + 1 }
        // Its value goes on into `.member`, or into `?` / `!` on the same line.
        guard end < file.tokens.count, !file.isPunct(end, ".") else { return end >= file.tokens.count }
        return !(file.tokens[end].line == file.tokens[end - 1].line && (file.isPunct(end, "?") || file.isPunct(end, "!")))
    }

    /// The tokens of the first argument of the call whose `(` is at `open`, up to its comma.
    private func firstArgument(of open: Int) -> Range<Int>? {
        guard file.isPunct(open, "(") else { return nil }
        return argument(0, of: open)
    }

    /// The properties among `operationMethods`: read in Swift without parentheses and in
    /// Objective-C by a message without arguments, so a call with them is another method.
    static let operationProperties: Set<String> = [
        "isReady", "isFinished", "isExecuting", "isCancelled", "isAsynchronous", "isConcurrent", "dependencies",
        "queuePriority", "qualityOfService", "name", "completionBlock", "executionBlocks", "threadPriority",
    ]

    /// Calls on a list that only look at it: its operations stay where they are.
    static let listQueries: Set<String> = [
        "contains", "containsObject", "firstIndex", "lastIndex", "index", "indexOf", "indexOfObject", "elementsEqual",
        "isEqualToArray", "count", "countByEnumerating", "hash", "description", "debugDescription", "allSatisfy",
        "valueForKey", "valueForKeyPath",
    ]

    /// Calls that only look at their arguments (`print(op)`, `stages.contains(gate)`,
    /// `[ops indexOfObject:op]`, `XCTAssertNotNil(op)`): an operation passed to one stays put.
    static let lookingCalls: Set<String> = [
        "print", "debugPrint", "dump", "NSLog", "assert", "precondition", "String", "contains", "containsObject",
        "firstIndex", "lastIndex", "index", "indexOf", "indexOfObject", "isEqual", "isEqualTo",
    ]

    /// Whether a call named `name` changes the array or set it is sent to (`addObject:`,
    /// `removeLast()`, `setArray:`). A variable that holds one of several operations (assigned
    /// in the branches of an `if`) is a list too: `[operation addCompletionHandler:…]` or
    /// `[operation setQueuePriority:…]` is a call on the operation, not a change of a list.
    static func mutatesCollection(_ name: String) -> Bool {
        if name.hasPrefix("add") { return name.hasPrefix("addObject") }
        if name.hasPrefix("set") { return name == "setArray" || name == "setSet" || name.hasPrefix("setObject") }
        return name.hasPrefix("remove") || name.hasPrefix("insert") || name.hasPrefix("replace") || name.hasPrefix("exchange")
            || name.hasPrefix("sort")
    }

    /// Records that a call could not be tied to an operation or queue.
    func unresolved(_ call: String, _ what: String, binding: Binding?, location: SourceLocation) {
        if isUnrelated(binding) { return }
        switch current(binding) {
        case nil, .value?, .obtained?:
            guard Self.unambiguousCalls.contains(call) || declaredType(binding).map({ classes.isOperationOrQueue($0) }) == true else { return }
        default:
            break
        }
        scan.callsNotFollowed += 1
        scan.facts.unresolved.append(SourceFacts.Issue("cannot tell which operation or queue `\(what)` is in this `\(call)` call (\(reason(what, binding))); no fact recorded", at: location))
    }

    /// An operation added to a queue the scanner cannot follow: enqueued, on a queue of unknown settings.
    func unknownQueue(_ call: String, _ what: String, binding: Binding?, location: SourceLocation) {
        scan.callsNotFollowed += 1
        let shown = what.isEmpty ? "the receiver" : "`\(what)`"
        scan.facts.unresolved.append(SourceFacts.Issue(
            "cannot tell which queue \(shown) is in this `\(call)` call (\(reason(what, binding))); the operation is taken as enqueued on a queue of unknown settings",
            at: location))
    }

    /// Why the scanner could not follow the value written `what`.
    private func reason(_ what: String, _ binding: Binding?) -> String {
        switch current(binding) {
        case .value(let type?)?: return "a parameter or value of type \(type)"
        case .value(nil)?: return "a parameter, closure argument or loop variable"
        case .entity(let id)?: return "it holds \(scan.entities[id].kind == .queue ? "a queue" : "an operation")"
        case .list?: return "it holds several values"
        case .obtained(let type, _)?: return type.map { "a value of type \($0)" } ?? "a value the scanner does not follow"
        case nil:
            if what.contains("[" as Character) { return "a subscript or a message send" }
            if what.contains("(" as Character) { return "a function or method result" }
            if what.isEmpty { return "an expression" }
            return "not bound in the code the scanner reads"
        }
    }
}
