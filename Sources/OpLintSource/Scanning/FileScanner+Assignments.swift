import OpLintCore

extension FileScanner {
    /// Settings written as properties (`q.maxConcurrentOperationCount = 2`, `op.queuePriority = .high`).
    static let settingKeys: Set<String> = ["maxConcurrentOperationCount", "isSuspended", "suspended", "qualityOfService", "queuePriority"]

    /// `let x = …`, `Type *x = …;`, `self.x = …`, `_x = …`, `q.maxConcurrentOperationCount = …`, `ops += [a]`.
    func assignment(at i: Int) {
        guard !file.isPunct(i + 1, "=") else { return }
        if file.isPunct(i - 1, oneOf: "=!<>-*/%&|^~") { return }
        noteThreadTestAssignment(at: i)
        if file.isPunct(i - 1, "+") {
            if let (start, words) = receiverPath(endingAt: i - 2), case .list(let items)? = resolvePath(words),
               let added = listLiteral(at: i + 1) ?? { if case .entity(let id)? = evaluate(at: i + 1, naming: nil) { [id] } else { nil } }() {
                rebind(words, start: start, to: .list(items + added))
            }
            return
        }
        if patternBinding(at: i) { return }
        if let (nameIndex, declaredType) = declaration(before: i) {
            declare(nameIndex: nameIndex, declaredType: declaredType, valueAt: i + 1)
            return
        }
        guard let (start, words) = receiverPath(endingAt: i - 1), let last = words.last else { return }
        let nameToken = lastName(before: i)
        if words.count >= 2, Self.settingKeys.contains(last) {
            let receiver = Array(words.dropLast())
            setting(last, on: resolvePath(receiver, at: lastName(before: nameToken)), receiverText: pathText(receiver), valueAt: i + 1, location: file.location(start))
            return
        }
        if words.count >= 2, words.count <= 4, !Self.selfNames.contains(words[0]), !file.isPunct(i + 1, "{") {
            // `$0.op1 = BlockOperation { … }`, `request.operation = op`: followed like a local.
            for k in start..<i { consumed.insert(k) }
            let value = evaluate(at: i + 1, naming: Self.memberName(last)) ?? .obtained(nil, nameToken)
            // Handed to another object (`request.operation = op`, `holder.operations = [a, b]`).
            for id in entities(value) ?? [] where scan.entities[id].kind == .operation && scan.entities[id].escape == nil {
                scan.entities[id].escape = file.location(start)
            }
            bindMember(words, to: value)
            return
        }
        guard words.count == 1 || (words.count == 2 && Self.selfNames.contains(words[0])) else { return }
        for k in start..<i { consumed.insert(k) }
        // An annotated variable keeps its annotation when it is assigned: `self.queue = [[NSOperationQueue alloc] init]`;
        // a queue or operation first seen through its use becomes what is assigned.
        if case .entity(let held)? = resolvePath(words), scan.entities[held].annotation != nil || scan.entities[held].isPlaceholder {
            adopt(held, creationAt: i + 1)
            if case .entity(let id)? = evaluate(at: i + 1, naming: nil), id == held {
                if scan.entities[held].isPlaceholder {
                    scan.entities[held].isPlaceholder = false
                    scan.entities[held].location = file.location(i + 1)
                }
                return
            }
        }
        // A local assigned in inner code (`batch = items.map { … }` in an `if` or a closure):
        // what a `map` makes goes to the variable where it is declared.
        let key = words.count == 1 ? ScanName(last) : nil
        let declaredIn = key.flatMap { key in scopes.indices.last { scopes[$0].locals[key] != nil } }
        let value = valueOf(i + 1, naming: words.last.map(Self.memberName), declaredType: nil, scopeIndex: declaredIn, nameToken: nameToken)
        // `pending = nil` holds no operation: on a path that may not run, the variable holds
        // what it held before or nothing (`either`).
        if isNilLiteral(at: i + 1), case .obtained(_, let at) = value { nilAssignments.insert(IndexKey(at)) }
        rebind(words, start: start, to: value)
    }

    /// The declared name and type when the `=` at `i` ends a declaration (`let x: T =`, `T *x =`).
    private func declaration(before i: Int) -> (Int, String?)? {
        if file.language == .objectiveC {
            if file.isIdentifier(i - 1), file.isPunct(i - 2, "*"), file.isIdentifier(i - 3) { return (i - 1, file.text(i - 3)) }
            // NSMutableArray<NSOperation *> *operations = …
            if file.isIdentifier(i - 1), file.isPunct(i - 2, "*"), file.isPunct(i - 3, ">") { return (i - 1, nil) }
            if file.isIdentifier(i - 1), file.isWord(i - 2, "id") { return (i - 1, nil) }
            // `dispatch_queue_t queue = self.ioQueue;`: a local that hides a property of that name.
            if file.isIdentifier(i - 1), file.isWord(i - 2, "dispatch_queue_t") { return (i - 1, "dispatch_queue_t") }
            return nil
        }
        var k = i - 1
        let line = file.tokens[i].line
        while k >= 0 && k > i - 16 && file.tokens[k].line == line {
            if file.isWord(k, "let") || file.isWord(k, "var") {
                guard file.isIdentifier(k + 1) else { return nil }
                let type = file.isPunct(k + 2, ":") && file.isIdentifier(k + 3) ? file.text(k + 3) : nil
                return (k + 1, type)
            }
            if file.tokens[k].kind != .identifier && !(file.isPunct(k, ".") || file.isPunct(k, "?") || file.isPunct(k, "!") || file.isPunct(k, ":") || file.isPunct(k, "<") || file.isPunct(k, ">") || file.isPunct(k, "[") || file.isPunct(k, "]")) {
                return nil
            }
            k -= 1
        }
        return nil
    }

    func declare(nameIndex: Int, declaredType: String?, valueAt v: Int) {
        let name = file.text(nameIndex)
        consumed.insert(nameIndex)
        let isProperty = atTypeLevel
        let scopeIndex = isProperty ? -1 : scopes.count - 1
        var adopted: Int?
        if let pending = pendingDeclaration, pending.line == file.tokens[nameIndex].line {
            pendingDeclaration = nil
            adopt(pending.entity, creationAt: v)
            adopted = pending.entity
        }
        let key = ScanName(name)
        var value = valueOf(v, naming: name, declaredType: declaredType, scopeIndex: scopeIndex, nameToken: nameIndex)
        if let adopted, case .entity(let id) = value, id == adopted {} else if let adopted { value = .entity(adopted) }
        if isProperty, let type = currentType {
            propertyDeclarations[nameIndex] = type
            if case .entity(let id) = value { holdInProperty(id, name, of: type) }
            // `var prerequisite: Operation? = Warmup()` meeting a requirement of a protocol the type
            // adopts: code that works with the protocol reads it, wherever that is.
            if case .entity(let id) = value, scan.entities[id].kind == .operation, scan.entities[id].escape == nil,
               classes.requires(name, ofAnyOf: currentConformances, type: type) {
                scan.entities[id].escape = file.location(nameIndex)
            }
            properties[ScanName(type), default: [:]][key] = value
        } else {
            scopes[scopes.count - 1].locals[key] = value
        }
        noteBound(key)
    }

    /// `var queue: OperationQueue?` (Swift) or `NSOperationQueue *queue;` (Objective-C, in a
    /// function): a variable or property whose value is set elsewhere, if anywhere.
    func declarationWithoutValue(at k: Int) {
        let nameIndex: Int
        var typeIndex: Int
        if file.language == .swift {
            guard file.isIdentifier(k + 1), file.isPunct(k + 2, ":") else { return }
            nameIndex = k + 1
            typeIndex = k + 3
            if file.isWord(typeIndex, "Foundation"), file.isPunct(typeIndex + 1, ".") { typeIndex += 2 }
            guard file.isIdentifier(typeIndex) else { return }
            let line = file.tokens[k].line
            var m = typeIndex + 1
            while m < file.tokens.count && file.tokens[m].line == line && !file.isPunct(m, ";") {
                if file.isPunct(m, "=") || file.isPunct(m, "{") || file.isPunct(m, "(") { return }
                m += 1
            }
        } else {
            // `NSOperationQueue *queue;`, `__block NSOperation *op;` or `id op;` in a body.
            let isID = file.isWord(k, "id")
            guard !atTypeLevel, scopes.count > 1, file.isIdentifier(k + 1), file.isPunct(k + 2, ";") || file.isPunct(k + 2, ","),
                  isID || (file.isIdentifier(k - 1) && DeclarationScanner.isTypeName(file, k - 1)),
                  !isInParameterList(k) else { return }
            nameIndex = k + 1
            typeIndex = isID ? -1 : k - 1
        }
        let name = ScanName(file.text(nameIndex))
        let value = Binding.obtained(typeIndex < 0 ? nil : file.text(typeIndex), nameIndex)
        consumed.insert(nameIndex)
        if atTypeLevel, let type = currentType {
            propertyDeclarations[nameIndex] = type
            let typeKey = ScanName(type)
            if properties[typeKey]?[name] == nil { properties[typeKey, default: [:]][name] = value }
        } else {
            scopes[scopes.count - 1].locals[name] = value
        }
        noteBound(name)
    }

    /// Whether token `k` is inside parentheses opened in its statement: a block's or a
    /// function's parameters (`^(NSOperation *operation, NSArray *errors) { … }`), which are
    /// not variables of the code around them.
    private func isInParameterList(_ k: Int) -> Bool {
        var m = k - 1
        while m >= 0 {
            if file.isPunct(m, ")") || file.isPunct(m, "]") {
                let open = Int(file.partner[m])
                guard open >= 0 && open < m else { return false }
                m = open - 1
                continue
            }
            if file.isPunct(m, "(") { return true }
            if file.isPunct(m, ";") || file.isPunct(m, "{") || file.isPunct(m, "}") { return false }
            m -= 1
        }
        return false
    }

    /// Whether the expression at `v` is `nil` (`NULL`, `Nil`) alone.
    private func isNilLiteral(at v: Int) -> Bool {
        (file.isWord(v, "nil") || file.isWord(v, "NULL") || file.isWord(v, "Nil")) && endsExpression(v + 1, after: v)
    }

    /// The binding a declaration or assignment gets from the expression at `v`.
    private func valueOf(_ v: Int, naming name: String?, declaredType: String?, scopeIndex: Int?, nameToken: Int) -> Binding {
        // lazy var queue: OperationQueue = { … }()
        if file.isPunct(v, "{"), let name {
            closureRoles[v] = .propertyInitializer(name)
            return .obtained(declaredType, nameToken)
        }
        // let operations = urls.map { … }
        if let end = pathEnd(from: v), end - v >= 3, ["map", "compactMap", "flatMap"].contains(file.text(end - 1)), let name {
            var brace = end
            if file.isPunct(brace, "("), file.isPunct(brace + 1, "{") { brace += 1 }
            if file.isPunct(brace, "{") {
                let count = file.isPunct(v, "(") ? literalRangeCount(from: v, to: end - 2) : nil
                closureRoles[brace] = .iteration(count: count)
                collectTargets[brace] = (scopeIndex ?? scopes.count - 1, name)
                return .list([])
            }
        }
        if file.isPunct(v, "("), let close = Optional(Int(file.partner[v])), close > v, file.isPunct(close + 1, "."),
           file.isIdentifier(close + 2), ["map", "compactMap", "flatMap"].contains(file.text(close + 2)), file.isPunct(close + 3, "{"), let name {
            closureRoles[close + 3] = .iteration(count: literalRangeCount(from: v, to: close + 1))
            collectTargets[close + 3] = (scopeIndex ?? scopes.count - 1, name)
            return .list([])
        }
        return evaluate(at: v, naming: name) ?? .obtained(declaredType, nameToken)
    }

    /// A queue or operation a property is declared with is the property's queue or operation
    /// in every file of the type (where another file uses the property, it is one entity).
    func holdInProperty(_ id: Int, _ name: String, of type: String) {
        guard scan.entities[id].mergeKey == nil, scan.entities[id].explicitName == nil, !scan.entities[id].isMain else { return }
        scan.entities[id].mergeKey = type + "." + Self.memberName(name)
        scan.entities[id].typeName = type
        scan.entities[id].function = nil
        scan.entities[id].variable = Self.memberName(name)
    }

    /// Whether the innermost function is an initializer (`init(…)`, `- (instancetype)initWithName:`).
    var isInInitializer: Bool {
        for scope in scopes.reversed() {
            guard case .function(let name) = scope.kind else { continue }
            let head = name.prefix { $0 != "(" && $0 != ":" && $0 != "?" && $0 != "!" && $0 != "<" }
            return DeclarationScanner.isInitializerSelector(String(head))
        }
        return false
    }

    /// Gives a variable or property a new binding.
    func rebind(_ words: [String], start: Int, to value: Binding) {
        let words = synthesized(words)
        guard let lastText = words.last else { return }
        let last = ScanName(lastText)
        noteBound(last)
        if lastText.hasPrefix("_") { noteBound(last.droppingUnderscore) }
        if words.count == 1 {
            for index in scopes.indices.reversed() {
                guard let held = scopes[index].locals[last] else { continue }
                noteBranchAssignment(of: lastText, declaredIn: index, holding: held, at: start)
                scopes[index].locals[last] = value
                return
            }
        }
        guard let type = currentType else {
            // A name declared where the scanner does not look (a macro, a global): visible from here on.
            scopes[0].locals[last] = value
            return
        }
        let typeKey = ScanName(type)
        let key = lastText.hasPrefix("_") && properties[typeKey]?[last] == nil ? last.droppingUnderscore : last
        let name = key.text
        switch value {
        case .entity(let id) where scan.entities[id].kind == .queue:
            holdInProperty(id, name, of: type)
        case .entity(let id):
            // An operation kept in a property may be enqueued from anywhere the property is seen.
            if scan.entities[id].escape == nil { scan.entities[id].escape = file.location(start) }
            // Made by an initializer, it is the property's operation, as one the property is
            // declared with: a use of the property in another file is the same operation.
            if isInInitializer { holdInProperty(id, name, of: type) }
        case .list(let ids):
            for id in ids where scan.entities[id].kind == .operation && scan.entities[id].escape == nil {
                scan.entities[id].escape = file.location(start)
            }
        case .obtained(_, let at):
            propertyDeclarations[at] = type
        default:
            break
        }
        properties[typeKey, default: [:]][key] = value
    }

    /// `return q` inside a property's initializer closure binds the property.
    func returnStatement(at i: Int) {
        guard let end = pathEnd(from: i + 1), endsExpression(end, after: i + 1) else { return }
        for scope in scopes.reversed() {
            if case .function(let name) = scope.kind {
                // `+ (NSOperationQueue *)sharedQueue { … return shared; }`: what the method returns.
                if case .entity(let id)? = resolvePath(path(from: i + 1, to: end)), scan.entities[id].kind == .queue {
                    for k in (i + 1)..<end { consumed.insert(k) }
                    queueReturnedBy[name] = id
                }
                return
            }
            guard scope.kind == .closure else { continue }
            guard case .propertyInitializer(let name) = scope.role else { return }
            let words = path(from: i + 1, to: end)
            if let value = resolvePath(words) {
                for k in (i + 1)..<end { consumed.insert(k) }
                if case .entity(let id) = value, scan.entities[id].function == nil, scan.entities[id].explicitName == nil {
                    scan.entities[id].variable = name
                }
                if let type = currentType {
                    if case .entity(let id) = value { holdInProperty(id, name, of: type) }
                    properties[type, default: [:]][name] = value
                } else if let global = scopes.firstIndex(where: { $0.locals[name] != nil }) {
                    // `let ioQueue: OperationQueue = { … return q }()` at the top level of the file.
                    scopes[global].locals[name] = value
                }
                noteBound(name)
            }
            return
        }
    }

    /// The name of the call whose argument list holds token `i` (`print` for `print("x", op)`,
    /// `firstIndex` for `ops.firstIndex(of: op)`, `containsObject` for `[ops containsObject:op]`),
    /// if it is on the same statement.
    private func calleeOfArgument(at i: Int) -> String? {
        var k = i - 1
        var steps = 0
        while k >= 0 && steps < 64 {
            steps += 1
            if file.isPunct(k, ")") || file.isPunct(k, "]") {
                let open = Int(file.partner[k])
                guard open >= 0 && open < k else { return nil }
                k = open - 1
                continue
            }
            if file.isPunct(k, "(") { return file.isIdentifier(k - 1) ? file.text(k - 1) : nil }
            if file.language == .objectiveC, file.isPunct(k, ":"), file.isIdentifier(k - 1) { return file.text(k - 1) }
            if file.isPunct(k, oneOf: "{};[") { return nil }
            k -= 1
        }
        return nil
    }

    /// A bare identifier that holds an operation and is used in a way the scanner does not
    /// follow (returned, passed to a function, stored elsewhere): the operation escapes.
    ///
    /// The first test is inlined where each identifier is visited: most identifiers are neither
    /// a class name nor a name that ever held an operation.
    @inline(__always)
    func reference(at i: Int) {
        let token = file.tokens[i]
        let first = file.bytes[Int(token.start)]
        let isTypeName = first >= 0x41 && first <= 0x5A
        guard isTypeName || boundFilter.mayContain(first: first, last: file.bytes[token.end - 1]) else { return }
        followReference(at: i, token: token, first: first, isTypeName: isTypeName)
    }

    /// `reference(at:)` past its first test: the name at `i` (`token`, whose first byte is
    /// `first`) may hold an operation or name a class.
    private func followReference(at i: Int, token: Token, first: UInt8, isTypeName: Bool) {
        guard !consumed.contains(i) else { return }
        // `[runner runAll:ops.copy]`: a copy of the list, read as a property, goes where the
        // list would (`[ops copy]` is a message, read as one).
        let copied = file.language == .objectiveC && !isTypeName && listCopyEnds(after: i)
        if !copied, file.isPunct(i + 1, "{") || file.isPunct(i + 1, "(") || file.isPunct(i + 1, ".") {
            guard isTypeName else { return }
            let word = file.text(i)
            if classes.isOperationOrQueue(word) { strayCreation(at: i) }
            return
        }
        if !copied, file.isPunct(i + 1, oneOf: ".=:(?!") {
            // `steps.append(shrink!)`, `[first, second?]`: the unwrapped value is handed on as it is.
            guard file.isPunct(i + 1, "!") || file.isPunct(i + 1, "?"), file.isPunct(i + 2, oneOf: "),]") else { return }
        }
        if file.isPunct(i - 1, "*") || file.isWord(i - 1, "let") || file.isWord(i - 1, "var") { return }
        guard boundFilter.mayContain(first: first, last: file.bytes[token.end - 1]) else { return }
        let name = ScanName(file.text(i))
        guard boundNames.contains(name) || (first == UInt8(ascii: "_") && boundNames.contains(name.droppingUnderscore)) else { return }
        let held: [Int]
        switch lookup(name) {
        case .entity(let id)?: held = [id]
        case .list(let ids)?: held = ids
        default: return
        }
        if let callee = calleeOfArgument(at: i), Self.lookingCalls.contains(callee) || callee.hasPrefix("XCTAssert") { return }
        if isLoopListElement(i) { return }
        for id in held where scan.entities[id].kind == .operation && scan.entities[id].escape == nil {
            scan.entities[id].escape = file.location(i)
        }
    }

    /// Whether the name at `i` is followed by a copy of itself read as a property that ends an
    /// argument: `ops.copy`, `ops.mutableCopy`, `ops.reverseObjectEnumerator.allObjects`, then
    /// `)`, `]` or `,`.
    private func listCopyEnds(after i: Int) -> Bool {
        var k = i + 1
        if file.isPunct(k, "."), file.isWord(k + 1, "reverseObjectEnumerator") || file.isWord(k + 1, "objectEnumerator"),
           file.isPunct(k + 2, "."), file.isWord(k + 3, "allObjects") {
            k += 4
        } else if file.isPunct(k, "."), file.isWord(k + 1, "copy") || file.isWord(k + 1, "mutableCopy") {
            k += 2
        } else {
            return false
        }
        return file.isPunct(k, oneOf: ")],")
    }

    /// Whether token `i` is an element of the list literal a `for … in` loop runs over
    /// (`for d in [a, b] {`, `for (NSOperation *d in @[a, b])`): the loop variable holds it,
    /// and the loop's body says where it goes.
    private func isLoopListElement(_ i: Int) -> Bool {
        guard let k = statementToken(backFrom: i - 1, stops: "{};(", where: { file.isPunct($0, "[") }), k >= 2 else { return false }
        let close = Int(file.partner[k])
        guard close > k else { return false }
        if file.language == .swift { return file.isWord(k - 1, "in") && (file.isPunct(close + 1, "{") || file.isWord(close + 1, "where")) }
        return file.isPunct(k - 1, "@") && file.isWord(k - 2, "in") && file.isPunct(close + 1, ")")
    }
}
