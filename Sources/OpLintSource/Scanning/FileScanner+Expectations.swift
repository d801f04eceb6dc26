import OpLintCore

extension FileScanner {
    /// Whether identifier `i`, followed by `(`, names one of XCTest's waits for expectations
    /// that take no receiver in a test's code: `wait(for:timeout:)`, `fulfillment(of:timeout:)`,
    /// `waitForExpectations(timeout:)`. Compared by length first: most names are none of them.
    @inline(__always)
    func isExpectationWait(_ i: Int) -> Bool {
        switch file.tokens[i].length {
        case 4: return file.isWord(i, "wait")
        case 11: return file.isWord(i, "fulfillment")
        case 19: return file.isWord(i, "waitForExpectations")
        default: return false
        }
    }

    /// XCTest's wait at token `i` (the method's name; `(` follows it), in Swift:
    /// `wait(for: [done], timeout: 1)`, `XCTWaiter().wait(for: [done], timeout: 1)`,
    /// `await fulfillment(of: [done], timeout: 1)`, `waitForExpectations(timeout: 1)`.
    ///
    /// The wait returns once its expectations are fulfilled (a test whose wait times out has
    /// failed), so an operation an expectation was made from has finished after it: see
    /// `expectationsWaitedFor(_:until:)`. XCTest runs the main run loop while it waits, so
    /// this is no wait that holds a thread (S19): only the finish is recorded.
    func expectationWait(at i: Int) {
        guard file.isPunct(i + 1, "(") else { return }
        let close = Int(file.partner[i + 1])
        guard close > i + 1 else { return }
        let names: [String]?
        if file.isWord(i, "waitForExpectations") {
            // Every expectation the test case made and has not waited for yet.
            names = nil
        } else if (file.isWord(i + 2, "for") || file.isWord(i + 2, "of")) && file.isPunct(i + 3, ":") {
            guard let listed = listedNames(at: i + 4, end: close) else { return }
            names = listed
        } else {
            return
        }
        expectationsWaitedFor(names, until: i)
    }

    /// `[self waitForExpectations:@[done] timeout:1]` and `[self waitForExpectationsWithTimeout:1
    /// handler:nil]` at the message's `[` (`k`), its selector read (`selector`, with the
    /// first part's argument at `argument`): as `expectationWait(at:)`.
    func expectationWait(message k: Int, selector: String, argument: Int, end: Int) {
        switch selector {
        case "waitForExpectations:timeout:", "waitForExpectations:timeout:enforceOrder:":
            let start = file.isPunct(argument, "@") ? argument + 1 : argument
            guard let listed = listedNames(at: start, end: end) else { return }
            expectationsWaitedFor(listed, until: k)
        case "waitForExpectationsWithTimeout:handler:", "waitForExpectationsWithTimeout:":
            expectationsWaitedFor(nil, until: k)
        default:
            return
        }
    }

    /// The names of a list literal of plain names at `open` (`[done, saved]`), which ends
    /// before `end`; nil for anything else.
    private func listedNames(at open: Int, end: Int) -> [String]? {
        guard file.isPunct(open, "[") else { return nil }
        let close = Int(file.partner[open])
        guard close > open, close < end else { return nil }
        var names: [String] = []
        var k = open + 1
        while k < close {
            guard file.isIdentifier(k), file.isPunct(k + 1, ",") || k + 1 == close else { return nil }
            names.append(file.text(k))
            k += 2
        }
        return names
    }

    /// The XCTest factories a test case keeps the expectations of, which
    /// `waitForExpectations(timeout:)` waits for (an expectation made with an initializer is
    /// waited for only when listed).
    private static let testCaseExpectationFactories: Set<String> = [
        "expectation", "keyValueObservingExpectation",
        "expectationWithDescription", "keyValueObservingExpectationForObject", "expectationForPredicate",
    ]

    /// The states of an operation other than finished that an expectation may watch, as a
    /// key path's name.
    private static let otherStates: Set<String> = [
        "isExecuting", "executing", "isReady", "ready", "isCancelled", "cancelled",
    ]

    /// Whether the text of a key path or predicate (`"isExecuting == YES"`) names another state.
    private static func namesAnotherState(_ text: String) -> Bool {
        text.contains("xecuting") || text.contains("isReady") || text == "ready" || text.contains("ancelled")
    }

    /// The expectations a method's or closure's body may make, read once per body: each
    /// name's assignments of a call, in token order, and the names it makes inverted.
    struct BodyExpectations {
        var assignments: [String: [(call: Int, close: Int)]] = [:]
        /// Every assignment, in token order.
        var ordered: [(name: String, call: Int, close: Int)] = []
        /// How many of `ordered` a wait for all the test case's expectations has passed: those
        /// it waited for are fulfilled, and the next such wait waits only for newer ones.
        var waitedForAll = 0
        var inverted: Set<String> = []
    }

    /// Marks as finished, in the current code, the operations that the expectations `names`
    /// (nil: every expectation a test-case factory made) were made from, when each is last
    /// assigned in this body before `end`: `let done = OperationExpectation(operation: op)`,
    /// `keyValueObservingExpectation(for: op, keyPath: "isFinished")`, `XCTestExpectation *done
    /// = [self keyValueObservingExpectationForObject:op keyPath:@"isFinished" handler:nil];`.
    /// An inverted expectation (`done.isInverted = true`) passes when it is *not* fulfilled,
    /// and one that names another state (`isExecuting`, `isReady`, `isCancelled`) and not
    /// finishing says nothing of it: neither counts.
    ///
    /// - Complexity: O(*tokens* of the body) once per body, then O(*names* × their assignments
    ///   + *tokens* of their arguments) per wait.
    private func expectationsWaitedFor(_ names: [String]?, until end: Int) {
        // A method's or a closure's body, not a type's or the file's.
        guard let body = scopes.lastIndex(where: \.isBodyBoundary), !scopes[body].kind.isTypeOrFile else { return }
        let id = scopes[body].id
        if bodyExpectations[id] == nil {
            bodyExpectations[id] = readExpectations(from: max(scopes[body].open, 0), to: min(scopes[body].close, file.tokens.count))
        }
        guard let read = bodyExpectations[id] else { return }
        var made: [(call: Int, close: Int)] = []
        if let names {
            for name in names where !read.inverted.contains(name) {
                // The latest assignment before the wait.
                if let value = read.assignments[name]?.last(where: { $0.close < end }) { made.append(value) }
            }
        } else {
            // The test case's expectations made since its last wait for all of them, each the
            // latest assignment of its name before this wait.
            var next = read.waitedForAll
            while next < read.ordered.count, read.ordered[next].close < end {
                let value = read.ordered[next]
                next += 1
                guard !read.inverted.contains(value.name), Self.testCaseExpectationFactories.contains(file.text(value.call)),
                      read.assignments[value.name]?.last(where: { $0.close < end })?.call == value.call else { continue }
                made.append((value.call, value.close))
            }
            bodyExpectations[id]?.waitedForAll = next
        }
        for value in made {
            var operations: [Int] = []
            var watchesAnotherState = false
            var watchesFinishing = false
            for m in (value.call + 1)..<value.close {
                let token = file.tokens[m]
                guard token.kind == .identifier || token.kind == .string else { continue }
                let text = file.text(m)
                if text.contains("inish") { watchesFinishing = true }
                if token.kind == .identifier ? Self.otherStates.contains(text) : Self.namesAnotherState(text) { watchesAnotherState = true }
                // An argument, not a label, a member or a selector's part (`self.op` read whole).
                guard token.kind == .identifier, !file.isPunct(m - 1, "."), !file.isPunct(m + 1, ":") else { continue }
                let path = text == "self" && file.isPunct(m + 1, ".") && file.isIdentifier(m + 2) ? [text, file.text(m + 2)] : [text]
                switch resolvePath(path) {
                case .entity(let id)? where scan.entities[id].kind == .operation: operations.append(id)
                case .list(let ids)?: operations += ids.filter { scan.entities[$0].kind == .operation }
                default: break
                }
            }
            guard !watchesAnotherState || watchesFinishing else { continue }
            for op in operations { finishedIn[op, default: []].append(currentScopeID) }
        }
    }

    /// The assignments of calls in the body `open..<close` and the names it makes inverted:
    /// `name.isInverted = true`, `name.inverted = YES`, `[name setInverted:YES]`.
    private func readExpectations(from open: Int, to close: Int) -> BodyExpectations {
        var read = BodyExpectations()
        var k = open
        while k < close {
            guard file.isIdentifier(k) else {
                k += 1
                continue
            }
            if let value = assignedValue(at: k, end: close) {
                let name = file.text(k)
                read.assignments[name, default: []].append(value)
                read.ordered.append((name, value.call, value.close))
                k = value.close + 1
                continue
            }
            if file.isWord(k, "isInverted") || file.isWord(k, "inverted") {
                if file.isPunct(k - 1, "."), file.isIdentifier(k - 2), file.isPunct(k + 1, "="), file.isWord(k + 2, "true") || file.isWord(k + 2, "YES") {
                    read.inverted.insert(file.text(k - 2))
                }
            } else if file.isWord(k, "setInverted"), file.isIdentifier(k - 1), file.isPunct(k - 2, "["), file.isWord(k + 2, "YES") {
                read.inverted.insert(file.text(k - 1))
            }
            k += 1
        }
        return read
    }

    /// When the name at `k` is assigned a call before `end` (`done = Maker(…)`, `let done:
    /// XCTestExpectation = expectation(…)`, `done = [[Maker alloc] initWithOperation:op]`): the
    /// token of the method or type called and the end of its arguments (`)` or `]`).
    private func assignedValue(at k: Int, end: Int) -> (call: Int, close: Int)? {
        var equals = k + 1
        if file.language == .swift, file.isPunct(equals, ":") {
            // `let done: XCTestExpectation = …`
            equals += 1
            while file.isIdentifier(equals) || file.isPunct(equals, ".") || file.isPunct(equals, "?") || file.isPunct(equals, "!") { equals += 1 }
        }
        guard file.isPunct(equals, "="), !file.isPunct(equals + 1, "="), !file.isPunct(k - 1, ".") else { return nil }
        var a = equals + 1
        while file.isWord(a, "try") || file.isWord(a, "await") { a += 1 }
        if file.isPunct(a, "[") {
            // Objective-C: the method is the first part of the outermost message's selector
            // after its receiver, or the innermost one's (`[[Maker alloc] initWithOperation:op]`).
            let close = Int(file.partner[a])
            guard close > a, close < end else { return nil }
            var m = a + 1
            if file.isPunct(m, "[") {
                m = Int(file.partner[m]) + 1
            } else if file.isIdentifier(m) {
                m += 1
                while file.isPunct(m, "."), file.isIdentifier(m + 1) { m += 2 }
            }
            guard m > a + 1, m < close, file.isIdentifier(m) else { return nil }
            return (m, close)
        }
        // Swift: `Maker(…)`, `self.expectation(…)`, `XCTKVOExpectation(…)`.
        var m = a
        while file.isIdentifier(m) && file.isPunct(m + 1, ".") && file.isIdentifier(m + 2) { m += 2 }
        guard file.isIdentifier(m), file.isPunct(m + 1, "(") else { return nil }
        let close = Int(file.partner[m + 1])
        guard close > m + 1, close < end else { return nil }
        return (m, close)
    }
}
