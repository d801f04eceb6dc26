import OpLintCore

extension FileScanner {
    /// The selectors of the operation API that `message(at:)` follows.
    static let operationSelectors: Set<String> = [
        "addDependency:", "removeDependency:", "addOperation:", "addOperations:waitUntilFinished:", "addOperationWithBlock:",
        "addBarrierBlock:", "waitUntilFinished", "waitUntilAllOperationsAreFinished", "cancel", "cancelAllOperations",
        "start", "setMaxConcurrentOperationCount:", "setSuspended:", "setQualityOfService:", "setQueuePriority:",
    ]

    /// An Objective-C message send `[receiver selector:argument …]` at the `[` at `k`.
    func message(at k: Int) {
        let close = Int(file.partner[k])
        guard close > k + 2 else { return }
        let words: [String]
        let selectorStart: Int
        var returned: Int?
        if file.isPunct(k + 1, "["), file.isWord(k + 2, "self"), file.isIdentifier(k + 3), file.isPunct(k + 4, "]") {
            // [[self queue] addOperation:op]
            words = ["self", file.text(k + 3)]
            selectorStart = k + 5
        } else if file.isPunct(k + 1, "["), file.isWord(k + 2, "NSOperationQueue"), file.isWord(k + 3, "mainQueue"), file.isPunct(k + 4, "]") {
            words = ["NSOperationQueue", "mainQueue"]
            selectorStart = k + 5
        } else if let receiverEnd = pathEnd(from: k + 1), receiverEnd < close {
            words = path(from: k + 1, to: receiverEnd)
            selectorStart = receiverEnd
        } else if file.isPunct(k + 1, "["), Int(file.partner[k + 1]) > k + 1, file.isPunct(Int(file.partner[k + 1]) + 1, "."),
                  let end = pathEnd(from: Int(file.partner[k + 1]) + 2), end < close, let receiver = receiverPath(endingAt: end - 1) {
            // `[[Outbox sharedOutbox].queue addOperation:op]`: a property of a class method's value.
            words = receiver.path
            selectorStart = end
        } else if file.isPunct(k + 1, "["), Int(file.partner[k + 1]) > k + 1, Int(file.partner[k + 1]) + 1 < close {
            // A receiver that is itself a message: `[[[self class] sharedQueue] addOperation:op]`.
            words = []
            selectorStart = Int(file.partner[k + 1]) + 1
            returned = returnedQueue(message: k + 1, close: selectorStart - 1)
        } else {
            return
        }
        guard file.isIdentifier(selectorStart) else { return }
        var parts: [(name: String, argument: Int, end: Int)] = []
        var m = selectorStart
        var unary: String?
        while m < close {
            guard file.isIdentifier(m) else { return }
            if !file.isPunct(m + 1, ":") {
                if parts.isEmpty && m + 1 == close { unary = file.text(m) }
                break
            }
            let argument = m + 2
            var end = argument
            while end < close && !(file.isIdentifier(end) && file.isPunct(end + 1, ":") && end > argument) {
                end = file.isPunct(end, "[") || file.isPunct(end, "(") || file.isPunct(end, "{") ? skipGroup(end) : end + 1
            }
            parts.append((file.text(m), argument, min(end, close)))
            m = end
        }
        let selector = unary ?? parts.map { $0.name + ":" }.joined()
        let known = Self.operationSelectors
        if selector == "addObject:", case .list(let items)? = resolvePath(words), case .entity(let id)? = evaluate(at: parts[0].argument, naming: nil) {
            rebind(words, start: k + 1, to: .list(items + [id]))
            return
        }
        if selector.hasPrefix("waitForExpectations") { expectationWait(message: k, selector: selector, argument: parts.first?.argument ?? close, end: parts.first?.end ?? close) }
        // `[queue enqueueTree:parse]`: a queue's method that adds the operation's dependencies too.
        if parts.count == 1, !words.isEmpty, !known.contains(selector),
           enqueueWithDependencies(parts[0].name, on: words, token: lastName(before: selectorStart), argument: parts[0].argument,
                                   argumentEnd: parts[0].end, location: file.location(k)) {
            return
        }
        guard known.contains(selector) else {
            // The receiver of a message is not handed on; `otherCall` decides what the message does to it.
            if !words.isEmpty { for t in (k + 1)..<selectorStart { consumed.insert(t) } }
            // `[op timeout:5];` on its own, its value unused.
            let isStatement = (k == 0 || file.isPunct(k - 1, oneOf: "{};)")) && file.isPunct(close + 1, ";")
            otherCall(parts.first?.name ?? selector, on: words, start: k + 1, locatedAt: k, firstArgument: parts.first.map { $0.argument..<$0.end },
                      isCall: !parts.isEmpty, selector: selector, isStatement: isStatement)
            return
        }
        // `[self.jobs addOperations:@[a] waitUntilFinished:NO]` on a class of the code's own that is
        // neither a queue nor an operation: that class's own method.
        if !words.isEmpty, Self.isQueueCall(parts.first?.name ?? selector), isOwnNonOperationType(path: words) { return }
        let receiverText = words.isEmpty ? text(k + 1, selectorStart) : pathText(words)
        let location = file.location(k)
        let binding = words.isEmpty ? returned.map { .entity($0) } : resolvePath(words, at: lastName(before: selectorStart))
        for t in (k + 1)..<selectorStart { consumed.insert(t) }
        // The selector's first part: its text up to the first colon (Character by Character, a
        // split cost ten thousand instructions a message).
        let call = parts.first?.name ?? selector
        switch selector {
        case "addDependency:", "removeDependency:":
            let part = parts[0]
            dependency(call, waiter: binding, waiterText: receiverText, dependency: evaluate(at: part.argument, naming: nil), argumentText: text(part.argument, part.end), location: location)
        case "addOperation:":
            let part = parts[0]
            enqueue(queue: binding, queueText: receiverText, operations: evaluate(at: part.argument, naming: nil), argumentText: text(part.argument, part.end), waits: false, call: call, location: location)
        case "addOperations:waitUntilFinished:":
            let part = parts[0]
            let waits = waitFlag(at: parts[1].argument, end: parts[1].end, location: location)
            enqueue(queue: binding, queueText: receiverText, operations: evaluate(at: part.argument, naming: nil), argumentText: text(part.argument, part.end), waits: waits, call: call, location: location)
        case "addOperationWithBlock:", "addBarrierBlock:":
            guard let body = blockBrace(at: parts[0].argument) else { return }
            anonymous(queue: binding, queueText: receiverText, body: body, isBarrier: selector == "addBarrierBlock:", location: location)
        case "setMaxConcurrentOperationCount:":
            setting("maxConcurrentOperationCount", on: binding, receiverText: receiverText, valueAt: parts[0].argument, location: location)
        case "setSuspended:":
            setting("isSuspended", on: binding, receiverText: receiverText, valueAt: parts[0].argument, location: location)
        case "setQualityOfService:":
            setting("qualityOfService", on: binding, receiverText: receiverText, valueAt: parts[0].argument, location: location)
        case "setQueuePriority:":
            setting("queuePriority", on: binding, receiverText: receiverText, valueAt: parts[0].argument, location: location)
        default:
            simpleCall(selector, on: binding, receiverText: receiverText, location: location)
        }
    }

    /// The queue a method of this file returns, for the receiver `[Class method]`,
    /// `[self method]` or `[[self class] method]` between `open` and `close`.
    private func returnedQueue(message open: Int, close: Int) -> Int? {
        guard file.isIdentifier(close - 1), !file.isPunct(close - 2, ":") else { return nil }
        let target = close - 2
        let isClassOrSelf = (file.isIdentifier(target) && target == open + 1)
            || (file.isPunct(target, "]") && Int(file.partner[target]) == open + 1 && file.isWord(open + 3, "class"))
        return isClassOrSelf ? queueReturnedBy[file.text(close - 1)] : nil
    }

    /// `dispatch_sync(queue, ^{ … })` / `dispatch_async(…)` in Objective-C.
    func dispatchFunction(at i: Int) {
        let open = i + 1
        let close = Int(file.partner[open])
        guard close > open else { return }
        var comma = open + 1
        while comma < close && !file.isPunct(comma, ",") {
            comma = file.isPunct(comma, "(") || file.isPunct(comma, "[") ? skipGroup(comma) : comma + 1
        }
        guard comma < close else { return }
        let queueText: String
        var rawPath: [String] = []
        if file.isWord(open + 1, "dispatch_get_main_queue") {
            queueText = "DispatchQueue.main"
        } else if let end = pathEnd(from: open + 1), end == comma {
            rawPath = path(from: open + 1, to: end)
            queueText = Self.dispatchName(rawPath.joined(separator: "."))
        } else {
            return
        }
        dispatch(file.isWord(i, "dispatch_sync"), queueText: queueText, rawPath: rawPath, body: blockBrace(at: comma + 1), call: i, location: file.location(i),
                 offTheMainThread: braceLessBranchRunsOffTheMainThread(statementAt: i))
    }
}
