#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OpLintCore

extension FileScanner {
    var currentScopeID: Int {
        let last = scopes.count - 1
        return scopes[last].branchID ?? scopes[last].caseID ?? scopes[last].id
    }

    func placeholder(_ id: Int) -> String { FileScan.placeholder(.entity(id)) }

    private func operations(_ ids: [Int]?) -> [Int]? {
        guard let ids else { return nil }
        let ops = ids.filter { scan.entities[$0].kind == .operation }
        return ops.count == ids.count ? ops : nil
    }

    /// The queue a binding stands for; a value the scanner did not follow becomes one when
    /// `shown` (the call is one only a queue answers) or its declared type is a queue class.
    func queue(_ binding: Binding?, shown: Bool) -> Int? {
        switch current(binding) {
        case .entity(let id)?: return scan.entities[id].kind == .queue ? id : nil
        case .obtained(let type, _)?:
            guard shown || type.map(classes.isQueue) == true else { return nil }
            return materialize(binding, as: .queue)
        default: return nil
        }
    }

    /// The operations a binding stands for; a value the scanner did not follow becomes one when
    /// `shown` (the call shows it is one) or its declared type is an operation class, for the
    /// calls that put it in the graph (`enqueues`: an enqueue, a dependency, a start). Other
    /// calls (`cancel`, `waitUntilFinished`) are about an operation made elsewhere.
    func operations(_ binding: Binding?, shown: Bool, enqueues: Bool = true) -> [Int]? {
        if case .obtained? = current(binding) {
            guard enqueues, canBeOperation(binding, shown: shown), materialize(binding, as: .operation) != nil else { return nil }
        }
        // A value made an operation comes with the operations held on other paths (`either`).
        return operations(entities(current(binding)))
    }

    /// Whether `operations(binding, shown:)` would find or make operations (without making them).
    /// A value held where operations are held on other paths is shown to be one.
    func canBeOperation(_ binding: Binding?, shown: Bool) -> Bool {
        switch current(binding) {
        case .obtained(let type, let at)?:
            return (shown || heldOnOtherPaths[at] != nil || type.map(classes.isOperation) == true) && mayBe(.operation, type)
        case let other: return operations(entities(other)) != nil
        }
    }

    /// Whether the first pass saw the value written `text` used as an operation in this file.
    private func isUsedAsOperation(_ text: String) -> Bool {
        // The last part between `.`, `?` and `!` (`self.op?` gives `op`).
        let last: Substring
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII text: its bytes are its characters, read back from the end with no list made.
            let isSeparator = { (byte: UInt8) in byte == UInt8(ascii: ".") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "!") }
            guard let end = utf8.lastIndex(where: { !isSeparator($0) }) else { return false }
            let start = utf8[..<end].lastIndex(where: isSeparator).map { utf8.index(after: $0) } ?? utf8.startIndex
            last = text[start..<utf8.index(after: end)]
        } else {
            // `.` with a combining mark after it is one character, and not a separator.
            guard let piece = text.split(whereSeparator: { $0 == "." || $0 == "?" || $0 == "!" }).last else { return false }
            last = piece
        }
        return uses.operationNames.contains(Self.memberName(String(last)))
    }

    /// `a.addDependency(b)` / `a.removeDependency(b)`: a value on one side is an operation when
    /// the other side is one, or when the file uses it as one.
    func dependency(_ call: String, waiter: Binding?, waiterText: String, dependency: Binding?, argumentText: String, location: SourceLocation) {
        // Decide both sides before making anything, so that a call that is not followed leaves no trace.
        var waiterShown = isUsedAsOperation(waiterText)
        var dependencyShown = isUsedAsOperation(argumentText)
        if canBeOperation(waiter, shown: waiterShown) { dependencyShown = true }
        if canBeOperation(dependency, shown: dependencyShown) { waiterShown = true }
        guard canBeOperation(waiter, shown: waiterShown), let waiters = operations(waiter, shown: waiterShown) else {
            unresolved(call, waiterText, binding: waiter, location: location)
            return
        }
        guard let dependencies = operations(dependency, shown: true) else {
            unresolved(call, argumentText, binding: isUnrelated(waiter) ? waiter : dependency, location: location)
            return
        }
        scan.callsFollowed += 1
        let chain = straightLineScopes
        let branches = call == "addDependency" ? activeBranches : []
        for w in waiters {
            // An operation known to have finished here (waited for, or run by `start()`) is held
            // back by nothing added now: the call is a late change, not an edge.
            let waiterFinished = call == "addDependency" && isFinished(w, chain)
            for d in dependencies where !waiterFinished {
                if call == "addDependency" {
                    // Inside branches: what other branches of the same groups it excludes is settled at the end (`settleReversals`).
                    if !branches.isEmpty { edgeBranches[scan.edges.count] = branches }
                    scan.edges.append(FileScan.Edge(waiter: .entity(w), dependency: .entity(d), location: location, scope: currentScopeID))
                } else {
                    var added = false
                    for e in scan.edges.indices where scan.edges[e].waiter == .entity(w) && scan.edges[e].dependency == .entity(d) {
                        added = true
                        if chain.contains(scan.edges[e].scope) { scan.edges[e].isRemoved = true }
                    }
                    // Removing a dependency the code never added changes nothing, on any platform.
                    guard added else { continue }
                    scan.facts.removedDependencies.append(SourceFacts.RemovedDependency(
                        operation: placeholder(w), dependency: placeholder(d), location: location,
                        dependencyKnownFinished: isFinished(d, chain), isObjectiveC: file.language == .objectiveC))
                }
            }
            lateChange(w, call, other: dependencies.first.map(placeholder), location: location, chain: chain)
        }
    }

    /// Records a change to an operation made after it was enqueued in the same straight-line code (S5).
    func lateChange(_ op: Int, _ change: String, other: String?, location: SourceLocation, chain: [Int]) {
        guard let record = enqueueRecords[op]?.first(where: { chain.contains($0.scope) }) else { return }
        scan.facts.lateChanges.append(SourceFacts.LateChange(operation: placeholder(op), change: change, other: other, location: location, enqueuedAt: record.location))
    }

    /// Whether operation `d` is known to have finished at this point of the straight-line code.
    func isFinished(_ d: Int, _ chain: [Int]) -> Bool {
        if finishedIn[d]?.contains(where: chain.contains) == true { return true }
        if case .entity(let q)? = scan.entities[d].queue, queueWaitedIn[q]?.contains(where: chain.contains) == true { return true }
        return false
    }

    /// `q.addOperation(op)`, `q.addOperations([a, b], waitUntilFinished: w)`. On a queue the
    /// scanner cannot follow, the operations are enqueued all the same, on a queue of unknown settings.
    func enqueue(queue binding: Binding?, queueText: String, operations list: Binding?, argumentText: String, waits: Bool, call: String, location: SourceLocation) {
        // `addOperations` takes a list: a value the scanner does not follow is not one operation.
        guard let ops = operations(list, shown: call == "addOperation") else {
            unresolved(call, argumentText, binding: list, location: location)
            return
        }
        // One operation, not a loop variable or a list: the same operation in every iteration;
        // in a list written out (`[cleanup, flush]`), each plain local name is one too.
        let single = singleVariable(argumentText, holding: list)
        let written = single == nil ? listedVariables(argumentText) : [:]
        guard let q = queue(binding, shown: true) else {
            for op in ops { markEnqueued(op, queue: nil, location: location, unknownQueue: queueText, single: single ?? written[op]) }
            unknownQueue(call, queueText, binding: binding, location: location)
            return
        }
        scan.callsFollowed += 1
        for op in ops { markEnqueued(op, queue: q, location: location, single: single ?? written[op]) }
        if waits { for op in ops { waitOn(op, location: location, call: call) } }
    }

    /// Notes an enqueue or manual start of `op` (S16 when it already happened before); with
    /// `unknownQueue`, an enqueue on the queue written so that the scanner cannot follow.
    /// A manual start (`byHand`) of an operation whose class replaces `start` without calling
    /// `super` repeats nothing that throws: Foundation's `start` never runs.
    /// The local variable an API call takes, when it is written as a plain name and holds one
    /// operation (not a list, not a property another method may replace).
    private func singleVariable(_ text: String, holding binding: Binding?) -> String? {
        guard case .entity? = current(binding), !text.isEmpty,
              text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x5F }),
              case let name = ScanName(text), scopes.indices.contains(where: { scopes[$0].locals[name] != nil }) else { return nil }
        return text
    }

    /// `text` without the white space and line breaks at either end, as
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` gives it, without going through
    /// `NSString` (which cost more than the rest of an enqueue).
    static func trimmingSpace(_ text: Substring) -> String {
        text.trimmingScalars { $0.isFoundationWhitespaceOrNewline }
    }

    /// The operations of a list written out of plain local names (`[cleanup, flush]`, `@[a, b]`),
    /// each with its name.
    private func listedVariables(_ text: String) -> [Int: String] {
        var result: [Int: String] = [:]
        for name in Self.listedNames(text) {
            if case .entity(let op)? = current(lookup(name)), let variable = singleVariable(name, holding: .entity(op)), result[op] == nil {
                result[op] = variable
            }
        }
        return result
    }

    /// The elements of a list literal written as text (`[a, b]`, `@[a, b]`), each without the
    /// white space around it; empty when `text` is not one. ASCII text, the usual case, is split
    /// by its bytes (each byte is then one character); `bytewise: false` splits it by characters
    /// as any other text, for comparing the two.
    static func listedNames(_ text: String, bytewise: Bool = true) -> [String] {
        var text = text
        if bytewise, let names = text.withUTF8({ bytes in bytes.allSatisfy { $0 < 0x80 } ? asciiListedNames(bytes) : nil }) { return names }
        var inner = Substring(text)
        if inner.hasPrefix("@") { inner = inner.dropFirst() }
        guard inner.hasPrefix("["), inner.hasSuffix("]") else { return [] }
        return inner.dropFirst().dropLast().split(separator: ",").map { trimmingSpace($0) }
    }

    /// `listedNames` of ASCII text.
    private static func asciiListedNames(_ bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        var start = bytes.startIndex
        if start < bytes.endIndex && bytes[start] == UInt8(ascii: "@") { start += 1 }
        guard start < bytes.endIndex, bytes[start] == UInt8(ascii: "["), bytes.count - start >= 2,
              bytes[bytes.endIndex - 1] == UInt8(ascii: "]") else { return [] }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        var names: [String] = []
        var part = start + 1
        let end = bytes.endIndex - 1
        while part < end {
            var next = part
            while next < end && bytes[next] != UInt8(ascii: ",") { next += 1 }
            // Empty parts are left out, as `split` leaves them out.
            if next > part {
                var (first, last) = (part, next)
                while first < last && isSpace(bytes[first]) { first += 1 }
                while first < last && isSpace(bytes[last - 1]) { last -= 1 }
                names.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<last]), as: UTF8.self))
            }
            part = next + 1
        }
        return names
    }

    private func markEnqueued(_ op: Int, queue q: Int?, location: SourceLocation, unknownQueue: String? = nil, byHand: Bool = false, single: String? = nil,
                              mayNotStart: Bool = false) {
        let chain = straightLineScopes
        let replacesStart = byHand && scan.entities[op].className.map { classes.startReplacement(of: $0) != nil } == true
        let previous = replacesStart ? nil : enqueueRecords[op]?.first(where: { chain.contains($0.scope) })?.location
        var enqueue = SourceFacts.Enqueue(operation: placeholder(op), queue: q.map(placeholder), location: location, previous: previous, receiver: unknownQueue)
        if previous == nil, !replacesStart, let single, let loop = loopRepeating(op, variable: single) {
            (enqueue.loop, enqueue.iterations) = (loop.location, loop.count)
        }
        scan.facts.enqueues.append(enqueue)
        if let q {
            if let suspension = suspendedAfterFillingIn[q], chain.contains(suspension.scope) {
                if scan.entities[q].suspendedAfterFilling == nil { scan.entities[q].suspendedAfterFilling = suspension.location }
                scan.entities[op].addedAfterSuspension = true
            } else if suspendedIn[q]?.contains(where: chain.contains) == true {
                scan.entities[q].isSuspended = scan.entities[q].isSuspended ?? true
            }
            queueFilledIn[q, default: []].append(currentScopeID)
        }
        if !mayNotStart { enqueueRecords[op, default: []].append((currentScopeID, location, q)) }
        if scan.entities[op].cancelledWhereAdded == nil, let cancel = cancelledIn[op]?.first(where: { chain.contains($0.scope) }) {
            scan.entities[op].cancelledWhereAdded = (cancel.location, cancel.delay)
        }
        if scan.entities[op].enqueuedAt == nil {
            scan.entities[op].enqueuedAt = location
            scan.entities[op].enqueuedInClosure = inLaterClosure
        }
        if scan.entities[op].enqueueOrder == nil {
            scan.entities[op].enqueueOrder = enqueueSequence
            enqueueSequence += 1
        }
        if let q, scan.entities[op].queue == nil { scan.entities[op].queue = .entity(q) }
        if unknownQueue != nil { scan.entities[op].enqueuedOnUnknownQueue = true } else if q == nil { scan.entities[op].startedManually = true }
    }

    /// `q.addOperation { }`, `q.addBarrierBlock { }`, `[q addOperationWithBlock:^{ }]`: an anonymous operation.
    func anonymous(queue binding: Binding?, queueText: String, body: Int, isBarrier: Bool, location: SourceLocation) {
        let call = isBarrier ? "addBarrierBlock" : "addOperation"
        let q = queue(binding, shown: true)
        let id = makeOperation(className: isBarrier ? "Barrier" : "BlockOperation", variable: nil, at: body)
        scan.entities[id].location = location
        scan.entities[id].operationKind = .block
        scan.entities[id].isBarrier = isBarrier
        closureRoles[body] = .operationBody(id)
        if let q {
            scan.callsFollowed += 1
            markEnqueued(id, queue: q, location: location)
        } else {
            markEnqueued(id, queue: nil, location: location, unknownQueue: queueText)
            unknownQueue(call, queueText, binding: binding, location: location)
        }
    }

    /// `waitUntilFinished`, `waitUntilAllOperationsAreFinished`, `cancel`, `cancelAllOperations`, `start`.
    func simpleCall(_ name: String, on binding: Binding?, receiverText: String, location: SourceLocation) {
        let chain = straightLineScopes
        switch name {
        case "waitUntilAllOperationsAreFinished", "cancelAllOperations":
            guard let q = queue(binding, shown: true) else {
                unresolved(name, receiverText, binding: binding, location: location)
                return
            }
            scan.callsFollowed += 1
            if name == "cancelAllOperations" {
                scan.facts.cancellations.append(SourceFacts.Cancellation(operation: nil, queue: placeholder(q), location: location))
                // What this code has added to the queue so far is cancelled there, as `op.cancel()`
                // on each would be (S6, S20); what other code adds, at a time not known, is not.
                for (key, records) in enqueueRecords where scan.entities[key.index].cancelledWhereAdded == nil
                    && records.contains(where: { $0.queue == q && chain.contains($0.scope) }) {
                    scan.entities[key.index].cancelledWhereAdded = (location, 0)
                }
                return
            }
            if operationContext != nil || subclassBodyContext != nil, checksTheQueue {
                // `if OperationQueue.current == queue { … } else { queue.waitUntil… }`: a re-entrancy guard.
            } else if let waiter = operationContext {
                scan.waits.append(FileScan.Wait(waiter: .entity(waiter), target: .entity(q), isQueue: true, location: location))
            } else if let type = subclassBodyContext {
                classWaits.append((type, q, true, location))
            } else if let reason = mainThreadWaitReason {
                scan.facts.mainThreadWaits.append(SourceFacts.MainThreadWait(
                    operation: nil, queue: placeholder(q), reason: reason, location: location, call: name,
                    addedByTheWaitingCode: queueFilledIn[q]?.contains(where: chain.contains) == true))
            }
            queueWaitedIn[q, default: []].append(currentScopeID)
        default:
            // `cancel` and `start` mean something else on most receivers; `waitUntilFinished` does not.
            guard let ops = operations(binding, shown: isUsedAsOperation(receiverText), enqueues: name == "start") else {
                unresolved(name, receiverText, binding: binding, location: location)
                return
            }
            scan.callsFollowed += 1
            let single = singleVariable(receiverText, holding: binding)
            for op in ops {
                switch name {
                case "waitUntilFinished":
                    waitOn(op, location: location)
                case "cancel":
                    cancel(op, location: location)
                default:
                    // A start in a `defer` block runs after the code below it, which may wait for the
                    // dependencies first (`defer { parse.start() }` … `fetch.waitUntilFinished()`).
                    let after = codeAfterDefer
                    // Behind `if op.isReady {`, every dependency has finished (S2); cancelled at
                    // once by the same code before, it no longer waits for them (S6).
                    let cancelledFirst = cancelledIn[op]?.contains { chain.contains($0.scope) && $0.delay == 0 } == true
                    let ready = cancelledFirst || runsOnlyWhenReady(receiverText)
                    let unfinished = ready ? [] : scan.edges.filter { $0.waiter == .entity(op) && !$0.isRemoved && chain.contains($0.scope) }
                        .compactMap { edge -> Int? in if case .entity(let d) = edge.dependency { d } else { nil } }
                        .filter { d in !isFinished(d, chain) && !(after.map { waitsBelow(for: d, in: $0) } ?? false) }
                    // A start that may throw for want of finished dependencies (OPL303) may not
                    // start it: a later start is no repeat.
                    markEnqueued(op, queue: nil, location: location, byHand: true, single: single, mayNotStart: !unfinished.isEmpty)
                    let ownStart = scan.entities[op].className.flatMap { classes.startReplacement(of: $0)?.className }
                    scan.facts.manualStarts.append(SourceFacts.ManualStart(operation: placeholder(op), location: location,
                                                                           unfinishedDependencies: unfinished.map(placeholder), classWithOwnStart: ownStart))
                    if !scan.entities[op].isAsynchronous { finishedIn[op, default: []].append(currentScopeID) }
                }
            }
        }
    }

    /// Whether the current code runs only when the operation written `receiverText` is ready:
    /// inside the body of `if op.isReady {`, `if ([op isReady]) {`, `if (op.ready) {`, in the
    /// same body, with no `!` in the condition.
    func runsOnlyWhenReady(_ receiverText: String) -> Bool {
        let variable = receiverText.split(separator: ".").last.map(String.init) ?? receiverText
        for scope in scopes.reversed() {
            if scope.isBodyBoundary { return false }
            guard scope.kind == .block, scope.open > 0, !file.isWord(scope.open - 1, "else") else { continue }
            var k = scope.open - 1
            var steps = 0
            var readyTest = false
            while k >= 0 && steps < 64 {
                steps += 1
                if file.isPunct(k, "!") || file.isPunct(k, "|") { break }
                if file.isWord(k, "isReady") || (file.isWord(k, "ready") && file.isPunct(k - 1, ".")) {
                    let holder = file.isPunct(k - 1, ".") ? k - 2 : k - 1
                    if holder >= 0, file.isIdentifier(holder), file.text(holder) == variable { readyTest = true }
                }
                if file.isWord(k, "if") {
                    if readyTest { return true }
                    break
                }
                if file.isPunct(k, ";") || file.isPunct(k, "{") || file.isPunct(k, "}") { break }
                k -= 1
            }
        }
        return false
    }

    /// Whether the tokens `range` (the code below a `defer` block) wait for operation `d`:
    /// `fetch.waitUntilFinished()` on the variable that holds it, or any queue's
    /// `waitUntilAllOperationsAreFinished()` (in doubt, its queue).
    private func waitsBelow(for d: Int, in range: Range<Int>) -> Bool {
        let variable = scan.entities[d].variable
        for k in range where file.isWord(k, "waitUntilFinished") || file.isWord(k, "waitUntilAllOperationsAreFinished") {
            if file.isWord(k, "waitUntilAllOperationsAreFinished") { return true }
            if file.isPunct(k - 1, "."), file.isIdentifier(k - 2), file.text(k - 2) == variable { return true }
            if file.isIdentifier(k - 1), file.isPunct(k - 2, "["), file.text(k - 1) == variable { return true }
        }
        return false
    }

    /// A wait for operation `d` by the current code (S19).
    func waitOn(_ d: Int, location: SourceLocation, call: String = "waitUntilFinished") {
        if operationContext != nil || subclassBodyContext != nil, checksTheQueue {
            // A wait behind a test of the current queue: a re-entrancy guard.
        } else if let waiter = operationContext {
            scan.waits.append(FileScan.Wait(waiter: .entity(waiter), target: .entity(d), isQueue: false, location: location))
        } else if let type = subclassBodyContext {
            classWaits.append((type, d, false, location))
        } else if let reason = mainThreadWaitReason, case let chain = straightLineScopes, !isFinished(d, chain) {
            // Finished already (started by hand when it is synchronous, or waited for before),
            // it is no wait at all.
            scan.facts.mainThreadWaits.append(SourceFacts.MainThreadWait(
                operation: placeholder(d), queue: nil, reason: reason, location: location, call: call,
                addedByTheWaitingCode: enqueueRecords[d]?.contains { record in
                    chain.contains(record.scope) && record.queue.map { scan.entities[$0].isMain } == true
                } == true))
        }
        finishedIn[d, default: []].append(currentScopeID)
    }

    /// `q.sync { }` / `q.async { }` and `dispatch_sync(q, ^{ })`: self-deadlocks (S22) and the
    /// thread the block runs on.
    /// `call` is the token of `sync` or `dispatch_sync`.
    /// `rawPath` is the queue's path as written: a local variable or parameter of that name is
    /// another queue than the property it shadows (`dispatch_queue_t queue = self.ioQueue;`
    /// inside a block on `_queue`).
    func dispatch(_ isSync: Bool, queueText: String, rawPath: [String], body: Int?, call: Int, location: SourceLocation, offTheMainThread: Bool = false) {
        let isMain = queueText == "DispatchQueue.main"
        let queueKey = localScope(of: rawPath).map { "\(queueText)@\($0)" } ?? queueText
        let isDispatchSync = file.language == .objectiveC
        if isSync, isMain, offTheMainThread || checksTheThread || statementTestsTheQueue(at: call) || ternaryArmRunsOffTheMainThread(call: call) {
            // `if !Thread.isMainThread { DispatchQueue.main.sync { … } }`: reached off the main thread only.
        } else if isSync, !isMain, checksTheQueue || statementTestsTheQueue(at: call) {
            // `if DispatchQueue.getSpecific(key: key) != nil { work() } else { queue.sync(execute: work) }`.
        } else if isSync {
            if isMain, let reason = mainThreadReasonCountingCallers {
                scan.facts.selfSyncs.append(SourceFacts.SelfSync(queue: queueText, reason: reason, location: location, isDispatchSync: isDispatchSync))
            } else if isMain, let op = operationContext {
                // The block of an operation not enqueued yet: a deadlock if the main queue runs it.
                mainSyncsInOperations.append((op, SourceFacts.SelfSync(
                    queue: queueText, reason: Self.mainQueueOperationReason, location: location, isDispatchSync: isDispatchSync)))
            } else if isMain, dispatchContext == nil, let type = subclassBodyContext {
                // `main()` of an operation subclass: a deadlock for each instance the main queue runs.
                mainSyncsInSubclasses.append((type, SourceFacts.SelfSync(
                    queue: queueText, reason: Self.mainQueueOperationReason, location: location, isDispatchSync: isDispatchSync)))
            } else if !isMain, let context = dispatchContext, context.queue == queueKey {
                let kind = dispatchQueueKind(queueText.split(separator: ".").map(String.init))
                if kind != .concurrent {
                    scan.facts.selfSyncs.append(SourceFacts.SelfSync(
                        queue: queueText, reason: "inside a block already running on `\(queueText)`", location: location, context: context.location,
                        isDispatchSync: isDispatchSync, queueMadeElsewhere: kind == .unknown))
                }
            }
        }
        guard let body, closureRoles[body] == nil else { return }
        let mainBlockReason = file.language == .objectiveC ? Self.mainDispatchBlockReasonObjectiveC : Self.mainDispatchBlockReason
        closureRoles[body] = isMain ? .mainThread(mainBlockReason) : .dispatchQueue(queueKey, location)
        if !isSync { laterClosures.insert(body) }
    }

    /// Swift `receiver.sync {` / `.async(execute: {` / `.asyncAfter(deadline: …) {`.
    func dispatch(_ isSync: Bool, queueText: String, bodyFrom k: Int, call: Int, location: SourceLocation) {
        var body: Int?
        if file.isPunct(k, "{") {
            body = k
        } else if file.isPunct(k, "(") {
            let close = Int(file.partner[k])
            guard close > k else { return }
            var m = k + 1
            while m < close {
                if file.isPunct(m, "{") { body = m; break }
                m = file.isPunct(m, "(") || file.isPunct(m, "[") ? skipGroup(m) : m + 1
            }
            if body == nil, file.isPunct(close + 1, "{") { body = close + 1 }
        }
        dispatch(isSync, queueText: Self.dispatchName(queueText), rawPath: queueText.split(separator: ".").map(String.init),
                 body: body, call: call, location: location)
    }

    /// The id of the scope that declares the local variable or parameter a one-name path
    /// names, if it names one.
    func localScope(of path: [String]) -> Int? {
        guard path.count == 1 else { return nil }
        let name = ScanName(path[0])
        for scope in scopes.reversed() where scope.locals[name] != nil { return scope.id }
        return nil
    }

    /// A global queue as written in a finding, whatever its quality of service (concurrent: `dispatchQueueKind`).
    static let globalQueueText = "DispatchQueue.global()"

    /// `DispatchQueue.main`, or the path without `self.` (or another name of `self`) before it
    /// and without a leading underscore on its last component: `self.queue`, `_queue` and
    /// `queue` are one queue; `lhs.queue` and `rhs.queue`, another object's each, are two.
    static func dispatchName(_ text: String) -> String {
        if text == "DispatchQueue.main" || text == "dispatch_get_main_queue()" { return "DispatchQueue.main" }
        var parts = text.split(separator: ".").map(String.init)
        while parts.count > 1, selfNames.contains(parts[0]) { parts.removeFirst() }
        if parts.isEmpty { return text }
        if parts[parts.count - 1].hasPrefix("_") { parts[parts.count - 1].removeFirst() }
        return parts.joined(separator: ".")
    }
}
