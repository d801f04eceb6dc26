import OpLintCore

extension DeclarationScanner {
    /// Looks through a class body for what the graph needs of it: the overrides and finishing
    /// code that decide asynchrony and finishing (S8), its factory class methods and its members.
    /// `start..<end` is the body (Swift) or the tokens after the name up to `@end` (Objective-C).
    func readTraits(_ declaration: inout ClassDeclaration, _ start: Int, _ end: Int, isInterface: Bool) {
        var depth = 0
        var sawMethod = false
        var ivarBlock = false
        var k = start
        let isObjectiveC = file.language == .objectiveC
        // Every sign of finishing code contains one of `FinishingWords` within its own token.
        let mayMarkFinished = start < end && (!prefilter || FinishingWords.mayAppear(in: file.bytes, from: Int(file.tokens[start].start), to: file.tokens[end - 1].end))
        // A file that never says `cancel` has no method that cancels the operation.
        let mayCancelItself = start < end && file.mentionsOperationAPI
            && file.bytesContain("cancel", from: Int(file.tokens[start].start), to: file.tokens[end - 1].end)
        // The instance method whose body the next brace of the class's own level opens, and
        // whether it is a Swift `override`.
        var method: String?
        var isOverride = false
        while k < end {
            let token = file.tokens[k]
            switch token.kind {
            case .string:
                // The key written out (`@"isFinished"` in a set of KVO keys, a constant); a message
                // that merely mentions the flag (`print("isFinished is set later")`) is no sign.
                if mayMarkFinished && (file.tokenIs(k, "\"isFinished\"") || file.tokenIs(k, "\"finished\"")) { declaration.setsFinished = true }
            case .punctuation:
                let byte = file.bytes[Int(token.start)]
                switch byte {
                case UInt8(ascii: "{"):
                    if depth == 0 { ivarBlock = isObjectiveC && !sawMethod }
                    if depth == 0, let name = method {
                        method = nil
                        let close = Int(file.partner[k])
                        if name != "cancel", mayCancelItself, cancelsItself(close, after: k) {
                            declaration.cancellingMethods[name] = true
                        } else if name != "cancel", isOverride, !callsSuper(name, from: k, to: close) {
                            // `override func expire(after:) { print("ignored") }`: the superclass's cancel no longer runs.
                            declaration.cancellingMethods[name] = false
                        }
                    }
                    // Below the class's own level only finishing code counts: without any, a
                    // method body (or a nested type's) is passed over whole.
                    let close = Int(file.partner[k])
                    if depth == 0, !ivarBlock, !mayMarkFinished, close > k, close < end {
                        k = close + 1
                        continue
                    }
                    depth += 1
                case UInt8(ascii: "}"):
                    depth = max(0, depth - 1)
                    if depth == 0 { ivarBlock = false }
                case UInt8(ascii: "-"), UInt8(ascii: "+"):
                    if depth == 0, file.isPunct(k + 1, "("), isObjectiveC {
                        sawMethod = true
                        if byte == UInt8(ascii: "+") { objectiveCFactory(&declaration, at: k + 1) }
                        method = nil
                        // `- (instancetype)timeout:(dispatch_time_t)timeout {`: named by its selector, `timeout:`.
                        let close = Int(file.partner[k + 1])
                        if mayCancelItself, byte == UInt8(ascii: "-"), close > k + 1, file.isIdentifier(close + 1) { method = objectiveCSelector(from: close + 1) }
                    }
                case UInt8(ascii: "*"):
                    // `@property (…) NSOperationQueue *queue;`, `NSOperationQueue *_queue;`
                    if isObjectiveC, depth == 0 || ivarBlock, file.isIdentifier(k - 1), file.isIdentifier(k + 1),
                       file.isPunct(k + 2, ";") || file.isPunct(k + 2, ","), Self.isTypeName(file, k - 1) {
                        declaration.members[file.text(k + 1)] = file.text(k - 1)
                    }
                default:
                    break
                }
            case .identifier:
                // `func expire() {`; a class method (`class func`, `static func`) makes no cancel of an instance.
                if depth == 0, !isObjectiveC, file.isWord(k, "func") {
                    isOverride = (max(0, k - 4)..<k).contains { file.isWord($0, "override") }
                    method = (mayCancelItself || isOverride) && file.isIdentifier(k + 1) && !file.isWord(k - 1, "class") && !file.isWord(k - 1, "static")
                        ? file.text(k + 1) : nil
                }
                readIdentifier(&declaration, at: k, depth: depth, mayMarkFinished: mayMarkFinished)
            default:
                break
            }
            k += 1
        }
        if !declaration.setsFinished, isObjectiveC, declaration.overridesStart || declaration.overridesAsynchronous,
           callsFinishingHelper(from: start, to: end) {
            declaration.setsFinished = true
        }
    }

    private func readIdentifier(_ declaration: inout ClassDeclaration, at k: Int, depth: Int, mayMarkFinished: Bool) {
        // The words below are 3, 4, 5, 12 and 14 bytes long: most identifiers are none of them.
        switch file.tokens[k].length {
        case 3, 4, 5, 12, 14: break
        default:
            if mayMarkFinished && !declaration.setsFinished && isFinishing(at: k) { declaration.setsFinished = true }
            return
        }
        // The class's own overrides are at its own level; one inside a nested type is the nested type's.
        if depth == 0, file.isWord(k, "isAsynchronous") || file.isWord(k, "isConcurrent") {
            if (file.isWord(k - 1, "var") || file.isPunct(k - 1, ")")) && bodyReturnsTrue(after: k) {
                declaration.overridesAsynchronous = true
            }
        } else if depth == 0, file.isWord(k, "start") {
            if let body = startBody(at: k) {
                declaration.overridesStart = true
                if declaration.startLocation == nil { declaration.startLocation = file.location(k) }
                if callsSuperStart(body.open, body.close) { declaration.startCallsSuper = true }
            }
        } else if depth == 0, file.language == .swift, file.isWord(k, "let") || file.isWord(k, "var") {
            swiftMember(&declaration, at: k)
        } else if depth == 0, file.language == .swift, file.isWord(k, "func"), file.isWord(k - 1, "class") || file.isWord(k - 1, "static") {
            swiftFactory(&declaration, at: k)
        } else if mayMarkFinished && !declaration.setsFinished && isFinishing(at: k) {
            declaration.setsFinished = true
        }
    }

    /// Whether the identifier at `k` looks like a class name (`NSOperationQueue`, `AFHTTPRequestOperation`).
    static func isTypeName(_ file: SourceFile, _ k: Int) -> Bool {
        let first = file.bytes[Int(file.tokens[k].start)]
        return first >= 0x41 && first <= 0x5A
    }

    /// The body of a `start` override at `k`: `func start() {` or `- (void)start {`.
    private func startBody(at k: Int) -> (open: Int, close: Int)? {
        var open: Int
        if file.isWord(k - 1, "func") && file.isPunct(k + 1, "(") && file.isPunct(k + 2, ")") {
            open = k + 3
            while open < min(k + 8, file.tokens.count) && !file.isPunct(open, "{") { open += 1 }
        } else if file.isPunct(k - 1, ")") && file.isWord(k - 2, "void") && file.isPunct(k + 1, "{") {
            open = k + 1
        } else {
            return nil
        }
        guard file.isPunct(open, "{") else { return nil }
        let close = Int(file.partner[open])
        return close > open ? (open, close) : nil
    }

    /// Whether the method body from `open` to `close` cancels the operation itself:
    /// `[self cancel]`, `[weakSelf cancel]`, `self.cancel()`, `self?.cancel()`, `cancel()`, in
    /// any branch or block of it (a timer that cancels it later counts).
    private func cancelsItself(_ close: Int, after open: Int) -> Bool {
        guard close > open else { return false }
        // Names the body gives `self` (`guard let strong = self`, `__strong typeof(self) op = weakSelf;`).
        var aliases: Set<String> = []
        func isSelfOrAlias(_ k: Int) -> Bool { isSelf(k) || (file.isIdentifier(k) && !aliases.isEmpty && aliases.contains(file.text(k))) }
        for m in (open + 1)..<close {
            if file.isWord(m, "cancel") {
                if file.language == .objectiveC {
                    if file.isPunct(m - 2, "["), file.isPunct(m + 1, "]"), isSelfOrAlias(m - 1) { return true }
                    continue
                }
                guard file.isPunct(m + 1, "("), file.isPunct(m + 2, ")") else { continue }
                if !file.isPunct(m - 1, ".") { if !file.isWord(m - 1, "func") { return true }; continue }
                if isSelfOrAlias(m - 2) || (file.isPunct(m - 2, "?") && isSelfOrAlias(m - 3)) { return true }
            } else if file.isPunct(m, "="), !file.isPunct(m + 1, "="), !file.isPunct(m - 1, "="), isSelf(m + 1),
                      file.isIdentifier(m - 1), !file.isPunct(m + 2, ".") {
                aliases.insert(file.text(m - 1))
            }
        }
        return false
    }

    /// Whether the body from `open` to `close` calls the superclass's `name` (`super.expire(after: delay)`).
    private func callsSuper(_ name: String, from open: Int, to close: Int) -> Bool {
        guard close > open else { return false }
        for m in (open + 1)..<close where file.isWord(m, "super") {
            if file.isPunct(m + 1, "."), file.isIdentifier(m + 2), file.text(m + 2) == name { return true }
        }
        return false
    }

    /// `self`, a name code gives it inside a block (`weakSelf`, `strongSelf`), or `super`
    /// (whose `cancel` cancels this operation too).
    private func isSelf(_ k: Int) -> Bool {
        file.isWord(k, "super") || (file.isIdentifier(k) && FileScanner.selfNames.contains(file.text(k)))
    }

    /// The selector of the Objective-C method head whose name starts at `k`: `expire`,
    /// `timeout:`, `timeout:reason:`.
    private func objectiveCSelector(from k: Int) -> String {
        guard file.isPunct(k + 1, ":") else { return file.text(k) }
        var selector = ""
        var m = k
        while m < file.tokens.count, !file.isPunct(m, "{"), !file.isPunct(m, ";") {
            if file.isIdentifier(m), file.isPunct(m + 1, ":") { selector += file.text(m) + ":"; m += 2; continue }
            if file.isPunct(m, "("), file.partner[m] > m { m = Int(file.partner[m]) + 1; continue }
            m += 1
        }
        return selector
    }

    /// `super.start()` or `[super start]` between `open` and `close`.
    private func callsSuperStart(_ open: Int, _ close: Int) -> Bool {
        for m in open..<close where file.isWord(m, "super") {
            if file.isPunct(m + 1, "."), file.isWord(m + 2, "start") { return true }
            if file.isWord(m + 1, "start"), file.isPunct(m + 2, "]") { return true }
        }
        return false
    }

    private func bodyReturnsTrue(after k: Int) -> Bool {
        var open = k + 1
        while open < k + 8 && !file.isPunct(open, "{") { open += 1 }
        guard file.isPunct(open, "{") else { return false }
        let close = Int(file.partner[open])
        guard close > open else { return false }
        for m in open..<close where file.isWord(m, "true") || file.isWord(m, "YES") { return true }
        return false
    }

    /// `let queue = OperationQueue()`, `var queue: OperationQueue?`, `lazy var queue: OperationQueue = { … }()`.
    private func swiftMember(_ declaration: inout ClassDeclaration, at k: Int) {
        guard file.isIdentifier(k + 1) else { return }
        var t = k + 3
        if file.isPunct(k + 2, ":") || file.isPunct(k + 2, "=") {
            if file.isWord(t, "Foundation"), file.isPunct(t + 1, ".") { t += 2 }
            guard file.isIdentifier(t), Self.isTypeName(file, t) else { return }
            // `= Type(…)`, `= Type { … }`, `= Type.init(…)`; a type annotation is taken as written.
            if file.isPunct(k + 2, "="), !(file.isPunct(t + 1, "(") || file.isPunct(t + 1, "{") || (file.isPunct(t + 1, ".") && file.isWord(t + 2, "init"))) { return }
            declaration.members[file.text(k + 1)] = file.text(t)
            if file.isPunct(k + 2, ":"), isComputedProperty(typeAt: t) { declaration.computedMembers.insert(file.text(k + 1)) }
            // `let queue = DispatchQueue(label: "…", attributes: .concurrent)`: what kind of queue, for other files' `sync`.
            if file.isPunct(k + 2, "="), file.isWord(t, "DispatchQueue"), file.isPunct(t + 1, "(") {
                let close = Int(file.partner[t + 1])
                var concurrent = false
                if close > t + 1 {
                    for m in (t + 2)..<close where file.isWord(m, "concurrent")
                        || (file.isWord(m, "attributes") && file.isPunct(m + 1, ":") && file.isIdentifier(m + 2) && !file.isWord(m + 2, "DispatchQueue")) {
                        concurrent = true
                    }
                }
                declaration.dispatchQueues[file.text(k + 1)] = concurrent
            }
        }
    }

    /// Whether the type at `t` is followed, on its line, by a body that computes the value
    /// (`var poll: Operation { BlockOperation { … } }`, `{ get { … } }`) rather than by a
    /// value or by observers (`{ didSet { … } }`).
    private func isComputedProperty(typeAt t: Int) -> Bool {
        let line = file.tokens[t].line
        var m = t + 1
        while m < file.tokens.count && m < t + 16 && file.tokens[m].line == line {
            if file.isPunct(m, "=") || file.isPunct(m, ";") || file.isPunct(m, "(") { return false }
            if file.isPunct(m, "{") { return !(file.isWord(m + 1, "didSet") || file.isWord(m + 1, "willSet")) }
            m += 1
        }
        return false
    }

    /// Whether a class method named `selector` reads as a lookup of something made elsewhere
    /// (`getQueueItemByKey:`, `findOperation`, `currentRequest`) rather than a factory.
    static func isLookup(_ selector: String) -> Bool {
        for prefix in ["get", "find", "lookup", "lookUp", "existing", "cached", "current"] where selector.hasPrefix(prefix) {
            guard let next = selector.utf8.dropFirst(prefix.utf8.count).first else { return true }
            if (next >= 0x41 && next <= 0x5A) || next == UInt8(ascii: "_") || next == UInt8(ascii: ":") { return true }
        }
        return false
    }

    /// `class func make(…) -> Self` / `static func shared() -> ImageQueue`.
    private func swiftFactory(_ declaration: inout ClassDeclaration, at k: Int) {
        guard file.isIdentifier(k + 1) else { return }
        var m = k + 2
        let limit = min(k + 96, file.tokens.count)
        while m < limit && !file.isPunct(m, "{") {
            if file.isPunct(m, "("), file.partner[m] > m { m = Int(file.partner[m]) + 1; continue }
            if file.isPunct(m, "-"), file.isPunct(m + 1, ">"), file.isIdentifier(m + 2) {
                // The name is read only for a method that returns a type by name (most return none).
                let selector = file.text(k + 1)
                if Self.isLookup(selector) { declaration.lookups[selector] = file.text(m + 2) } else { declaration.factories[selector] = file.text(m + 2) }
                return
            }
            m += 1
        }
    }

    /// `+ (instancetype)operationWithURL:…`, `+ (id)requestWithURL:…`, `+ (ImageQueue *)sharedQueue`.
    private func objectiveCFactory(_ declaration: inout ClassDeclaration, at open: Int) {
        let close = Int(file.partner[open])
        guard close > open, file.isIdentifier(close + 1) else { return }
        let selector = file.text(close + 1)
        for m in (open + 1)..<close where file.isIdentifier(m) {
            let word = file.text(m)
            if ["nullable", "_Nullable", "__nullable", "nonnull", "_Nonnull", "__nonnull", "__kindof"].contains(word) { continue }
            if Self.isLookup(selector) { declaration.lookups[selector] = word } else { declaration.factories[selector] = word }
            return
        }
    }

    /// Signs that the code marks an operation finished (S8). In doubt, the answer is yes:
    /// `isFinished = true`, `_finished = YES`, `[self setFinished:YES]`, `\.isFinished`; a
    /// finished-like state (`state = .finished`, `self.state = AFOperationFinishedState`,
    /// `[self setState:…Done…]`); a KVO change for `isFinished` or for a key given by a constant
    /// or a function; a call to a method named like `finish`, `completeOperation` or `done`.
    func isFinishing(at k: Int) -> Bool {
        let token = file.tokens[k]
        guard token.length >= 4 else { return false }
        // Every sign below is a word with one of `FinishingWords` in it: most words have none,
        // and are turned down without the comparisons (without the prefilter, they are made).
        if prefilter, !FinishingWords.mayAppear(in: file.bytes, from: Int(token.start), to: token.end) { return false }
        if file.isWord(k, "setFinished") || file.isWord(k, "setIsFinished") { return file.isPunct(k + 1, ":") && (file.isWord(k + 2, "YES") || file.isWord(k + 2, "true")) }
        if file.isWord(k, "isFinished") {
            // `self.isFinished = YES`, `isFinished = true` (a subclass's own settable property)
            if file.isPunct(k + 1, "="), !file.isPunct(k + 2, "=") { return file.isWord(k + 2, "true") || file.isWord(k + 2, "YES") }
            // `\.isFinished`, `#keyPath(isFinished)`
            return (file.isPunct(k - 1, ".") && file.isPunct(k - 2, "\\")) || (file.isPunct(k - 1, "(") && file.isWord(k - 2, "keyPath"))
        }
        if file.isPunct(k + 1, "="), !file.isPunct(k + 2, "=") {
            let setsTrue = file.isWord(k + 2, "true") || file.isWord(k + 2, "YES")
            if file.endsWithFinished(k) || contains(k, "done") || contains(k, "complete") { return setsTrue }
            if contains(k, "state") { return statementNamesEnd(from: k + 2) }
            return false
        }
        if contains(k, "changevalue") { return kvoKeyMayBeFinished(at: k) }
        if contains(k, "setstate") { return statementNamesEnd(from: k + 1) }
        guard file.isPunct(k + 1, "(") || file.isPunct(k + 1, ":") || file.isPunct(k + 1, "]") || file.isWord(k - 1, "func") else { return false }
        // Reading the flag (`[op isFinished]`, `completion(finished)`) is no sign.
        if file.endsWithFinished(k) { return false }
        guard contains(k, "finish") || contains(k, "completeop") || file.isWord(k, "complete") || file.isWord(k, "done") else { return false }
        return !tellsAnotherObject(k)
    }

    /// Whether the method named at `k` is one that only tells another object, called on
    /// another object: a delegate's notification (`delegate?.operationDidFinish(self)`,
    /// `[self.delegate uploadWillFinish:self]`) or `URLSession`'s `finishTasksAndInvalidate`.
    /// Any other finish-like call (`strongSelf.finish()`, `self.stateMachine.finish()`,
    /// `[machine finish]`) may finish the operation: in doubt it finishes.
    private func tellsAnotherObject(_ k: Int) -> Bool {
        let notifies = contains(k, "didfinish") || contains(k, "willfinish") || contains(k, "didcomplete") || contains(k, "willcomplete")
            || file.isWord(k, "finishTasksAndInvalidate")
        guard notifies else { return false }
        if file.language == .swift {
            guard file.isPunct(k - 1, ".") else { return false }
            var r = k - 2
            if file.isPunct(r, "?") || file.isPunct(r, "!") { r -= 1 }
            return !(file.isWord(r, "self") || file.isWord(r, "super")) || file.isPunct(r - 1, ".")
        }
        // `[receiver selector]` or `[receiver selector:…]`, the receiver any path.
        guard !file.isPunct(k - 1, "["), file.isIdentifier(k - 1) || file.isPunct(k - 1, "]") || file.isPunct(k - 1, ")") else { return false }
        return !(file.isWord(k - 1, "self") && file.isPunct(k - 2, "["))
    }

    /// Whether identifier `k` contains the lowercase ASCII `word`, in any case.
    func contains(_ k: Int, _ word: StaticString) -> Bool {
        file.tokenContains(k, word, ignoringCase: true)
    }

    /// Whether the rest of the statement from `k` names a finished-like state (`.finished`,
    /// `AFOperationFinishedState`, `.done`, `kStateCompleted`).
    private func statementNamesEnd(from k: Int) -> Bool {
        let line = file.tokens[min(k, file.tokens.count - 1)].line
        var m = k
        while m < min(k + 12, file.tokens.count) && file.tokens[m].line == line && !file.isPunct(m, ";") {
            if file.isIdentifier(m), contains(m, "finish") || contains(m, "done") || contains(m, "complete") { return true }
            m += 1
        }
        return false
    }

    /// `willChangeValue(forKey:)`, `[self didChangeValueForKey:…]`: true unless the key is
    /// written out and is another one (`"isExecuting"`, `\.isExecuting`).
    private func kvoKeyMayBeFinished(at k: Int) -> Bool {
        guard contains(k, "willchangevalue") || contains(k, "didchangevalue") else { return false }
        var m = k + 1
        if file.isPunct(m, "(") { m += 1 }
        if file.isIdentifier(m), file.isPunct(m + 1, ":") { m += 2 }
        if file.isPunct(m, ":") { m += 1 }
        if file.isPunct(m, "@") { m += 1 }
        if m < file.tokens.count, file.tokens[m].kind == .string {
            return file.tokenContains(m, "isFinished") || file.tokenContains(m, "\"finished\"")
        }
        if file.isPunct(m, "\\"), file.isPunct(m + 1, "."), file.isIdentifier(m + 2) { return file.isWord(m + 2, "isFinished") }
        if file.isPunct(m, "#"), file.isWord(m + 1, "keyPath"), file.isPunct(m + 2, "(") { return file.isWord(m + 3, "isFinished") }
        return true
    }
}
