import OpLintCore

extension FileScanner {
    /// The names inside `@selector(…)` / `#selector(…)` from `open`, the parenthesis: a method's
    /// name, not a variable of that name (`@selector(upload)` beside an operation `upload`).
    func selectorName(after open: Int) {
        guard file.isPunct(open, "("), case let close = Int(file.partner[open]), close > open else { return }
        for k in (open + 1)..<close where file.isIdentifier(k) { consumed.insert(k) }
    }

    /// `@implementation Name` / `@interface Name` open a type scope up to `@end`; `@property` declares one.
    func objectiveCKeyword(at i: Int) {
        if file.isWord(i + 1, "implementation") || file.isWord(i + 1, "interface") {
            guard file.isIdentifier(i + 2) else { return }
            var end = i + 2
            while end < file.tokens.count && !(file.isPunct(end - 1, "@") && file.isWord(end, "end")) { end += 1 }
            // A type scope never nests inside another one in Objective-C.
            while scopes.count > 1 { leaveScope() }
            var scope = Scope(kind: .type(file.text(i + 2)), close: end, id: newScopeID())
            scope.open = i
            push(&scope)
        } else if file.isWord(i + 1, "selector") {
            selectorName(after: i + 2)
        } else if file.isWord(i + 1, "property") {
            // @property (…) Type *name;
            var k = i + 2
            while k < file.tokens.count && !file.isPunct(k, ";") && k < i + 40 { k += 1 }
            guard file.isPunct(k, ";"), file.isIdentifier(k - 1), let type = currentType else { return }
            var typeName: String?
            var m = i + 2
            if file.isPunct(m, "(") { m = Int(file.partner[m]) + 1 }
            if m > i, file.isIdentifier(m) { typeName = file.text(m) }
            let name = file.text(k - 1)
            propertyDeclarations[k - 1] = type
            if properties[type]?[name] == nil { properties[type, default: [:]][name] = .obtained(typeName, k - 1) }
        } else if file.isWord(i + 1, "synthesize") {
            // `@synthesize queue = myQueue, name;`
            var k = i + 2
            while k < file.tokens.count && k < i + 64 && !file.isPunct(k, ";") {
                if file.isIdentifier(k), file.isPunct(k + 1, "="), file.isIdentifier(k + 2), let type = currentType {
                    synthesizedIvars[type, default: [:]][file.text(k + 2)] = file.text(k)
                    k += 3
                } else {
                    k += 1
                }
            }
        }
    }

    /// Classifies an Objective-C `{`: a method, a C function, a block, a control block or a loop.
    /// Whether the `{` at `b` opens an Objective-C++ lambda's body: `[captures] {`,
    /// `[captures](parameters) {`, with `mutable`, `noexcept` or `-> Type` between. Like a block,
    /// it runs when and where whoever holds it calls it.
    private func isLambdaBody(_ b: Int) -> Bool {
        var k = b - 1
        // `-> Type`, `mutable`, `noexcept`, walked back over a few tokens.
        var steps = 0
        while k >= 0 && steps < 6 && !file.isPunct(k, ")") && !file.isPunct(k, "]") {
            guard file.isIdentifier(k) || file.isPunct(k, ">") || file.isPunct(k, "-") || file.isPunct(k, ":") || file.isPunct(k, "*") else { return false }
            k -= 1
            steps += 1
        }
        if file.isPunct(k, ")") {
            let open = Int(file.partner[k])
            guard open > 0 && open < k else { return false }
            k = open - 1
        }
        guard file.isPunct(k, "]") else { return false }
        let open = Int(file.partner[k])
        guard open >= 0 && open < k else { return false }
        // A capture list stands where an expression starts, not after a value it would subscript
        // or a receiver it would message (`[self.queue addOperation:…]` is no capture list).
        let before = open - 1
        if before >= 0, file.isIdentifier(before) || file.isPunct(before, ")") || file.isPunct(before, "]") {
            return file.isWord(before, "return")
        }
        // A message send has a selector inside; a capture list only names and `&`, `=`, `this`, `,`.
        for m in (open + 1)..<k where !(file.isIdentifier(m) || file.isPunct(m, oneOf: "&=,*")) { return false }
        var m = open + 1
        while m + 1 < k {
            if file.isIdentifier(m) && file.isIdentifier(m + 1) { return false }
            m += 1
        }
        return true
    }

    /// Whether the Objective-C `{` at `b` opens a block (`^{`, `^(args){`, `^Type(args){`) or a C++ lambda's body.
    func opensObjectiveCBlock(at b: Int) -> Bool {
        file.isPunct(b - 1, "^") || (file.isPunct(b - 1, ")") && isBlockParameterList(closing: b - 1)) || isLambdaBody(b)
    }

    /// The first token of the Objective-C statement whose `{` is at `b` (`b` itself when none):
    /// the walk back passes over parentheses and brackets and stops at `;`, braces, directives
    /// and `@implementation Name`; `@try`, `@synchronized`, `@autoreleasepool` start it.
    func objectiveCStatementStart(before b: Int) -> Int {
        var k = b - 1
        var first = b
        while k >= 0 {
            if file.isPunct(k, ")") || file.isPunct(k, "]") {
                let open = Int(file.partner[k])
                if open >= 0 && open < k { k = open } else { break }
            } else if file.isPunct(k, ";") || file.isPunct(k, "{") || file.isPunct(k, "}") || file.tokens[k].kind == .directive {
                break
            } else if file.isIdentifier(k) && file.isPunct(k - 2, "@") && (file.isWord(k - 1, "implementation") || file.isWord(k - 1, "interface")) {
                // The class name of `@implementation Name` ends the statement before.
                break
            } else if file.isIdentifier(k) && file.isPunct(k - 1, "@") {
                // `@implementation Foo` ends the statement before; `@try`, `@synchronized` start this one.
                if ["try", "catch", "finally", "synchronized", "autoreleasepool"].contains(file.text(k)) { first = k - 1 }
                break
            }
            first = k
            k -= 1
        }
        return first
    }

    func enterObjectiveCBrace(at b: Int, close: Int) {
        if opensObjectiveCBlock(at: b) {
            var scope = Scope(kind: .closure, close: close, id: newScopeID())
            scope.runsLater = isCompletionBlock(at: b)
            if scope.runsLater, let op = operationFinishedBeforeBlock(at: b) { finishedIn[op, default: []].append(scope.id) }
            push(&scope)
            return
        }
        let first = objectiveCStatementStart(before: b)
        if first < b, file.isPunct(first, "-") || file.isPunct(first, "+"), currentType != nil {
            var scope = Scope(kind: .function(""), close: close, id: newScopeID())
            let selector = objectiveCSelector(&scope, from: first + 1, to: b)
            scope.kind = .function(selector)
            if Self.mainThreadMethods.contains(ScanName(selector)) {
                scope.mainThreadReason = "\(selector) runs on the main thread"
            } else if file.isWord(first + 2, "IBAction") {
                scope.mainThreadReason = "an IBAction"
            }
            push(&scope)
            return
        }
        if first < b, file.isIdentifier(first) {
            let word = file.text(first)
            if word == "for" || word == "while" || word == "do" {
                var scope = Scope(kind: .loop, close: close, id: newScopeID())
                scope.loopLocation = file.location(first)
                (scope.loopStart, scope.isForLoop) = (first, word == "for")
                if word == "for" { enterObjectiveCFor(&scope, from: first + 1, to: b) }
                push(&scope)
                return
            }
            if ["if", "else", "switch", "@"].contains(word) || file.isPunct(first, "@") {
                var scope = Scope(kind: .block, close: close, id: newScopeID())
                scope.isBranch = true
                scope.isSwitch = word == "switch"
                if word == "if" || word == "else" { enterArm(&scope, keyword: first) }
                push(&scope)
                return
            }
            // A C function: `static void helper(int x) {`.
            if file.isPunct(b - 1, ")"), scopes.count <= 2 {
                let open = Int(file.partner[b - 1])
                if open > 0, file.isIdentifier(open - 1) {
                    push(Scope(kind: .function(file.text(open - 1) + "()"), close: close, id: newScopeID()))
                    return
                }
            }
        }
        var scope = Scope(kind: .block, close: close, id: newScopeID())
        // `@try`, `@synchronized` and `@autoreleasepool` blocks always run; `@catch` blocks may not.
        scope.isBranch = first < b && file.isPunct(first, "@") && file.isWord(first + 1, "catch")
        push(&scope)
    }

    /// Whether the parenthesised list closing at `c` follows a `^` (a block literal's parameters).
    private func isBlockParameterList(closing c: Int) -> Bool {
        let open = Int(file.partner[c])
        guard open > 0 else { return false }
        return file.isPunct(open - 1, "^") || (file.isIdentifier(open - 1) && file.isPunct(open - 2, "^"))
    }

    /// `loadImage:completion:` from `(void)loadImage:(NSURL *)url completion:(…)completion`,
    /// binding each parameter to its type.
    private func objectiveCSelector(_ scope: inout Scope, from a: Int, to b: Int) -> String {
        var k = a
        if file.isPunct(k, "(") { k = max(k, Int(file.partner[k])) + 1 }
        var parts: [String] = []
        while k < b {
            guard file.isIdentifier(k) else { k += 1; continue }
            let word = file.text(k)
            if file.isPunct(k + 1, ":") {
                parts.append(word + ":")
                k += 2
                var type: String?
                if file.isPunct(k, "(") {
                    if file.isIdentifier(k + 1) { type = file.text(k + 1) }
                    k = max(k, Int(file.partner[k])) + 1
                }
                if file.isIdentifier(k) {
                    scope.locals[file.text(k)] = .value(type)
                    k += 1
                }
            } else {
                if parts.isEmpty { return word }
                k += 1
            }
        }
        return parts.joined()
    }

    /// `for (int i = 0; i < 5; i++)` gives 5; `for (NSOperation *op in ops)` binds `op` to the list.
    private func enterObjectiveCFor(_ scope: inout Scope, from open: Int, to b: Int) {
        guard file.isPunct(open, "(") else { return }
        let close = Int(file.partner[open])
        guard close > open else { return }
        for m in open..<close where file.isWord(m, "in") {
            if file.isIdentifier(m - 1) {
                let name = file.text(m - 1)
                if let end = pathEnd(from: m + 1), end == close, case .list(let items)? = resolvePath(path(from: m + 1, to: end)) {
                    scope.locals[name] = .list(items)
                    noteBound(name)
                } else if file.isPunct(m + 1, "@"), Int(file.partner[m + 2]) + 1 == close, let items = listLiteral(at: m + 1), !items.isEmpty {
                    // `for (NSOperation *dep in @[a, b])`
                    scope.locals[name] = .list(items)
                    noteBound(name)
                    for k in (m + 1)..<close { consumed.insert(k) }
                } else {
                    scope.locals[name] = .value(nil)
                }
            }
            return
        }
        // `i < N` or `i <= N` with a literal start: `<=` is two tokens.
        for m in open..<close where file.isPunct(m, "<") {
            let inclusive = file.isPunct(m + 1, "=")
            let boundToken = inclusive ? m + 2 : m + 1
            guard boundToken < close, file.tokens[boundToken].kind == .number else { continue }
            var start: Int?
            for s in open..<m where file.isPunct(s, "=") && file.tokens[s + 1].kind == .number { start = Int(file.text(s + 1)) }
            if let start, let bound = Int(file.text(boundToken)) {
                scope.loopCount = max(0, inclusive ? bound - start + 1 : bound - start)
            }
            return
        }
    }
}
