import OpLintCore

extension FileScanner {
    /// A created operation or queue at `a` (`BlockOperation { }`, `FetchOperation(url:)`,
    /// `OperationQueue()`, `[[NSOperationQueue alloc] init]`, `[NSBlockOperation blockOperationWithBlock:^{ }]`):
    /// its entity (made once per expression) and the index after the expression.
    func creation(at a: Int, naming name: String?) -> (Int, Int)? {
        if file.language == .swift {
            return swiftCreation(at: a, naming: name)
        }
        return objectiveCCreation(at: a, naming: name)
    }

    /// The token after the `>` closing the generic arguments that open at `open` (`<Int>`,
    /// `<[String: Int]>`, `<A<B>, C>`), or nil when what follows is not a type's arguments.
    private func genericArgumentsEnd(from open: Int) -> Int? {
        var depth = 0
        var k = open
        while k < min(open + 64, file.tokens.count) {
            if file.isPunct(k, "<") {
                depth += 1
            } else if file.isPunct(k, ">") {
                depth -= 1
                if depth == 0 { return k + 1 }
            } else if !(file.isIdentifier(k) || file.isPunct(k, oneOf: ".,[]:?")) {
                return nil
            }
            k += 1
        }
        return nil
    }

    private func swiftCreation(at a: Int, naming name: String?) -> (Int, Int)? {
        var c = a
        if file.isWord(c, "Foundation"), file.isPunct(c + 1, ".") { c += 2 }
        // `API.RefreshOperation()`: a class nested in a type (or named with its module) is its own
        // name in the class table. A qualifier that is itself an operation or queue class stays
        // (`OperationQueue.SchedulerOptions`).
        while file.isIdentifier(c), file.isPunct(c + 1, "."), file.isIdentifier(c + 2),
              DeclarationScanner.isTypeName(file, c), DeclarationScanner.isTypeName(file, c + 2) {
            let qualifier = file.text(c)
            guard !classes.isOperationOrQueue(qualifier) else { break }
            c += 2
        }
        guard file.isIdentifier(c) else { return nil }
        let className = file.text(c)
        if className == "OperationQueue" || className == "NSOperationQueue", file.isPunct(c + 1, "."), file.isWord(c + 2, "main") {
            consumed.insert(c)
            if let cached = creationCache[a] {
                scan.entities[cached].isMain = true
                return (cached, c + 3)
            }
            return (mainQueue(), c + 3)
        }
        guard !enumNames.contains(className) else { return nil }
        guard classes.isOperationOrQueue(className) else { return nil }
        var end = c + 1
        var body: Int?
        // `ClosureOperation<Int>(…)`: the generic arguments are part of the type.
        if file.isPunct(end, "<"), let afterArguments = genericArgumentsEnd(from: end) { end = afterArguments }
        // `X.init(…)`, and `X.make(…)` for a class method that returns an X — or a queue of an
        // operation class (`AsyncOperation.serialQueue(named:) -> OperationQueue`), or the reverse.
        var createdClass = className
        if file.isPunct(end, "."), file.isIdentifier(end + 1), file.isPunct(end + 2, "("),
           file.isWord(end + 1, "init") || isFactory(file.text(end + 1), of: className) {
            if !file.isWord(end + 1, "init"), let type = classes.factory(file.text(end + 1), of: className),
               classes.isQueue(type) != classes.isQueue(className) {
                createdClass = type
            }
            end += 2
        }
        let isOperation = classes.isOperation(createdClass)
        let isQueue = !isOperation && classes.isQueue(createdClass)
        guard isOperation || isQueue else { return nil }
        // `Prep(queue: q)`: the initializer by its first argument label.
        var initializer = ""
        if file.isPunct(end, "("), Int(file.partner[end]) > end + 1 { initializer = file.isIdentifier(end + 1) && file.isPunct(end + 2, ":") ? file.text(end + 1) : "_" }
        if file.isPunct(end, "(") {
            let close = Int(file.partner[end])
            guard close > end else { return nil }
            // BlockOperation(block: { … })
            if file.isIdentifier(end + 1), file.isPunct(end + 2, ":"), file.isPunct(end + 3, "{") { body = end + 3 }
            end = close + 1
            if file.isPunct(end, "{"), file.tokens[end].line == file.tokens[close].line {
                body = end
                end = skipGroup(end)
            }
        } else if file.isPunct(end, "{"), isOperation {
            // `BlockOperation { … }` runs its closure; `MyOperation { … }` is made by an
            // initializer that takes one, which may run it or keep it for later.
            if classes.isBlockOperation(createdClass) { body = end }
            end = skipGroup(end)
        } else {
            return nil
        }
        consumed.insert(c)
        let id = creationCache[a] ?? (isQueue
            ? makeQueue(variable: name, at: a)
            : makeOperation(className: createdClass, variable: name, at: a))
        if isOperation, creationCache[a] != nil { applyClassTraits(id, createdClass) }
        if isQueue, creationCache[a] == nil { applyQueueClassTraits(id, createdClass) }
        if let body, isOperation, closureRoles[body] == nil { closureRoles[body] = .operationBody(id) }
        if isOperation, creationCache[a] == nil { noteEnqueuedByItsInitializer(id, createdClass, initializer: initializer, at: a) }
        creationCache[a] = id
        return (id, end)
    }

    private func objectiveCCreation(at a: Int, naming name: String?) -> (Int, Int)? {
        if file.isWord(a, "NSOperationQueue"), file.isPunct(a + 1, "."), file.isWord(a + 2, "mainQueue") {
            if let cached = creationCache[a] {
                scan.entities[cached].isMain = true
                return (cached, a + 3)
            }
            return (mainQueue(), a + 3)
        }
        guard file.isPunct(a, "[") else { return nil }
        let close = Int(file.partner[a])
        guard close > a else { return nil }
        // Manual reference counting: `[[[X alloc] init] autorelease]`, `[[X new] retain]`.
        var inner = a
        while file.isPunct(inner + 1, "["), Int(file.partner[inner + 1]) + 2 == Int(file.partner[inner]),
              file.isWord(Int(file.partner[inner + 1]) + 1, "autorelease") || file.isWord(Int(file.partner[inner + 1]) + 1, "retain") {
            inner += 1
        }
        var className: String
        var body: Int?
        var kind: OperationGraph.Operation.Kind?
        var initializer = "init"
        if file.isPunct(inner + 1, "["), file.isIdentifier(inner + 2), file.isWord(inner + 3, "alloc") || file.isWord(inner + 3, "new") {
            className = file.text(inner + 2)
            // `[[Prep alloc] initWithQueue:q]`
            let allocClose = Int(file.partner[inner + 1])
            if file.isWord(inner + 3, "alloc"), allocClose > inner + 1, file.isIdentifier(allocClose + 1) { initializer = file.text(allocClose + 1) }
        } else if file.isIdentifier(inner + 1), file.isIdentifier(inner + 2) {
            className = file.text(inner + 1)
            let selector = file.text(inner + 2)
            if className == "NSOperationQueue" && selector == "mainQueue" {
                if let cached = creationCache[a] {
                    scan.entities[cached].isMain = true
                    return (cached, close + 1)
                }
                return (mainQueue(), close + 1)
            }
            if selector == "blockOperationWithBlock", file.isPunct(inner + 3, ":") {
                body = blockBrace(at: inner + 4)
            } else if selector != "new" {
                // A class method makes an instance only when it is declared to return one.
                guard isFactory(selector, of: className) else { return nil }
                if let type = classes.factory(selector, of: className), classes.isOperationOrQueue(type) { className = type }
            }
        } else {
            return nil
        }
        if className == "NSInvocationOperation" { kind = .invocation }
        let isOperation = classes.isOperation(className)
        let isQueue = !isOperation && classes.isQueue(className)
        guard isOperation || isQueue else { return nil }
        let id = creationCache[a] ?? (isQueue
            ? makeQueue(variable: name, at: a)
            : makeOperation(className: className, variable: name, at: a))
        if isOperation, creationCache[a] != nil { applyClassTraits(id, className) }
        if isQueue, creationCache[a] == nil { applyQueueClassTraits(id, className) }
        if isOperation, creationCache[a] == nil { noteEnqueuedByItsInitializer(id, className, initializer: initializer, at: a) }
        if let kind { scan.entities[id].operationKind = kind }
        if let body, closureRoles[body] == nil { closureRoles[body] = .operationBody(id) }
        creationCache[a] = id
        return (id, close + 1)
    }

    /// Whether the class method `selector` of `className` returns an instance of it
    /// (`+ (instancetype)…`, `-> Self`, a declared operation or queue class; `+ (id)` when
    /// named after the class, as `requestWithURL:` of `ASIHTTPRequest`).
    func isFactory(_ selector: String, of className: String) -> Bool {
        guard let type = classes.factory(selector, of: className) else { return false }
        switch type {
        case "instancetype", "Self": return true
        case "id":
            let word = selector.prefix { $0.isLowercase }
            return word.count >= 4 && className.lowercased().hasSuffix(word)
        default:
            return type == className || classes.isOperationOrQueue(type)
        }
    }

    /// A new operation entity created at token `a`; with `repeatedSince`, counted only by the
    /// loops around that earlier token (an operation declared before the loop it is used in).
    func makeOperation(className: String, variable: String?, at a: Int, repeatedSince: Int? = nil) -> Int {
        var entity = Entity(kind: .operation, variable: variable ?? anonymousName(for: className), location: file.location(a), order: a)
        entity.typeName = currentType
        entity.function = variable != nil && atTypeLevel ? nil : currentFunction
        if atTypeLevel { entity.function = nil }
        let repetition = repetition(since: repeatedSince)
        entity.count = repetition.count
        if let loop = repetition.unknownLoop {
            scan.facts.unresolved.append(SourceFacts.Issue(
                "operation `\(FileScan.placeholder(.entity(scan.entities.count)))` is created in a loop whose number of iterations is not a literal; count 2 assumed",
                at: loop))
        }
        scan.entities.append(entity)
        let id = scan.entities.count - 1
        applyClassTraits(id, className)
        collect(id)
        return id
    }

    /// `SelfEnqueuing(queue: q)`, `[[Prep alloc] initWithQueue:q]`: an initializer that adds
    /// the operation to a queue, where the scanner does not follow; the operation is handed on.
    private func noteEnqueuedByItsInitializer(_ id: Int, _ className: String, initializer: String, at a: Int) {
        if scan.entities[id].escape == nil, classes.initializerEnqueuesSelf(className, key: initializer) { scan.entities[id].escape = file.location(a) }
    }

    /// Kind, asynchrony and finishing of an operation of class `className`.
    func applyClassTraits(_ id: Int, _ className: String) {
        scan.entities[id].className = className
        scan.entities[id].operationKind = classes.isBlockOperation(className) ? .block : .custom
        let traits = classes.traits(of: className)
        scan.entities[id].isAsynchronous = traits.isAsynchronous
        scan.entities[id].finishes = traits.finishes
        if !traits.finishes, let origin = classes.startReplacement(of: className) {
            scan.entities[id].unfinishedClass = (origin.className, origin.location)
        } else {
            scan.entities[id].unfinishedClass = nil
        }
    }

    /// What the initializer of a queue class sets on the queue it makes
    /// (`maxConcurrentOperationCount = 1` in `init`): a setting where that initializer sets it.
    func applyQueueClassTraits(_ id: Int, _ className: String) {
        guard let width = classes.initialWidth(of: className) else { return }
        guard let count = width.count else {
            scan.facts.unresolved.append(SourceFacts.Issue("cannot tell the value of `maxConcurrentOperationCount` that the initializer of \(className) sets (\(width.location.file):\(width.location.line)); the default is assumed", at: scan.entities[id].location))
            return
        }
        scan.entities[id].maxConcurrentOperationCount = count
        scan.facts.settings.append(SourceFacts.Setting(target: placeholder(id), isQueue: true, key: "maxConcurrentOperationCount", value: String(count), location: width.location))
    }

    /// A new queue entity created at token `a`.
    func makeQueue(variable: String?, at a: Int) -> Int {
        var entity = Entity(kind: .queue, variable: variable ?? "queue", location: file.location(a), order: a)
        entity.typeName = currentType
        entity.function = atTypeLevel ? nil : currentFunction
        scan.entities.append(entity)
        queueMadeIn[scan.entities.count - 1] = currentScopeID
        return scan.entities.count - 1
    }

    /// `block1`, `fetchOperation2`: a readable name for an operation no variable holds.
    func anonymousName(for className: String) -> String {
        let base: String
        if className == "BlockOperation" || className == "NSBlockOperation" {
            base = "block"
        } else {
            base = className.prefix(1).lowercased() + className.dropFirst()
        }
        let key = "\(currentType ?? "").\(currentFunction ?? "").\(base)"
        let n = (anonymousCounters[key] ?? 0) + 1
        anonymousCounters[key] = n
        return "\(base)\(n)"
    }

    /// A creation no declaration, argument or list takes (`return BlockOperation { }`, the
    /// last expression of a `map` closure): made here so that its block is read; it is
    /// collected by an enclosing `map`, else it escapes.
    func strayCreation(at i: Int) {
        guard file.language == .swift else { return }
        if file.isPunct(i - 1, oneOf: ":,>?!<.") { return }
        if file.isWord(i - 1, "as") || file.isWord(i - 1, "is") { return }
        // The name a declaration declares (`enum Operation {`, a calculator's operations), or extends.
        if file.isWord(i - 1, "extension") || file.isWord(i - 1, "enum") || file.isWord(i - 1, "struct")
            || file.isWord(i - 1, "class") || file.isWord(i - 1, "protocol") || file.isWord(i - 1, "actor")
            || file.isWord(i - 1, "typealias") { return }
        let before = scan.entities.count
        guard let (id, _) = creation(at: i, naming: nil), scan.entities.count > before else { return }
        if scan.entities[id].kind == .operation, !isCollected(id) {
            scan.entities[id].escape = file.location(i)
        }
    }

    private func isCollected(_ id: Int) -> Bool {
        for index in scopes.indices.reversed() {
            if scopes[index].collectInto != nil { return true }
            if scopes[index].isBodyBoundary { return false }
        }
        return false
    }

    /// Adds an operation created inside a `map` closure to the list that closure builds.
    private func collect(_ id: Int) {
        for index in scopes.indices.reversed() {
            if let target = scopes[index].collectInto {
                if target.scope >= 0 && target.scope < scopes.count, case .list(let items)? = scopes[target.scope].locals[target.name] {
                    scopes[target.scope].locals[target.name] = .list(items + [id])
                } else if target.scope < 0, let type = currentType, case .list(let items)? = properties[type]?[target.name] {
                    properties[type]?[target.name] = .list(items + [id])
                }
                return
            }
            if scopes[index].isBodyBoundary { return }
        }
    }
}
