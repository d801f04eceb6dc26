import OpLintCore

extension FileScanner {
    /// Methods that UIKit and AppKit call on the main thread: view and window controllers' life
    /// cycles (UIKit's with an `animated:` argument, AppKit's without), the application
    /// delegate's and the scene delegate's, in Swift and in Objective-C.
    static let mainThreadMethods: Set<ScanName> = [
        "viewDidLoad()", "viewWillAppear(_:)", "viewDidAppear(_:)", "viewWillDisappear(_:)", "viewDidDisappear(_:)",
        "viewWillAppear()", "viewDidAppear()", "viewWillDisappear()", "viewDidDisappear()", "viewWillLayout()", "viewDidLayout()",
        "loadView()", "viewWillLayoutSubviews()", "viewDidLayoutSubviews()", "awakeFromNib()", "windowDidLoad()", "windowWillLoad()",
        "application(_:didFinishLaunchingWithOptions:)", "application(_:willFinishLaunchingWithOptions:)",
        "applicationDidFinishLaunching(_:)", "applicationWillFinishLaunching(_:)", "applicationWillTerminate(_:)",
        "applicationDidBecomeActive(_:)", "applicationWillResignActive(_:)", "applicationDidEnterBackground(_:)",
        "applicationWillEnterForeground(_:)", "scene(_:willConnectTo:options:)", "sceneDidDisconnect(_:)",
        "sceneDidBecomeActive(_:)", "sceneWillResignActive(_:)", "sceneWillEnterForeground(_:)", "sceneDidEnterBackground(_:)",
        "tableView(_:cellForRowAt:)", "tableView(_:didSelectRowAt:)",
        "viewDidLoad", "viewWillAppear:", "viewDidAppear:", "viewWillDisappear:", "viewDidDisappear:",
        "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear", "viewWillLayout", "viewDidLayout", "loadView",
        "viewWillLayoutSubviews", "viewDidLayoutSubviews", "awakeFromNib", "windowDidLoad", "windowWillLoad",
        "application:didFinishLaunchingWithOptions:", "application:willFinishLaunchingWithOptions:",
        "applicationDidFinishLaunching:", "applicationWillFinishLaunching:", "applicationWillTerminate:",
        "applicationDidBecomeActive:", "applicationWillResignActive:", "applicationDidEnterBackground:",
        "applicationWillEnterForeground:", "scene:willConnectToSession:options:", "sceneDidDisconnect:",
        "sceneDidBecomeActive:", "sceneWillResignActive:", "sceneWillEnterForeground:", "sceneDidEnterBackground:",
        "tableView:cellForRowAtIndexPath:", "tableView:didSelectRowAtIndexPath:",
    ]

    private static let controlKeywords: Set<String> = ["if", "guard", "while", "switch", "do", "catch", "defer", "repeat", "else"]
    private static let typeKeywords: Set<String> = ["class", "struct", "enum", "extension", "protocol", "actor"]
    private static let accessorKeywords: Set<String> = ["get", "set", "willSet", "didSet", "_modify", "_read"]
    /// Control keywords whose block runs on some paths only (`do` and `defer` blocks always run).
    private static let branchKeywords: Set<String> = ["if", "guard", "switch", "catch", "else"]

    /// Enters the scope a `{` opens: a type, a function, a control block, a loop or a closure.
    func enterBrace(at b: Int) {
        let depth = scopes.count
        enterScope(at: b)
        if scopes.count > depth { scopes[scopes.count - 1].open = b }
    }

    private func enterScope(at b: Int) {
        let partner = Int(file.partner[b])
        let close = partner > b ? partner : file.tokens.count
        if !closureRoles.isEmpty, let role = closureRoles.removeValue(forKey: b) {
            var scope = Scope(kind: .closure, close: close, id: newScopeID())
            scope.role = role
            scope.runsLater = laterClosures.remove(b) != nil
            if case .iteration = role { (scope.loopLocation, scope.loopStart) = (file.location(b), b) }
            scope.collectInto = collectTargets.removeValue(forKey: b)
            bindClosureParameters(&scope, at: b)
            if let list = collectParameters.removeValue(forKey: b) {
                scope.locals["$0"] = list
                for (name, binding) in scope.locals where name != "$0" { if case .value(nil) = binding { scope.locals[name] = list } }
            }
            push(&scope)
            return
        }
        if file.language == .objectiveC {
            enterObjectiveCBrace(at: b, close: close)
        } else {
            enterSwiftBrace(at: b, close: close)
        }
    }

    /// What walking back from a Swift `{` over its statement finds.
    struct StatementHead {
        /// The leftmost control keyword (`if`, `guard`, `while`, `for`, …) of the statement.
        var leftmostControl: (word: String, index: Int)?
        /// The declaration keyword (`func`, `var`, `class`, …) of the statement.
        var declaration: (word: String, index: Int)?
        var sawEquals = false
        /// The `{` is inside parentheses or brackets: a closure argument.
        var inArguments = false
        /// The `{` follows an accessor keyword (`get {`, `didSet {`).
        var isAccessor = false

        /// Whether the `{` opens the body of a control statement (`if x.y {`): not a trailing closure.
        var opensControlBody: Bool {
            guard !inArguments, !isAccessor, let control = leftmostControl else { return false }
            return declaration.map { control.index < $0.index } ?? true
        }
    }

    /// Walks back from the Swift `{` at `b` over its statement.
    func statementHead(before b: Int) -> StatementHead {
        var head = StatementHead()
        var k = b - 1
        while k >= 0 {
            let token = file.tokens[k]
            if token.kind == .punctuation {
                if file.isPunct(k, ")") || file.isPunct(k, "]") {
                    let open = Int(file.partner[k])
                    if open >= 0 && open < k { k = open } else { break }
                } else if file.isPunct(k, "(") || file.isPunct(k, "[") {
                    head.inArguments = true
                    break
                } else if file.isPunct(k, "{") || file.isPunct(k, "}") || file.isPunct(k, ";") {
                    break
                } else if file.isPunct(k, "=") && !file.isPunct(k - 1, "=") && !file.isPunct(k + 1, "=") {
                    head.sawEquals = true
                }
            } else if token.kind == .identifier, let keyword = braceKeyword(at: k) {
                let word = keyword.word
                if keyword.kind == .control {
                    head.leftmostControl = (word, k)
                } else if keyword.kind == .declaration {
                    if !(word == "class" && (file.isWord(k + 1, "func") || file.isWord(k + 1, "var") || file.isWord(k + 1, "let"))) {
                        head.declaration = (word, k)
                    }
                } else if keyword.kind == .accessor && k == b - 1 {
                    head.isAccessor = true
                    return head
                }
            } else if token.kind == .directive {
                break
            }
            if k > 0 && file.tokens[k - 1].line < token.line && !continues(from: k - 1, to: k) { break }
            k -= 1
        }
        return head
    }

    /// Classifies a Swift `{` by walking back over its statement.
    private func enterSwiftBrace(at b: Int, close: Int) {
        let head = statementHead(before: b)
        if head.isAccessor {
            push(Scope(kind: .block, close: close, id: newScopeID()))
            return
        }
        let (leftmostControl, declaration, sawEquals, inArguments) = (head.leftmostControl, head.declaration, head.sawEquals, head.inArguments)
        if !inArguments, let control = leftmostControl, declaration == nil || control.index < declaration!.index {
            var scope = Scope(kind: control.word == "for" || control.word == "while" || control.word == "repeat" ? .loop : .block, close: close, id: newScopeID())
            scope.isBranch = Self.branchKeywords.contains(control.word)
            scope.isSwitch = control.word == "switch"
            scope.runsLater = control.word == "defer"
            if scope.kind == .loop { (scope.loopStart, scope.isForLoop) = (control.index, control.word == "for") }
            if control.word == "if" || control.word == "else" || control.word == "while" { bindConditionNames(&scope, from: control.index, to: b) }
            if control.word == "if" || control.word == "else" { enterArm(&scope, keyword: control.index) }
            if control.word == "for" { enterForLoop(&scope, from: control.index, to: b) }
            else if scope.kind == .loop { scope.loopLocation = file.location(control.index) }
            push(&scope)
            return
        }
        if !inArguments, let declaration {
            switch declaration.word {
            case "func", "init", "deinit", "subscript":
                var scope = Scope(kind: .function(swiftSignature(at: declaration.index)), close: close, id: newScopeID())
                bindParameters(&scope, from: declaration.index, to: b)
                scope.mainThreadReason = mainThreadReason(function: scope.kind, attributesBefore: declaration.index)
                push(&scope)
                return
            case "var", "let":
                // `var total: Int { … }`, `var theme = 0 { didSet { … } }`
                if !sawEquals || file.isWord(b + 1, "didSet") || file.isWord(b + 1, "willSet") {
                    let name = file.isIdentifier(declaration.index + 1) ? file.text(declaration.index + 1) : "property"
                    // A computed property's getter and a stored one's observers run where the type's methods do.
                    var scope = Scope(kind: .function(name), close: close, id: newScopeID())
                    scope.mainThreadReason = mainThreadReason(function: scope.kind, attributesBefore: declaration.index)
                    push(&scope)
                    return
                }
            default:
                if file.isIdentifier(declaration.index + 1) {
                    let typeName = file.text(declaration.index + 1)
                    var scope = Scope(kind: .type(typeName), close: close, id: newScopeID())
                    scope.conformances = file.inheritedNames(afterNameAt: declaration.index + 1)
                    // `@MainActor class`, an extension or subclass of a `@MainActor` class (in any
                    // file), a SwiftUI view: its methods run on the main thread.
                    if hasAttribute("MainActor", before: declaration.index) || classes.isMainActor(typeName)
                        || scope.conformances.contains(where: { classes.isMainActor($0) }) {
                        scope.mainThreadReason = "@MainActor"
                    } else if scope.conformances.contains("View"), !classes.declaresOwn("View") {
                        scope.mainThreadReason = Self.swiftUIViewReason
                    }
                    push(&scope)
                    return
                }
            }
        }
        var scope = Scope(kind: .closure, close: close, id: newScopeID())
        scope.runsLater = isCompletionBlock(at: b)
        if scope.runsLater, let op = operationFinishedBeforeBlock(at: b) { finishedIn[op, default: []].append(scope.id) }
        bindClosureParameters(&scope, at: b)
        // `Task { @MainActor in … }`: a closure isolated to the main actor runs on the main thread.
        if file.isPunct(b + 1, "@"), file.isWord(b + 2, "MainActor") {
            scope.role = .mainThread("a @MainActor closure")
        } else if file.isWord(b - 1, "run"), file.isPunct(b - 2, "."), file.isWord(b - 3, "MainActor") {
            scope.role = .mainThread("MainActor.run")
        } else if let reason = mainActorReason, reason == Self.swiftUIViewReason, isSwiftUIAction(closureAt: b) {
            // `.onAppear { … }`, `Button("Save") { … }` in a view: SwiftUI calls them on the main thread.
            scope.role = .mainThread(reason)
        } else if startsTask(closureAt: b), let reason = mainActorReason {
            // `Task { … }` (not `Task.detached`) inherits the actor of the code that starts it.
            scope.role = .mainThread("a Task started on the main actor: \(reason)")
        }
        push(&scope)
    }

    /// Keywords that decide what a `{` opens.
    private static let braceKeywords: Set<String> = controlKeywords.union(typeKeywords).union(accessorKeywords)
        .union(["for", "func", "init", "deinit", "subscript", "var", "let"])

    /// The identifier at `k` when it is one of `braceKeywords`; a cheap length and first-byte test first.
    private func braceKeyword(at k: Int) -> BraceKeyword? {
        let token = file.tokens[k]
        let length = Int(token.length)
        guard length >= 2 && length <= 9 else { return nil }
        let start = Int(token.start)
        let word: (head: UInt64, tail: UInt8)? = file.bytes.withUnsafeBufferPointer { bytes in
            let first = bytes[start]
            guard (first >= 0x61 && first <= 0x7A) || first == UInt8(ascii: "_") else { return nil }
            return Self.packed(UnsafeBufferPointer(rebasing: bytes[start..<(start + length)]))
        }
        guard let (head, tail) = word else { return nil }
        // Compared as one word (and a ninth byte): most identifiers are not keywords, and none
        // is made a String. Entries are read in place, not copied out of the table.
        let table = Self.braceKeywordsByLength
        for j in table[length].indices where table[length][j].head == head && table[length][j].tail == tail {
            return table[length][j].keyword
        }
        return nil
    }

    /// The first eight bytes of a word as one number (the first byte lowest), and its ninth.
    private static func packed(_ bytes: UnsafeBufferPointer<UInt8>) -> (head: UInt64, tail: UInt8) {
        var head: UInt64 = 0
        for m in 0..<min(8, bytes.count) { head |= UInt64(bytes[m]) << (8 * m) }
        return (head, bytes.count > 8 ? bytes[8] : 0)
    }

    /// One of `braceKeywords`, with what it makes of the statement it starts (worked out once,
    /// not looked up in the keyword sets at every brace).
    struct BraceKeyword {
        enum Kind { case control, declaration, accessor }
        let word: String
        let kind: Kind
    }

    /// `braceKeywords` of up to nine bytes by length, with their bytes packed (`packed`).
    private static let braceKeywordsByLength: [[(head: UInt64, tail: UInt8, keyword: BraceKeyword)]] = {
        var table = [[(head: UInt64, tail: UInt8, keyword: BraceKeyword)]](repeating: [], count: 10)
        for word in braceKeywords.sorted() where word.utf8.count < 10 {
            let kind: BraceKeyword.Kind = controlKeywords.contains(word) || word == "for" ? .control
                : accessorKeywords.contains(word) ? .accessor : .declaration
            let (head, tail) = Array(word.utf8).withUnsafeBufferPointer { packed($0) }
            table[word.utf8.count].append((head, tail, BraceKeyword(word: word, kind: kind)))
        }
        return table
    }()

    /// Whether a Swift statement goes on from token `a` on one line to token `b` on the next.
    private func continues(from a: Int, to b: Int) -> Bool {
        // `let label: String?` ends its line: a `?` written against what it follows is an
        // optional type or optional chaining, not a ternary operator waiting for its operands.
        let postfixOptional = file.isPunct(a, "?") && a > 0 && file.tokens[a - 1].end == Int(file.tokens[a].start)
        if !postfixOptional, file.isPunct(a, oneOf: ".,=([:&|+-*?<") { return true }
        if file.isPunct(b, ".") || file.isPunct(b, "{") || file.isPunct(b, "-") { return true }
        if file.isWord(b, "where") || file.isWord(b, "throws") || file.isWord(b, "rethrows") || file.isWord(b, "async") { return true }
        if file.isWord(a, "in") || file.isWord(a, "else") || file.isWord(a, "return") { return true }
        // `class Store<T>: Base where` with its requirements on the next line; `func f() ->` with the type there.
        if file.isWord(a, "where") || (file.isPunct(a, ">") && file.isPunct(a - 1, "-")) { return true }
        return file.tokens[a].kind == .annotation
    }

    /// `name(label:label:)` of the `func` / `init` at `f`.
    private func swiftSignature(at f: Int) -> String {
        // The name's token: `func`'s next one (`operator` when it is not a name), else the
        // keyword itself (`init`, `deinit`, `subscript`).
        let isFunc = file.isWord(f, "func")
        let nameToken = isFunc ? (file.isIdentifier(f + 1) ? f + 1 : nil) : f
        var k = isFunc ? f + 2 : f + 1
        if let nameToken, file.isWord(nameToken, "deinit") { return "deinit" }
        while k < file.tokens.count && !file.isPunct(k, "(") && !file.isPunct(k, "{") { k += 1 }
        // `name(` and each label with its `:`, written as bytes from the tokens into a buffer
        // the scanner keeps, and made a string once. A name's invalid UTF-8 is replaced as in
        // its own text: an ASCII byte or the end always follows it.
        signatureBytes.removeAll(keepingCapacity: true)
        if let nameToken { file.appendBytes(of: nameToken, to: &signatureBytes) } else { signatureBytes.append(contentsOf: "operator".utf8) }
        if file.isPunct(k, "(") {
            let close = Int(file.partner[k])
            signatureBytes.append(UInt8(ascii: "("))
            if close > k { appendLabels(from: k, to: close) }
            signatureBytes.append(UInt8(ascii: ")"))
        }
        return String(decoding: signatureBytes, as: UTF8.self)
    }

    /// Appends each label of the parameter list from `open` to `close` with its `:`.
    private func appendLabels(from open: Int, to close: Int) {
        var expectLabel = true
        var depth = 0
        for m in (open + 1)..<close {
            if file.isPunct(m, "(") || file.isPunct(m, "[") || file.isPunct(m, "<") { depth += 1 }
            else if file.isPunct(m, ")") || file.isPunct(m, "]") || file.isPunct(m, ">") { depth -= 1 }
            else if depth == 0 && file.isPunct(m, ",") { expectLabel = true }
            else if expectLabel && file.isIdentifier(m) {
                file.appendBytes(of: m, to: &signatureBytes)
                signatureBytes.append(UInt8(ascii: ":"))
                expectLabel = false
            } else if expectLabel && file.isPunct(m, "@") {
                continue
            }
        }
    }

    /// Binds the parameters of a Swift function to their declared types.
    private func bindParameters(_ scope: inout Scope, from f: Int, to b: Int) {
        var k = f
        while k < b && !file.isPunct(k, "(") { k += 1 }
        let close = Int(file.partner[min(k, file.tokens.count - 1)])
        guard file.isPunct(k, "("), close > k, close < b else { return }
        var names: [String] = []
        var m = k + 1
        while m < close {
            if file.isPunct(m, ":"), file.isIdentifier(m - 1) {
                var typeIndex = m + 1
                while typeIndex < close && (file.isPunct(typeIndex, "@") || file.isWord(typeIndex, "escaping") || file.isWord(typeIndex, "inout") || file.isWord(typeIndex, "Sendable")) { typeIndex += 1 }
                let type = file.isIdentifier(typeIndex) ? file.text(typeIndex) : nil
                let name = file.text(m - 1)
                names.append(name)
                scope.locals[name] = .value(type)
            } else if file.isPunct(m, "(") || file.isPunct(m, "[") {
                let p = Int(file.partner[m])
                if p > m { m = p }
            }
            m += 1
        }
    }

    /// Binds `a, b in` and `$0` of a closure as unknown values (they shadow outer names).
    func bindClosureParameters(_ scope: inout Scope, at b: Int) {
        var k = b + 1
        let limit = min(b + 24, scope.close)
        if file.isPunct(k, "[") {
            let p = Int(file.partner[k])
            if p > k { k = p + 1 }
        }
        var names: [String] = []
        var m = k
        while m < limit {
            if file.isWord(m, "in") {
                for name in names where scope.locals[name] == nil { scope.locals[name] = .value(nil) }
                return
            }
            if file.isIdentifier(m) { names.append(file.text(m)) } else if !(file.isPunct(m, ",") || file.isPunct(m, "(") || file.isPunct(m, ")") || file.isPunct(m, ":")) { return }
            m += 1
        }
    }

    /// `@Attribute` among the modifiers before a declaration keyword.
    func hasAttribute(_ name: StaticString, before k: Int) -> Bool {
        declarationPrefix(before: k) { file.isPunct($0 - 1, "@") && file.isWord($0, name) }
    }

    /// Walks back from the declaration keyword at `k` over its attributes (`@MainActor`,
    /// `@objc(name)`) and modifiers, at most 16 of them, until `found` accepts one.
    private func declarationPrefix(before k: Int, where found: (Int) -> Bool) -> Bool {
        var m = k - 1
        var steps = 0
        while m >= 0 && steps < 16 {
            if file.isIdentifier(m) {
                if found(m) { return true }
                if file.isPunct(m - 1, "@") {
                    m -= 2
                } else if isModifier(m) {
                    m -= 1
                } else {
                    return false
                }
            } else if file.isPunct(m, ")") {
                let p = Int(file.partner[m])
                guard p >= 0 && p < m else { return false }
                m = p - 1
            } else {
                return false
            }
            steps += 1
        }
        return false
    }

    /// Whether token `m` is a declaration modifier (`public`, `override`, `lazy`, …), compared in place.
    private func isModifier(_ m: Int) -> Bool {
        file.isWord(m, "public") || file.isWord(m, "private") || file.isWord(m, "internal") || file.isWord(m, "fileprivate")
            || file.isWord(m, "open") || file.isWord(m, "override") || file.isWord(m, "final") || file.isWord(m, "static")
            || file.isWord(m, "class") || file.isWord(m, "mutating") || file.isWord(m, "nonisolated") || file.isWord(m, "dynamic")
            || file.isWord(m, "required") || file.isWord(m, "convenience") || file.isWord(m, "lazy") || file.isWord(m, "weak")
            || file.isWord(m, "unowned")
    }

    private func mainThreadReason(function: Scope.Kind, attributesBefore k: Int) -> String? {
        // One walk over the attributes and modifiers for the three words that matter here.
        var (mainActor, ibAction, nonisolated) = (false, false, false)
        _ = declarationPrefix(before: k) { m in
            if file.isPunct(m - 1, "@") {
                if file.isWord(m, "MainActor") { mainActor = true } else if file.isWord(m, "IBAction") { ibAction = true }
            }
            if file.isWord(m, "nonisolated") { nonisolated = true }
            return false
        }
        if mainActor { return "@MainActor" }
        if ibAction { return "an @IBAction" }
        if case .function(let name) = function, Self.mainThreadMethods.contains(ScanName(name)) { return "\(name) runs on the main thread" }
        // A `nonisolated` member of a `@MainActor` type runs on whatever thread calls it.
        if nonisolated { return nil }
        for index in scopes.indices.reversed() {
            if case .type = scopes[index].kind { return scopes[index].mainThreadReason }
        }
        return nil
    }

    /// Reads a Swift `for … in … {` header: literal ranges give a count, arrays bind the loop variable.
    private func enterForLoop(_ scope: inout Scope, from f: Int, to b: Int) {
        scope.loopLocation = file.location(f)
        var inIndex = f + 1
        while inIndex < b && !file.isWord(inIndex, "in") { inIndex += 1 }
        guard inIndex < b else { return }
        // `for op in ops where !op.isCancelled {`: the sequence ends at the `where`.
        var end = inIndex + 1
        while end < b && !file.isWord(end, "where") {
            end = file.isPunct(end, "(") || file.isPunct(end, "[") ? skipGroup(end) : end + 1
        }
        end = min(end, b)
        scope.loopCount = end == b ? literalRangeCount(from: inIndex + 1, to: b) : nil
        let names = file.isIdentifier(f + 1) && inIndex == f + 2 ? [file.text(f + 1)] : patternNames(from: f + 1, to: inIndex)
        // `for case let op? in [a, b]`, `for case let op as Operation in [a, b]`: the one name
        // the pattern binds holds the operations as a plain loop variable does.
        let single = names.count == 1 && (inIndex == f + 2 || (file.isWord(f + 1, "case") && (file.isWord(f + 2, "let") || file.isWord(f + 2, "var"))))
        guard single, let name = names.first else {
            // `for (index, op) in …`: every name the pattern binds is the loop's.
            for name in names { scope.locals[name] = .value(nil) }
            return
        }
        if let pathEnd = pathEnd(from: inIndex + 1), pathEnd == end, case .list(let items)? = resolvePath(path(from: inIndex + 1, to: pathEnd)) {
            scope.locals[name] = .list(items)
            // Handed to code the scanner does not follow (`schedule(task)`), it hands the list on.
            noteBound(name)
            for m in (inIndex + 1)..<pathEnd { consumed.insert(m) }
        } else if file.isPunct(inIndex + 1, "["), Int(file.partner[inIndex + 1]) + 1 == end, let items = listLiteral(at: inIndex + 1), !items.isEmpty {
            // `for dependency in [fetch, parse] {`
            scope.locals[name] = .list(items)
            noteBound(name)
            for m in (inIndex + 1)..<end { consumed.insert(m) }
        } else {
            scope.locals[name] = .value(nil)
        }
    }

    /// The names a `for` pattern binds between tokens `a` and `b`: its identifiers, other than
    /// keywords, `_`, types after `as`, `is` or `:`, and enum cases after `.`.
    private func patternNames(from a: Int, to b: Int) -> [String] {
        var names: [String] = []
        for k in a..<b where file.isIdentifier(k) {
            if file.isPunct(k - 1, ".") || file.isWord(k - 1, "as") || file.isWord(k - 1, "is") || file.isPunct(k - 1, ":") { continue }
            // `as?`, `as!`
            if file.isPunct(k - 1, "?") || file.isPunct(k - 1, "!"), file.isWord(k - 2, "as") { continue }
            let word = file.text(k)
            if ["case", "let", "var", "as", "is", "_", "some", "none"].contains(word) { continue }
            // `.some(let x)`: the case's name precedes a parenthesis.
            if file.isPunct(k + 1, "(") { continue }
            names.append(word)
        }
        return names
    }

    /// `0..<5`, `1...5`, `(0..<5)`: the number of iterations, or nil.
    func literalRangeCount(from a: Int, to b: Int) -> Int? {
        var a = a
        var b = b
        if file.isPunct(a, "("), Int(file.partner[a]) == b - 1 { a += 1; b -= 1 }
        guard b - a >= 4, file.tokens[a].kind == .number, file.tokens[b - 1].kind == .number,
              let low = Int(file.text(a)), let high = Int(file.text(b - 1)) else { return nil }
        if b - a == 5, file.isPunct(a + 1, "."), file.isPunct(a + 2, "."), file.isPunct(a + 3, ".") { return max(0, high - low + 1) }
        if b - a == 5, file.isPunct(a + 1, "."), file.isPunct(a + 2, "."), file.isPunct(a + 3, "<") { return max(0, high - low) }
        return nil
    }
}
