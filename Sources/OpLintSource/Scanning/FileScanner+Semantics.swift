import OpLintCore

extension FileScanner {
    var currentScopeID: Int { scopes[scopes.count - 1].id }

    private func placeholder(_ id: Int) -> String { FileScan.placeholder(.entity(id)) }

    private func operations(_ ids: [Int]?) -> [Int]? {
        guard let ids else { return nil }
        let ops = ids.filter { scan.entities[$0].kind == .operation }
        return ops.count == ids.count ? ops : nil
    }

    private func queue(_ binding: Binding?) -> Int? {
        guard case .entity(let id)? = binding, scan.entities[id].kind == .queue else { return nil }
        return id
    }

    /// `a.addDependency(b)` / `a.removeDependency(b)`.
    func dependency(_ call: String, waiter: Binding?, waiterText: String, dependency: Binding?, argumentText: String, location: SourceLocation) {
        guard let waiters = operations(entities(waiter)) else {
            unresolved(call, waiterText, binding: waiter, location: location)
            return
        }
        guard let dependencies = operations(entities(dependency)) else {
            unresolved(call, argumentText, binding: isUnrelated(waiter) ? waiter : dependency, location: location)
            return
        }
        let chain = straightLineScopes
        for w in waiters {
            for d in dependencies {
                if call == "addDependency" {
                    scan.edges.append(FileScan.Edge(waiter: .entity(w), dependency: .entity(d), location: location, scope: currentScopeID))
                } else {
                    for e in scan.edges.indices where scan.edges[e].waiter == .entity(w) && scan.edges[e].dependency == .entity(d) && chain.contains(scan.edges[e].scope) {
                        scan.edges[e].isRemoved = true
                    }
                    scan.facts.removedDependencies.append(SourceFacts.RemovedDependency(
                        operation: placeholder(w), dependency: placeholder(d), location: location,
                        dependencyKnownFinished: isFinished(d, chain)))
                }
            }
            lateChange(w, call, other: dependencies.first.map(placeholder), location: location, chain: chain)
        }
    }

    /// Records a change to an operation made after it was enqueued in the same straight-line code (S5).
    private func lateChange(_ op: Int, _ change: String, other: String?, location: SourceLocation, chain: [Int]) {
        guard let record = enqueueRecords[op]?.first(where: { chain.contains($0.scope) }) else { return }
        scan.facts.lateChanges.append(SourceFacts.LateChange(operation: placeholder(op), change: change, other: other, location: location, enqueuedAt: record.location))
    }

    /// Whether operation `d` is known to have finished at this point of the straight-line code.
    func isFinished(_ d: Int, _ chain: [Int]) -> Bool {
        if finishedIn[d]?.contains(where: chain.contains) == true { return true }
        if case .entity(let q)? = scan.entities[d].queue, queueWaitedIn[q]?.contains(where: chain.contains) == true { return true }
        return false
    }

    /// `q.addOperation(op)`, `q.addOperations([a, b], waitUntilFinished: w)`.
    func enqueue(queue binding: Binding?, queueText: String, operations list: Binding?, argumentText: String, waits: Bool, call: String, location: SourceLocation) {
        guard let q = queue(binding) else {
            unresolved(call, queueText, binding: binding, location: location)
            return
        }
        guard let ops = operations(entities(list)) else {
            unresolved(call, argumentText, binding: list, location: location)
            return
        }
        for op in ops { markEnqueued(op, queue: q, location: location) }
        if waits { for op in ops { waitOn(op, location: location, call: call) } }
    }

    /// Notes an enqueue or manual start of `op` (S16 when it already happened before).
    private func markEnqueued(_ op: Int, queue q: Int?, location: SourceLocation) {
        let chain = straightLineScopes
        let previous = enqueueRecords[op]?.first(where: { chain.contains($0.scope) })?.location
        scan.facts.enqueues.append(SourceFacts.Enqueue(operation: placeholder(op), queue: q.map(placeholder), location: location, previous: previous))
        enqueueRecords[op, default: []].append((currentScopeID, location))
        if scan.entities[op].enqueuedAt == nil { scan.entities[op].enqueuedAt = location }
        if scan.entities[op].enqueueOrder == nil {
            scan.entities[op].enqueueOrder = enqueueSequence
            enqueueSequence += 1
        }
        if let q, scan.entities[op].queue == nil { scan.entities[op].queue = .entity(q) }
        if q == nil { scan.entities[op].startedManually = true }
    }

    /// `q.addOperation { }`, `q.addBarrierBlock { }`, `[q addOperationWithBlock:^{ }]`: an anonymous operation.
    func anonymous(queue binding: Binding?, queueText: String, body: Int, isBarrier: Bool, location: SourceLocation) {
        let call = isBarrier ? "addBarrierBlock" : "addOperation"
        guard let q = queue(binding) else {
            unresolved(call, queueText, binding: binding, location: location)
            return
        }
        let id = makeOperation(className: isBarrier ? "Barrier" : "BlockOperation", variable: nil, at: body)
        scan.entities[id].location = location
        scan.entities[id].operationKind = .block
        scan.entities[id].isBarrier = isBarrier
        closureRoles[body] = .operationBody(id)
        markEnqueued(id, queue: q, location: location)
    }

    /// `waitUntilFinished`, `waitUntilAllOperationsAreFinished`, `cancel`, `cancelAllOperations`, `start`.
    func simpleCall(_ name: String, on binding: Binding?, receiverText: String, location: SourceLocation) {
        let chain = straightLineScopes
        switch name {
        case "waitUntilAllOperationsAreFinished", "cancelAllOperations":
            guard let q = queue(binding) else {
                unresolved(name, receiverText, binding: binding, location: location)
                return
            }
            if name == "cancelAllOperations" {
                scan.facts.cancellations.append(SourceFacts.Cancellation(operation: nil, queue: placeholder(q), location: location))
                return
            }
            if let waiter = operationContext {
                scan.waits.append(FileScan.Wait(waiter: .entity(waiter), target: .entity(q), isQueue: true, location: location))
            } else if let type = subclassBodyContext {
                classWaits.append((type, q, true, location))
            } else if let reason = mainThreadReason {
                scan.facts.mainThreadWaits.append(SourceFacts.MainThreadWait(operation: nil, queue: placeholder(q), reason: reason, location: location, call: name))
            }
            queueWaitedIn[q, default: []].append(currentScopeID)
        default:
            guard let ops = operations(entities(binding)) else {
                unresolved(name, receiverText, binding: binding, location: location)
                return
            }
            for op in ops {
                switch name {
                case "waitUntilFinished":
                    waitOn(op, location: location)
                case "cancel":
                    scan.facts.cancellations.append(SourceFacts.Cancellation(operation: placeholder(op), queue: nil, location: location))
                default:
                    let unfinished = scan.edges.filter { $0.waiter == .entity(op) && !$0.isRemoved && chain.contains($0.scope) }
                        .compactMap { edge -> Int? in if case .entity(let d) = edge.dependency { d } else { nil } }
                        .filter { !isFinished($0, chain) }
                    markEnqueued(op, queue: nil, location: location)
                    scan.facts.manualStarts.append(SourceFacts.ManualStart(operation: placeholder(op), location: location, unfinishedDependencies: unfinished.map(placeholder)))
                    if !scan.entities[op].isAsynchronous { finishedIn[op, default: []].append(currentScopeID) }
                }
            }
        }
    }

    /// A wait for operation `d` by the current code (S19).
    func waitOn(_ d: Int, location: SourceLocation, call: String = "waitUntilFinished") {
        if let waiter = operationContext {
            scan.waits.append(FileScan.Wait(waiter: .entity(waiter), target: .entity(d), isQueue: false, location: location))
        } else if let type = subclassBodyContext {
            classWaits.append((type, d, false, location))
        } else if let reason = mainThreadReason {
            scan.facts.mainThreadWaits.append(SourceFacts.MainThreadWait(operation: placeholder(d), queue: nil, reason: reason, location: location, call: call))
        }
        finishedIn[d, default: []].append(currentScopeID)
    }

    /// `q.sync { }` / `q.async { }` and `dispatch_sync(q, ^{ })`: self-deadlocks (S22) and the
    /// thread the block runs on.
    func dispatch(_ isSync: Bool, queueText: String, body: Int?, location: SourceLocation) {
        let isMain = queueText == "DispatchQueue.main"
        if isSync {
            if isMain, let reason = mainThreadReason {
                scan.facts.selfSyncs.append(SourceFacts.SelfSync(queue: queueText, reason: reason, location: location))
            } else if !isMain, let context = dispatchContext, context.queue == queueText, !isConcurrentDispatchQueue(queueText) {
                scan.facts.selfSyncs.append(SourceFacts.SelfSync(queue: queueText, reason: "inside a block already running on `\(queueText)`", location: location, context: context.location))
            }
        }
        guard let body, closureRoles[body] == nil else { return }
        closureRoles[body] = isMain ? .mainThread("inside a DispatchQueue.main block") : .dispatchQueue(queueText, location)
    }

    /// Swift `receiver.sync {` / `.async(execute: {` / `.asyncAfter(deadline: …) {`.
    func dispatch(_ isSync: Bool, queueText: String, bodyFrom k: Int, location: SourceLocation) {
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
        dispatch(isSync, queueText: Self.dispatchName(queueText), body: body, location: location)
    }

    /// `DispatchQueue.main`, or the last component of the path without a leading underscore.
    static func dispatchName(_ text: String) -> String {
        if text == "DispatchQueue.main" || text == "dispatch_get_main_queue()" { return "DispatchQueue.main" }
        var last = String(text.split(separator: ".").last ?? Substring(text))
        if last.hasPrefix("_") { last.removeFirst() }
        return last
    }

    /// Whether the dispatch queue `name` is declared with `.concurrent` / `DISPATCH_QUEUE_CONCURRENT` in this file.
    private func isConcurrentDispatchQueue(_ name: String) -> Bool {
        for k in file.tokens.indices where file.tokens[k].kind == .identifier && file.text(k) == name && file.isPunct(k + 1, "=") {
            let line = file.tokens[k].line
            var m = k + 2
            while m < file.tokens.count && file.tokens[m].line == line {
                if file.isWord(m, "concurrent") || file.isWord(m, "DISPATCH_QUEUE_CONCURRENT") { return true }
                if file.isPunct(m, ";") { break }
                m += 1
            }
        }
        return false
    }

    /// A setting: `maxConcurrentOperationCount`, `isSuspended`, `qualityOfService`, `queuePriority`.
    func setting(_ key: String, on binding: Binding?, receiverText: String, valueAt v: Int, location: SourceLocation) {
        // `q.maxConcurrentOperationCount =` as the file's last tokens: there is no value to read.
        guard v < file.tokens.count else { return }
        guard let ids = entities(binding) else {
            unresolved(key, receiverText, binding: binding, location: location)
            return
        }
        var end = v
        while end < file.tokens.count && file.tokens[end].line == file.tokens[v].line && !file.isPunct(end, ";") && !file.isPunct(end, "]") { end += 1 }
        let words = path(from: v, to: end)
        let last = words.last ?? ""
        let number: Int? = file.tokens[v].kind == .number ? Int(file.text(v)) : (file.isPunct(v, "-") && end > v + 1 ? Int(file.text(v + 1)).map { -$0 } : nil)
        var value: String?
        for id in ids {
            var entity = scan.entities[id]
            switch key {
            case "maxConcurrentOperationCount" where entity.kind == .queue:
                let count = number ?? (last.hasSuffix("efaultMaxConcurrentOperationCount") ? -1 : nil)
                guard let count else {
                    scan.facts.unresolved.append(SourceFacts.Issue("cannot tell the value of `maxConcurrentOperationCount` here (`\(text(v, end))`); the default is assumed", at: location))
                    return
                }
                entity.maxConcurrentOperationCount = count
                value = String(count)
            case "isSuspended", "suspended":
                guard entity.kind == .queue, let on = Self.boolean(last) else { return }
                entity.isSuspended = (entity.isSuspended ?? on) && on
                value = String(on)
            case "qualityOfService":
                guard let qos = Self.qualityOfService(last) else { return }
                entity.qualityOfService = qos
                value = qos.rawValue
            case "queuePriority" where entity.kind == .operation:
                guard let priority = number.map({ QueuePriority(rawValue: $0) }) ?? Annotation.priority(last) else {
                    scan.facts.unresolved.append(SourceFacts.Issue("cannot tell the value of `queuePriority` here (`\(text(v, end))`)", at: location))
                    return
                }
                entity.priority = priority
                value = priority.description
            default:
                return
            }
            scan.entities[id] = entity
            if let value {
                let formatKey = key == "isSuspended" || key == "suspended" ? "suspended" : key == "queuePriority" ? "priority" : key
                scan.facts.settings.append(SourceFacts.Setting(target: placeholder(id), isQueue: entity.kind == .queue, key: formatKey, value: value, location: location))
            }
            if entity.kind == .operation && (key == "queuePriority" || key == "qualityOfService") {
                lateChange(id, key, other: nil, location: location, chain: straightLineScopes)
            }
        }
    }

    static func boolean(_ word: String) -> Bool? {
        switch word {
        case "true", "YES": true
        case "false", "NO": false
        default: nil
        }
    }

    /// `.utility`, `QualityOfService.utility`, `NSQualityOfServiceUtility`.
    static func qualityOfService(_ word: String) -> QualityOfService? {
        var name = word
        if name.hasPrefix("NSQualityOfService") {
            name = String(name.dropFirst("NSQualityOfService".count))
            name = name.prefix(1).lowercased() + name.dropFirst()
        }
        return QualityOfService(rawValue: name)
    }
}
