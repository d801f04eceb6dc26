import OpLintCore

extension FileScanner {
    /// Names that stand for `self` in closures (`[weak self] in guard let self …`, `weakSelf`).
    static let selfNames: Set<String> = ["self", "weakSelf", "strongSelf", "welf", "sself", "this"]

    /// The end (exclusive) of a reference path starting at `a` (`self.queue`, `_queue`,
    /// `self?.op`, `self->_queue`), or nil when `a` does not start one.
    func pathEnd(from a: Int) -> Int? {
        guard file.isIdentifier(a) else { return nil }
        var k = a + 1
        while k < file.tokens.count {
            if (file.isPunct(k, "?") || file.isPunct(k, "!")) && file.isPunct(k + 1, ".") && file.isIdentifier(k + 2) {
                k += 3
            } else if file.isPunct(k, ".") && file.isIdentifier(k + 1) && file.tokens[k].line == file.tokens[k + 1].line {
                k += 2
            } else if file.isPunct(k, "-") && file.isPunct(k + 1, ">") && file.isIdentifier(k + 2) && file.language == .objectiveC {
                k += 3
            } else if file.isPunct(k, "!") && !file.isPunct(k + 1, "=") {
                k += 1
            } else {
                break
            }
        }
        return k
    }

    /// The identifiers of the path in `a..<b`.
    func path(from a: Int, to b: Int) -> [String] {
        var result: [String] = []
        for k in a..<b where file.isIdentifier(k) { result.append(file.text(k)) }
        return result
    }

    /// The path that ends at token `e` (the receiver before `.member`), read backwards:
    /// its first token and its identifiers. Nil when the receiver is not a plain path
    /// (a call result, a subscript).
    func receiverPath(endingAt e: Int) -> (start: Int, path: [String])? {
        var k = e
        while file.isPunct(k, "?") || file.isPunct(k, "!") { k -= 1 }
        guard file.isIdentifier(k) else { return nil }
        var start = k
        while true {
            var m = start - 1
            if file.isPunct(m, ".") {
                m -= 1
                while file.isPunct(m, "?") || file.isPunct(m, "!") { m -= 1 }
                guard file.isIdentifier(m) else {
                    // `Outbox.shared().queue`, `[Outbox sharedOutbox].queue`: a type's class method's value.
                    if file.isPunct(m, ")") || file.isPunct(m, "]") {
                        guard let base = callBase(endingAt: m) else { return nil }
                        return (base.start, base.path + path(from: start, to: e + 1))
                    }
                    return (start, path(from: start, to: e + 1))
                }
                start = m
            } else if file.language == .objectiveC, file.isPunct(m, ">"), file.isPunct(m - 1, "-"), file.isIdentifier(m - 2) {
                start = m - 2
            } else {
                break
            }
        }
        if file.isPunct(start - 1, ".") { return nil }
        return (start, path(from: start, to: e + 1))
    }

    /// A class method with no arguments called on a type by name, ending at `e` (its `)` or
    /// `]`): `Outbox.shared()`, `[Outbox sharedOutbox]`, as the path `["Outbox", "shared()"]`;
    /// `declaredType(ofPath:)` reads the method's return type from the class table.
    func callBase(endingAt e: Int) -> (start: Int, path: [String])? {
        let open = Int(file.partner[e])
        guard open > 0, open < e else { return nil }
        let typeToken: Int, selector: Int
        if file.isPunct(e, "]") {
            guard file.language == .objectiveC, open + 3 == e, file.isIdentifier(open + 1), file.isIdentifier(open + 2) else { return nil }
            (typeToken, selector) = (open + 1, open + 2)
        } else {
            guard file.language == .swift, open + 1 == e, open >= 3, file.isIdentifier(open - 1), file.isPunct(open - 2, "."),
                  file.isIdentifier(open - 3), !file.isPunct(open - 4, ".") else { return nil }
            (typeToken, selector) = (open - 3, open - 1)
        }
        let type = file.text(typeToken)
        guard type.first?.isUppercase == true, lookup(type) == nil else { return nil }
        return (file.isPunct(e, "]") ? open : typeToken, [type, file.text(selector) + "()"])
    }

    /// A path as the file writes it: `Outbox.shared().queue` in Swift, `[Outbox sharedOutbox].queue`
    /// in Objective-C.
    func pathText(_ words: [String]) -> String {
        guard file.language == .objectiveC, words.count >= 2, words[1].hasSuffix("()") else { return words.joined(separator: ".") }
        return (["[\(words[0]) \(words[1].dropLast(2))]"] + words.dropFirst(2)).joined(separator: ".")
    }

    /// What a variable name refers to: a local in an enclosing scope, then a property (or
    /// instance variable `_name`) of the enclosing type.
    func lookup(_ name: String) -> Binding? {
        lookup(ScanName(name))
    }

    /// What `name` holds here, hashed once for every table it is looked up in.
    func lookup(_ name: ScanName) -> Binding? {
        // Innermost scope first, reading each scope's locals in place.
        let scopes = self.scopes
        for index in scopes.indices.reversed() {
            if let binding = scopes[index].locals[name] { return current(binding) }
        }
        return property(name)
    }

    /// A property of the enclosing type.
    func property(_ name: String) -> Binding? {
        property(ScanName(name))
    }

    /// A property of the enclosing type.
    func property(_ name: ScanName) -> Binding? {
        guard !properties.isEmpty, let typeKey = currentTypeKey, let table = properties[typeKey] else { return nil }
        if let binding = table[name] { return current(binding) }
        if name.startsWithUnderscore, let binding = table[name.droppingUnderscore] { return current(binding) }
        return nil
    }

    /// The tokens of argument `n` (from 0) of the call whose `(` is at `open`, between its
    /// commas; groups inside it (`[a, b]`, `(x, y)`, `{ … }`) are passed over whole.
    func argument(_ n: Int, of open: Int) -> Range<Int>? {
        let close = Int(file.partner[open])
        guard close > open + 1 else { return nil }
        var start = open + 1
        var index = 0
        var end = start
        while end < close {
            if file.isPunct(end, ",") {
                if index == n { break }
                index += 1
                start = end + 1
                end = start
                continue
            }
            end = file.isPunct(end, oneOf: "([{") ? skipGroup(end) : end + 1
        }
        guard index == n, start < close else { return nil }
        return start..<min(end, close)
    }

    /// Walks back from token `start` over one statement, passing over `(…)` and `[…]` whole,
    /// to the first token `found` accepts: nil at a token of `stops`, after `limit` steps, or
    /// (with `line`) at a token on another line.
    func statementToken(backFrom start: Int, limit: Int = 64, line: Int32? = nil, stops: StaticString = "{};",
                        where found: (Int) -> Bool) -> Int? {
        var k = start
        var steps = 0
        while k >= 0 && steps < limit {
            if let line, file.tokens[k].line != line { return nil }
            if found(k) { return k }
            if file.isPunct(k, ")") || file.isPunct(k, "]") {
                let open = Int(file.partner[k])
                guard open >= 0 && open < k else { return nil }
                k = open
            } else if file.isPunct(k, oneOf: stops) {
                return nil
            }
            k -= 1
            steps += 1
        }
        return nil
    }

    /// `Worker.queue`, `OperationQueue.serialIO`: a property of a type this file declares (or
    /// extends), named through the type, when no variable of that name hides it.
    private func staticProperty(_ path: [String]) -> Binding? {
        guard path.count == 2, path[0].first?.isUppercase == true, let table = properties[path[0]], let binding = table[path[1]] else { return nil }
        for scope in scopes where scope.locals[path[0]] != nil { return nil }
        return current(binding)
    }

    /// `link.handshake`, `self.link.handshake`, `Service.shared.queue`: the property of a value
    /// whose type the scanned code declares (`declaredType(ofPath:)`), other than the enclosing
    /// type — the one operation or queue that stands for every instance's, as it does in the
    /// type's own code. Within the type itself another instance (`other.queue`) may be `self`
    /// or not, and is not followed.
    private func propertyThroughDeclaredType(_ path: [String], at token: Int?) -> Binding? {
        guard let member = path.last, let type = declaredType(ofPath: Array(path.dropLast())), type != currentType else { return nil }
        return property(member, ofType: type, at: token)
    }

    /// Property `member` of a type the scanned code declares, read through a value of it.
    private func property(_ member: String, ofType type: String, at token: Int?) -> Binding? {
        guard type.first?.isUppercase == true, !UsageEvidence.isValueType(type) else { return nil }
        let typeKey = ScanName(type), memberKey = ScanName(Self.memberName(member))
        if let binding = properties[typeKey]?[memberKey] { return current(binding) }
        // Declared in another file of the scanned code.
        guard let token, let found = classes.member(member, of: type), !found.isComputed else { return nil }
        let binding = Binding.obtained(found.type, token)
        propertyDeclarations[token] = found.owner
        properties[typeKey, default: [:]][memberKey] = binding
        return binding
    }

    /// The names `DispatchQueue` goes by.
    static let dispatchQueueTypes: Set<String> = ["DispatchQueue", "OS_dispatch_queue", "dispatch_queue_t", "DispatchSerialQueue"]

    /// The type a path's value is declared with, where the scanner knows it: a variable or
    /// property written with a type or made by a type's initializer (`let lane = Lane()`,
    /// `s: Syncing`), a type's member (`Lane.shared`, `h.lane`).
    func declaredType(ofPath path: [String]) -> String? {
        var words = path[...]
        while words.count > 1, let first = words.first, Self.selfNames.contains(first) { words.removeFirst() }
        guard let first = words.popFirst() else { return nil }
        var type: String
        if first.first?.isUppercase == true, !words.isEmpty, lookup(first) == nil {
            // `Lane.shared`: a static member of the type.
            type = first
        } else {
            switch lookup(first) ?? property(first) {
            case .value(let name?)?, .obtained(let name?, _)?: type = name
            default: return nil
            }
        }
        for member in words {
            if member.hasSuffix("()") {
                // `Outbox.shared()`: what the class method says it returns.
                guard let returned = classes.returnType(String(member.dropLast(2)), of: type) else { return nil }
                type = returned
                continue
            }
            guard let found = classes.member(member, of: type) else { return nil }
            type = found.type
        }
        return type
    }

    /// What a path refers to, or nil when it cannot be followed. With the token of the path's
    /// last name, a property declared in another file of the type is found too.
    func resolvePath(_ path: [String], at token: Int? = nil) -> Binding? {
        if path.count >= 2, path[path.count - 1].utf8.count == 12, path[path.count - 1] == "dependencies",
           let list = dependencyList(of: Array(path.dropLast())) {
            return list
        }
        var path = synthesized(path)
        if path.first == "Foundation" { path.removeFirst() }
        if path.count == 2, (path[0] == "OperationQueue" && path[1] == "main") || (path[0] == "NSOperationQueue" && path[1] == "mainQueue") {
            return .entity(mainQueue())
        }
        let found: Binding?
        switch path.count {
        case 0: return nil
        case 1: found = lookup(path[0])
        case 2 where Self.selfNames.contains(path[0]) || path[0] == "Self": found = property(path[1])
        default:
            if Self.selfNames.contains(path[0]) { return path.count == 3 ? propertyThroughDeclaredType(path, at: token) : nil }
            found = lookupMember(path.joined(separator: "."), base: path[0]) ?? staticProperty(path)
                ?? (path.count <= 3 ? propertyThroughDeclaredType(path, at: token) : nil)
        }
        if let found { return current(found) }
        guard let token else { return nil }
        return memberBinding(path, token: token)
    }

    /// `done.dependencies`, `[done dependencies]`: the operations the code has made the
    /// operation at `path` depend on so far (and not removed again), as a list; nil when the
    /// path holds no operation the scanner knows.
    func dependencyList(of path: [String]) -> Binding? {
        guard let ids = entities(resolvePath(path)), !ids.isEmpty, ids.allSatisfy({ scan.entities[$0].kind == .operation }) else { return nil }
        return dependencyList(of: ids)
    }

    /// The operations the code has made any of the operations `ids` depend on so far.
    func dependencyList(of ids: [Int]) -> Binding? {
        var found: [Int] = []
        for edge in scan.edges where !edge.isRemoved {
            guard case .entity(let w) = edge.waiter, ids.contains(w), case .entity(let d) = edge.dependency, !found.contains(d) else { continue }
            found.append(d)
        }
        return .list(found)
    }

    /// `["_queue"]` for `["myQueue"]` in the `@implementation` that says `@synthesize queue =
    /// myQueue;`, unless a variable of that name hides the instance variable; any other path as it is.
    func synthesized(_ path: [String]) -> [String] {
        guard path.count == 1, !synthesizedIvars.isEmpty, let type = currentType, let property = synthesizedIvars[type]?[path[0]],
              !scopes.contains(where: { $0.locals[path[0]] != nil }) else { return path }
        return ["_" + property]
    }

    /// The main queue of this file (one entity, named `main` in the graph).
    func mainQueue() -> Int {
        if let index = mainQueueEntity { return index }
        var entity = Entity(kind: .queue, variable: "main", location: SourceLocation(file: file.path, line: 1, column: 1), order: Int.max)
        entity.isMain = true
        entity.explicitName = "main"
        scan.entities.append(entity)
        mainQueueEntity = scan.entities.count - 1
        return scan.entities.count - 1
    }

    /// Whether the expression that starts at `a` ends at `end` (nothing follows on the line).
    func endsExpression(_ end: Int, after a: Int) -> Bool {
        guard end < file.tokens.count else { return true }
        if file.tokens[end].line != file.tokens[end - 1].line { return !file.isPunct(end, ".") }
        if file.isPunct(end, oneOf: ";,)]}") { return true }
        // `if let check = check {`, `guard let op = op else {`: the statement's body, not a trailing closure.
        if file.language == .swift {
            if file.isWord(end, "else") { return true }
            if file.isPunct(end, "{"), statementHead(before: end).opensControlBody { return true }
        }
        // The next part of an Objective-C selector: `[q addOperations:ops waitUntilFinished:NO]`.
        if file.language == .objectiveC && file.isIdentifier(end) && file.isPunct(end + 1, ":") { return true }
        return file.tokens[end].kind == .annotation
    }

    /// The value of the expression starting at `a`: a created or referenced operation or
    /// queue, a list of them, another value, or nil when unknown. `name` names what it creates.
    func evaluate(at a: Int, naming name: String?) -> Binding? {
        if let (id, end) = creation(at: a, naming: name) {
            if endsExpression(end, after: a) || file.isWord(end, "as") { return .entity(id) }
            // `UploadTask().makeRequest()`: the value is what the method returns; the operation
            // itself is handed to its own code.
            if scan.entities[id].kind == .operation, scan.entities[id].escape == nil { scan.entities[id].escape = file.location(a) }
            return nil
        }
        if let end = pathEnd(from: a) {
            let words = path(from: a, to: end)
            if endsExpression(end, after: a) {
                for k in a..<end { consumed.insert(k) }
                return resolvePath(words, at: lastName(before: end))
            }
            // `SomeType()` or `SomeType(arguments)`: a value of that type.
            if end == a + 1, file.isPunct(end, "("), let first = words.first, first.first?.isUppercase == true {
                if first == "Array" || first == "NSMutableArray" { return .list([]) }
                return .value(first)
            }
            // `Service.shared()`, `Service.getInstance()`: a class method of the scanned code that
            // says it returns a type (an operation or queue is made by `creation`).
            if words.count == 2, file.isPunct(end, "("), words[0].first?.isUppercase == true, Int(file.partner[end]) > end,
               endsExpression(Int(file.partner[end]) + 1, after: a), let type = classes.returnType(words[1], of: words[0]) {
                return .value(type)
            }
            // `fast ? quick : full`; `[Operation]()`
            return ternaryArms(at: a)
        }
        if let items = listLiteral(at: a) {
            let close = Int(file.partner[file.language == .objectiveC ? a + 1 : a])
            if endsExpression(close + 1, after: a) { return .list(items) }
            // `[a, b].chained()`: the operations go into a call the scanner does not follow.
            for id in items where scan.entities[id].escape == nil { scan.entities[id].escape = file.location(a) }
            return nil
        }
        if file.language == .objectiveC, file.isPunct(a, "["), file.isIdentifier(a + 1), file.isIdentifier(a + 2) {
            let receiver = file.text(a + 1)
            if receiver == "NSMutableArray" || receiver == "NSArray" { return .list([]) }
        }
        if file.language == .objectiveC, file.isPunct(a, "["), file.isPunct(a + 1, "["), file.isWord(a + 2, "NSMutableArray") { return .list([]) }
        // Manual reference counting: `[op autorelease]`, `[[op retain] autorelease]` are `op`.
        if file.language == .objectiveC, file.isPunct(a, "["), let held = memoryManaged(at: a) { return held }
        // `[self queue]`, `[self.store operationQueue]`: a getter, read as the property it names.
        if file.language == .objectiveC, file.isPunct(a, "["), let receiverEnd = pathEnd(from: a + 1), file.isIdentifier(receiverEnd),
           Int(file.partner[a]) == receiverEnd + 1, endsExpression(receiverEnd + 2, after: a) {
            let words = path(from: a + 1, to: receiverEnd) + [file.text(receiverEnd)]
            if Self.selfNames.contains(words[0]), let found = resolvePath(words, at: receiverEnd) {
                for k in a...(receiverEnd + 1) { consumed.insert(k) }
                return found
            }
        }
        if file.isPunct(a, "["), file.isIdentifier(a + 1), file.isPunct(a + 2, "]"), file.isPunct(a + 3, "(") { return .list([]) }
        // `[done dependencies]`
        if file.language == .objectiveC, file.isPunct(a, "["), let receiverEnd = pathEnd(from: a + 1), file.isWord(receiverEnd, "dependencies"),
           Int(file.partner[a]) == receiverEnd + 1, endsExpression(receiverEnd + 2, after: a),
           let list = dependencyList(of: path(from: a + 1, to: receiverEnd)) {
            return list
        }
        // `!slow ? quick : full`, `(fast) ? quick : full`, `[self isFast] ? quick : full`
        if file.isPunct(a, "!") || file.isPunct(a, "(") || file.isPunct(a, "[") { return ternaryArms(at: a) }
        return nil
    }

    /// `[op autorelease]`, `[op retain]`, `[[op retain] autorelease]` at `a` (a whole
    /// expression): what the variable path inside holds.
    private func memoryManaged(at a: Int) -> Binding? {
        let outerClose = Int(file.partner[a])
        guard outerClose > a + 2, endsExpression(outerClose + 1, after: a) else { return nil }
        var (open, close) = (a, outerClose)
        while file.isWord(close - 1, "autorelease") || file.isWord(close - 1, "retain") {
            if file.isPunct(open + 1, "["), Int(file.partner[open + 1]) == close - 2 {
                (open, close) = (open + 1, close - 2)
                continue
            }
            guard let end = pathEnd(from: open + 1), end == close - 1 else { return nil }
            for k in (open + 1)..<end { consumed.insert(k) }
            return resolvePath(path(from: open + 1, to: end), at: lastName(before: end))
        }
        return nil
    }

    /// `fast ? a : b` from `a`, where both arms name operations the scanner knows: the value
    /// is either, so both are listed (as after an `if` that assigns one or the other).
    private func ternaryArms(at a: Int) -> Binding? {
        var m = a
        var question = -1
        while m < file.tokens.count && m < a + 64 {
            if file.isPunct(m, oneOf: "([{") { m = skipGroup(m); continue }
            if file.isPunct(m, oneOf: ";,)]}") || (m > a && file.tokens[m].line != file.tokens[m - 1].line) { return nil }
            // Not `x?.y`, `x ?? y` or a Swift optional type.
            if file.isPunct(m, "?"), !file.isPunct(m + 1, "."), !file.isPunct(m + 1, "?"), !file.isPunct(m - 1, "?"),
               m + 1 < file.tokens.count, file.tokens[m + 1].line == file.tokens[m].line, !file.isPunct(m + 1, oneOf: ";,)]}=") {
                question = m
                break
            }
            m += 1
        }
        guard question > a, let thenEnd = pathEnd(from: question + 1), file.isPunct(thenEnd, ":"),
              let elseEnd = pathEnd(from: thenEnd + 1), endsExpression(elseEnd, after: thenEnd + 1),
              let first = entities(resolvePath(path(from: question + 1, to: thenEnd))),
              let second = entities(resolvePath(path(from: thenEnd + 1, to: elseEnd))) else { return nil }
        let ids = first + second.filter { !first.contains($0) }
        guard !ids.isEmpty, ids.allSatisfy({ scan.entities[$0].kind == .operation }) else { return nil }
        for k in a..<elseEnd { consumed.insert(k) }
        return .list(ids)
    }

    /// `[a, b]` (Swift) or `@[a, b]` (Objective-C) whose elements are operations.
    func listLiteral(at a: Int) -> [Int]? {
        var open = a
        if file.language == .objectiveC {
            guard file.isPunct(a, "@") else { return nil }
            open = a + 1
        }
        guard file.isPunct(open, "[") else { return nil }
        let close = Int(file.partner[open])
        guard close > open else { return nil }
        if close == open + 1 { return [] }
        var items: [Int] = []
        // An element the scanner does not follow (`[fetch, extra]`, `extra` a parameter): the
        // list is not known, and the operations it does know go, with it, where it goes.
        var unknown = false
        var k = open + 1
        while k < close {
            if let (id, end) = creation(at: k, naming: nil) {
                items.append(id)
                k = end
            } else if let end = pathEnd(from: k), end <= close, file.isPunct(end, ",") || end == close {
                switch resolvePath(path(from: k, to: end)) {
                case .entity(let id)?: items.append(id)
                case .list(let ids)?: items += ids
                default: unknown = true
                }
                for m in k..<end { consumed.insert(m) }
                k = end
            } else {
                unknown = true
                while k < close && !file.isPunct(k, ",") {
                    k = file.isPunct(k, "[") || file.isPunct(k, "(") || file.isPunct(k, "{") ? skipGroup(k) : k + 1
                }
            }
            guard k == close || file.isPunct(k, ",") else {
                unknown = true
                break
            }
            k += 1
        }
        if unknown {
            for id in items where scan.entities[id].kind == .operation && scan.entities[id].escape == nil {
                scan.entities[id].escape = file.location(a)
            }
            return nil
        }
        return items
    }

    /// The last identifier token before `end` (`queue` in `self.queue!`).
    func lastName(before end: Int) -> Int {
        var k = end - 1
        while k > 0 && !file.isIdentifier(k) { k -= 1 }
        return k
    }

    /// The index after the group or closure that starts at `k`.
    func skipGroup(_ k: Int) -> Int {
        let p = Int(file.partner[k])
        return p > k ? p + 1 : k + 1
    }

    /// The `{` of the block literal at `k` (`^{`, `^(id x){`, `^void(void){`), if any.
    func blockBrace(at k: Int) -> Int? {
        guard file.isPunct(k, "^") else { return file.isPunct(k, "{") ? k : nil }
        var m = k + 1
        if file.isIdentifier(m) { m += 1 }
        if file.isPunct(m, "(") { m = skipGroup(m) }
        return file.isPunct(m, "{") ? m : nil
    }
}
