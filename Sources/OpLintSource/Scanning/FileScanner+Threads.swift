/// Which thread code runs on and when: code that runs after the code around it (an
/// operation's block, a completion block, an `async` block, a `defer` block), code behind a
/// check that it runs off the main thread, main-actor isolation and the closures that start
/// a `Task` or complete an operation.
extension FileScanner {
    /// Why a block sent to the main dispatch queue, or the block of an operation the main
    /// queue runs, is main-thread code: on the main thread, not isolated to the main actor.
    static let mainDispatchBlockReason = "inside a DispatchQueue.main block"
    /// The same, in the words of Objective-C.
    static let mainDispatchBlockReasonObjectiveC = "inside a block sent to dispatch_get_main_queue()"
    static let mainQueueOperationReason = "an operation on the main queue"

    /// Whether the code being read runs later than the code around it: in an operation's block,
    /// a completion block, a block sent with `async`, a `defer` block. Other closures (a lock's,
    /// `autoreleasepool`, `performAndWait`, a callback the scanner does not know) keep their place.
    var inLaterClosure: Bool {
        for index in scopes.indices.reversed() {
            if scopes[index].runsLater { return true }
            if case .operationBody? = scopes[index].role { return true }
            if scopes[index].isBodyBoundary { return false }
        }
        return false
    }

    /// Whether a branch around the current code, in the current body, runs only off the main
    /// thread: the body of `if !Thread.isMainThread {` / `if (![NSThread isMainThread]) {`, the
    /// `else` of `if Thread.isMainThread {` or of `guard Thread.isMainThread else {`.
    /// Also the code after a branch that runs only on the main thread and leaves the body
    /// (`guard !Thread.isMainThread else { …; return }`, `if Thread.isMainThread { …; return }`).
    /// A test of the current queue counts too (`checksTheQueue`): code written for the case
    /// where it already runs on the main queue, and for the case where it does not.
    var checksTheThread: Bool {
        for index in scopes.indices.reversed() {
            let scope = scopes[index]
            if scope.offTheMainThreadFromHere || scope.queueCheckedFromHere { return true }
            if scope.isBodyBoundary { return false }
            if scope.kind == .block, scope.open > 0 {
                let condition = branchCondition(at: scope.open)
                if condition.runsOnTheMainThread == false || condition.testsTheQueue { return true }
            }
        }
        return false
    }

    /// Whether a branch around the current code, in the current body, tests which queue the
    /// code runs on: either arm of `if (dispatch_get_specific(kKey)) { … } else { … }`,
    /// `if DispatchQueue.getSpecific(key: key) != nil {`, `if OperationQueue.current == queue {`,
    /// `if (dispatch_get_current_queue() == _queue) {`, a comparison of
    /// `dispatch_queue_get_label(DISPATCH_CURRENT_QUEUE_LABEL)`; also the code after such a
    /// branch that leaves the body. Code written for the case where it already runs on a queue
    /// and for the case where it does not is a re-entrancy guard: neither arm is taken for a
    /// `sync` onto the queue the code runs on, or for a wait inside an operation of that queue.
    var checksTheQueue: Bool {
        for index in scopes.indices.reversed() {
            let scope = scopes[index]
            if scope.queueCheckedFromHere { return true }
            if scope.isBodyBoundary { return false }
            if scope.kind == .block, scope.open > 0, branchTestsTheQueue(at: scope.open) { return true }
        }
        return false
    }

    /// Whether the statement at `k` runs only where a test of the current queue sent it: the
    /// Objective-C body of an `if` or `else` without braces (`if (dispatch_get_specific(key))
    /// block(); else dispatch_sync(_queue, block);`), or an arm of `?:` on the same line
    /// (`DispatchQueue.getSpecific(key: key) != nil ? work() : queue.sync(execute: work)`).
    func statementTestsTheQueue(at k: Int) -> Bool {
        if let condition = braceLessCondition(statementAt: k), conditionTestsTheQueue(condition.open, condition.close) { return true }
        let line = file.tokens[k].line
        var m = k - 1
        var sawQuestion = false
        while m >= 0 && file.tokens[m].line == line && !file.isPunct(m, oneOf: "{};") {
            if file.isPunct(m, "?") { sawQuestion = true }
            if sawQuestion, isQueueTest(m) { return true }
            m -= 1
        }
        return false
    }

    /// Why a wait made here blocks the main thread: `mainThreadReason`, unless a branch around
    /// the code runs only off the main thread (`if (![NSThread isMainThread]) { … }`).
    var mainThreadWaitReason: String? {
        guard let reason = mainThreadReasonCountingCallers, !checksTheThread else { return nil }
        return reason
    }

    /// Notes, when the block just left ran only on the main thread and always leaves the body
    /// (its `guard … else`, or a `return`, `throw` or `fatalError` at its own level), that the
    /// rest of the scope around it runs off the main thread; when the block's condition tested
    /// the current queue, that the rest of the scope runs only where that test sent it.
    func noteLeftThreadBranch(_ left: Scope) {
        guard left.kind == .block, left.open > 0, left.close < file.tokens.count, !scopes.isEmpty else { return }
        let condition = branchCondition(at: left.open)
        let onTheMainThread = condition.runsOnTheMainThread == true
        let testsTheQueue = !onTheMainThread && condition.testsTheQueue
        guard onTheMainThread || testsTheQueue else { return }
        let isGuard = file.isWord(left.open - 1, "else") && statementStartsWithGuard(before: left.open - 1)
        guard isGuard || leavesTheBody(from: left.open, to: left.close) else { return }
        if onTheMainThread {
            scopes[scopes.count - 1].offTheMainThreadFromHere = true
        } else {
            scopes[scopes.count - 1].queueCheckedFromHere = true
        }
    }

    /// `dispatchPrecondition(condition: .notOnQueue(.main))`, `dispatch_assert_queue_not(dispatch_get_main_queue())`
    /// at `k`: the code stops there unless it runs off the main queue, so the rest of the
    /// scope does — when it is a statement of the scope itself, not one branch of an `if`
    /// without braces, of `?:` or of an `#if` (`#if DEBUG`: a release build does not check).
    func assertsOffTheMainQueue(at k: Int) {
        let open = k + 1
        let close = Int(file.partner[open])
        guard close > open, !scopes.isEmpty, openGroup() == nil else { return }
        let before = k - 1
        let startsStatement = before < 0 || file.isPunct(before, oneOf: "{};")
            || (file.language == .swift && file.tokens[before].line < file.tokens[k].line
                && !file.isPunct(before, oneOf: ")?:=,(") && !file.isWord(before, "else"))
        guard startsStatement else { return }
        var notOn = file.isWord(k, "dispatch_assert_queue_not")
        var main = false
        for m in (open + 1)..<close {
            if file.isWord(m, "notOnQueue") { notOn = true }
            if file.isWord(m, "dispatch_get_main_queue") || (file.isWord(m, "main") && file.isPunct(m - 1, ".")) { main = true }
        }
        if notOn && main { scopes[scopes.count - 1].offTheMainThreadFromHere = true }
    }

    /// Whether the `else` at `k` belongs to a `guard` (no `}` before it on the way back to the statement's start).
    private func statementStartsWithGuard(before k: Int) -> Bool {
        var m = k - 1
        var steps = 0
        while m >= 0 && steps < 64 {
            steps += 1
            if file.isWord(m, "guard") { return true }
            if file.isPunct(m, "}") || file.isPunct(m, "{") || file.isPunct(m, ";") { return false }
            m -= 1
        }
        return false
    }

    /// Whether the block `open…close` has a `return`, `throw` or `fatalError(` at its own level.
    private func leavesTheBody(from open: Int, to close: Int) -> Bool {
        var k = open + 1
        while k < close {
            if file.isPunct(k, "{") || file.isPunct(k, "("), file.partner[k] > k { k = Int(file.partner[k]) + 1; continue }
            if file.isWord(k, "return") || file.isWord(k, "throw") || (file.isWord(k, "fatalError") && file.isPunct(k + 1, "(")) { return true }
            k += 1
        }
        return false
    }

    /// Whether the branch whose `{` is at `b` runs only on the main thread (true), only off it
    /// (false), or tests no thread (nil).
    private func branchRunsOnTheMainThread(at b: Int) -> Bool? {
        branchCondition(at: b).runsOnTheMainThread
    }

    /// What the condition of the branch whose `{` is at `b` tests, in one walk back over it
    /// (the `if`'s or `guard`'s own, or for an `else`, the `if`'s before it): whether the
    /// branch runs only on the main thread (true), only off it (false), or the condition tests
    /// no thread (nil); and whether it tests the current queue.
    private func branchCondition(at b: Int) -> (runsOnTheMainThread: Bool?, testsTheQueue: Bool) {
        // An `else` block runs when its `if` or `guard` condition is false.
        let isElse = file.isWord(b - 1, "else")
        var testsTheQueue = false
        var k = b - 1
        var steps = 0
        while k >= 0 && steps < 64 {
            steps += 1
            if file.tokens[k].kind == .identifier {
                if let negated = threadTest(at: k) { return (negated == isElse, testsTheQueue) }
                if !testsTheQueue && isQueueTest(k) { testsTheQueue = true }
            } else if file.isPunct(k, "}") {
                // `} else {`: the condition is the `if`'s, before its body.
                guard isElse, file.isWord(k + 1, "else") else { break }
                let open = Int(file.partner[k])
                guard open >= 0 && open < k else { break }
                k = open - 1
                continue
            } else if file.isPunct(k, ";") || file.isPunct(k, "{") {
                break
            }
            k -= 1
        }
        return (nil, testsTheQueue)
    }

    /// Whether the call at `k` is the arm of a `?:` on its line, whose condition tests the main
    /// thread, that runs off it: `[NSThread isMainThread] ? block() : dispatch_sync(…, block)`,
    /// `Thread.isMainThread ? work() : DispatchQueue.main.sync(execute: work)`.
    func ternaryArmRunsOffTheMainThread(call k: Int) -> Bool {
        let line = file.tokens[k].line
        var m = k - 1
        var isElse = false
        while m > 0 && file.tokens[m].line == line && !file.isPunct(m, oneOf: "{};([,") {
            if file.isPunct(m, ")") || file.isPunct(m, "]") {
                let open = Int(file.partner[m])
                guard open >= 0 && open < m else { return false }
                m = open - 1
                continue
            }
            if file.isPunct(m, ":") { isElse = true }
            if file.isPunct(m, "?") {
                // The condition, back to the start of the statement or of the value.
                var c = m - 1
                while c > 0 && file.tokens[c].line == line && !file.isPunct(c, oneOf: "{};=,") && !file.isWord(c, "return") {
                    if file.isPunct(c, ")") || file.isPunct(c, "]") {
                        let open = Int(file.partner[c])
                        guard open >= 0 && open < c else { return false }
                        c = open - 1
                        continue
                    }
                    // The parenthesis or bracket around the whole `?:`.
                    if file.isPunct(c, "(") || file.isPunct(c, "[") { break }
                    c -= 1
                }
                for t in (c + 1)..<m {
                    if let negated = threadTest(at: t) { return isElse ? !negated : negated }
                }
                return false
            }
            m -= 1
        }
        return false
    }

    /// Whether the branch whose `{` is at `b` is an arm of a condition that tests the current
    /// queue (the `if`'s or `guard`'s own, or for an `else`, the `if`'s before it).
    private func branchTestsTheQueue(at b: Int) -> Bool {
        branchCondition(at: b).testsTheQueue
    }

    /// Whether token `k` asks which queue the code runs on: `dispatch_get_specific`,
    /// `DispatchQueue.getSpecific`, `dispatch_get_current_queue`, `[NSOperationQueue currentQueue]`,
    /// `OperationQueue.current`, `DISPATCH_CURRENT_QUEUE_LABEL`.
    private func isQueueTest(_ k: Int) -> Bool {
        guard file.isIdentifier(k) else { return false }
        switch file.tokens[k].length {
        case 5, 7, 11, 12, 21, 26, 28: break
        default: return false
        }
        if file.isWord(k, "current") { return file.isPunct(k - 1, ".") && file.isWord(k - 2, "OperationQueue") }
        if file.isWord(k, "getSpecific") { return file.isPunct(k - 1, ".") && file.isWord(k - 2, "DispatchQueue") }
        if file.isWord(k, "label"), file.isPunct(k - 1, ".") { return comparesQueueLabel(at: k) }
        return file.isWord(k, "dispatch_get_specific") || file.isWord(k, "dispatch_get_current_queue")
            || file.isWord(k, "DISPATCH_CURRENT_QUEUE_LABEL") || file.isWord(k, "__dispatch_queue_get_label")
            || (file.isWord(k, "currentQueue") && file.isWord(k - 1, "NSOperationQueue") && file.isPunct(k - 2, "["))
    }

    /// Whether token `k` tests the main thread, and if so whether the test is negated: a test
    /// itself (`isThreadTest`), or a variable that holds one (`BOOL onMain = [NSThread
    /// isMainThread]; if (!onMain) …`, `let offMain = !Thread.isMainThread`).
    private func threadTest(at k: Int) -> Bool? {
        if isThreadTest(k) { return isNegated(k) }
        guard let names = threadTestVariables, file.isIdentifier(k), !file.isPunct(k + 1, "("), !file.isPunct(k - 1, "."),
              names.contains(file.text(k)), let held = threadTestHeld(by: k) else { return nil }
        return isNegated(k) != held
    }

    /// Notes, at the `=` at `i`, a variable assigned a test of the main thread (`BOOL onMain =
    /// [NSThread isMainThread];`, `let offMain = !Thread.isMainThread`), for `threadTest(at:)`.
    func noteThreadTestAssignment(at i: Int) {
        guard file.isIdentifier(i - 1) else { return }
        // The value starts with the thread's class or the C function, after any `!`, `(` or `[`.
        var v = i + 1
        while v < file.tokens.count && v < i + 4 && file.isPunct(v, oneOf: "!([") { v += 1 }
        guard file.isWord(v, "NSThread") || file.isWord(v, "Thread") || file.isWord(v, "pthread_main_np") else { return }
        let line = file.tokens[i].line
        while v < file.tokens.count && v < i + 10 && file.tokens[v].line == line && !file.isPunct(v, ";") {
            let length = file.tokens[v].length
            if length == 12 || length == 15, isThreadTest(v) {
                threadTestVariables = (threadTestVariables ?? []).union([file.text(i - 1)])
                return
            }
            v += 1
        }
    }

    /// Whether the variable at `k` was last assigned a test of the main thread in the code
    /// before it, in the same body (nil when it was not), and whether that test was negated.
    private func threadTestHeld(by k: Int) -> Bool? {
        let name = file.text(k)
        var m = k - 1
        var steps = 0
        while m > 0 && steps < 2048 {
            steps += 1
            if file.isPunct(m, "}") {
                let open = Int(file.partner[m])
                guard open >= 0 && open < m else { return nil }
                m = open - 1
                continue
            }
            // The function's own `{`: its code before is another body's.
            if file.isPunct(m, "{"), scopes.contains(where: { $0.open == m && $0.isBodyBoundary }) { return nil }
            if file.isPunct(m, "="), !file.isPunct(m + 1, "="), !file.isPunct(m - 1, oneOf: "=!<>"), file.isIdentifier(m - 1), file.text(m - 1) == name {
                // The value: one test, maybe negated, up to the end of the statement.
                var v = m + 1
                var negated = false
                while v < file.tokens.count && v < m + 12 && !file.isPunct(v, ";") && file.tokens[v].line == file.tokens[m].line {
                    if file.isPunct(v, "!") { negated = true }
                    if isThreadTest(v) { return negated }
                    v += 1
                }
                return nil
            }
            m -= 1
        }
        return nil
    }

    /// Whether the `label` at `k` is a queue's label compared with `==` or `!=`
    /// (`if current == self.queue.label {`, `queue.label != name`).
    private func comparesQueueLabel(at k: Int) -> Bool {
        func isComparison(_ m: Int) -> Bool { file.isPunct(m + 1, "=") && (file.isPunct(m, "=") || file.isPunct(m, "!")) }
        if isComparison(k + 1) { return true }
        var start = k
        while start >= 2, file.isPunct(start - 1, "."), file.isIdentifier(start - 2) { start -= 2 }
        return start >= 2 && isComparison(start - 2) && !file.isPunct(start - 3, "=")
    }

    /// Whether token `k` asks whether the code runs on the main thread: `isMainThread`
    /// (`Thread.isMainThread`, `[NSThread isMainThread]`) or `pthread_main_np()`.
    private func isThreadTest(_ k: Int) -> Bool {
        file.isWord(k, "isMainThread") || (file.isWord(k, "pthread_main_np") && file.isPunct(k + 1, "(") && file.isPunct(k + 2, ")"))
    }

    /// Whether the thread test at `k` is tested false: `!Thread.isMainThread`,
    /// `![NSThread isMainThread]`, `![[NSThread currentThread] isMainThread]`,
    /// `!NSThread.currentThread.isMainThread`, `!pthread_main_np()`, `YES != [NSThread isMainThread]`,
    /// `… == NO`, `== false`, `pthread_main_np() == 0`.
    private func isNegated(_ k: Int) -> Bool {
        for m in max(0, k - 4)..<k where file.isPunct(m, "!") { return true }
        // The `!` before the whole test: the message's `[` (`[[NSThread currentThread] isMainThread]`),
        // or the first name of the path (`NSThread.currentThread.isMainThread`).
        var start = k
        if file.isPunct(k + 1, "]"), Int(file.partner[k + 1]) < k { start = Int(file.partner[k + 1]) }
        while start >= 2, file.isPunct(start - 1, "."), file.isIdentifier(start - 2) { start -= 2 }
        if start > 0, file.isPunct(start - 1, "!") { return true }
        var m = file.isWord(k, "pthread_main_np") ? k + 3 : k + 1
        let end = m + 2
        while m < min(end, file.tokens.count) && (file.isPunct(m, "]") || file.isPunct(m, ")")) { m += 1 }
        return file.isPunct(m, "=") && file.isPunct(m + 1, "=") && (file.isWord(m + 2, "NO") || file.isWord(m + 2, "false") || (file.tokens.indices.contains(m + 2) && file.tokens[m + 2].kind == .number && file.tokenIs(m + 2, "0")))
    }

    /// Whether the Objective-C statement that starts at `k` is the whole body of an `if` or
    /// `else` without braces that runs only off the main thread: `if (![NSThread isMainThread])
    /// dispatch_sync(…);`, or the `else` of `if ([NSThread isMainThread]) block(); else
    /// dispatch_sync(…);`.
    func braceLessBranchRunsOffTheMainThread(statementAt k: Int) -> Bool {
        guard let condition = braceLessCondition(statementAt: k) else { return false }
        return conditionRunsOnTheMainThread(condition.open, condition.close) == condition.isElse
    }

    /// The parentheses of the condition whose Objective-C `if` (or `else`) has the statement
    /// at `k` as its whole body, without braces: `if (c) s;` or `if (c) t; else s;`.
    private func braceLessCondition(statementAt k: Int) -> (open: Int, close: Int, isElse: Bool)? {
        guard file.language == .objectiveC, k > 0 else { return nil }
        if file.isPunct(k - 1, ")") {
            let open = Int(file.partner[k - 1])
            guard open > 0, open < k - 1, file.isWord(open - 1, "if") else { return nil }
            return (open, k - 1, false)
        }
        guard file.isWord(k - 1, "else"), file.isPunct(k - 2, ";") else { return nil }
        // The `if` whose statement without braces ends at that `;`: back over the statement to
        // the `)` that closes the condition.
        var m = k - 3
        var steps = 0
        while m > 0 && steps < 256 {
            steps += 1
            if file.isPunct(m, ";") || file.isPunct(m, "{") || file.isPunct(m, "}") { return nil }
            if file.isPunct(m, ")") || file.isPunct(m, "]") {
                let open = Int(file.partner[m])
                guard open >= 0 && open < m else { return nil }
                if file.isPunct(m, ")"), open > 0, file.isWord(open - 1, "if") { return (open, m, true) }
                m = open - 1
                continue
            }
            m -= 1
        }
        return nil
    }

    /// Whether the condition between `open` and `close` tests the current queue.
    private func conditionTestsTheQueue(_ open: Int, _ close: Int) -> Bool {
        for m in (open + 1)..<close where isQueueTest(m) { return true }
        return false
    }

    /// Whether the condition between `open` and `close` holds only on the main thread (true),
    /// only off it (false), or tests no thread (nil).
    private func conditionRunsOnTheMainThread(_ open: Int, _ close: Int) -> Bool? {
        // `if (![NSThread isMainThread] || force)` may hold on either thread.
        for m in (open + 1)..<close where file.isPunct(m, "|") { return nil }
        for m in (open + 1)..<close { if let negated = threadTest(at: m) { return !negated } }
        return nil
    }

    /// Why the current code is isolated to the main actor, when it is: main-thread code other
    /// than a block sent to the main dispatch queue or an operation of the main queue, which
    /// run on the main thread without the actor's isolation (a `Task` started there does not
    /// inherit it).
    var mainActorReason: String? {
        guard let reason = mainThreadReason, reason != Self.mainDispatchBlockReason, reason != Self.mainDispatchBlockReasonObjectiveC,
              reason != Self.mainQueueOperationReason else { return nil }
        return reason
    }

    /// Whether the `{` at `b` opens an operation's completion block (`op.completionBlock = {`,
    /// `op.completionBlock = ^{`, `[op setCompletionBlock:^{`), which runs once the operation has finished.
    func isCompletionBlock(at b: Int) -> Bool {
        var k = b - 1
        if file.isPunct(k, "^") { k -= 1 }
        if file.isPunct(k, "=") { return file.isWord(k - 1, "completionBlock") && file.isPunct(k - 2, ".") }
        return file.isPunct(k, ":") && file.isWord(k - 1, "setCompletionBlock")
    }

    /// The operation whose completion block opens at `b` (`fetch.completionBlock = {`,
    /// `[fetch setCompletionBlock:^{`), when the scanner knows it: it has finished when the
    /// block runs, so the block's code sees it finished.
    func operationFinishedBeforeBlock(at b: Int) -> Int? {
        var k = b - 1
        if file.isPunct(k, "^") { k -= 1 }
        let receiver: Int
        if file.isPunct(k, "=") {
            guard file.isWord(k - 1, "completionBlock"), file.isPunct(k - 2, "."), file.isIdentifier(k - 3) else { return nil }
            receiver = k - 3
            guard !file.isPunct(receiver - 1, ".") || (file.isIdentifier(receiver - 2) && Self.selfNames.contains(file.text(receiver - 2))) else { return nil }
        } else {
            guard file.isPunct(k, ":"), file.isWord(k - 1, "setCompletionBlock"), file.isIdentifier(k - 2), file.isPunct(k - 3, "[") else { return nil }
            receiver = k - 2
        }
        guard case .entity(let id)? = lookup(ScanName(file.text(receiver))), scan.entities[id].kind == .operation else { return nil }
        return id
    }

    /// Why the code of a SwiftUI view runs on the main thread.
    static let swiftUIViewReason = "a SwiftUI view"

    /// SwiftUI's modifiers and controls whose closure runs on the main thread, in a view.
    static let swiftUIActions: Set<String> = ["onAppear", "onDisappear", "onTapGesture", "onLongPressGesture", "onChange", "onSubmit",
                                              "onReceive", "refreshable", "task", "Button", "action"]

    /// Whether the `{` at `b` is the closure of a SwiftUI modifier or control (`.onAppear {`,
    /// `.task(id: x) {`, `Button("Save") {`, `Button(action: {`).
    func isSwiftUIAction(closureAt b: Int) -> Bool {
        var k = b - 1
        if file.isPunct(k, ":"), file.isWord(k - 1, "action") { return true }
        if file.isPunct(k, ")") {
            let open = Int(file.partner[k])
            guard open >= 0 && open < k else { return false }
            k = open - 1
        }
        guard file.isIdentifier(k), Self.swiftUIActions.contains(file.text(k)) else { return false }
        return file.isWord(k, "Button") ? !file.isPunct(k - 1, ".") : file.isPunct(k - 1, ".")
    }

    /// Whether the `{` at `b` is the closure of `Task { … }` or `Task(priority: …) { … }`.
    func startsTask(closureAt b: Int) -> Bool {
        var k = b - 1
        if file.isPunct(k, ")") {
            let open = Int(file.partner[k])
            guard open >= 0 && open < k else { return false }
            k = open - 1
        }
        return file.isWord(k, "Task") && !file.isPunct(k - 1, ".")
    }
}
