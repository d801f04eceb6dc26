/// Which thread code runs on and when: code that runs after the code around it (an
/// operation's block, a completion block, an `async` block, a `defer` block), code behind a
/// check that it runs off the main thread, main-actor isolation and the closures that start
/// a `Task` or complete an operation.
extension FileScanner {
    /// Why a block sent to the main dispatch queue, or the block of an operation the main
    /// queue runs, is main-thread code: on the main thread, not isolated to the main actor.
    static let mainDispatchBlockReason = "inside a DispatchQueue.main block"
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
    var checksTheThread: Bool {
        for index in scopes.indices.reversed() {
            let scope = scopes[index]
            if scope.offTheMainThreadFromHere { return true }
            if scope.isBodyBoundary { return false }
            if scope.kind == .block, scope.open > 0, branchRunsOnTheMainThread(at: scope.open) == false { return true }
        }
        return false
    }

    /// Why a wait made here blocks the main thread: `mainThreadReason`, unless a branch around
    /// the code runs only off the main thread (`if (![NSThread isMainThread]) { … }`).
    var mainThreadWaitReason: String? {
        guard let reason = mainThreadReason, !checksTheThread else { return nil }
        return reason
    }

    /// Notes, when the block just left ran only on the main thread and always leaves the body
    /// (its `guard … else`, or a `return`, `throw` or `fatalError` at its own level), that the
    /// rest of the scope around it runs off the main thread.
    func noteLeftThreadBranch(_ left: Scope) {
        guard left.kind == .block, left.open > 0, left.close < file.tokens.count, !scopes.isEmpty,
              branchRunsOnTheMainThread(at: left.open) == true else { return }
        let isGuard = file.isWord(left.open - 1, "else") && statementStartsWithGuard(before: left.open - 1)
        if isGuard || leavesTheBody(from: left.open, to: left.close) { scopes[scopes.count - 1].offTheMainThreadFromHere = true }
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
        // An `else` block runs when its `if` or `guard` condition is false.
        let isElse = file.isWord(b - 1, "else")
        var k = b - 1
        var steps = 0
        while k >= 0 && steps < 64 {
            steps += 1
            if isThreadTest(k) { return isNegated(k) == isElse }
            if file.isPunct(k, "}") {
                // `} else {`: the condition is the `if`'s, before its body.
                guard isElse, file.isWord(k + 1, "else") else { return nil }
                let open = Int(file.partner[k])
                guard open >= 0 && open < k else { return nil }
                k = open - 1
                continue
            }
            if file.isPunct(k, ";") || file.isPunct(k, "{") { return nil }
            k -= 1
        }
        return nil
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
        guard file.language == .objectiveC, k > 0 else { return false }
        if file.isPunct(k - 1, ")") {
            let open = Int(file.partner[k - 1])
            guard open > 0, open < k - 1, file.isWord(open - 1, "if") else { return false }
            return conditionRunsOnTheMainThread(open, k - 1) == false
        }
        guard file.isWord(k - 1, "else"), file.isPunct(k - 2, ";") else { return false }
        // The `if` whose statement without braces ends at that `;`: back over the statement to
        // the `)` that closes the condition.
        var m = k - 3
        var steps = 0
        while m > 0 && steps < 256 {
            steps += 1
            if file.isPunct(m, ";") || file.isPunct(m, "{") || file.isPunct(m, "}") { return false }
            if file.isPunct(m, ")") || file.isPunct(m, "]") {
                let open = Int(file.partner[m])
                guard open >= 0 && open < m else { return false }
                if file.isPunct(m, ")"), open > 0, file.isWord(open - 1, "if") { return conditionRunsOnTheMainThread(open, m) == true }
                m = open - 1
                continue
            }
            m -= 1
        }
        return false
    }

    /// Whether the condition between `open` and `close` holds only on the main thread (true),
    /// only off it (false), or tests no thread (nil).
    private func conditionRunsOnTheMainThread(_ open: Int, _ close: Int) -> Bool? {
        // `if (![NSThread isMainThread] || force)` may hold on either thread.
        for m in (open + 1)..<close where file.isPunct(m, "|") { return nil }
        for m in (open + 1)..<close where isThreadTest(m) { return !isNegated(m) }
        return nil
    }

    /// Why the current code is isolated to the main actor, when it is: main-thread code other
    /// than a block sent to the main dispatch queue or an operation of the main queue, which
    /// run on the main thread without the actor's isolation (a `Task` started there does not
    /// inherit it).
    var mainActorReason: String? {
        guard let reason = mainThreadReason, reason != Self.mainDispatchBlockReason, reason != Self.mainQueueOperationReason else { return nil }
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
